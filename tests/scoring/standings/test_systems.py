"""Scoring systems from the sources: McColl's eight deals, Foster's balancing, Seeger-Fabian."""

from hypothesis import given
from hypothesis import strategies as st

from scoring.standings import DealRecord, ScoringSystem, balance
from scoring.standings import standings_from_records as compute_standings

A, B, C, D = 1, 2, 3, 4
TABLE = (A, B, C, D)


def game(number, player, score, **extra):
    return DealRecord(table=1, stay=1, number=number, seated=TABLE, player=player, kind="game", score=score,
                      won=score > 0, value=abs(score), **extra)


# McColl, "Simple method of scoring": A wins 24, A loses 20, B wins 16, C loses 48, D wins 40, A wins 33,
# A wins 10, B loses 18.
MCCOLL_DEALS = [game(1, A, 24), game(2, A, -20), game(3, B, 16), game(4, C, -48), game(5, D, 40), game(6, A, 33),
                game(7, A, 10), game(8, B, -18)]


def test_mccoll_simple_method_reproduces_the_eight_deal_example():
    standings = compute_standings(MCCOLL_DEALS, ScoringSystem.MCCOLL)
    figures = {p: (s.games_won, s.games_lost, s.points_won) for p, s in standings.items()}
    assert figures == {A: (3, 1, 133), B: (1, 1, 84), C: (0, 1, 38), D: (1, 0, 126)}


def test_mccoll_running_score_matches_the_plus_minus_method():
    standings = compute_standings(MCCOLL_DEALS, ScoringSystem.FOSTER)
    assert {p: s.net_points for p, s in standings.items()} == {A: 47, B: -2, C: -48, D: 40}


def test_foster_balancing_example():
    assert balance({1: 96, 2: -12, 3: 16, 4: 12}) == {1: 272, 2: -160, 3: -48, 4: -64}


def test_foster_only_the_declarers_column_takes_the_entry():
    standings = compute_standings([game(1, A, -48)], ScoringSystem.FOSTER, players=TABLE)
    assert (standings[A].points_lost, standings[A].games_lost) == (48, 1)
    assert all(standings[p].points_won == 0 for p in (B, C, D))


def test_ramsch_loss_counts_as_a_game_lost_by_default_and_can_be_turned_off():
    ramsch = DealRecord(table=1, stay=1, number=1, seated=TABLE, player=B, kind="ramsch", score=-20, won=False)
    assert compute_standings([ramsch], ScoringSystem.FOSTER)[B].games_lost == 1
    assert compute_standings([ramsch], ScoringSystem.FOSTER, ramsch_counts_as_game=False)[B].games_lost == 0


def test_seeger_fabian_totals_at_a_table_of_four():
    # A wins 36; B loses 96 (a lost game counts double already): A, C and D each get 30 for B's loss.
    standings = compute_standings([game(1, A, 36), game(2, B, -96)], ScoringSystem.SEEGER_FABIAN)
    totals = {p: s.total(ScoringSystem.SEEGER_FABIAN) for p, s in standings.items()}
    assert totals == {A: 36 + 50 + 30, B: -96 - 50, C: 30, D: 30}


def test_seeger_fabian_table_of_three_gives_40():
    three = (A, B, C)
    record = DealRecord(table=1, stay=1, number=1, seated=three, player=A, kind="game", score=-48, won=False)
    standings = compute_standings([record], ScoringSystem.SEEGER_FABIAN)
    assert standings[B].total(ScoringSystem.SEEGER_FABIAN) == 40


def test_voided_and_thrown_in_deals_count_no_points():
    voided = DealRecord(table=1, stay=1, number=1, seated=TABLE, player=A, kind="game", score=36, won=True, voided=True)
    thrown = DealRecord(table=1, stay=1, number=2, seated=TABLE, player=None, kind="thrown_in", score=0, won=None)
    standings = compute_standings([voided, thrown], ScoringSystem.FOSTER, players=TABLE)
    assert standings[A].net_points == 0 and standings[A].deals_played == 1


@given(st.lists(st.tuples(st.sampled_from(TABLE), st.integers(-300, 300).filter(bool)), max_size=40))
def test_foster_net_points_sum_to_the_sum_of_the_scores(entries):
    records = [game(n, p, s) for n, (p, s) in enumerate(entries, start=1)]
    standings = compute_standings(records, ScoringSystem.FOSTER, players=TABLE)
    assert sum(s.net_points for s in standings.values()) == sum(s for _, s in entries)
    assert sum(s.games_won + s.games_lost for s in standings.values()) == len(entries)
