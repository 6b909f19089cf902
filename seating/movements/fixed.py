"""Fixed tables with controllers (Foster's first method, Method A).

Vocabulary:
    controller   the expert drawn to a table: "the official score keeper and umpire" there. He sits in seat 1.
    lot          what the experts draw so that each controls a different table: the expert drawing lot n
                 controls table n.
    ballot       what the other players draw: as many ballots numbered n as table n has other seats
                 (three at a table of four), so "those who draw the same numbers sit at the same table".
    seat         places at a table, numbered from 1 clockwise; ballot holders sit in the order they drew.

Nobody moves for the whole session; the agreed number of rounds (usually twenty = eighty deals at a table
of four) is played at every table.
"""

import random
from collections.abc import Collection, Sequence

from .errors import MovementFatalError
from .plan import SeatedTable
from .players import PlayerId, check_experts


def draw_fixed_tables(
    sizes: Sequence[int],
    players: Sequence[PlayerId],
    experts: Collection[PlayerId],
    *,
    rng: random.Random,
    first_table: int = 1,
) -> tuple[SeatedTable, ...]:
    """Seat ``players`` at tables of ``sizes`` (numbered from ``first_table``) by lots and ballots.

    ``players`` must already be checked for duplicates; ``experts`` must hold one player per table.
    """
    if sum(sizes) != len(players):
        raise MovementFatalError("sizes", f"tables for {sum(sizes)} players, but {len(players)} to seat")
    lots = list(check_experts(experts, players, len(sizes)))
    rng.shuffle(lots)
    controllers = set(lots)
    others = [player for player in players if player not in controllers]
    ballots = [number for number, size in enumerate(sizes) for _ in range(size - 1)]
    rng.shuffle(ballots)
    holders: list[list[PlayerId]] = [[] for _ in sizes]
    for player, ballot in zip(others, ballots):
        holders[ballot].append(player)
    return tuple(
        SeatedTable(first_table + number, (controller, *holders[number]), controller=controller)
        for number, controller in enumerate(lots)
    )
