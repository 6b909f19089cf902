"""Legal bids, and every value a game can be entered with.

Vocabulary:
    bid           a number naming the value of some possible game (law 33); the lowest is 10 (ISkO 18).
    won values    every value a game can win: its unit times each reachable multiplier.
    entry values  every amount a game can stand at on a paper sheet: the won values, the lost ones
                  (doubled where the game loses double) and the overbid losses, which are multiples
                  of the unit up to the highest bid.
    highest score the most one deal can score for or against a player under a rulebook: its largest entry
                  value (a Ramsch charge included), times four where the book allows Kontra and Re.

Bids are the won values of the games a tournament allows (Simple and the Call Play are barred), so
under Foster 11, 13, 17 and 19 are no bids; a deal may still be bid at a value of the very game it
played (a Simple bid 11). Everything is counted from the same multipliers the valuation uses.
"""

from bisect import bisect_left
from functools import lru_cache

from .games import Announcement, Family, Game
from .multipliers import lost_items, won_items
from .rulebooks import Rulebook

_OUTCOMES = ((False, False), (True, False), (True, True))  # (schneider, schwarz) made or suffered


def _announcements(game: Game) -> tuple[Announcement, ...]:
    if game.type.announce:
        return (Announcement.NONE, Announcement.SCHNEIDER, Announcement.SCHWARZ)
    return (game.type.implied,)


@lru_cache(maxsize=None)
def won_values(rb: Rulebook, game: Game) -> frozenset[int]:
    if game.family is Family.NULL:
        return frozenset({game.unit})
    if game.family is Family.RAMSCH:
        return frozenset()
    levels = set()
    for announced in _announcements(game):
        for schneider, schwarz in _OUTCOMES:
            if announced is Announcement.SCHNEIDER and not schneider:
                continue
            if announced is Announcement.SCHWARZ and not schwarz:
                continue
            levels.add(won_items(rb, game, announced, schneider, schwarz)[-1][1])
    return frozenset(game.unit * (level + m) for level in levels for m in _matadore_counts(game))


def _matadore_counts(game: Game) -> range:
    """How many matadores (with or without) the game can have."""
    return range(max(1, game.type.least_with), game.max_matadores + 1)


@lru_cache(maxsize=None)
def bids(rb: Rulebook, include_barred: bool = False) -> tuple[int, ...]:
    """The legal bids, ascending: the won values of the games allowed (in tournaments by default)."""
    values = set()
    for game in rb.games:
        if include_barred or game.type.in_tournaments:
            values |= won_values(rb, game)
    return tuple(sorted(v for v in values if v >= rb.lowest_bid))


@lru_cache(maxsize=None)
def bid_set(rb: Rulebook) -> frozenset[int]:
    return frozenset(bids(rb))


def neighbours(rb: Rulebook, value: int) -> tuple[int | None, int | None]:
    """The legal bids just below and just above a number that is no bid."""
    legal = bids(rb)
    i = bisect_left(legal, value)
    return (legal[i - 1] if i else None), (legal[i] if i < len(legal) else None)


@lru_cache(maxsize=None)
def lost_values(rb: Rulebook, game: Game) -> frozenset[int]:
    """Every amount the game can lose, before Kontra: plain losses and overbid losses."""
    if game.family is Family.RAMSCH:
        return frozenset(rb.ramsch_charges)
    unit, factor = game.unit, game.type.lost_factor
    if game.family is Family.NULL:
        plain = {unit}
    else:
        levels = {lost_items(rb, game, announced, schneidered, schwarz)[-1][1]
                  for announced in _announcements(game) for schneidered, schwarz in _OUTCOMES}
        plain = {unit * (level + m) for level in levels for m in _matadore_counts(game)}
    cheapest = min(plain | won_values(rb, game))
    overbid = {-(-bid // unit) * unit for bid in bids(rb, include_barred=True) if bid > cheapest}
    return frozenset(v * factor for v in plain | overbid)


def entry_values(rb: Rulebook, game: Game, won: bool | None = None) -> tuple[int, ...]:
    """Every amount a game can be entered with: won, lost, or either (``won=None``)."""
    values = set()
    if won is not False:
        values |= won_values(rb, game)
    if won is not True:
        values |= lost_values(rb, game)
    return tuple(sorted(values))


KONTRA_AND_RE = 4  # the most Kontra and Re multiply a game by (ISkO)


@lru_cache(maxsize=None)
def highest_score(rb: Rulebook) -> int:
    """The largest amount, won or lost, that one deal can put in a player's column: paper figures above
    what their deals could reach at this are impossible."""
    largest = max(max(entry_values(rb, game), default=0) for game in rb.games)
    return largest * (KONTRA_AND_RE if rb.kontra else 1)
