"""``manage.py standings <tournament> --format json|csv``: the standings and prizes, for scripts and spreadsheets."""

import csv
import json

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.i18n import say
from common.spreadsheets import spreadsheet_row
from scoring.management.commands._common import ScoringCommand, tournament_from_argument
from scoring.results import STANDING_FIELDS, event_payload, event_results, tournament_results


class Command(ScoringCommand):
    help = gettext_lazy("Print a tournament's standings and prizes as JSON or CSV.")

    def add_arguments(self, parser):
        parser.add_argument("tournament", help=_("the tournament's id or exact name"))
        parser.add_argument("--format", choices=["json", "csv"], default="json")

    def handle(self, *args, tournament, format, **options):
        tournament = tournament_from_argument(tournament)
        if format == "csv":
            rows = tournament_results(tournament).rows()
            writer = csv.writer(self.stdout)
            writer.writerow(["rank", *STANDING_FIELDS, "deals_played", "best_without", "highest_game"])
            # names go through the one rule that keeps them from running as formulas; the games' words are said in
            # the command's language (the header stays the fields' names, for scripts)
            for row in rows:
                writer.writerow(spreadsheet_row([row["rank"], *(row[f] for f in STANDING_FIELDS), row["deals_played"],
                                                 say(row["best_without"]), say(row["highest_game"])]))
            return
        payload = event_payload(event_results(tournament))
        self.stdout.write(json.dumps(payload, ensure_ascii=False, indent=1))
