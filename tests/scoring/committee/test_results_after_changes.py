"""After every kind of change (a save, a correction, a void, a slip handed in and OK'd, an export imported again)
the standings the pages read equal a fresh, independent recomputation.

The pages read totals the database keeps (``StayTally``, by triggers; checked here against a fresh GROUP BY after
every change) and the slip check of the tables that have slips; the live board reads a lean variant without best
games or prizes. Each is held here against a plain recomputation in Python from the export's deals, and the lean
ranking against the full one, after a random sequence of changes.
"""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from archive.exports import tournament_export
from archive.imports import tournament_import
from scoring.committee.live import BoardSettings, live_board
from scoring.entry.services import deal_correct, deal_void, slip_enter, slip_ok
from scoring.entry.sheets import deal_slot
from scoring.models import Deal, Slip, TournamentScoring
from scoring.results import DealFacts, Figures, slip_check, slip_disagrees, tallies_check, tournament_results
from seating.models import Seat, Table
from tests.scoring.committee.test_results import GAMES, recompute_from_export
from tests.scoring.conftest import drawn_tournament

CHANGES = st.one_of(
    st.tuples(st.just("enter"), st.integers(0, 2), st.integers(0, len(GAMES) - 1), st.integers(0, 2)),
    st.tuples(st.just("correct"), st.integers(0, 30), st.integers(0, len(GAMES) - 1), st.integers(0, 2)),
    st.tuples(st.just("void"), st.integers(0, 30)),
    st.tuples(st.just("slip"), st.integers(0, 2), st.integers(-30, 30), st.booleans()),
)


def _facts(table, number, game, who):
    name, matadores, points, tricks = GAMES[game]
    return DealFacts(declarer_id=deal_slot(table, number).active[who].player_id, game=name, matadores=matadores,
                     points=points, tricks=tricks)


def _apply(tournament, tables, change) -> None:
    kind = change[0]
    saved = list(Deal.objects.filter(tournament=tournament).order_by("pk"))
    if kind == "enter":
        from scoring.entry.services import deal_enter

        table = tables[change[1]]
        number = Deal.objects.filter(table=table).count() + 1
        deal_enter(table=table, number=number, facts=_facts(table, number, change[2], change[3]))
    elif kind == "correct" and saved:
        deal = saved[change[1] % len(saved)]
        deal_correct(deal=deal, facts=_facts(deal.table, deal.number, change[2], change[3]), version=deal.version)
    elif kind == "void" and saved:
        deal = saved[change[1] % len(saved)]
        deal_void(deal=deal, version=deal.version)
    elif kind == "slip":  # a paper slip, OK'd or not, for the table's last stay that takes one: any stay while its
        # sheet stayed on paper (no deal entered), else a stay whose last deal is entered
        from scoring.entry.sheets import table_sheet

        table = tables[change[1]]
        sheet = table_sheet(table)
        open_stays = [stay for stay in sheet.seated if sheet.paper_open(stay)]
        if not open_stays:
            return
        stay = max(open_stays)
        sitting = list(Seat.objects.filter(table=table, stay=stay).order_by("seat").values_list("player_id", flat=True))
        if Slip.objects.filter(table=table, stay=stay, player=sitting[0]).exists():
            return
        slip = slip_enter(table=table, stay=stay, player_id=sitting[0], net_points=change[2], net_games=0,
                          by_director=True)
        if change[3]:
            slip_ok(slip=slip, by_player_id=sitting[1], by_director=True)


def _slip_check_by_hand(tournament):
    """Every slip against the sum of its table's stay's deals, read row by row (no GROUP BY)."""
    deals = list(Deal.objects.filter(tournament=tournament))
    with_deals = {(d.table_id, d.stay) for d in deals}
    disagree = []
    for slip in Slip.objects.filter(tournament=tournament):
        if (slip.table_id, slip.stay) not in with_deals:
            continue
        own = [d for d in deals if (d.table_id, d.stay, d.player_id) == (slip.table_id, slip.stay, slip.player_id)
               and not d.voided]
        sheet = Figures(sum(d.score for d in own), sum(d.score > 0 for d in own), sum(d.score < 0 for d in own))
        if slip_disagrees(slip, sheet):
            disagree.append(slip.pk)
    return sorted(disagree)


def _ranking(results):
    return [(r.rank, r.standing.player, r.standing.total(results.system)) for r in results.ranked()]


@pytest.mark.django_db
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(changes=st.lists(CHANGES, min_size=1, max_size=12), system=st.sampled_from(["foster", "mccoll"]))
def test_every_kind_of_change_leaves_the_totals_equal_to_a_recomputation(changes, system):
    tournament = drawn_tournament(12)
    TournamentScoring.objects.update_or_create(tournament=tournament, defaults={"system": system})
    tables = list(Table.objects.filter(tournament=tournament).select_related("tournament", "section")
                  .order_by("number"))
    for change in changes:
        _apply(tournament, tables, change)
        assert tallies_check(tournament) == [], change  # the kept totals the pages read equal a fresh GROUP BY
        full, lean = tournament_results(tournament), tournament_results(tournament, prizes=False)
        assert _ranking(lean) == _ranking(full)
        assert sorted(slip.pk for slip, _ in slip_check(tournament).disagree) == _slip_check_by_hand(tournament)
        board = live_board(lean, BoardSettings(rows=60))
        assert [line["total"] for line in board.lines] == [row["total"] for row in full.rows()]
        if not full.paper_stays:  # the deals alone: against the export, recomputed in plain Python
            export = json.loads(json.dumps(tournament_export(tournament)))
            assert {p: (s.games_won, s.games_lost, s.points_won, s.points_lost)
                    for p, s in full.standings.items()} == recompute_from_export(export)
    again = tournament_import(json.loads(json.dumps(tournament_export(tournament))))
    names = {p.pk: p.name for p in tournament.players.all()}
    names_again = {p.pk: p.name for p in again.players.all()}
    assert tallies_check(again) == []
    imported = tournament_results(again)
    assert [(r.rank, names_again[r.standing.player], r.standing.total(imported.system)) for r in imported.ranked()] \
        == [(r.rank, names[r.standing.player], r.standing.total(full.system)) for r in full.ranked()]
