"""Legal bids, and checking values written down."""

import pytest

from scoring.engine import InvalidDeal, check_entry, check_written, get_rulebook, legal_bids
from tests.scoring.engine.helpers import scored


def test_foster_bids_start_at_10_and_skip_what_no_game_is_worth():
    bids = legal_bids(get_rulebook("foster-1922"))
    assert bids[:8] == (10, 12, 14, 15, 16, 18, 20, 21)
    assert {11, 13, 17, 19} & set(bids) == set()
    assert bids[-1] == 216  # Open Grand "with" 4, the highest game in Skat


def test_isko_bids_are_the_modern_ladder():
    bids = legal_bids(get_rulebook("isko"))
    assert bids[:16] == (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50)


def test_simple_is_barred_from_tournament_bids_but_listed_on_request():
    rb = get_rulebook("foster-1922")
    assert 11 in legal_bids(rb, include_barred=True)
    assert 11 not in legal_bids(rb)


def test_a_simple_may_be_bid_at_its_own_value():
    assert scored(game="diamond simple", matadores="with 10", points=70, tricks=6, bid=11).score == 11


@pytest.mark.parametrize("rulebook", ["foster-1922", "nasl-1908", "mccoll-1908", "isko"])
def test_every_bid_is_the_won_value_of_some_game(rulebook):
    rb = get_rulebook(rulebook)
    assert all(b >= rb.lowest_bid for b in legal_bids(rb))
    assert len(legal_bids(rb)) == len(set(legal_bids(rb)))


def test_bare_40_is_no_club_solo():
    check = check_entry("foster-1922", "club solo", 40)
    assert (check.ok, check.nearest) == (False, (36, 48))
    assert check.message == "40 is no Club Solo value: 36 or 48"


def test_bare_lost_double_gucki_value_is_possible():
    assert check_entry("foster-1922", "gucki grand", -120).ok is True
    assert check_entry("foster-1922", "gucki grand", 60, result="lost").ok is False


def test_bare_value_check_refuses_nonsense():
    with pytest.raises(InvalidDeal) as refused:
        check_entry("foster-1922", "club solo", "forty")
    assert refused.value.field == "value"


def test_written_value_confirmed_from_the_facts():
    result = scored(game="spade tournee", matadores="without 10", points=67, tricks=4)
    assert check_written(result, 77).ok is True


def test_written_value_corrected_with_the_reason():
    result = scored(game="gucki grand", matadores="with 4", points=56, tricks=4)
    check = check_written(result, 60)
    assert check.ok is False
    assert check.message.startswith("60 is wrong: it should be 120 lost, since Gucki Grand lost")


def test_written_value_in_the_wrong_column():
    result = scored(game="spade tournee", matadores="without 10", points=67, tricks=4)
    assert check_written(result, -77).message == "the amount is right but the game was won: enter 77 as won"
