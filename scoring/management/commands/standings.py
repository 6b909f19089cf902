"""``manage.py standings <tournament> --format json|csv``: the standings and prizes, for scripts and spreadsheets."""

import csv
import json


from django.utils.translation import gettext as _, gettext_lazy

from common.i18n import say
from common.spreadsheets import spreadsheet_row
from scoring.management.commands._common import ScoringCommand, tournament_from_argument
from scoring.results import event_results, tournament_results
from scoring.standings import ScoringSystem

STANDING_FIELDS = ["player", "name", "games_won", "games_lost", "net_games", "points_won", "points_lost",
                   "net_points", "total"]
SEEGER_FABIAN_FIELDS = ["game_points", "bonus", "others_lost"]  # the list's breakdown of the total


def _standing_rows(results) -> list[dict]:
    extra = SEEGER_FABIAN_FIELDS if results.system is ScoringSystem.SEEGER_FABIAN else []
    return [{f: row[f] for f in STANDING_FIELDS + extra} | {"rank": row["rank"], "deals_played": row["deals_played"]}
            for row in results.rows()]


def _team_rows(teams, system) -> list[dict]:
    rows = []
    for team in teams:
        s = team.standing
        row = {"team": team.team.id, "name": team.team.name, "rank": team.rank, "members": list(team.team.members),
               "games_won": s.games_won, "games_lost": s.games_lost, "total": s.total(system)}
        if system is ScoringSystem.SEEGER_FABIAN:
            row |= {"game_points": s.game_scores, "bonus": s.won_lost_bonus, "others_lost": s.others_lost_bonus}
        rows.append(row)
    return rows


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
        event = event_results(tournament)
        results = event.overall
        standings = _standing_rows(results)
        by_player = {row["player"]: row for row in standings}
        payload = {
            "standings": standings,
            "prizes": [{"category": a.category, "place": a.place, "player": a.player, "figure": a.figure,
                        "decided_by": a.decided_by or None} for a in results.awards],
            "series": [{"number": series.series, "standings": _standing_rows(series),
                        "teams": _team_rows(teams, results.system)}
                       for series, teams in zip(event.series, event.series_teams)],
            "teams": _team_rows(event.teams, results.system),
            "categories": [{"name": name, "standings": [by_player[row.standing.player] | {"rank": row.rank}
                                                        for row in ranked]}
                           for name, ranked in event.categories.items()],
        }
        self.stdout.write(json.dumps(payload, ensure_ascii=False, indent=1))
