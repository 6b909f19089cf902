"""What the director reads about a layout, in plain sentences.

Vocabulary:
    note         one sentence of a layout's explanation: how the players are cut into tables and sections,
                 which tables stay fixed and how long they play, how many stays and deals each section plays,
                 where the phantom is and who sits out, where a choice goes beyond what Foster advises (more
                 than forty deals when players move), and a length asked for that does not apply.
    figures      every count of rounds, stays and deals in a note is read from the layout's ``schedule``, so the
                 notes, the score sheets and the deal entry cannot disagree.
    Note         a note is a ``str`` in English that can say itself again in another language (``words.Note``):
                 the movements stay pure, never knowing which language a page speaks.
"""

from collections.abc import Sequence

from .errors import MovementFatalError
from .movement import Method
from .sections import FOSTER_MAX_MOVING_DEALS
from .words import Note


def _size_before_table(w, size: int) -> str:
    """The size as it is said joined to "table": "four" in English ("a table of four"), "Vierer" in German
    ("Vierertisch", "an 2 Vierertischen", "am Dreiertisch": "an 2 Tische zu vier" was the wrong case)."""
    return {3: w.pgettext("table size, joined to table", "three"),
            4: w.pgettext("table size, joined to table", "four"),
            5: w.pgettext("table size, joined to table", "five"),
            6: w.pgettext("table size, joined to table", "six")}[size]


def _tables(w, count: int) -> str:
    return w.ngettext("{count} table", "{count} tables", count).format(count=count)


def _rounds(w, count: int) -> str:
    return w.ngettext("{count} round", "{count} rounds", count).format(count=count)


def _describe(w, sizes: Sequence[int], *, at: bool = False) -> str:
    """"2 tables of four and 2 tables of three"; ``at``: said after "at" ("an 2 Vierertischen" in German)."""
    counts = {size: sizes.count(size) for size in sorted(set(sizes), key=lambda s: (s != 4, s))}
    if at:
        parts = [w.npgettext("at tables", "{count} table of {size}", "{count} tables of {size}", count).format(
                 count=count, size=_size_before_table(w, size)) for size, count in counts.items()]
    else:
        parts = [w.ngettext("{count} table of {size}", "{count} tables of {size}", count).format(
                 count=count, size=_size_before_table(w, size)) for size, count in counts.items()]
    return w.gettext(" and ").join(parts) if parts else w.gettext("no tables")


def _fixed_figures(w, tables) -> str:
    """"20 rounds = 80 deals at a table of four, 60 deals at a table of three" for fixed ``TableSchedule``s."""
    by_size = {table.size: table for table in tables}
    rounds = {table.rounds for table in tables}
    if len(rounds) != 1:
        raise MovementFatalError("fixed_rounds", f"fixed tables play different rounds: {sorted(rounds)}")
    deals = ", ".join(
        w.gettext("{deals} deals at a table of {size}").format(deals=by_size[size].deals,
                                                                size=_size_before_table(w, size))
        for size in sorted(by_size, key=lambda s: (s != 4, s))
    )
    return w.gettext("{rounds} = {deals}").format(rounds=_rounds(w, rounds.pop()), deals=deals)


def _where(w, first: int, count: int) -> str:
    last = first + count - 1
    if last == first:
        return w.gettext("Table {number}").format(number=first)
    return w.gettext("Tables {first}-{last}").format(first=first, last=last)


def fixed_notes(layout, schedule) -> tuple[Note, ...]:
    """Notes for the fixed method; ``layout`` is a ``layout.Layout``, ``schedule`` its ``schedule.Schedule``."""
    sizes = layout.fixed_tables
    return (
        Note(lambda w: w.gettext("{players} players at {tables}; nobody moves.").format(
            players=layout.players, tables=_describe(w, sizes, at=True))),
        Note(lambda w: w.ngettext("{count} expert needed, one to control each table.",
                                  "{count} experts needed, one to control each table.", len(sizes)).format(
            count=len(sizes))),
        Note(lambda w: w.gettext("{figures}.").format(figures=_fixed_figures(w, schedule.tables))),
    )


