"""What the director reads about a layout, in plain sentences.

Vocabulary:
    note         one sentence of a layout's explanation: how the players are cut into tables and sections,
                 which tables stay fixed and how long they play, how many stays and deals each section plays,
                 where the phantom is and who sits out, where a choice goes beyond what Foster advises (more
                 than forty deals when players move), and a length asked for that does not apply.
    figures      every count of rounds, stays and deals in a note is read from the layout's ``schedule``, so the
                 notes, the score sheets and the deal entry cannot disagree.
"""

from collections.abc import Sequence

from .errors import MovementFatalError
from .movement import Method
from .sections import FOSTER_MAX_MOVING_DEALS

_WORDS = {3: "three", 4: "four", 5: "five", 6: "six"}


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"


def _describe(sizes: Sequence[int]) -> str:
    counts = {size: sizes.count(size) for size in sorted(set(sizes), key=lambda s: (s != 4, s))}
    parts = [f"{_count(count, 'table')} of {_WORDS[size]}" for size, count in counts.items()]
    return " and ".join(parts) if parts else "no tables"


def _fixed_figures(tables) -> str:
    """"20 rounds = 80 deals at a table of four, 60 deals at a table of three" for fixed ``TableSchedule``s."""
    by_size = {table.size: table for table in tables}
    rounds = {table.rounds for table in tables}
    if len(rounds) != 1:
        raise MovementFatalError("fixed_rounds", f"fixed tables play different rounds: {sorted(rounds)}")
    deals = ", ".join(
        f"{by_size[size].deals} deals at a table of {_WORDS[size]}"
        for size in sorted(by_size, key=lambda s: (s != 4, s))
    )
    return f"{_count(rounds.pop(), 'round')} = {deals}"


def _where(first: int, count: int) -> str:
    last = first + count - 1
    return f"Table {first}" if last == first else f"Tables {first}-{last}"


def fixed_notes(layout, schedule) -> tuple[str, ...]:
    """Notes for the fixed method; ``layout`` is a ``layout.Layout``, ``schedule`` its ``schedule.Schedule``."""
    sizes = layout.fixed_tables
    return (
        f"{layout.players} players at {_describe(sizes)}; nobody moves.",
        f"{_count(len(sizes), 'expert')} needed, one to control each table.",
        f"{_fixed_figures(schedule.tables)}.",
    )


def pair_notes(
    layout, schedule, *, sit_out: bool, ignored_rounds_per_stay=None, ignored_session_rounds=None
) -> tuple[str, ...]:
    """Notes for a pair method; the ``ignored_`` lengths were asked for but do not apply to this count."""
    method, sections, fixed = layout.method, layout.sections, layout.fixed_tables
    moving_tables = sum(section.tables for section in sections)
    first_fixed = 1 + moving_tables
    notes = [
        f"{layout.players} players: {_count(moving_tables, 'moving table')}, {_count(len(fixed), 'fixed table')}."
    ]
    if sections:
        split = ", ".join(str(section.tables) for section in sections)
        tables = "table" if moving_tables == 1 else "tables"
        notes.append(f"Movement: {method.label}; {_count(len(sections), 'section')} of {split} {tables}.")
    fixed_tables = [table for table in schedule.tables if not table.moves]
    if fixed and sections:
        notes.append(
            f"{_where(first_fixed, len(fixed))}: {_describe(fixed)}, fixed; their players do not move and play"
            f" {_fixed_figures(fixed_tables)}, as long as the longest section."
        )
    elif fixed:
        notes.append(
            f"{_where(first_fixed, len(fixed))}: {_describe(fixed)}, fixed; too few players to move in pairs, so"
            f" nobody moves: {_fixed_figures(fixed_tables)}."
        )
    for section in sections:
        table = schedule.table(section.first_table)
        note = (
            f"Section {section.number}: {_count(section.tables, 'table')}, {_count(table.stays, 'stay')} of"
            f" {_count(table.rounds_per_stay, 'round')} ({table.deals_per_stay} deals), {table.deals} deals in all."
        )
        if table.deals > FOSTER_MAX_MOVING_DEALS:
            note += f" Foster allows at most {FOSTER_MAX_MOVING_DEALS} deals when players move."
        notes.append(note)
        if section.phantom is not None:
            idle = section.hall_table(section.idle_table)
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
    if ignored_rounds_per_stay is not None:
        notes.append(f"Nobody moves, so the rounds a stay asked for ({ignored_rounds_per_stay}) do not apply.")
    if ignored_session_rounds is not None:
        notes.append(
            f"The session length asked for ({_count(ignored_session_rounds, 'round')}) applies only when nobody"
            f" moves; here the pairs move and the session lasts as long as the longest section"
            f" ({_count(layout.fixed_rounds, 'round')})."
        )
    return tuple(notes)
