"""The seat draw: every player in exactly one place in every stay, reproducible from the seed."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating.movements import (
    Method,
    MovementUserError,
    Remainder,
    TableSizes,
    draw_pairs,
    draw_plan,
    plan_fixed_tables,
    plan_layout,
    table_sizes,
)

PAIR_METHODS = [Method.NS_STATIONARY, Method.UP_SIDES]
COUNTS = range(3, 201)


def _players(count: int) -> list[int]:
    return list(range(1001, 1001 + count))


def _draw(method, count, remainder, seed=1):
    players = _players(count)
    layout = plan_layout(method, count, remainder=remainder)
    return players, draw_plan(layout, players, rng=random.Random(seed))


def _assert_seated_once_in_every_stay(players, plan):
    """Each section's players sit at one table or sit out in each of its stays; fixed tables hold the rest."""
    fixed = [player for table in plan.fixed_tables for player in table.seats]
    moving = [player for section in plan.sections for pair in section.pairs if pair for player in pair]
    assert Counter(fixed + moving) == Counter(players)
    for section in plan.sections:
        members = Counter(player for pair in section.pairs if pair for player in pair)
        assert len(section.stays) == section.layout.stays
        for stay in section.stays:
            seated = [player for table in stay.tables for player in table.seats]
            assert Counter(seated + list(stay.sitting_out)) == members
            assert all(len(table.seats) == 4 for table in stay.tables)
            assert len(stay.sitting_out) == (2 if section.layout.phantom else 0)


def _pair_meetings(section):
    return Counter(
        tuple(sorted(placed.pair for placed in table.pairs)) for stay in section.stays for table in stay.tables
    )


def _assert_meetings(method, section):
    layout = section.layout
    real = [number for number, pair in enumerate(section.pairs, start=1) if pair]
    meetings = _pair_meetings(section)
    if method is Method.UP_SIDES:
        expected = set(combinations(real, 2))
    else:
        expected = {(ns, ew) for ns in real if ns <= layout.tables for ew in real if ew > layout.tables}
    assert set(meetings) == expected
    assert set(meetings.values()) <= {1}
    sat_out = Counter(layout.sitting_out(stay) for stay in range(1, layout.stays + 1))
    if layout.phantom is not None:
        expected_out = real if method is Method.UP_SIDES else [pair for pair in real if pair > layout.tables]
        assert sat_out == Counter(expected_out)


@pytest.mark.slow
@pytest.mark.parametrize("remainder", list(Remainder))
@pytest.mark.parametrize("method", PAIR_METHODS)
def test_draw_plan_every_count_seats_every_player_once_in_every_stay(method, remainder):
    for count in COUNTS:
        players, plan = _draw(method, count, remainder, seed=count)

        _assert_seated_once_in_every_stay(players, plan)


@pytest.mark.parametrize("remainder", list(Remainder))
@pytest.mark.parametrize("method", PAIR_METHODS)
def test_draw_plan_every_count_keeps_the_meeting_property(method, remainder):
    for count in COUNTS:
        _, plan = _draw(method, count, remainder, seed=count)

        for section in plan.sections:
            _assert_meetings(method, section)


@pytest.mark.slow
@pytest.mark.parametrize("remainder", list(Remainder))
@pytest.mark.parametrize("method", PAIR_METHODS)
def test_draw_plan_isko_every_count_seats_every_player_once_and_keeps_the_meetings(method, remainder):
    for count in [3, 4, *range(6, 201)]:
        players = _players(count)
        layout = plan_layout(method, count, remainder=remainder, table_sizes=TableSizes.THREES_AND_FOURS)
        plan = draw_plan(layout, players, rng=random.Random(count))

        _assert_seated_once_in_every_stay(players, plan)
        assert all(len(table.seats) in (3, 4) for table in plan.fixed_tables)
        for section in plan.sections:
            _assert_meetings(method, section)


