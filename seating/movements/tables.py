"""How many players sit at each table.

Vocabulary:
    table        players playing Skat together. Any number from three to six may form a table, but only
                 three hold cards in each deal (Foster, law 6); "the best number to form a table is four",
                 and "when there are more than five, it is better to make up two separate tables".
    round        every player at a table deals once (law 7): 4 deals at a table of four, 3 at three, 5 at five.
    odd table    a table of three or five, used only because the count is not a multiple of four.
    table sizes  the rule the count is cut by (``TableSizes``):
                 3-to-5   Foster's rule and the default: as many tables of four as possible; the remainder
                          makes one table of five (4k + 1), one of three (4k + 3) or two of three (4k + 2: a
                          table of six is legal but Foster advises two tables instead). 41 = nine 4s + one 5.
                 3-and-4  today's International Skat Order (ISkO): tables of three or four, never five; the
                          fewest tables of three that seat everyone (13 = 4+3+3+3, 9 = 3+3+3, 14 = 4+4+3+3).
                          Only 1, 2 and 5 players cannot be written as threes and fours; 5 is refused.

``table_sizes`` is the one place that decides how a player count is cut into tables. Under either rule the
tables of four come first and the odd tables last, and there are as few odd tables as the rule allows.
"""

from enum import Enum

from .errors import MovementUserError
from .movement import N_
from .words import Note

MIN_TABLE_SIZE = 3
MAX_TABLE_SIZE = 6
PLAYERS_PER_TABLE = 4
MIN_PLAYERS = MIN_TABLE_SIZE
FOSTER_ROUNDS = 20
""""It is usual to play twenty rounds, or eighty deals" at fixed tables."""


class TableSizes(Enum):
    """The rule a player count is cut into tables by; the value is the key used by forms and the command line."""

    FOSTER = "3-to-5"
    THREES_AND_FOURS = "3-and-4"

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def allowed(self) -> frozenset[int]:
        """The sizes a table may have under this rule."""
        return _ALLOWED[self]


_LABELS = {
    TableSizes.FOSTER: N_("3 to 5 at a table (Foster)"),
    TableSizes.THREES_AND_FOURS: N_("3 or 4 at a table (ISkO)"),
}
_ALLOWED = {TableSizes.FOSTER: frozenset({3, 4, 5}), TableSizes.THREES_AND_FOURS: frozenset({3, 4})}

_ODD_TABLES = {
    TableSizes.FOSTER: {0: (), 1: (5,), 2: (3, 3), 3: (3,)},
    TableSizes.THREES_AND_FOURS: {0: (), 1: (3, 3, 3), 2: (3, 3), 3: (3,)},
}
"""Remainder of players ÷ 4 → the odd tables that absorb it (a 5 takes one player from the fours, each 3 one
seat from them: three 3s are nine players, two fours and one)."""


def check_table_sizes(rule: object, field: str = "table_sizes") -> TableSizes:
    """``rule`` as a ``TableSizes`` (a member or its value), else a user error naming ``field``."""
    try:
        return TableSizes(rule)
    except ValueError:
        choices = ", ".join(member.value for member in TableSizes)
        raise MovementUserError(field, f"unknown table sizes {rule!r}; choose one of {choices}") from None


def table_sizes(players: int, rule: TableSizes = TableSizes.FOSTER) -> tuple[int, ...]:
    """Sizes of the tables for ``players`` players under ``rule``: the fours first, the odd tables last."""
    rule = check_table_sizes(rule)
    if isinstance(players, bool) or not isinstance(players, int):
        raise MovementUserError("players", f"the number of players must be a whole number, got {players!r}")
    if players < MIN_PLAYERS:
        raise MovementUserError("players", Note(lambda w: w.gettext(
            "a table needs at least {least} players; {players} cannot form one").format(least=MIN_PLAYERS,
                                                                                   players=players)))
    odd = _ODD_TABLES[rule][players % PLAYERS_PER_TABLE]
    if sum(odd) > players:
        raise MovementUserError("players", Note(lambda w: w.gettext(
            "under ISkO tables are of three or four, so {players} players cannot be seated; add or remove a "
            "player").format(players=players)))
    fours = (players - sum(odd)) // PLAYERS_PER_TABLE
    return (PLAYERS_PER_TABLE,) * fours + odd


def deals(rounds: int, table_size: int = PLAYERS_PER_TABLE) -> int:
    """Deals played in ``rounds`` rounds at a table of ``table_size`` (a round is one deal per player, law 7)."""
    return rounds * table_size
