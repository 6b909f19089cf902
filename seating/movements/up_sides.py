""""Up the sides and down the middle" (Foster's better pair movement, Method B2).

Vocabulary:
    middle       the place along the row of tables (Foster's A-A at table 1, B-B at 2, C-C at 3).
    side         the place across the row (his F-F at table 1, E-E at 2, D-D at 3).
    pivot        the middle pair at table 1; it never moves, and every other pair comes up to it in turn.
    up / down    toward table 1 / toward the last table of the section.

Numbering follows Foster's diagram: pairs 1..T start in the middle of tables 1..T (A, B, C) and pairs
T+1..2T on the sides of tables T..1 (D at table 3, E at 2, F at 1 when T = 3). After each stay the side
pairs move up one table; the side pair at table 1 takes the middle place at table 2; the middle pairs except
the pivot move down one table; the middle pair at the last table turns onto the side place there.

Why every pair meets every other exactly once, for any T: the 2T - 1 moving places form one circuit
(sides T..1, then middles 2..T) around which every moving pair steps one place per stay. Table t ≥ 2 joins
two places 2(t - 1) steps apart on that circuit; as 2T - 1 is odd, the steps ±2, ±4 ... ±2(T - 1) are all
different modulo 2T - 1 and cover every non-zero step once, so in 2T - 1 stays each two moving pairs share a
table exactly once, while each moving pair reaches the side place at table 1, opposite the pivot, once.
(This is the "circle method" of round-robin scheduling.) The tests check it for T = 1..30.
"""

from functools import lru_cache

from .movement import Method, PairMovement, PairTable, Place, PlacedPair
from .sections import check_section_tables


def up_sides_down_middle(tables: int) -> PairMovement:
    """The 2T - 1 stays of a section of ``tables`` tables."""
    return _up_sides_down_middle(check_section_tables(tables))


@lru_cache(maxsize=None)
def _up_sides_down_middle(tables: int) -> PairMovement:
    """Built once per size (at most 30): a movement is immutable and a congress repeats its section sizes."""
    stay = tuple(
        PairTable(table, (PlacedPair(Place.MIDDLE, table), PlacedPair(Place.SIDE, 2 * tables + 1 - table)))
        for table in range(1, tables + 1)
    )
    stays = [stay]
    for _ in range(2 * tables - 2):
        stays.append(up_sides_move(stays[-1]))
    return PairMovement(Method.UP_SIDES, tables, tuple(stays))


def up_sides_move(stay: tuple[PairTable, ...]) -> tuple[PairTable, ...]:
    """The next stay, moving each pair exactly as Foster describes."""
    last = len(stay)
    middle = {table.table: table.pair_at(Place.MIDDLE) for table in stay}
    side = {table.table: table.pair_at(Place.SIDE) for table in stay}
    new_middle, new_side = {1: middle[1]}, {}
    for table in range(2, last + 1):
        new_side[table - 1] = side[table]
    if last == 1:
        new_side[1] = side[1]
    else:
        new_middle[2] = side[1]
        for table in range(2, last):
            new_middle[table + 1] = middle[table]
        new_side[last] = middle[last]
    return tuple(
        PairTable(table, (PlacedPair(Place.MIDDLE, new_middle[table]), PlacedPair(Place.SIDE, new_side[table])))
        for table in range(1, last + 1)
    )
