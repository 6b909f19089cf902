"""The N-S stationary movement (Foster's first pair movement, Method B1).

Vocabulary:
    N-S pair     the pair sitting North and South; it never moves. N-S pair n sits at table n.
    E-W pair     the pair sitting East and West; after each stay every E-W pair moves to the next table,
                 the one at the last table to table 1. E-W pairs T+1..2T start at tables 1..T.

After T stays the next move would bring every E-W pair home: each E-W pair has met each N-S pair of its
section exactly once, and E-W pairs never meet each other.
"""

from functools import lru_cache

from .movement import Method, PairMovement, PairTable, Place, PlacedPair
from .sections import check_section_tables


def ns_stationary(tables: int) -> PairMovement:
    """The T stays of a section of ``tables`` tables."""
    return _ns_stationary(check_section_tables(tables))


@lru_cache(maxsize=None)
def _ns_stationary(tables: int) -> PairMovement:
    """Built once per size (at most 30): a movement is immutable and a congress repeats its section sizes."""
    stay = tuple(
        PairTable(table, (PlacedPair(Place.NS, table), PlacedPair(Place.EW, tables + table)))
        for table in range(1, tables + 1)
    )
    stays = [stay]
    for _ in range(tables - 1):
        stays.append(ns_stationary_move(stays[-1]))
    return PairMovement(Method.NS_STATIONARY, tables, tuple(stays))


def ns_stationary_move(stay: tuple[PairTable, ...]) -> tuple[PairTable, ...]:
    """The next stay: each E-W pair goes to the next table, the last table's to table 1."""
    arriving = [stay[-1]] + list(stay[:-1])
    return tuple(
        PairTable(
            here.table,
            (PlacedPair(Place.NS, here.pair_at(Place.NS)), PlacedPair(Place.EW, came.pair_at(Place.EW))),
        )
        for here, came in zip(stay, arriving)
    )
