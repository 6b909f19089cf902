"""Who deals and who holds cards (Foster laws 6, 14-16)."""

import pytest

from scoring.engine.table import active_seats, dealer_seat, deals_per_stay


def test_deal_passes_to_the_left_from_seat_1():
    assert [dealer_seat(n, 4) for n in range(1, 10)] == [1, 2, 3, 4, 1, 2, 3, 4, 1]


def test_table_of_three_dealer_is_hinterhand():
    assert active_seats(3, 3) == (1, 2, 3)


def test_table_of_four_dealer_sits_out_and_h_is_on_his_right():
    assert active_seats(1, 4) == (2, 3, 4)
    assert active_seats(4, 4) == (1, 2, 3)


def test_table_of_five_dealer_gives_two_left_one_right():
    assert active_seats(1, 5) == (2, 3, 5)


@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_every_player_deals_once_a_round(size):
    assert sorted(dealer_seat(n, size) for n in range(1, deals_per_stay(1, size) + 1)) == list(range(1, size + 1))


def test_table_of_seven_is_refused():
    with pytest.raises(ValueError):
        dealer_seat(1, 7)


def test_a_player_holds_cards_in_every_deal_at_three_and_sits_out_his_own_deal_at_four():
    from scoring.engine.table import deals_holding_cards

    assert [deals_holding_cards(seat, 3, 3) for seat in (1, 2, 3)] == [3, 3, 3]
    assert [deals_holding_cards(seat, 4, 4) for seat in (1, 2, 3, 4)] == [3, 3, 3, 3]
    assert [deals_holding_cards(seat, 5, 10) for seat in range(1, 6)] == [6] * 5  # two sit out each deal


def test_the_highest_score_is_the_largest_entry_value_and_kontra_and_re_quadruple_it():
    from scoring.engine import RULEBOOKS, entry_values, highest_score

    for rulebook in RULEBOOKS.values():
        largest = max(max(entry_values(rulebook, game), default=0) for game in rulebook.games)
        assert highest_score(rulebook) == largest * (4 if rulebook.kontra else 1)
