"""``manage.py standings <tournament> --format json|csv``: the standings and prizes, for scripts and spreadsheets."""

import csv
import json


from common.spreadsheets import spreadsheet_row
from scoring.management.commands._common import ScoringCommand, tournament_from_argument
from scoring.committee.results import tournament_results

STANDING_FIELDS = ["player", "name", "games_won", "games_lost", "net_games", "points_won", "points_lost",
                   "net_points", "total"]


class Command(ScoringCommand):
    help = "Print a tournament's standings and prizes as JSON or CSV."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="the tournament's id or exact name")
        parser.add_argument("--format", choices=["json", "csv"], default="json")

    def handle(self, *args, tournament, format, **options):
        results = tournament_results(tournament_from_argument(tournament))
        rows = results.rows()
        if format == "csv":
            writer = csv.writer(self.stdout)
            writer.writerow(["rank", *STANDING_FIELDS, "deals_played", "best_without", "highest_game"])
            for row in rows:  # names go through the one rule that keeps them from running as formulas
                writer.writerow(spreadsheet_row([row["rank"], *(row[f] for f in STANDING_FIELDS), row["deals_played"],
                                                 row["best_without"], row["highest_game"]]))
            return
        payload = {
            "standings": [{f: row[f] for f in STANDING_FIELDS} | {"rank": row["rank"],
                                                                  "deals_played": row["deals_played"]}
                          for row in rows],
            "prizes": [{"category": a.category, "place": a.place, "player": a.player, "figure": a.figure,
                        "decided_by": a.decided_by or None} for a in results.awards],
        }
        self.stdout.write(json.dumps(payload, ensure_ascii=False, indent=1))
