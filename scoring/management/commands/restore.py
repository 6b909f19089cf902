"""``manage.py restore FILE``: replace the whole database by a backup (``manage.py backup``).

Refused (exit status 1) while ``make run`` serves the event folder: stop it first, so no table saves a deal
into the database being replaced (common.backup, common.event_folder). The state it replaces is backed up
first; the command prints where.
"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.backup import BackupError, backup_restore
from scoring.management.commands._common import ScoringCommand


class Command(ScoringCommand):
    help = gettext_lazy("Replace the whole database by the backup FILE (the current state is backed up first).")

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("a backup file: skat-....sqlite3 (SQLite) or skat-....json"))

    def handle(self, *args, file, **options):
        try:
            before = backup_restore(file)
        except BackupError as err:
            raise CommandError(err.message) from None
        self.stdout.write(_("Restored from {file}. The state it replaced is kept in {before}").format(file=file,
                                                                                              before=before))
