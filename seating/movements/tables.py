"""How many players sit at each table.

Vocabulary:
    table        players playing Skat together. Any number from three to six may form a table, but only
                 three hold cards in each deal (Foster, law 6); "the best number to form a table is four",
                 and "when there are more than five, it is better to make up two separate tables".
    round        every player at a table deals once: 4 deals at a table of four, 3 at three, 5 at five.
    odd table    a table of three or five, used only because the count is not a multiple of four.

``table_sizes`` is the one place that decides how a player count is cut into tables: as many tables of
four as possible; the remainder makes one table of five (4k + 1), one of three (4k + 3), or two of three
(4k + 2: a table of six is legal but Foster advises two tables instead). So 41 players are nine 4s + one 5.
"""

from .errors import MovementUserError

MIN_TABLE_SIZE = 3
MAX_TABLE_SIZE = 6
PLAYERS_PER_TABLE = 4
MIN_PLAYERS = MIN_TABLE_SIZE
FOSTER_ROUNDS = 20
""""It is usual to play twenty rounds, or eighty deals" at fixed tables."""

_ODD_TABLES = {0: (), 1: (5,), 2: (3, 3), 3: (3,)}
"""Remainder of players ÷ 4 → the odd tables that absorb it (each 5 uses one table of four)."""


def table_sizes(players: int) -> tuple[int, ...]:
    """Sizes of the tables for ``players`` players: the fours first, the odd tables last."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise MovementUserError("players", f"the number of players must be a whole number, got {players!r}")
    if players < MIN_PLAYERS:
        raise MovementUserError(
            "players", f"a table needs at least {MIN_PLAYERS} players; {players} cannot form one"
        )
    odd = _ODD_TABLES[players % PLAYERS_PER_TABLE]
    fours = (players - sum(odd)) // PLAYERS_PER_TABLE
    return (PLAYERS_PER_TABLE,) * fours + odd


def deals(rounds: int, table_size: int = PLAYERS_PER_TABLE) -> int:
    """Deals played in ``rounds`` rounds at a table of ``table_size`` (a round is one deal per player)."""
    return rounds * table_size
