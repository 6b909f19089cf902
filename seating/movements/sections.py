"""Cutting the moving tables into sections.

Vocabulary:
    section      a group of tables whose pairs move among themselves only; its tables are numbered
                 1..T inside the section (table 1 of every section is where its movement turns).
    split        the sizes of the sections, e.g. (5, 5, 5) for fifteen tables.
    stay         the round or rounds a pair plays at one table before moving; a section of T tables
                 plays T stays (N-S stationary) or 2T - 1 stays (up the sides and down the middle).

Foster: "No section should contain more than ten tables, which will permit of forty deals, because there
is not time to play more than forty deals in any form of the game in which the players move." Ten is
therefore the limit ``suggest_sections`` works to. The director may choose another split (his fifteen
tables are "three sets of five each" with two rounds a stay, which ``suggest_sections(15, max_tables=5)``
gives); any section from 1 to ``MAX_SECTION_TABLES`` tables can be generated.
"""

from collections.abc import Sequence

from .errors import MovementUserError

FOSTER_SECTION_TABLES = 10
FOSTER_MAX_MOVING_DEALS = 40
MAX_SECTION_TABLES = 30
"""Hard limit for one section: 30 tables are already 30 stays (N-S) or 59 stays (up the sides)."""


def check_section_tables(tables: object, field: str = "tables") -> int:
    """``tables`` if it is a possible section size, else a user error naming ``field``."""
    if isinstance(tables, bool) or not isinstance(tables, int):
        raise MovementUserError(field, f"a section's tables must be a whole number, got {tables!r}")
    if not 1 <= tables <= MAX_SECTION_TABLES:
        raise MovementUserError(
            field, f"a section has 1 to {MAX_SECTION_TABLES} tables, got {tables}; split the tables into sections"
        )
    return tables


def suggest_sections(tables: int, max_tables: int = FOSTER_SECTION_TABLES) -> tuple[int, ...]:
    """The fewest sections of at most ``max_tables``, as even as possible, larger sections first.

    23 tables → (8, 8, 7); 675 tables → sixty-three 10s and five 9s; 0 tables → ().
    """
    check_section_tables(max_tables, "max_tables")
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 0:
        raise MovementUserError("tables", f"the number of tables must be a whole number ≥ 0, got {tables!r}")
    count = -(-tables // max_tables)
    if count == 0:
        return ()
    size, larger = divmod(tables, count)
    return (size + 1,) * larger + (size,) * (count - larger)


def check_sections(split: Sequence[int], tables: int) -> tuple[int, ...]:
    """The director's ``split`` as a tuple, if it seats exactly ``tables`` tables in possible sections."""
    split = tuple(split)
    for size in split:
        check_section_tables(size, "sections")
    if sum(split) != tables:
        raise MovementUserError(
            "sections", f"the sections hold {sum(split)} tables but the plan has {tables} moving tables"
        )
    return split
