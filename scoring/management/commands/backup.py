"""``manage.py backup [--to FOLDER] [--if-due]``: a consistent copy of the whole event (common.backup).

Prints the new backup's path. ``--if-due`` backs up only when the newest backup is older than
BACKUP_EVERY_MINUTES (``make run`` asks once a minute) and prints nothing otherwise.
"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.backup import BackupError, backup_due, backup_make
from scoring.management.commands._common import ScoringCommand


class Command(ScoringCommand):
    help = gettext_lazy("Back up the whole event (every tournament) into the backup folder, or into --to FOLDER.")

    def add_arguments(self, parser):
        parser.add_argument("--to", metavar="FOLDER", help=_("the folder to write into (default: BACKUP_DIR)"))
        parser.add_argument("--if-due", action="store_true",
                            help=_("only when the newest backup is older than BACKUP_EVERY_MINUTES"))

    def handle(self, *args, to=None, if_due=False, **options):
        if if_due and not backup_due(to):
            return
        try:
            path = backup_make(to)
        except BackupError as err:
            raise CommandError(err.message) from None
        self.stdout.write(_("Backed up to {path}").format(path=path))
