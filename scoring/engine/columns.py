"""The won and the lost column: where a deal's signed score goes on a player's list.

Every sheet, slip, list and ranking of the books has, for each player, a column of games won and one of games lost
(Foster's score sheet; ISkO's Spielliste). A deal's ``score`` (``deals.Result``) is signed for the column of the
player it counts for: the declarer's, or for Ramsch the loser's. **The one rule**: a score above 0 is a game won
(its points in the won column), a score below 0 a game lost (its amount in the lost column), and a score of 0 is
no game at all: neither won nor lost, nothing in either column. The engine never values a game at 0 (every game is
worth at least one unit); a 0 is a deal thrown in, which nobody played.

Every count of games won and lost, in Python or in SQL, is this rule; ``scoring.results.columns`` gives it to the
database, and a test holds each copy to it.
"""

from __future__ import annotations

WON = "won"
LOST = "lost"


def column_of(score: int) -> str | None:
    """``WON``, ``LOST``, or None for a score of 0."""
    if score > 0:
        return WON
    if score < 0:
        return LOST
    return None


def won_lost_points(score: int) -> tuple[int, int]:
    """The score as (points in the won column, points in the lost column), both 0 or more."""
    return (score, 0) if score > 0 else (0, -score)
