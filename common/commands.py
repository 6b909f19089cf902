"""Management commands in the user's language.

Vocabulary:
    command language   the language a command's --help, messages and refusals are in: ``SKAT_LANGUAGE`` if set,
                       else the terminal's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext
                       reads them), when it is one of ``settings.LANGUAGES``; else English. ``SKAT_LANGUAGE=de
                       .venv/bin/python manage.py demo --help`` prints the German help.
Only a command run from the command line switches: ``call_command`` in code keeps the caller's language.
"""

import os

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import translation

LANGUAGE_VARIABLES = ("SKAT_LANGUAGE", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def command_language(environ=os.environ) -> str:
    codes = {code for code, _name in settings.LANGUAGES}
    for name in LANGUAGE_VARIABLES:
        for value in environ.get(name, "").split(":"):
            code = value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
            if code in codes:
                return code
    return settings.LANGUAGE_CODE


class LocalizedCommand(BaseCommand):
    """A command that speaks the command language (see the module docstring), --help included."""

    def run_from_argv(self, argv):
        translation.activate(command_language())
        return super().run_from_argv(argv)

    def print_help(self, prog_name, subcommand):  # manage.py help <command>
        translation.activate(command_language())
        return super().print_help(prog_name, subcommand)

    def create_parser(self, prog_name, subcommand, **kwargs):
        self.help = str(self.help)  # said now, in the active language (argparse takes no lazy text)
        return super().create_parser(prog_name, subcommand, **kwargs)
