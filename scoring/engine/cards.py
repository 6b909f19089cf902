"""The pack and what card points are possible.

Vocabulary:
    card points  A 11, 10 10, K 4, Q 3, J 2, 9/8/7 nothing; 120 in the pack of 32.
    trick        three cards, one from each active player.
    Skat         the two cards laid aside in the deal; in trump games they count for the player.

The bounds here let the engine refuse figures that cannot happen: a player who took ``t`` tricks
holds ``3 t`` cards from tricks (plus the Skat where it counts for him), so his card points lie
between what the other cards could leave him and what his cards could hold at most.
"""

from functools import lru_cache
from itertools import combinations

TOTAL_POINTS = 120
TRICKS_PER_DEAL = 10
CARD_POINTS = (11,) * 4 + (10,) * 4 + (4,) * 4 + (3,) * 4 + (2,) * 4 + (0,) * 12
_DESCENDING = sorted(CARD_POINTS, reverse=True)


def most_points(cards: int) -> int:
    """The most card points ``cards`` cards can hold."""
    return sum(_DESCENDING[:cards])


def least_points(cards: int) -> int:
    """The fewest card points ``cards`` cards can hold (what the others could leave)."""
    return TOTAL_POINTS - most_points(len(CARD_POINTS) - cards)


@lru_cache(maxsize=None)
def points_range(tricks: int, with_skat: bool) -> tuple[int, int]:
    """(lowest, highest) card points of a hand that took ``tricks`` tricks, Skat added or not."""
    cards = 3 * tricks + (2 if with_skat else 0)
    return least_points(cards), most_points(cards)


SKAT_POINT_TOTALS = frozenset(a + b for a, b in combinations(CARD_POINTS, 2))
"""Every total two Skat cards can hold (0, 2, 3 ... 22; never 1, 9, 16..19)."""