def test_draw_plan_fixed_isko_every_count_seats_every_player_once():
    for count in [3, 4, *range(6, 201)]:
        players = _players(count)
        experts = set(players[: len(table_sizes(count, TableSizes.THREES_AND_FOURS))])
        plan = plan_fixed_tables(
            players, experts, rng=random.Random(count), session_rounds=12, table_sizes=TableSizes.THREES_AND_FOURS
        )

        _assert_seated_once_in_every_stay(players, plan)
        assert all(len(table.seats) in (3, 4) for table in plan.fixed_tables)
        assert plan.layout.fixed_rounds == 12


def test_draw_plan_fixed_every_count_seats_every_player_once():
    for count in COUNTS:
        players = _players(count)
        plan = plan_fixed_tables(players, set(players[: len(table_sizes(count))]), rng=random.Random(count))

        _assert_seated_once_in_every_stay(players, plan)
        assert all(table.controller is not None for table in plan.fixed_tables)


def test_draw_plan_partners_sit_opposite_each_other():
    _, plan = _draw(Method.UP_SIDES, 24, Remainder.EXTRA_TABLES)
    section = plan.sections[0]

    for stay in section.stays:
        for table in stay.tables:
            first, second = (section.pairs[placed.pair - 1] for placed in table.pairs)
            assert (table.seats[0], table.seats[2]) == first
            assert (table.seats[1], table.seats[3]) == second


def test_draw_plan_sit_out_tables_are_numbered_in_the_hall():
    _, plan = _draw(Method.NS_STATIONARY, 42, Remainder.SIT_OUT)

    assert [sorted(table.table for table in stay.tables) for stay in plan.sections[0].stays] == [
        list(range(1, 6))
    ] * 6
    assert [sorted(table.table for table in stay.tables) for stay in plan.sections[1].stays] == [
        list(range(7, 12))
    ] * 5


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(min_value=3, max_value=200),
    method=st.sampled_from(PAIR_METHODS),
    remainder=st.sampled_from(list(Remainder)),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_draw_plan_same_seed_same_plan(count, method, remainder, seed):
    _, first = _draw(method, count, remainder, seed)
    _, second = _draw(method, count, remainder, seed)

    assert first == second


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(min_value=20, max_value=200),
    method=st.sampled_from(PAIR_METHODS),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_draw_plan_different_seeds_different_plans(count, method, seed):
    _, first = _draw(method, count, Remainder.SIT_OUT, seed)
    _, second = _draw(method, count, Remainder.SIT_OUT, seed + 1)

    assert first != second


def test_draw_plan_golden_seed_is_stable_across_runs():
    _, plan = _draw(Method.UP_SIDES, 13, Remainder.SIT_OUT, seed=2024)

    assert plan.layout.fixed_tables == (3,)
    assert plan.sections[0].pairs == (
        None,
        (1008, 1003),
        (1010, 1005),
        (1004, 1007),
        (1013, 1006),
        (1012, 1002),
    )
    assert plan.fixed_tables[0].seats == (1011, 1009, 1001)


def test_draw_plan_wrong_number_of_players_raises_user_error():
    layout = plan_layout(Method.UP_SIDES, 12)

    with pytest.raises(MovementUserError) as raised:
        draw_plan(layout, _players(11), rng=random.Random(1))

    assert raised.value.field == "players"
    assert raised.value.message == "the plan is for 12 players but 11 were given"


def test_draw_plan_experts_for_a_pair_method_raises_user_error():
    layout = plan_layout(Method.NS_STATIONARY, 12)

    with pytest.raises(MovementUserError) as raised:
        draw_plan(layout, _players(12), rng=random.Random(1), experts={1001})

    assert raised.value.field == "experts"


def test_draw_pairs_same_seed_same_pairs_everyone_once():
    players = _players(10)

    pairs = draw_pairs(players, rng=random.Random(5))

    assert pairs == draw_pairs(players, rng=random.Random(5))
    assert sorted(player for pair in pairs for player in pair) == players


def test_draw_pairs_odd_count_raises_user_error():
    with pytest.raises(MovementUserError) as raised:
        draw_pairs(_players(7), rng=random.Random(5))

    assert raised.value.field == "players"
