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
from .words import Note

FOSTER_SECTION_TABLES = 10
FOSTER_MAX_MOVING_DEALS = 40
MAX_SECTION_TABLES = 30
"""Hard limit for one section: 30 tables are already 30 stays (N-S) or 59 stays (up the sides)."""


def check_section_tables(tables: object, field: str = "tables") -> int:
    """``tables`` if it is a possible section size, else a user error naming ``field``."""
    if isinstance(tables, bool) or not isinstance(tables, int):
        raise MovementUserError(field, f"a section's tables must be a whole number, got {tables!r}")
    if not 1 <= tables <= MAX_SECTION_TABLES:
        raise MovementUserError(field, Note(lambda w: w.gettext(
            "a section has 1 to {most} tables, got {tables}; split the tables into sections").format(
            most=MAX_SECTION_TABLES, tables=tables)))
    return tables


def suggest_sections(tables: int, max_tables: int = FOSTER_SECTION_TABLES) -> tuple[int, ...]:
    """The suggested split: equal sections if a few more sections allow it, else as even as possible.

    Foster's fifteen tables are "three sets of five each", not eight and seven: sections of one size play
    the same number of stays and finish together. So the fewest sections of at most ``max_tables`` that
    are all the same size win, as long as they are no more than twice the fewest possible; otherwise the
    fewest sections, as even as possible, larger first. 15 → (5, 5, 5); 23 → (8, 8, 7);
    675 tables (Chicago 1907) → seventy-five 9s; 0 tables → ().
    """
    check_section_tables(max_tables, "max_tables")
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 0:
        raise MovementUserError("tables", f"the number of tables must be a whole number ≥ 0, got {tables!r}")
    fewest = -(-tables // max_tables)
    if fewest == 0:
        return ()
    for count in range(fewest, 2 * fewest + 1):
        if tables % count == 0:
            return (tables // count,) * count
    return even_sections(tables, max_tables)


def even_sections(tables: int, max_tables: int) -> tuple[int, ...]:
    """The fewest sections of at most ``max_tables``, as even as possible, larger first: 23, 10 → (8, 8, 7)."""
    fewest = -(-tables // max_tables)
    if fewest == 0:
        return ()
    size, larger = divmod(tables, fewest)
    return (size + 1,) * larger + (size,) * (fewest - larger)


def suggest_rounds_per_stay(stays: int) -> int:
    """Rounds a stay so the session comes near Foster's forty deals without passing them (at least one).

    Five tables N-S stationary: five stays of two rounds = 40 deals, as Foster's three sets of five.
    """
    return max(1, FOSTER_MAX_MOVING_DEALS // (4 * max(1, stays)))


def check_sections(split: Sequence[int], tables: int) -> tuple[int, ...]:
    """The director's ``split`` as a tuple, if it seats exactly ``tables`` tables in possible sections."""
    split = tuple(split)
    for size in split:
        check_section_tables(size, "sections")
    if sum(split) != tables:
        held = sum(split)
        raise MovementUserError("sections", Note(lambda w: w.gettext(
            "the sections hold {held} tables but the plan has {tables} moving tables").format(held=held,
                                                                                        tables=tables)))
    return split
