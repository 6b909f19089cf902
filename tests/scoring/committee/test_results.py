"""Standings through the database equal a plain recomputation from the export; the commands' output."""

import csv
import io
import json
from collections import defaultdict

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from archive.exports import tournament_export
from scoring.entry.services import deal_enter, deal_void
from scoring.entry.sheets import deal_slot
from scoring.models import TournamentScoring
from scoring.results import DealFacts, tournament_results
from seating.models import Table
from tests.scoring.conftest import drawn_tournament

GAMES = [("club solo", 2, 79, 8), ("club solo", 2, 50, 4), ("spade tournee", -10, 67, 4), ("gucki grand", 4, 56, 4),
         ("diamond tournee", 1, 95, 8), ("heart solo", 3, 20, 2), ("solo grand", 1, 61, 5)]


def recompute_from_export(export: dict) -> dict[int, tuple]:
    """An independent, plain recomputation: (games won, games lost, points won, points lost) per player."""
    system = export["tournament"]["scoring_system"]
    counts_ramsch = export["tournament"]["ramsch_counts_as_game"]
    seated = defaultdict(list)
    for s in export["seatings"]:
        seated[(s["table"], s["stay"])].append(s["player"])
    out = {p["id"]: [0, 0, 0, 0] for p in export["players"]}
    for d in export["deals"]:
        if d["voided"] or d["player"] is None:
            continue
        figures = out[d["player"]]
        if d["kind"] == "game" or counts_ramsch:
            figures[0 if d["score"] > 0 else 1] += 1
        if d["score"] > 0:
            figures[2] += d["score"]
        elif system == "mccoll":
            for other in seated[(d["table"], d["stay"])]:
                if other != d["player"]:
                    out[other][2] += -d["score"]
        else:
            figures[3] += -d["score"]
    return {p: tuple(f) for p, f in out.items()}


def enter(table, number, choice):
    slot = deal_slot(table, number)
    if choice == "ramsch":
        return deal_enter(table=table, number=number, facts=DealFacts(kind="ramsch", ramsch_points=(2, 17, 88),
                                                                      ramsch_tricks=(1, 3, 6), ramsch_last_trick="H"))
    game, matadores, points, tricks = GAMES[choice[0]]
    return deal_enter(table=table, number=number, facts=DealFacts(declarer_id=slot.active[choice[1]].player_id,
                                                                  game=game, matadores=matadores, points=points,
                                                                  tricks=tricks))


@pytest.mark.django_db
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(deals=st.lists(st.one_of(st.just("ramsch"), st.tuples(st.integers(0, len(GAMES) - 1), st.integers(0, 2))),
                      min_size=1, max_size=16),
       system=st.sampled_from(["foster", "mccoll"]), void=st.booleans())
def test_standings_through_the_database_equal_a_recomputation_from_the_export(deals, system, void):
    tournament = drawn_tournament(12)
    TournamentScoring.objects.update_or_create(tournament=tournament, defaults={"system": system,
                                                                                "prize_schedule": [["points", 1]]})
    tables = list(Table.objects.filter(tournament=tournament).select_related("tournament", "section").order_by("number"))
    saved = []
    for i, choice in enumerate(deals):
        table = tables[i % len(tables)]
        saved.append(enter(table, i // len(tables) + 1, choice))
    if void:
        deal_void(deal=saved[0], version=1)
    export = json.loads(json.dumps(tournament_export(tournament)))
    results = tournament_results(tournament)
    through_db = {p: (s.games_won, s.games_lost, s.points_won, s.points_lost) for p, s in results.standings.items()}
    assert through_db == recompute_from_export(export)


@pytest.mark.django_db
def test_standings_command_prints_json_with_prizes():
    tournament = drawn_tournament(12)
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
    enter(table, 1, (0, 0))
    out = io.StringIO()
    call_command("standings", str(tournament.pk), "--format", "json", stdout=out)
    payload = json.loads(out.getvalue())
    top = payload["standings"][0]
    assert (top["net_points"], top["games_won"], top["total"]) == (36, 1, 36)
    assert {p["category"] for p in payload["prizes"]} == {"points", "games", "hardest", "booby"}
    assert payload["prizes"][0]["player"] == top["player"]


@pytest.mark.django_db
def test_standings_command_csv_has_a_row_per_player():
    tournament = drawn_tournament(12)
    out = io.StringIO()
    call_command("standings", tournament.name, "--format", "csv", stdout=out)
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert rows[0][:3] == ["rank", "player", "name"] and len(rows) == 13


@pytest.mark.django_db
def test_export_has_every_deal_with_its_facts_and_score():
    tournament = drawn_tournament(12)
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
    enter(table, 1, (2, 1))
    out = io.StringIO()
    call_command("export", str(tournament.pk), stdout=out)
    deal = json.loads(out.getvalue())["deals"][0]
    assert (deal["table"], deal["stay"], deal["deal"], deal["game"], deal["matadores"], deal["score"], deal["result"]) == (
        1, 1, 1, "spade tournee", -10, 77, "won")


@pytest.mark.django_db
def test_unknown_tournament_is_a_clear_command_error():
    with pytest.raises(CommandError, match="no tournament"):
        call_command("standings", "Nowhere Open")


@pytest.mark.django_db
def test_standings_command_csv_says_the_games_in_the_commands_language():
    """German review E10: a German command printed the best game as '"without" 6, 88'."""
    from django.utils import translation

    tournament = drawn_tournament(12)
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
    enter(table, 1, (0, 0))
    enter(table, 2, (2, 1))
    lines = {}
    for language in ("de", "en"):
        out = io.StringIO()
        with translation.override(language):  # call_command keeps its caller's language
            call_command("standings", str(tournament.pk), "--format", "csv", stdout=out)
        lines[language] = out.getvalue()
    # the leader is the declarer of GAMES[2]: the spade tournee "without" 10, worth 77
    german, english = (list(csv.reader(io.StringIO(lines[language])))[1] for language in ("de", "en"))
    assert german[-2:] == ["„ohne“ 10, 77", "77"]
    assert english[-2:] == ['"without" 10, 77', "77"]
