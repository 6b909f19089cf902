"""``manage.py export <tournament> --format json``: everything needed to recompute the results elsewhere."""

import json

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from archive.exports import tournament_export
from scoring.management.commands._common import ScoringCommand, tournament_from_argument


class Command(ScoringCommand):
    help = gettext_lazy("Print a tournament (settings, players, seating, every deal and slip) as JSON.")

    def add_arguments(self, parser):
        parser.add_argument("tournament", help=_("the tournament's id or exact name"))
        parser.add_argument("--format", choices=["json"], default="json")

    def handle(self, *args, tournament, format, **options):
        self.stdout.write(json.dumps(tournament_export(tournament_from_argument(tournament)), ensure_ascii=False))
