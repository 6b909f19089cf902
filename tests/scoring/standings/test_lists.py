"""Paper figures: Seeger-Fabian lists give the totals the deals would give; impossible figures are refused."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.standings import (
    DealRecord,
    FiguresError,
    ListLine,
    ScoringSystem,
    Standing,
    list_standings,
    slip_standing,
    standings_from_records,
    validate_list,
    validate_slip,
)

SF = ScoringSystem.SEEGER_FABIAN
A, B, C, D = 1, 2, 3, 4


def totals(increments):
    return {p: s.total(SF) for p, s in increments.items()}


def test_a_table_of_four_over_48_deals():
    lines = [ListLine(A, 612, 9, 1), ListLine(B, 204, 5, 2), ListLine(C, -96, 2, 3), ListLine(D, 120, 3, 0)]
    # game points + 50 x (won - lost) + 30 x the games the three others lost
    assert totals(list_standings(lines, 4, 48)) == {
        A: 612 + 50 * 8 + 30 * (2 + 3 + 0),
        B: 204 + 50 * 3 + 30 * (1 + 3 + 0),
        C: -96 - 50 * 1 + 30 * (1 + 2 + 0),
        D: 120 + 50 * 3 + 30 * (1 + 2 + 3)}
    a = list_standings(lines, 4, 48)[A]
    assert (a.games_won, a.games_lost, a.net_points, a.deals_played, a.others_lost) == (9, 1, 612, 48, 5)


def test_a_table_of_three_over_36_deals_gives_40_a_lost_game():
    lines = [ListLine(A, 300, 6, 2), ListLine(B, -40, 3, 1), ListLine(C, 150, 5, 4)]
    assert totals(list_standings(lines, 3, 36)) == {A: 300 + 50 * 4 + 40 * (1 + 4), B: -40 + 50 * 2 + 40 * (2 + 4),
                                                    C: 150 + 50 * 1 + 40 * (2 + 1)}


def test_a_table_of_five_counts_as_four():
    lines = [ListLine(p, 0, 0, 0) for p in (A, B, C, D)] + [ListLine(5, -60, 0, 1)]
    assert list_standings(lines, 5, 60)[A].others_lost_bonus == 30


def test_a_list_adds_to_a_standing():
    standing = Standing(A, games_won=2, game_scores=100)
    standing.add(list_standings([ListLine(A, 40, 1, 0), ListLine(B, -50, 0, 1), ListLine(C, 0, 0, 0)], 3, 36)[A])
    assert (standing.games_won, standing.game_scores, standing.total(SF)) == (3, 140, 140 + 150 + 40)
    with pytest.raises(ValueError):
        standing.add(Standing(B))


FOUR = [ListLine(A, 100, 3, 1), ListLine(B, -50, 1, 2), ListLine(C, 0, 0, 0), ListLine(D, 20, 1, 0)]


@pytest.mark.parametrize("lines, size, deals, field, words", [
    (FOUR, 7, 48, "table_size", "3 to 6"),
    (FOUR, 4, -1, "deals", "-1 deals"),
    (FOUR[:3], 4, 48, "lines", "not 3"),
    (FOUR[:3] + [ListLine(A, 0, 0, 0)], 4, 48, "player", "player 1 is on the list twice"),
    (FOUR[:3] + [ListLine(D, 20, -1, 0)], 4, 48, "games_won", "games won cannot be negative"),
    (FOUR[:3] + [ListLine(D, -20, 1, -2)], 4, 48, "games_lost", "games lost cannot be negative"),
    (FOUR, 4, 3, "games_won", "3 won + 1 lost is more than the 3 deals"),
    (FOUR, 4, 6, "games_won", "add up to 8, more than the 6 deals"),
    (FOUR[:3] + [ListLine(D, 20, 0, 1)], 4, 48, "game_points", "game points +20 with 0 won"),
    (FOUR[:3] + [ListLine(D, -20, 1, 0)], 4, 48, "game_points", "game points -20 with 1 won and 0 lost"),
])
def test_impossible_lists_are_refused_naming_the_field(lines, size, deals, field, words):
    with pytest.raises(FiguresError) as refused:
        list_standings(lines, size, deals)
    assert refused.value.field == field and words in str(refused.value)


def test_the_message_names_the_player_when_names_are_given():
    with pytest.raises(FiguresError, match="Müller: games won cannot be negative") as refused:
        validate_list(FOUR[:3] + [ListLine(D, 20, -1, 0)], 4, 48, names={D: "Müller"})
    assert refused.value.player == D


def test_foster_and_mccoll_slips_are_checked_against_the_deals_of_the_stay():
    validate_slip(-120, -8, 8)
    with pytest.raises(FiguresError, match="between -8 and \\+8") as refused:
        validate_slip(100, 9, 8)
    assert refused.value.field == "net_games"
    with pytest.raises(FiguresError) as refused:
        validate_slip(30, 0, 0)
    assert refused.value.field == "net_points"
    slip = slip_standing(A, -30, 2, 12)
    assert (slip.net_points, slip.net_games, slip.deals_played) == (-30, 2, 12)
    assert slip.total(ScoringSystem.FOSTER) == -30


# --- property: the list's figures give the deals' totals ---------------------------------------------------

deal = st.one_of(
    st.tuples(st.integers(0, 5), st.integers(-528, 264).filter(bool), st.booleans()),  # (seat, score, voided)
    st.just((None, 0, False)))  # thrown in


@given(st.integers(3, 6), st.lists(deal, max_size=48))
def test_the_list_gives_the_totals_of_its_deals(size, deals):
    seated = tuple(range(1, size + 1))
    records = [DealRecord(table=1, stay=1, number=n, seated=seated,
                          player=None if seat is None else seated[seat % size],
                          kind="thrown_in" if seat is None else "game", score=score,
                          won=None if seat is None else score > 0, voided=voided)
               for n, (seat, score, voided) in enumerate(deals, start=1)]
    counted = [r for r in records if not r.voided]
    lines = [ListLine(p, sum(r.score for r in counted if r.player == p),
                      sum(1 for r in counted if r.player == p and r.score > 0),
                      sum(1 for r in counted if r.player == p and r.score < 0)) for p in seated]
    from_list = list_standings(lines, size, len(counted))
    from_deals = standings_from_records(records, SF, players=seated)
    for p in seated:
        a, b = from_list[p], from_deals[p]
        assert a.total(SF) == b.total(SF)
        assert (a.games_won, a.games_lost, a.net_points, a.deals_played, a.others_lost, a.others_lost_bonus) == (
            b.games_won, b.games_lost, b.net_points, b.deals_played, b.others_lost, b.others_lost_bonus)


def test_a_slip_is_bounded_by_its_games_and_the_highest_score_of_one_deal():
    from scoring.standings.lists import validate_slip

    validate_slip(300, 1, 3, highest=150)  # two won (300), one lost (0 net): at the limit
    for points, games in ((301, 1), (-301, -1), (151, -1), (1, -3)):
        with pytest.raises(FiguresError) as refused:
            validate_slip(points, games, 3, highest=150)
        assert refused.value.field == "net_points"


def test_a_list_line_is_bounded_by_the_deals_its_player_held_cards_in_and_the_highest_score():
    from scoring.standings.lists import ListLine, validate_list

    with pytest.raises(FiguresError, match="held cards in"):
        validate_list([ListLine(1, 10, 2, 2)], 4, 4, complete=False, holding_cards={1: 3})
    with pytest.raises(FiguresError, match="at most 100"):
        validate_list([ListLine(1, 201, 2, 0)], 4, 4, complete=False, highest=100)
    validate_list([ListLine(1, 200, 2, 1)], 4, 4, complete=False, holding_cards={1: 3}, highest=100)
