"""N-S stationary: N-S pairs stay, E-W pairs move one table on; each E-W meets each N-S once."""

from collections import Counter

import pytest

from seating.movements import Method, Place, meeting_counts, ns_stationary, ns_stationary_move

TABLE_COUNTS = range(1, 31)


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_ns_stationary_every_pair_seated_once_in_every_stay(tables):
    movement = ns_stationary(tables)

    assert len(movement.stays) == tables
    for stay in movement.stays:
        assert [table.table for table in stay] == list(range(1, tables + 1))
        assert sorted(placed.pair for table in stay for placed in table.pairs) == list(range(1, 2 * tables + 1))


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_ns_stationary_each_ew_pair_meets_each_ns_pair_once(tables):
    movement = ns_stationary(tables)
    expected = Counter({(ns, ew): 1 for ns in range(1, tables + 1) for ew in range(tables + 1, 2 * tables + 1)})

    assert meeting_counts(movement) == expected


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_ns_stationary_ns_pair_n_stays_at_table_n(tables):
    movement = ns_stationary(tables)

    for pair in range(1, tables + 1):
        assert movement.itinerary(pair) == ((pair, Place.NS),) * tables


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_ns_stationary_ew_pairs_move_to_next_table_last_to_first(tables):
    movement = ns_stationary(tables)

    for start in range(1, tables + 1):
        card = movement.itinerary(tables + start)
        assert [table for table, _ in card] == [(start - 1 + stay) % tables + 1 for stay in range(tables)]
        assert {place for _, place in card} == {Place.EW}


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_ns_stationary_one_more_move_brings_ew_pairs_home(tables):
    movement = ns_stationary(tables)

    assert ns_stationary_move(movement.stays[-1]) == movement.stays[0]


def test_ns_stationary_three_tables_golden():
    movement = ns_stationary(3)

    assert movement.method is Method.NS_STATIONARY
    assert [[table.as_dict() for table in stay] for stay in movement.stays] == [
        [{"table": 1, "ns": 1, "ew": 4}, {"table": 2, "ns": 2, "ew": 5}, {"table": 3, "ns": 3, "ew": 6}],
        [{"table": 1, "ns": 1, "ew": 6}, {"table": 2, "ns": 2, "ew": 4}, {"table": 3, "ns": 3, "ew": 5}],
        [{"table": 1, "ns": 1, "ew": 5}, {"table": 2, "ns": 2, "ew": 6}, {"table": 3, "ns": 3, "ew": 4}],
    ]
