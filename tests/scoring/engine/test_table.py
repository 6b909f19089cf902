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
