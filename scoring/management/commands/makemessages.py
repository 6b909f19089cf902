"""Django's ``makemessages``, also reading the pure cores' sentences.

The rules engine says its sentences with ``msg("...")`` and ``pmsg("context", "...")`` and marks names kept
as data with ``N_("...")`` (``scoring/engine/text.py``); those calls are added to xgettext's keywords here so
the one catalogue, ``locale/<language>/LC_MESSAGES/django.po``, holds them beside the pages' strings.
Folders that hold no product text (tests, benchmarks, the virtualenv, collected static files, the event
folder) are left out. ``make messages`` runs it for every language and compiles the result.
"""

from django.core.management.commands import makemessages

SKIPPED = ["tests", "tests/*", "bench", "bench/*", "staticfiles", "staticfiles/*", "event", "event/*", "venv", "venv/*",
           "node_modules", "test-artifacts", "test-artifacts/*"]


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=msg", "--keyword=pmsg:1c,2",
                        "--keyword=N_"]

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *SKIPPED]
        options.setdefault("add_location", "file")
        options["no_obsolete"] = True  # a message the sources no longer say leaves the catalogue
        return super().handle(*args, **options)
