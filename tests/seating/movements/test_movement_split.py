"""The split proposed when a moving section would pass Foster's forty deals.

Figures by hand from Foster: a section of T tables plays T stays N-S stationary and 2T - 1 stays up the sides;
a stay is (rounds a stay) × 4 deals at a table of four.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seating.movements import Method, Remainder, plan_layout, split_within_forty
from seating.movements.layout import longest_moving_deals


@pytest.mark.parametrize(("method", "players", "asked", "split", "expected"), [
    # 40 up the sides: one section of 10 tables, 19 stays = 76 deals; 5 tables: 9 stays = 36 deals.
    (Method.UP_SIDES, 40, None, None, (5, 5)),
    # 24 up the sides: 6 tables, 11 stays = 44 deals; at most 5 a section: two equal sections of 3 (20 deals).
    (Method.UP_SIDES, 24, None, None, (3, 3)),
    # 34 up the sides, sit-out: 17 pairs + a phantom = 9 tables, 17 stays = 68; at most 5: three 3s (20 deals).
    (Method.UP_SIDES, 34, None, None, (3, 3, 3)),
    # N-S, two rounds a stay, the director's 8 + 7: 8 stays × 8 = 64; three sets of five are 5 × 8 = 40.
    (Method.NS_STATIONARY, 60, 2, (8, 7), (5, 5, 5)),
])
def test_a_section_past_forty_deals_gets_the_split_that_keeps_within_them(method, players, asked, split, expected):
    remainder = Remainder.SIT_OUT if players == 34 else Remainder.EXTRA_TABLES
    layout = plan_layout(method, players, remainder=remainder, rounds_per_stay=asked, sections=split)
    assert longest_moving_deals(layout) > 40

    assert split_within_forty(layout, rounds_per_stay=asked) == expected


@pytest.mark.parametrize(("method", "players", "asked"), [
    (Method.NS_STATIONARY, 60, 2),  # Foster's three sets of five: 40 deals, within
    (Method.NS_STATIONARY, 40, None),  # ten tables, one round a stay by default: 40 deals
    (Method.UP_SIDES, 20, None),  # Foster's table: 5 tables, 9 stays, 36 deals
    (Method.FIXED, 40, None),  # nobody moves
])
def test_no_split_is_proposed_within_forty_deals(method, players, asked):
    layout = plan_layout(method, players, rounds_per_stay=asked)
    assert split_within_forty(layout, rounds_per_stay=asked) is None


def test_no_split_is_proposed_when_one_stay_alone_passes_forty_deals():
    layout = plan_layout(Method.UP_SIDES, 24, rounds_per_stay=11)  # 11 rounds = 44 deals in one stay
    assert split_within_forty(layout, rounds_per_stay=11) is None


@given(method=st.sampled_from([Method.NS_STATIONARY, Method.UP_SIDES]), players=st.integers(8, 400),
       asked=st.one_of(st.none(), st.integers(1, 10)), remainder=st.sampled_from(list(Remainder)))
def test_a_proposed_split_keeps_every_moving_table_within_forty_deals(method, players, asked, remainder):
    layout = plan_layout(method, players, remainder=remainder, rounds_per_stay=asked)
    split = split_within_forty(layout, rounds_per_stay=asked)
    if split is None:  # within forty already, or a stay so long that even the smallest sections pass forty
        assert longest_moving_deals(layout) <= 40 or (asked or 1) * 4 * 3 > 40
        return
    proposed = plan_layout(method, players, remainder=remainder, rounds_per_stay=asked, sections=split)
    assert longest_moving_deals(proposed) <= 40
    assert sum(split) == sum(section.tables for section in layout.sections)  # the same tables, split again
    assert max(split) < max(section.tables for section in layout.sections)
