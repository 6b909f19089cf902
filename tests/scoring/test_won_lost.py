"""One won/lost rule: every count of games won and lost, in Python and in SQL, is the engine's one rule
(``scoring.engine.columns``): above 0 won, below 0 lost, 0 neither.

Before, the sheet put a score of 0 in the won column (``>= 0``), the slips, tallies and triggers in neither, and the
standings from records in the lost one. Here: the rule itself; each database copy of it (ORM filters, the SQL the
benchmarks and the triggers use) against it for every score; and a property test over every rulebook in which the
sheet, the stay totals, the slips, the slip check, the kept tallies, the standings (from the database and from deal
records) and the export all agree, deal by deal, with a recomputation from the engine's own won/lost verdict,
including a deal whose score is 0.
"""

import importlib
from collections import defaultdict

import pytest
from django.db import connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from archive.exports import tournament_export
from scoring.engine import RULEBOOKS, InvalidDeal, parse_matadores, score
from scoring.engine.columns import LOST, WON, column_of, won_lost_points
from scoring.entry.services import deal_save
from scoring.entry.sheets import deal_slot, sheet_blocks, stay_totals, table_sheet
from scoring.models import Deal, TournamentScoring
from scoring.results import DealFacts, sheet_figures, sheet_slips, tallies_check, tournament_results
from scoring.results.columns import LOST_SQL, WON_SQL, lost, won
from scoring.standings import DealRecord, ScoringSystem, standings_from_records
from seating.models import Table
from tests.scoring.conftest import drawn_tournament
from tests.scoring.engine.explanation_cases import cases, deal_of

SCORES = [-1440, -72, -2, -1, 0, 1, 2, 23, 1440]


def test_the_rule_above_zero_won_below_lost_zero_neither():
    assert [column_of(s) for s in (-5, -1, 0, 1, 5)] == [LOST, LOST, None, WON, WON]
    assert [won_lost_points(s) for s in (-5, 0, 5)] == [(0, 5), (0, 0), (5, 0)]


@pytest.mark.django_db
def test_the_databases_filters_and_sql_say_the_rule_for_every_score():
    tournament = drawn_tournament(12)
    table = Table.objects.get(tournament=tournament, number=1)
    slot = deal_slot(table, 1)
    first = deal_save(table=table, number=1, facts=DealFacts(declarer_id=slot.active[0].player_id, game="club solo",
                                                             matadores=1, points=70, tricks=6)).deal
    ids = {}
    for number, value in enumerate(SCORES, start=2):
        first.pk, first.number, first.submission_key = None, number, None
        first.score = value
        first.save(force_insert=True)
        ids[first.pk] = value
    by_orm = {side: set(Deal.objects.filter(rule, pk__in=ids).values_list("pk", flat=True))
              for side, rule in ((WON, won()), (LOST, lost()))}
    with connection.cursor() as cursor:
        by_sql = {}
        for side, sql in ((WON, WON_SQL), (LOST, LOST_SQL)):
            cursor.execute(f"SELECT id FROM scoring_deal WHERE {sql} AND id IN ({', '.join(map(str, ids))})")
            by_sql[side] = {row[0] for row in cursor.fetchall()}
    for side in (WON, LOST):
        expected = {pk for pk, value in ids.items() if column_of(value) == side}
        assert by_orm[side] == expected and by_sql[side] == expected


def test_the_kept_tally_triggers_and_the_benchmarks_count_with_the_rules_sql():
    triggers = importlib.import_module("scoring.migrations.0013_kept_stay_tallies")
    assert triggers.WON.startswith(WON_SQL + " ")
    for fragment in (f"CASE WHEN {WON_SQL} THEN 1", f"CASE WHEN {LOST_SQL} THEN 1", f"CASE WHEN {WON_SQL} THEN score",
                     f"CASE WHEN {LOST_SQL} THEN -score"):
        assert fragment in triggers.SUMS, fragment
    for name in ("bench_standings", "bench_series_standings"):
        text = open(f"bench/{name}.py", encoding="utf-8").read()
        assert "score > 0" not in text and "score < 0" not in text, name  # written with WON_SQL / LOST_SQL


# --- every place agrees, over every rulebook -------------------------------------------------------------------

def _as_entered(facts: dict) -> dict:
    """A Ramsch as the sheet takes it: the last trick, not who took each trick."""
    if facts["game"] != "ramsch":
        return facts
    return {**facts, "ramsch": {**facts["ramsch"], "trick_winners": None}}


def _entered_cases() -> dict[str, list[dict]]:
    by_rulebook = defaultdict(list)
    for rulebook, facts in cases():
        facts = _as_entered(facts)
        try:
            score(deal_of(facts), rulebook)
        except InvalidDeal:  # a Ramsch tie that only the order of the tricks settles
            continue
        by_rulebook[rulebook].append(facts)
    return by_rulebook


CASES = _entered_cases()


