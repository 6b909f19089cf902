"""The layout: tables, sections and sit-outs for a player count, before anyone is drawn to a seat.

Vocabulary:
    layout       what the director sees before the draw: how many tables of which size, which tables move in
                 which sections, which stay fixed, how many rounds they play, who (by pair number) sits out.
                 Its stays and deals per table are in ``schedule``.
    table sizes  the rule the count is cut into tables by (``tables.TableSizes``): Foster's 3 to 5 (default)
                 or ISkO's 3 and 4.
    moving table a table of four in a section, its two pairs moving after each stay.
    fixed table  a table whose players stay put all session: every table in the fixed method, and in the pair
                 methods the odd tables that absorb a count the pairs do not fill, or every table when there
                 are too few players to form a section (fewer than four who could move in pairs).
    rounds per stay  (pair methods) rounds played at a moving table before the pairs move. Default: one round
                 a stay up the sides (Foster's own table), near forty deals a section N-S stationary
                 (``sections.suggest_rounds_per_stay``). None when nothing moves.
    fixed rounds rounds played at a fixed table, its one stay: in the fixed method the session's rounds
                 (default Foster's twenty); in a pair method as many rounds as the longest section (rounds per
                 stay × the most stays), or, when nothing moves at all, Foster's twenty unless the director
                 gave a session length.
    remainder    the director's choice for a count the pairs do not fill:
                 extra-tables  the odd tables of ``table_sizes`` (a 5, a 3 or two 3s; under ISkO up to three
                               3s) stay fixed;
                 sit-out       an odd number of pairs gets a phantom pair; whoever is drawn against it sits out
                               that stay (as with a phantom pair in bridge). An odd player count still needs
                               one fixed table of three; 3 players (or Foster's 5) simply make one fixed table.
    phantom pair a pair number that no players fill, in the last of the largest sections. It is always a pair
                 that never moves (the N-S pair at the section's last table, or the pivot at its table 1), so
                 the same table is idle every stay and the pair sitting out waits beside it; every E-W pair
                 (N-S stationary) or every pair (up the sides) sits out exactly once.
    hall table   a table's number in the room: sections take 1, 2, 3... in order, the fixed tables come last.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from .errors import MovementUserError
from .movement import Method, PairMovement
from .notes import fixed_notes, pair_notes
from .ns_stationary import ns_stationary
from .schedule import schedule
from .sections import FOSTER_MAX_MOVING_DEALS, check_sections, even_sections, suggest_rounds_per_stay, suggest_sections
from .tables import FOSTER_ROUNDS, PLAYERS_PER_TABLE, TableSizes, check_table_sizes
from .tables import table_sizes as cut_into_tables
from .up_sides import up_sides_down_middle
from .words import Note

_MOVEMENTS = {Method.NS_STATIONARY: ns_stationary, Method.UP_SIDES: up_sides_down_middle}


def pair_movement(method: Method, tables: int) -> PairMovement:
    """The movement of one section of ``tables`` tables for a pair method."""
    method = _check_enum(Method, method, "method")
    if method not in _MOVEMENTS:
        raise MovementUserError("method", f"{method.label} does not move pairs")
    return _MOVEMENTS[method](tables)


class Remainder(Enum):
    EXTRA_TABLES = "extra-tables"
    SIT_OUT = "sit-out"


@dataclass(frozen=True)
class SectionLayout:
    number: int
    first_table: int
    movement: PairMovement
    phantom: int | None = None

    @property
    def tables(self) -> int:
        return self.movement.tables

    @property
    def stays(self) -> int:
        return len(self.movement.stays)

    @property
    def idle_table(self) -> int | None:
        """The phantom's table (numbered in the section), idle every stay as the phantom never moves; or None."""
        if self.phantom is None:
            return None
        return self.movement.itinerary(self.phantom)[0][0]

    def hall_table(self, table: int) -> int:
        return self.first_table + table - 1

    def sitting_out(self, stay: int) -> int | None:
        """The pair drawn against the phantom in stay ``stay`` (from 1), or None."""
        if self.phantom is None:
            return None
        for table in self.movement.stays[stay - 1]:
            numbers = [placed.pair for placed in table.pairs]
            if self.phantom in numbers:
                return sum(numbers) - self.phantom
        return None


