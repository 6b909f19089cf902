"""The layout: tables, sections and sit-outs for a player count, before anyone is drawn to a seat.

Vocabulary:
    layout       what the director sees before the draw: how many tables of which size, which tables move in
                 which sections, which stay fixed, how many stays and deals, who (by pair number) sits out.
    moving table a table of four in a section, its two pairs moving after each stay.
    fixed table  a table whose players stay put all session: every table in the fixed method, and in the pair
                 methods the odd tables of three or five that absorb a count the pairs do not fill.
    remainder    the director's choice for a count the pairs do not fill:
                 extra-tables  the odd tables of ``table_sizes`` (a 5, a 3 or two 3s) stay fixed;
                 sit-out       an odd number of pairs gets a phantom pair; whoever is drawn against it sits out
                               that stay (as with a phantom pair in bridge). An odd player count still needs
                               one fixed table of three; 3 or 5 players simply make one fixed table.
    phantom pair a pair number that no players fill, in the last of the largest sections. It is always a pair
                 that never moves (the N-S pair at the section's last table, or the pivot at its table 1), so
                 the same table is idle every stay and the pair sitting out waits beside it; every E-W pair
                 (N-S stationary) or every pair (up the sides) sits out exactly once.
    hall table   a table's number in the room: sections take 1, 2, 3... in order, the fixed tables come last.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .errors import MovementUserError
from .movement import Method, PairMovement
from .notes import fixed_notes, pair_notes
from .ns_stationary import ns_stationary
from .sections import check_sections, suggest_rounds_per_stay, suggest_sections
from .tables import FOSTER_ROUNDS, PLAYERS_PER_TABLE, table_sizes
from .up_sides import up_sides_down_middle

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
    """``rounds`` is per stay for the pair methods and for the whole session in the fixed method."""

    method: Method
    players: int
    rounds: int
    remainder: Remainder | None
    sections: tuple[SectionLayout, ...]
    fixed_tables: tuple[int, ...]
    notes: tuple[str, ...]

    @property
    def moving_players(self) -> int:
        return self.players - sum(self.fixed_tables)

    @property
    def first_fixed_table(self) -> int:
        return 1 + sum(section.tables for section in self.sections)

    @property
    def tables(self) -> int:
        return self.first_fixed_table - 1 + len(self.fixed_tables)


def plan_layout(
    method: Method,
    players: int,
    *,
    remainder: Remainder | None = None,
    sections: Sequence[int] | None = None,
    rounds: int | None = None,
) -> Layout:
    """Lay out ``players`` players for ``method``.

    ``remainder`` (pair methods only; default extra-tables) says what to do with a count the pairs do not
    fill; ``sections`` is the director's split of the moving tables (default ``suggest_sections``);
    ``rounds`` defaults to 20 for the fixed method and 1 per stay for the pair methods.
    """
    method = _check_enum(Method, method, "method")
    sizes = table_sizes(players)
    if rounds is None and method is Method.FIXED:
        rounds = FOSTER_ROUNDS
    if rounds is not None and ( isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1):
        raise MovementUserError("rounds", f"the number of rounds must be a whole number ≥ 1, got {rounds!r}")
    if method is Method.FIXED:
        if sections is not None:
            raise MovementUserError("sections", "nobody moves in the fixed method, so it has no sections")
        return Layout(method, players, rounds, None, (), sizes, fixed_notes(players, sizes, rounds))
    remainder = _check_enum(Remainder, remainder or Remainder.EXTRA_TABLES, "remainder")
    moving, fixed = _moving_and_fixed(sizes, remainder)
    pairs = moving // 2
    tables = -(-pairs // 2)
    split = suggest_sections(tables) if sections is None else check_sections(sections, tables)
    if rounds is None and method is Method.NS_STATIONARY:  # come near forty deals, as Foster's sets of five
        longest = max((len(pair_movement(method, size).stays) for size in split), default=1)
        rounds = suggest_rounds_per_stay(longest)
    elif rounds is None:  # Foster's own table for up the sides: one round (four deals) a stay
        rounds = 1
    with_phantom = _phantom_section(split) if pairs % 2 else None
    laid_out, first = [], 1
    for number, size in enumerate(split, start=1):
        movement = pair_movement(method, size)
        phantom = _phantom(method, size) if number == with_phantom else None
        laid_out.append(SectionLayout(number, first, movement, phantom))
        first += size
    notes = pair_notes(method, players, rounds, laid_out, fixed, sit_out=remainder is Remainder.SIT_OUT)
    return Layout(method, players, rounds, remainder, tuple(laid_out), fixed, notes)


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
            "sections", "the pairs are odd, so one section needs at least two tables to hold the phantom pair"
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
