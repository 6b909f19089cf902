"""``manage.py import <file.json>`` (or ``-`` for standard input): load an export into this database."""

import json
import sys

from django.core.management.base import CommandError

from scoring.management.commands._common import ScoringCommand
from scoring.archive.imports import ImportRefused, tournament_import

MAX_BYTES = 200 * 2**20


class Command(ScoringCommand):
    help = "Import a tournament exported with `manage.py export` (nothing is saved if anything is wrong)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the export's JSON file, or - for standard input")

    def handle(self, *args, file, **options):
        try:
            text = sys.stdin.read(MAX_BYTES + 1) if file == "-" else open(file, encoding="utf-8").read(MAX_BYTES + 1)
        except (OSError, UnicodeDecodeError) as err:
            raise CommandError(f"cannot read {file}: {err}") from None
        if len(text) > MAX_BYTES:
            raise CommandError("the file is larger than 200 MB")
        try:
            data = json.loads(text)
        except ValueError as err:
            raise CommandError(f"{file} is not JSON: {err}") from None
        try:
            tournament = tournament_import(data)
        except ImportRefused as err:
            raise CommandError(f"nothing was imported: {err}") from None
        self.stdout.write(f"Imported {tournament.name} with {tournament.deals.count()} deals.")
        self.stdout.write(str(tournament.pk))
