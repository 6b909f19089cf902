"""``manage.py members import SLUG FILE [--dry-run]`` and ``manage.py members export SLUG --format json|csv``: a
club's members registry from and to a file (the columns of ``clubs.members``; the export adds ``id``).

An import is all or nothing: any bad row and the command names every bad row (row number and column) on standard
error, writes nothing and exits with code 1. The export goes to standard output.
"""

import sys
from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.members import import_rows, members_export, members_import
from clubs.models import Club
from common.commands import LocalizedCommand
from common.errors import UserError
from common.import_files import MAX_BYTES


class Command(LocalizedCommand):
    help = gettext_lazy("Import a club's members from a CSV or XLSX file, or export them as JSON or CSV.")

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True)
        load = actions.add_parser("import", help=_("import members from a .csv or .xlsx file (all or nothing)"))
        load.add_argument("slug", help=_("the club's short name"))
        load.add_argument("file", help=_("the .csv or .xlsx file, with a header row: name, club, number, "
                                         "categories, guest, public"))
        load.add_argument("--dry-run", action="store_true", help=_("check the file and say what it would do; "
                                                                   "write nothing"))
        dump = actions.add_parser("export", help=_("write the club's members to standard output"))
        dump.add_argument("slug", help=_("the club's short name"))
        dump.add_argument("--format", choices=["json", "csv"], default="json", help=_("json (default) or csv"))

    def handle(self, *args, action, slug, **options):
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(_("there is no club {slug!r} (see `manage.py club list`)").format(slug=slug))
        if action == "export":
            sys.stdout.flush()
            self.stdout.write(members_export(club, options["format"], worded=False).decode("utf-8-sig"), ending="")
            return
        path = Path(options["file"])
        try:
            with path.open("rb") as file:
                content = file.read(MAX_BYTES + 1)
        except OSError as err:
            raise CommandError(_("cannot read {file}: {error}").format(file=path, error=err.strerror)) from None
        try:
            preview = members_import(club, import_rows(path.name, content), dry_run=options["dry_run"])
        except UserError as refused:
            raise CommandError(f"{path.name}: {refused.message}") from None
        if not preview.ok:
            for error in preview.errors:
                self.stderr.write(str(error))
            bad = len({error.row for error in preview.errors})
            raise CommandError(_("{bad} of {rows} rows are wrong; nothing was imported.").format(
                bad=bad, rows=len(preview.rows)))
        if options["dry_run"]:
            said = _("Would import {rows} rows: {new} new members, {updated} updated (dry run: nothing written).")
        else:
            said = _("Imported {rows} rows into {club}: {new} new members, {updated} updated.")
        self.stdout.write(said.format(rows=len(preview.rows), club=club.name, new=preview.new_count,
                                      updated=preview.update_count))
