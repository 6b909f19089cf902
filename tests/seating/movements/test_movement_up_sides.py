""""Up the sides and down the middle": Foster's example, his table, and a round robin for every size."""

from itertools import combinations

import pytest

from seating.movements import (
    Method,
    Place,
    meeting_counts,
    plan_layout,
    schedule,
    up_sides_down_middle,
    up_sides_move,
)

TABLE_COUNTS = range(1, 31)
A, B, C, D, E, F = 1, 2, 3, 4, 5, 6


def _seating(stay):
    return {table.table: (table.pair_at(Place.MIDDLE), table.pair_at(Place.SIDE)) for table in stay}


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_up_sides_every_pair_seated_once_in_every_stay(tables):
    movement = up_sides_down_middle(tables)

    assert len(movement.stays) == 2 * tables - 1
    for stay in movement.stays:
        assert [table.table for table in stay] == list(range(1, tables + 1))
        assert sorted(placed.pair for table in stay for placed in table.pairs) == list(range(1, 2 * tables + 1))


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_up_sides_every_pair_meets_every_other_pair_exactly_once(tables):
    movement = up_sides_down_middle(tables)

    counts = meeting_counts(movement)

    assert set(counts) == set(combinations(range(1, 2 * tables + 1), 2))
    assert set(counts.values()) == {1}


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_up_sides_pivot_never_moves(tables):
    assert up_sides_down_middle(tables).itinerary(1) == ((1, Place.MIDDLE),) * (2 * tables - 1)


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_up_sides_another_move_restores_the_start(tables):
    movement = up_sides_down_middle(tables)

    assert up_sides_move(movement.stays[-1]) == movement.stays[0]


@pytest.mark.parametrize("tables", range(2, 31))
def test_up_sides_each_move_follows_fosters_rules(tables):
    movement = up_sides_down_middle(tables)

    for before, after in zip(movement.stays, movement.stays[1:]):
        was, now = _seating(before), _seating(after)
        assert now[1][0] == was[1][0]
        for table in range(2, tables + 1):
            assert now[table - 1][1] == was[table][1]
        assert now[2][0] == was[1][1]
        for table in range(2, tables):
            assert now[table + 1][0] == was[table][0]
        assert now[tables][1] == was[tables][0]


def test_up_sides_fosters_three_tables_start():
    movement = up_sides_down_middle(3)

    assert _seating(movement.stays[0]) == {1: (A, F), 2: (B, E), 3: (C, D)}


def test_up_sides_fosters_three_tables_after_the_first_move():
    after = _seating(up_sides_down_middle(3).stays[1])

    assert after[1] == (A, E)
    assert after[2][1] == D
    assert after[3][0] == B
    assert after[2][0] == F
    assert after[3][1] == C


def test_up_sides_three_tables_golden_json():
    movement = up_sides_down_middle(3)

    assert movement.method is Method.UP_SIDES
    assert [table.as_dict() for table in movement.stays[1]] == [
        {"table": 1, "middle": 1, "side": 5},
        {"table": 2, "middle": 6, "side": 4},
        {"table": 3, "middle": 2, "side": 3},
    ]


@pytest.mark.parametrize(
    "players, tables, rounds, deals",
    [(12, 3, 5, 20), (16, 4, 7, 28), (20, 5, 9, 36), (24, 6, 11, 44), (28, 7, 13, 52), (32, 8, 15, 60)],
)
def test_up_sides_fosters_table_of_players_tables_rounds_deals(players, tables, rounds, deals):
    layout = plan_layout(Method.UP_SIDES, players)

    (section,) = layout.sections
    assert (section.tables, section.stays, layout.rounds_per_stay) == (tables, rounds, 1)
    assert {(table.stays, table.deals) for table in schedule(layout).tables} == {(rounds, deals)}
    assert layout.fixed_tables == ()