@dataclass(frozen=True)
class Layout:
    """A player count laid out for a method; ``schedule.schedule(layout)`` gives every table's stays and deals.

    ``rounds_per_stay`` is the rounds a moving table plays before the pairs move (None in the fixed method and
    when nothing moves); ``fixed_rounds`` the rounds a fixed table plays in its one stay, the whole session.
    """

    method: Method
    players: int
    table_sizes: TableSizes
    rounds_per_stay: int | None
    fixed_rounds: int
    remainder: Remainder | None
    sections: tuple[SectionLayout, ...]
    fixed_tables: tuple[int, ...]
    notes: tuple[str, ...]

    @property
    def first_fixed_table(self) -> int:
        return 1 + sum(section.tables for section in self.sections)

    @property
    def tables(self) -> int:
        return self.first_fixed_table - 1 + len(self.fixed_tables)

    @property
    def longest_stays(self) -> int:
        """The most stays any section plays (0 when nothing moves)."""
        return max((section.stays for section in self.sections), default=0)


def plan_layout(
    method: Method,
    players: int,
    *,
    remainder: Remainder | None = None,
    sections: Sequence[int] | None = None,
    rounds_per_stay: int | None = None,
    session_rounds: int | None = None,
    table_sizes: TableSizes = TableSizes.FOSTER,
) -> Layout:
    """Lay out ``players`` players for ``method``.

    ``table_sizes`` is the rule the count is cut into tables by (Foster's 3 to 5 by default, or ISkO's 3 and 4,
    which refuses 5 players). ``remainder`` (pair methods only; default extra-tables) says what to do with a
    count the pairs do not fill; ``sections`` is the director's split of the moving tables (default
    ``suggest_sections``). Each of the two lengths, when given, must be a whole number ≥ 1:

    ``rounds_per_stay``  pair methods only: rounds at a table before the pairs move (default one up the sides,
                         near forty deals N-S stationary). Refused in the fixed method, which has no stays.
                         Ignored, with a note, when too few players move to form a section.
    ``session_rounds``   the rounds of a fixed-table session (default Foster's twenty): the fixed method's, or
                         a pair method's when nothing moves. When pairs move, the fixed tables play as long as
                         the longest section, so a session length given is ignored, with a note; it is not
                         refused because the director cannot know before registering whether anyone will move.
    """
    method = _check_enum(Method, method, "method")
    rule = check_table_sizes(table_sizes)
    sizes = cut_into_tables(players, rule)
    rounds_per_stay = _check_rounds(rounds_per_stay, "rounds_per_stay")
    session_rounds = _check_rounds(session_rounds, "session_rounds")
    if method is Method.FIXED:
        if sections is not None:
            raise MovementUserError("sections", Note(lambda w: w.gettext(
                "nobody moves in the fixed method, so it has no sections")))
        if rounds_per_stay is not None:
            raise MovementUserError(
                "rounds_per_stay",
                Note(lambda w: w.gettext(
                    "nobody moves in the fixed method, so it has no stays; give the session's rounds instead")),
            )
        rounds = FOSTER_ROUNDS if session_rounds is None else session_rounds
        layout = Layout(method, players, rule, None, rounds, None, (), sizes, ())
        return replace(layout, notes=fixed_notes(layout, schedule(layout)))
    remainder = _check_enum(Remainder, remainder or Remainder.EXTRA_TABLES, "remainder")
    moving, fixed = _moving_and_fixed(sizes, remainder)
    pairs = moving // 2
    tables = -(-pairs // 2)
    split = suggest_sections(tables) if sections is None else check_sections(sections, tables)
    with_phantom = _phantom_section(split) if pairs % 2 else None
    laid_out, first = [], 1
    for number, size in enumerate(split, start=1):
        movement = pair_movement(method, size)
        phantom = _phantom(method, size) if number == with_phantom else None
        laid_out.append(SectionLayout(number, first, movement, phantom))
        first += size
    longest = max((section.stays for section in laid_out), default=0)
    if not laid_out:  # too few players to move: a fixed-table session
        per_stay, fixed_rounds = None, FOSTER_ROUNDS if session_rounds is None else session_rounds
    else:
        per_stay = rounds_per_stay
        if per_stay is None and method is Method.NS_STATIONARY:  # near forty deals, as Foster's sets of five
            per_stay = suggest_rounds_per_stay(longest)
        elif per_stay is None:  # Foster's own table for up the sides: one round (four deals) a stay
            per_stay = 1
        fixed_rounds = per_stay * longest
    layout = Layout(method, players, rule, per_stay, fixed_rounds, remainder, tuple(laid_out), fixed, ())
    notes = pair_notes(
        layout,
        schedule(layout),
        sit_out=remainder is Remainder.SIT_OUT,
        ignored_rounds_per_stay=rounds_per_stay if not laid_out else None,
        ignored_session_rounds=session_rounds if laid_out else None,
    )
    return replace(layout, notes=notes)


def _check_rounds(rounds: object, field: str) -> int | None:
    if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1):
        raise MovementUserError(field, Note(lambda w: w.gettext(
            "the number of rounds must be a whole number ≥ 1, got {rounds!r}").format(rounds=rounds)))
    return rounds