def _deal_facts(facts: dict, declarer_id: int) -> DealFacts:
    if facts["game"] == "ramsch":
        ramsch = facts["ramsch"]
        return DealFacts(kind=Deal.Kind.RAMSCH, ramsch_points=tuple(ramsch["points"]),
                         ramsch_tricks=tuple(ramsch["tricks"]),
                         ramsch_last_trick=ramsch["last_trick"])
    fields = {k: v for k, v in facts.items() if k in DealFacts.__dataclass_fields__}
    fields["matadores"] = parse_matadores(facts.get("matadores"))
    fields["announced"] = "" if facts.get("announced") in (None, "none") else facts["announced"]
    return DealFacts(declarer_id=declarer_id, **fields)


def _by_hand(rulebook: str, facts: dict, slot) -> tuple[int | None, str | None, int]:
    """(the player whose column it goes to, its column, the amount) from the engine's own verdict, not the sign."""
    result = score(deal_of(facts), rulebook)
    if facts["game"] == "ramsch":
        return slot.active["VMH".index(result.loser)].player_id, LOST, abs(result.score)
    return None, WON if result.won else LOST, abs(result.score)


@pytest.mark.django_db
@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(rulebook=st.sampled_from(sorted(RULEBOOKS)), picks=st.lists(st.integers(0, 10 ** 6), min_size=1, max_size=8),
       who=st.lists(st.integers(0, 2), min_size=8, max_size=8), zero=st.none() | st.integers(0, 7),
       thrown_in=st.booleans())
def test_sheet_slips_tallies_standings_and_export_agree_on_every_game(rulebook, picks, who, zero, thrown_in):
    tournament = drawn_tournament(12)
    TournamentScoring.objects.update_or_create(tournament=tournament, defaults={"rulebook": rulebook,
                                                                                "system": "foster"})
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
    expected = defaultdict(lambda: [0, 0, 0, 0])  # (stay, player) -> games won, lost, points won, lost
    column_by_number: dict[int, str | None] = {}
    entries = [CASES[rulebook][pick % len(CASES[rulebook])] for pick in picks]
    if thrown_in and RULEBOOKS[rulebook].all_passed == "thrown in":
        entries.append({"game": "thrown in"})
    for number, facts in enumerate(entries, start=1):
        slot = deal_slot(table, number)
        if facts["game"] == "thrown in":
            deal_save(table=table, number=number, facts=DealFacts(kind=Deal.Kind.THROWN_IN))
            column_by_number[number] = None
            continue
        declarer = slot.active[who[number % len(who)]].player_id
        saved = deal_save(table=table, number=number, facts=_deal_facts(facts, declarer))
        player, side, amount = _by_hand(rulebook, facts, slot)
        player = player or declarer
        column_by_number[number] = side
        figures = expected[(slot.stay, player)]
        figures[0 if side == WON else 1] += 1
        figures[2 if side == WON else 3] += amount
        assert saved.totals[player] == (figures[2], figures[3])  # the answer to the save, as the sheet will show
    if zero is not None:  # a score of 0 in a player's column: no game at all, wherever it is counted
        deal = Deal.objects.filter(table=table, player__isnull=False).order_by("number")[zero % len(entries):].first()
        if deal is not None:
            Deal.objects.filter(pk=deal.pk).update(score=0)
            figures = expected[(deal.stay, deal.player_id)]
            side = column_by_number[deal.number]
            figures[0 if side == WON else 1] -= 1
            figures[2 if side == WON else 3] -= abs(deal.score)
            column_by_number[deal.number] = None

    totals = defaultdict(lambda: [0, 0, 0, 0])
    for (_stay, player), figures in expected.items():
        totals[player] = [a + b for a, b in zip(totals[player], figures)]

    sheet = table_sheet(table)
    for player, column in sheet.columns.items():
        assert [column.games_won, column.games_lost, column.won_points, column.lost_points] == totals[player]
    for block in sheet_blocks(sheet):
        by_stay = [tuple(expected[(block.stay, p.player_id)][2:]) for p in block.players]
        assert list(block.totals) == by_stay
        assert list(stay_totals(table, block.stay, block.players)) == by_stay
        for player, slip in sheet_slips(table, block.stay, block.players).items():
            won_games, lost_games, won_points, lost_points = expected[(block.stay, player)]
            assert (slip.games_won, slip.games_lost, slip.net_points) == (won_games, lost_games,
                                                                         won_points - lost_points)
    for (_table_id, stay, player), figures in sheet_figures(tournament).items():
        won_games, lost_games, won_points, lost_points = expected[(stay, player)]
        assert (figures.games_won, figures.games_lost, figures.net_points) == (won_games, lost_games,
                                                                              won_points - lost_points)

    assert tallies_check(tournament) == []
    results = tournament_results(tournament)
    records = [DealRecord(table=d.table_id, stay=d.stay, number=d.number, seated=(), player=d.player_id,
                          kind=d.kind, score=d.score, won=d.won, voided=d.voided)
               for d in Deal.objects.filter(tournament=tournament)]
    from_records = standings_from_records(records, ScoringSystem.FOSTER,
                                          players=tournament.players.values_list("pk", flat=True))
    for player in {p for (_, p) in expected}:
        for standing in (results.standings[player], from_records[player]):
            assert [standing.games_won, standing.games_lost, standing.points_won, standing.points_lost] \
                == totals[player], (player, standing)

    export = tournament_export(tournament)
    assert {d["deal"]: d["result"] for d in export["deals"] if d["table"] == 1} == column_by_number
