"""The match day's seat plan (``seating.movements.league_day``), recomputed from the rules."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating.movements import MovementUserError
from seating.movements.league_day import least_repeats, meetings_of, plan_day


def _never_two_of_a_team(plan):
    for at in plan.series:
        for table in at:
            teams = [team for team, _position in table]
            assert len(teams) == len(set(teams))
            assert 3 <= len(table) <= 4


def _everyone_once_a_series(plan, sizes):
    places = sorted((k, p) for k, size in enumerate(sizes) for p in range(size))
    for at in plan.series:
        assert sorted(place for table in at for place in table) == places


def test_four_teams_of_four_over_four_series_meet_each_opponent_exactly_once():
    plan = plan_day([4, 4, 4, 4], 4)
    _never_two_of_a_team(plan)
    _everyone_once_a_series(plan, [4, 4, 4, 4])
    met = meetings_of(plan)
    for a, b in combinations([(k, p) for k in range(4) for p in range(4)], 2):
        assert met[frozenset((a, b))] == (0 if a[0] == b[0] else 1)
    assert plan.repeats == 0


def test_series_one_follows_the_line_up():
    plan = plan_day([4, 4, 4, 4], 3)
    # position p of every team at table p
    assert [sorted(t) for t in plan.series[0]] == [[(k, p) for k in range(4)] for p in range(4)]


@pytest.mark.parametrize("sizes, tables", [
    ((4, 4, 4, 3), ["ABCD", "ABCD", "ABCD", "ABC"]),
    ((4, 4, 3, 3), ["ABCD", "ABCD", "ABC", "ABD"]),
    ((4, 3, 3, 3), ["ABCD", "ABC", "ABD", "ACD"]),
    ((3, 3, 3, 3), ["ABCD", "ABCD", "ABCD"]),
    ((4, 4, 4), ["ABC", "ABC", "ABC", "ABC"]),
])
def test_incomplete_teams_first_series_by_hand(sizes, tables):
    plan = plan_day(list(sizes), 3)
    assert ["".join("ABCDE"[k] for k, _p in sorted(t)) for t in plan.series[0]] == tables
    _never_two_of_a_team(plan)
    _everyone_once_a_series(plan, sizes)


@pytest.mark.parametrize("sizes", [(4, 4, 4, 3), (4, 4, 3, 3), (4, 3, 3, 3), (4, 4, 4), (3, 3, 3)])
def test_incomplete_teams_over_three_series_meet_nobody_twice(sizes):
    plan = plan_day(list(sizes), 3)
    assert plan.repeats == 0
    assert max(meetings_of(plan).values()) == 1


def test_five_teams_sit_at_tables_of_four():
    plan = plan_day([4, 4, 4, 4, 4], 3)
    assert [len(t) for t in plan.series[0]] == [4] * 5
    _never_two_of_a_team(plan)
    assert plan.repeats == 0


def test_the_bound_by_hand():
    # 3-3-3-3: three tables of four; in 4 series 4*3*6 = 72 meetings, 66 - 4*3 = 54 pairs: at least 18 repeats
    assert least_repeats([3, 3, 3, 3], 4) == 18
    assert least_repeats([4, 4, 4, 4], 4) == 0


def test_refusals():
    with pytest.raises(MovementUserError):
        plan_day([4, 4], 3)
    with pytest.raises(MovementUserError):
        plan_day([4, 4, 2, 4], 3)
    with pytest.raises(MovementUserError):
        plan_day([4, 4, 3], 3)  # eleven players: a table of two


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from([3, 4]), min_size=4, max_size=5), st.integers(1, 4), st.integers(0, 99))
def test_any_group_never_seats_two_of_a_team(sizes, series, seed):
    plan = plan_day(sizes, series, seed=seed)
    _never_two_of_a_team(plan)
    _everyone_once_a_series(plan, sizes)
    assert plan.repeats >= plan.least_repeats
    assert plan == plan_day(sizes, series, seed=seed)
    assert sum(c - 1 for c in Counter(meetings_of(plan)).values() if c > 1) == plan.repeats
