"""``manage.py import <file.json>`` (or ``-`` for standard input): load an export into this database.

Whatever is wrong with the file, the answer is one line naming the place in the file and nothing is saved;
every refusal is logged, and an error nobody foresaw is logged with its traceback for the developers.
"""

import logging
import sys

from django.core.management.base import CommandError
from django.db import DatabaseError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from archive.imports import ImportRefused, tournament_import
from common.errors import UserError
from common.untrusted import json_text
from scoring.management.commands._common import ScoringCommand

MAX_BYTES = 200 * 2**20

logger = logging.getLogger(__name__)


class Command(ScoringCommand):
    help = gettext_lazy("Import a tournament exported with `manage.py export` (nothing is saved if anything is wrong).")

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("the export's JSON file, or - for standard input"))

    def handle(self, *args, file, **options):
        try:
            text = sys.stdin.read(MAX_BYTES + 1) if file == "-" else open(file, encoding="utf-8").read(MAX_BYTES + 1)
        except (OSError, UnicodeDecodeError) as err:
            raise self._refused(_("cannot read {file}: {error}").format(file=file, error=err)) from None
        if len(text) > MAX_BYTES:
            raise self._refused(_("the file is larger than 200 MB"))
        try:
            data = json_text(text, field=file, most_characters=MAX_BYTES)
        except UserError as err:
            where = f"{err.field}: " if err.field != file else ""  # the top-level key a refusal is under
            raise self._refused(_("{file} is not JSON: {error}").format(file=file, error=where + err.message)) from None
        try:
            tournament = tournament_import(data)
        except ImportRefused as err:
            raise self._refused(_("nothing was imported: {reason}").format(reason=err)) from None
        except (CommandError, DatabaseError):  # the latter: ScoringCommand says the database is not ready
            raise
        except Exception as err:  # a bug: the one line for the user, the traceback for the log
            logger.exception("import of %s failed unexpectedly", file)
            raise CommandError(_("nothing was imported: an unexpected error ({error}); it was logged").format(
                error=type(err).__name__)) from None
        self.stdout.write(_("Imported {name} with {deals} deals.").format(name=tournament.name,
                                                                          deals=tournament.deals.count()))
        self.stdout.write(str(tournament.pk))

    @staticmethod
    def _refused(message: str) -> CommandError:
        logger.warning("import refused: %s", message)
        return CommandError(message)