def pair_notes(
    layout, schedule, *, sit_out: bool, ignored_rounds_per_stay=None, ignored_session_rounds=None
) -> tuple[Note, ...]:
    """Notes for a pair method; the ``ignored_`` lengths were asked for but do not apply to this count."""
    method, sections, fixed = layout.method, layout.sections, layout.fixed_tables
    moving_tables = sum(section.tables for section in sections)
    first_fixed = 1 + moving_tables
    notes = [Note(lambda w: w.gettext("{players} players: {moving}, {fixed}.").format(
        players=layout.players,
        moving=w.ngettext("{count} moving table", "{count} moving tables", moving_tables).format(count=moving_tables),
        fixed=w.ngettext("{count} fixed table", "{count} fixed tables", len(fixed)).format(count=len(fixed))))]
    if sections:
        split = ", ".join(str(section.tables) for section in sections)
        notes.append(Note(lambda w: w.ngettext("Movement: {method}; {sections} of {split} table.",
                                               "Movement: {method}; {sections} of {split} tables.",
                                               moving_tables).format(
            method=w.gettext(method.label),
            sections=w.ngettext("{count} section", "{count} sections", len(sections)).format(count=len(sections)),
            split=split)))
    fixed_tables = [table for table in schedule.tables if not table.moves]
    if fixed and sections:
        notes.append(Note(lambda w: w.gettext(
            "{where}: {tables}, fixed; their players do not move and play {figures}, as long as the longest "
            "section.").format(where=_where(w, first_fixed, len(fixed)), tables=_describe(w, fixed),
                               figures=_fixed_figures(w, fixed_tables))))
    elif fixed:
        notes.append(Note(lambda w: w.gettext(
            "{where}: {tables}, fixed; too few players to move in pairs, so nobody moves: {figures}.").format(
            where=_where(w, first_fixed, len(fixed)), tables=_describe(w, fixed),
            figures=_fixed_figures(w, fixed_tables))))
    for section in sections:
        notes.append(_section_note(section, schedule.table(section.first_table)))
        if section.phantom is not None:
            notes.append(_phantom_note(section, method))
    longest = max((section.stays for section in sections), default=0)
    for section in sections:
        if section.stays < longest:
            notes.append(Note(lambda w, section=section: w.gettext(
                "Section {number} has {stays} stays and finishes before the longest ({longest}).").format(
                number=section.number, stays=section.stays, longest=longest)))
    if sit_out and not any(section.phantom for section in sections) and not fixed:
        notes.append(Note(lambda w: w.gettext("The pairs fill every table; nobody sits out.")))
    if ignored_rounds_per_stay is not None:
        notes.append(Note(lambda w: w.gettext(
            "Nobody moves, so the rounds a stay asked for ({rounds}) do not apply.").format(
            rounds=ignored_rounds_per_stay)))
    if ignored_session_rounds is not None:
        notes.append(Note(lambda w: w.gettext(
            "The session length asked for ({asked}) applies only when nobody moves; here the pairs move and the "
            "session lasts as long as the longest section ({longest}).").format(
            asked=_rounds(w, ignored_session_rounds), longest=_rounds(w, layout.fixed_rounds))))
    return tuple(notes)


def _section_note(section, table) -> Note:
    def say(w):
        note = w.gettext("Section {number}: {tables}, {stays} of {rounds} ({per_stay} deals), {deals} deals in "
                         "all.").format(
            number=section.number, tables=_tables(w, section.tables),
            stays=w.ngettext("{count} stay", "{count} stays", table.stays).format(count=table.stays),
            rounds=_rounds(w, table.rounds_per_stay), per_stay=table.deals_per_stay, deals=table.deals)
        if table.deals > FOSTER_MAX_MOVING_DEALS:
            note += " " + w.gettext("Foster allows at most {most} deals when players move.").format(
                most=FOSTER_MAX_MOVING_DEALS)
        return note
    return Note(say)


def _phantom_note(section, method) -> Note:
    idle = section.hall_table(section.idle_table)

    def say(w):
        if method is Method.NS_STATIONARY:
            text = w.gettext("Section {number}: pair {phantom} is a phantom; table {idle} is idle and the pair "
                             "drawn against the phantom sits out (each E-W pair once).")
        else:
            text = w.gettext("Section {number}: pair {phantom} is a phantom; table {idle} is idle and the pair "
                             "drawn against the phantom sits out (each pair once).")
        return text.format(number=section.number, phantom=section.phantom, idle=idle)
    return Note(say)