def _moving_and_fixed(sizes: tuple[int, ...], remainder: Remainder) -> tuple[int, tuple[int, ...]]:
    """(players who move in pairs, sizes of the fixed tables)."""
    players = sum(sizes)
    odd = tuple(size for size in sizes if size != PLAYERS_PER_TABLE)
    if remainder is Remainder.SIT_OUT:
        odd = (3,) if players % 2 else ()
    moving = players - sum(odd)
    if moving < PLAYERS_PER_TABLE:
        return 0, sizes
    return moving, odd


def _phantom_section(split: tuple[int, ...]) -> int:
    """The last of the largest sections: its idle table costs it least, and one table cannot host a phantom."""
    number = max(range(1, len(split) + 1), key=lambda number: (split[number - 1], number))
    if split[number - 1] < 2:
        raise MovementUserError(
            "sections", Note(lambda w: w.gettext(
                "the pairs are odd, so one section needs at least two tables to hold the phantom pair"))
        )
    return number


def _phantom(method: Method, tables: int) -> int:
    return tables if method is Method.NS_STATIONARY else 1


def _check_enum(kind, value, field: str):
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(member.value for member in kind)
        raise MovementUserError(field, f"unknown {field} {value!r}; choose one of {choices}") from None


def longest_moving_deals(layout: Layout) -> int:
    """The most deals any moving table of ``layout`` plays (0 when nothing moves)."""
    return max((table.deals for table in schedule(layout).tables if table.moves), default=0)


def split_within_forty(layout: Layout, *, rounds_per_stay: int | None = None) -> tuple[int, ...] | None:
    """The split of ``layout``'s moving tables that keeps every section within Foster's forty deals, or None.

    None when every section is already within forty deals, or when no split can bring it there (a single stay
    longer than forty deals). Otherwise the split ``suggest_sections`` gives for the largest section size that
    keeps within forty, so the director loses as few meetings as possible. ``rounds_per_stay`` is what the
    director asked for (None: the method's default, which N-S stationary fits to the section's stays).
    """
    if not layout.sections or longest_moving_deals(layout) <= FOSTER_MAX_MOVING_DEALS:
        return None
    moving_tables = sum(section.tables for section in layout.sections)
    largest = max(section.tables for section in layout.sections)
    for most in range(largest - 1, 0, -1):
        # Equal sections first, as ``suggest_sections``; then as even as possible, when equal sections are too
        # small to hold the phantom pair (a phantom needs a section of two tables).
        for split in dict.fromkeys((suggest_sections(moving_tables, most), even_sections(moving_tables, most))):
            try:
                candidate = plan_layout(layout.method, layout.players, remainder=layout.remainder, sections=split,
                                        rounds_per_stay=rounds_per_stay, table_sizes=layout.table_sizes)
            except MovementUserError:
                continue
            if longest_moving_deals(candidate) <= FOSTER_MAX_MOVING_DEALS:
                return split
    return None
