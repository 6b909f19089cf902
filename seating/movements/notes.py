"""What the director reads about a layout, in plain sentences.

Vocabulary:
    note         one sentence of a layout's explanation: how the players are cut into tables and sections,
                 which tables stay fixed, how many stays and deals each section plays, where the phantom is and
                 who sits out, and where a choice goes beyond what Foster advises (more than forty deals).
"""

from collections.abc import Sequence

from .movement import Method
from .sections import FOSTER_MAX_MOVING_DEALS
from .tables import PLAYERS_PER_TABLE


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"


def _describe(sizes: Sequence[int]) -> str:
    words = {3: "three", 4: "four", 5: "five", 6: "six"}
    counts = {size: sizes.count(size) for size in sorted(set(sizes), key=lambda s: (s != 4, s))}
    parts = [f"{_count(count, 'table')} of {words[size]}" for size, count in counts.items()]
    return " and ".join(parts) if parts else "no tables"


def fixed_notes(players: int, sizes: Sequence[int], rounds: int) -> tuple[str, ...]:
    return (
        f"{players} players at {_describe(sizes)}; nobody moves.",
        f"{len(sizes)} experts needed, one to control each table.",
        f"{rounds} rounds = {rounds * PLAYERS_PER_TABLE} deals at a table of four.",
    )


def pair_notes(method: Method, players: int, rounds: int, sections, fixed, *, sit_out: bool) -> tuple[str, ...]:
    """``sections`` are ``layout.SectionLayout``s, ``fixed`` the fixed tables' sizes."""
    moving_tables = sum(section.tables for section in sections)
    first_fixed = 1 + moving_tables
    notes = [f"{players} players: {_count(moving_tables, 'moving table')}, {_count(len(fixed), 'fixed table')}."]
    if sections:
        split = ", ".join(str(section.tables) for section in sections)
        notes.append(f"Movement: {method.label}; {_count(len(sections), 'section')} of {split} tables.")
    if fixed:
        last = first_fixed + len(fixed) - 1
        where = f"Table {first_fixed}" if last == first_fixed else f"Tables {first_fixed}-{last}"
        notes.append(f"{where}: {_describe(fixed)}, fixed; their players do not move.")
    for section in sections:
        deals = section.stays * rounds * PLAYERS_PER_TABLE
        note = f"Section {section.number}: {section.tables} tables, {section.stays} stays, {deals} deals."
        if deals > FOSTER_MAX_MOVING_DEALS:
            note += f" Foster allows at most {FOSTER_MAX_MOVING_DEALS} deals when players move."
        notes.append(note)
        if section.phantom is not None:
            idle = section.hall_table(section.movement.itinerary(section.phantom)[0][0])
            who = "each E-W pair" if method is Method.NS_STATIONARY else "each pair"
            notes.append(
                f"Section {section.number}: pair {section.phantom} is a phantom; table {idle} is idle and"
                f" the pair drawn against the phantom sits out ({who} once)."
            )
    longest = max((section.stays for section in sections), default=0)
    for section in sections:
        if section.stays < longest:
            notes.append(
                f"Section {section.number} has {section.stays} stays and finishes before the longest ({longest})."
            )
    if sit_out and not any(section.phantom for section in sections) and not fixed:
        notes.append("The pairs fill every table; nobody sits out.")
    return tuple(notes)
