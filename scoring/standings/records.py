"""A deal as the standings see it.

Vocabulary:
    seated      every player at the table in that stay (the dealer at a table of four included).
    player      whose column takes the entry: the declarer, or the Ramsch loser; None when thrown in.
    kind        "game", "ramsch" or "thrown_in".
    family      the game's trump family, "suit", "grand" or "null" (for the prize tie rules).
    suit_rank   clubs 4, spades 3, hearts 2, diamonds 1, Grand 5 (the League's tie order), else 0.
    method      how the game was chosen: "solo" (from the hand), "tournee" (a Skat card turned) or "other".
    without     N of a game won "without" N matadores, else 0.
"""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DealRecord:
    table: int
    stay: int
    number: int
    seated: tuple[int, ...]
    player: int | None
    kind: str
    score: int
    won: bool | None
    value: int | None = None
    game: str = ""
    family: str = ""
    suit_rank: int = 0
    method: str = "other"
    without: int = 0
    voided: bool = False
