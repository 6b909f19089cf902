"""An event of several series, recomputed by hand from its export: Seeger-Fabian per series and overall.

The recomputation below reads only the exported file and the rule of TOURNAMENTS.md §4 and §7 (game scores,
+50 for a game won, -50 for a game lost, 40 at a table of three or 30 at a table of four for each game another
player at the table lost); it shares no code with the standings it checks.
"""

import io
import json
from collections import defaultdict

import pytest
from django.core.management import call_command

from archive.exports import tournament_export
from seating.models import Tournament

pytestmark = pytest.mark.django_db


def demo_event(players: int, series: int) -> Tournament:
    out = io.StringIO()
    call_command("demo", "--rulebook", "isko", "--method", "fixed", "--players", str(players), "--series",
                 str(series), "--seed", "5", "--play", stdout=out, stderr=io.StringIO())
    return Tournament.objects.get(pk=int(out.getvalue().split()[-1]))


def standings_json(tournament) -> dict:
    out = io.StringIO()
    call_command("standings", str(tournament.pk), stdout=out)
    return json.loads(out.getvalue())


def by_hand(export: dict) -> tuple[dict, dict]:
    """{series: {player: (game points, won, lost, others' lost bonus)}} and the same summed over the series."""
    seated = defaultdict(list)
    for seat in export["seatings"]:
        seated[(seat["series"], seat["table"], seat["stay"])].append(seat["player"])
    per_series = defaultdict(lambda: defaultdict(lambda: [0, 0, 0, 0]))
    for seat in export["seatings"]:  # everyone seated has a line, even without a game
        per_series[seat["series"]][seat["player"]]
    for deal in export["deals"]:
        if deal["voided"] or deal["result"] is None:
            continue
        table = seated[(deal["series"], deal["table"], deal["stay"])]
        line = per_series[deal["series"]][deal["player"]]
        line[0] += deal["score"]
        if deal["result"] == "won":
            line[1] += 1
        else:
            line[2] += 1
            for other in table:
                if other != deal["player"]:
                    per_series[deal["series"]][other][3] += 40 if len(table) == 3 else 30
    overall = defaultdict(lambda: [0, 0, 0, 0])
    for lines in per_series.values():
        for player, line in lines.items():
            overall[player] = [a + b for a, b in zip(overall[player], line)]
    return per_series, overall


def total(line) -> int:
    points, won, lost, others = line
    return points + 50 * won - 50 * lost + others


def rows_of(rows) -> dict:
    return {row["player"]: (row["game_points"], row["games_won"], row["games_lost"], row["others_lost"], row["total"],
                            row["bonus"]) for row in rows}


def expected(lines) -> dict:
    return {player: (*line, total(line), 50 * (line[1] - line[2])) for player, line in lines.items()}


@pytest.mark.parametrize("players, series", [
    (7, 2),  # a table of four and one of three
    pytest.param(14, 3, marks=pytest.mark.slow),  # the club evening: tables of 4, 4, 3, 3
    pytest.param(41, 2, marks=pytest.mark.slow),  # eight tables of four and three of three
])
def test_seeger_fabian_per_series_and_overall_agree_with_a_recomputation_from_the_export(players, series):
    tournament = demo_event(players, series)
    export = json.loads(json.dumps(tournament_export(tournament)))
    assert export["tournament"]["series_count"] == series
    per_series, overall = by_hand(export)

    payload = standings_json(tournament)

    assert [part["number"] for part in payload["series"]] == list(range(1, series + 1))
    for part in payload["series"]:
        assert rows_of(part["standings"]) == expected(per_series[part["number"]]), part["number"]
    assert rows_of(payload["standings"]) == expected(overall)
    # Ranked by the total, then more games won, then fewer lost
    keys = [(row["total"], row["games_won"], -row["games_lost"]) for row in payload["standings"]]
    assert keys == sorted(keys, reverse=True)


@pytest.mark.slow
def test_an_event_of_several_series_exports_and_imports_to_identical_standings(tmp_path):
    original = demo_event(7, 2)
    path = tmp_path / "event.json"
    path.write_text(json.dumps(tournament_export(original)))
    out = io.StringIO()
    call_command("import", str(path), stdout=out)
    copy = Tournament.objects.get(pk=int(out.getvalue().split()[-1]))

    def by_name(tournament):
        payload = standings_json(tournament)
        names = dict(tournament.players.values_list("id", "name"))
        for rows in [payload["standings"]] + [part["standings"] for part in payload["series"]]:
            for row in rows:
                row["player"] = names[row["player"]]
        for prize in payload["prizes"]:
            prize["player"] = names.get(prize["player"])
        return payload

    assert copy.series_count == 2
    assert by_name(copy) == by_name(original)


@pytest.mark.slow
def test_teams_categories_and_money_survive_export_and_import(tmp_path):
    from decimal import Decimal

    from scoring.models import TournamentScoring
    from seating.models import Category, Team

    original = demo_event(7, 2)
    players = list(original.players.order_by("pk"))
    Team.objects.create(tournament=original, name="Germania").members.set(players[:3])
    Category.objects.create(tournament=original, name="Ladies").players.set(players[2:4])
    TournamentScoring.objects.filter(tournament=original).update(
        entry_fee=Decimal("12.50"), per_lost_game=Decimal("0.50"), raised_per_lost_game=Decimal("1.00"),
        prize_money=[["total", 1, "25.00"]])
    path = tmp_path / "event.json"
    path.write_text(json.dumps(tournament_export(original)))
    out = io.StringIO()
    call_command("import", str(path), stdout=out)
    copy = Tournament.objects.get(pk=int(out.getvalue().split()[-1]))

    def shape(tournament):
        settings = TournamentScoring.objects.get(tournament=tournament)
        return ({(p.name, p.team.name if p.team else None, tuple(sorted(c.name for c in p.categories.all())),
                  p.ok_code, p.first_series, p.last_series) for p in tournament.players.all()},
                (settings.entry_fee, settings.per_lost_game, settings.raised_per_lost_game, settings.prize_money))

    assert shape(copy) == shape(original)
    assert standings_json(copy)["teams"][0]["total"] == standings_json(original)["teams"][0]["total"]
