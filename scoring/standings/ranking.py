"""The standings' order: each system's tie rule, then a recorded cut or the lot. The one place ties break.

Vocabulary: see the package docstring. Every output (standings page, live page, exports, the prize list's
"total" and "points" categories) orders players through ``ranking_key`` and ``lot_order``/``settle``, so the
prize list and the standings never contradict each other.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Mapping, Sequence
from itertools import groupby
from operator import attrgetter, itemgetter
from typing import NamedTuple

from scoring.engine.text import N_

from .systems import ScoringSystem, Standing

TIE_WORDS: dict[ScoringSystem, tuple[str, ...]] = {
    # ISkO: the total; ties: more games won, then fewer games lost, then lot.
    ScoringSystem.SEEGER_FABIAN: (N_("more games won"), N_("fewer games lost")),
    # Foster's points prize, the points ranking of the books (McColl's too): net points; ties: more net games.
    ScoringSystem.FOSTER: (N_("more net games"),),
    ScoringSystem.MCCOLL: (N_("more net games"),),
}
"""What each figure of ``ranking_key`` after the total means, in the words of a tie note."""


def ranking_key(standing: Standing, system: ScoringSystem) -> tuple[int, ...]:
    """The system's ranking figures, higher is better: the total first, then the system's tie-breakers."""
    total = standing.total(system)
    if system is ScoringSystem.SEEGER_FABIAN:
        return (total, standing.games_won, -standing.games_lost)
    return (total, standing.net_games)


def lot_order(group: Iterable[int], seed: int) -> list[int]:
    """A tied group in the order of the lot: drawn from the seed and the size of the group, and dealt to the tied
    players in the order of their ids (never in the order they came in), so the same group and seed always give
    the same order. Only the ids' order counts, not their values: a tournament exported and imported again,
    whose players get new ids in the same order, draws the same lot."""
    players = sorted(set(group))
    return [players[i] for i in _lot_positions(seed, len(players))]


@functools.lru_cache(maxsize=256)
def _lot_positions(seed: int, size: int) -> tuple[int, ...]:
    """The lot's order of ``size`` places, drawn once per seed and size: a shuffle moves places, whatever is in
    them, so shuffling the places 0..size-1 and dealing the sorted players to them is the same draw (the hall's
    many tied pairs share one draw)."""
    positions = list(range(size))
    random.Random(f"{seed}:{size}").shuffle(positions)
    return tuple(positions)


def settle(remaining: Iterable[int], recorded: Sequence[int] | None, lot: Sequence[int],
           earlier: Iterable[Sequence[int]] = ()) -> tuple[int, bool]:
    """Who of the still-tied players takes the next place. A recorded cut is the tied players, winner first,
    then the others in the cut's order. The place's own recorded cut decides if it names any of them (its first
    named); else the cut of an earlier place (``earlier``: nearest place first) that names all of them goes on
    in its order; else the first of them in the lot order of their whole tied group (``lot_order``).
    Returns (player, decided by a recorded cut)."""
    left = set(remaining)
    for player in recorded or ():
        if player in left:
            return player, True
    for cut in earlier:
        if left <= set(cut):
            return next(p for p in cut if p in left), True
    return next(p for p in lot if p in left), False


def earlier_cuts(cuts: Mapping[int, Sequence[int]], place: int) -> list[Sequence[int]]:
    """The cuts recorded for the places before ``place``, nearest first (for ``settle``)."""
    return [cuts[q] for q in sorted(cuts, reverse=True) if 0 < q < place]  # as many steps as cuts, not places


class Ranked(NamedTuple):  # a named tuple: made for each of 2,700 players on every reading, and never changed
    """One row of the standings. ``rank`` is shared by players whose ranking figures are all equal (1, 2, 2, 4);
    ``tie_note`` says how his place against the player just above him with the same total was decided (for
    the first of a run of equal totals: against the player below): "more games won", "fewer games lost",
    "more net games", "cut" or "lot (seed N)"; empty when his total is nobody else's."""

    rank: int
    standing: Standing
    tie_note: str = ""


def rank_standings(standings: Mapping[int, Standing] | Iterable[Standing], system: ScoringSystem, *,
                   cuts: Mapping[int, Sequence[int]] | None = None, seed: int = 0) -> list[Ranked]:
    """The standings in ranking order under a system's tie rule.

    ``cuts``: place -> a cut the director recorded for the tie at that place (the tied players, winner first),
    as ``PrizeRules.cuts`` records them for the system's ranking category (``prizes.standings_cuts``).
    Players still tied are ordered place by place by ``settle``; ``seed`` is the one the prize list shows.
    Ties are settled as the prize list settles the same places of that category."""
    rows = sorted(standings.values() if isinstance(standings, Mapping) else standings, key=attrgetter("player"))
    # Best figures first, equal figures by player id: a stable sort keeps the ids' order among equal keys, even
    # reversed (two C-level sorts, no key tuple built per player).
    keyed = [(ranking_key(s, system), s) for s in rows]
    keyed.sort(key=itemgetter(0), reverse=True)
    cuts = cuts or {}
    ordered: list[tuple[tuple[int, ...], Standing, str]] = []
    for key, run in groupby(keyed, key=itemgetter(0)):
        tied = [s for _, s in run]
        if len(tied) == 1:
            ordered.append((key, tied[0], ""))
            continue
        group = {s.player: s for s in tied}
        lot = lot_order(group, seed)
        if not cuts:  # no cut recorded: the lot alone orders the tied group
            ordered.extend((key, group[player], f"lot (seed {seed})") for player in lot)
            continue
        note = ""
        while group:
            place = len(ordered) + 1
            player, by_cut = settle(group, cuts.get(place), lot, earlier_cuts(cuts, place))
            note = "cut" if by_cut else f"lot (seed {seed})" if len(group) > 1 else note
            ordered.append((key, group.pop(player), note))
    return _with_ranks(ordered, system)


def _with_ranks(ordered: list[tuple[tuple[int, ...], Standing, str]], system: ScoringSystem) -> list[Ranked]:
    words = TIE_WORDS[system]
    result = []
    last = len(ordered) - 1
    rank, previous = 0, None
    for n, (key, standing, note) in enumerate(ordered):
        if key != previous:
            rank, previous = n + 1, key
        if not note:  # his total is shared with a neighbour whose figures differ: say which figure decided
            other = ordered[n - 1][0] if n and ordered[n - 1][0][0] == key[0] else (
                ordered[n + 1][0] if n < last and ordered[n + 1][0][0] == key[0] else None)
            if other is not None:
                note = words[next(i for i in range(1, len(key)) if key[i] != other[i]) - 1]
        result.append(Ranked(rank, standing, note))
    return result
