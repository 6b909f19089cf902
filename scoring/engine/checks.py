"""Checking a value someone wrote down.

Vocabulary:
    written value  the amount a controller or a paper sheet shows for a deal: unsigned (its column
                   says won or lost) or signed (- for lost).
    from facts     the deal's figures are known: the engine values it and confirms the written value
                   or says what it should be and why (``check_written``).
    bare value     only the game and the amount are known (a paper sheet): the engine says whether the
                   game can stand at that amount at all, and if not, the nearest amounts it can
                   (``check_entry``: 40 is no club Solo, 36 or 48).
"""

from bisect import bisect_left
from dataclasses import dataclass

from .bids import entry_values
from .deals import Result
from .errors import InvalidDeal
from .phrases import find_game
from .rulebooks import Rulebook, get_rulebook


@dataclass(frozen=True, slots=True)
class Check:
    ok: bool
    message: str
    nearest: tuple[int, ...] = ()

    def as_dict(self) -> dict:
        return {"ok": self.ok, "message": self.message, "nearest": list(self.nearest)}


def check_written(result: Result, written) -> Check:
    """Confirm a written value against the deal's valuation, or say what it should be."""
    if type(written) is not int:
        raise InvalidDeal("written", f"must be a whole number, not {written!r}")
    if written == result.score or (written > 0 and written == abs(result.score)):
        return Check(True, f"{written} is right: {result.explanation}")
    if abs(written) == abs(result.score):
        side = "won" if result.score > 0 else "lost"
        return Check(False, f"the amount is right but the game was {side}: enter {abs(result.score)} as {side}")
    side = "won" if result.score > 0 else "lost"
    return Check(False, f"{written} is wrong: it should be {abs(result.score)} {side}, since {result.explanation}")


def check_entry(rulebook: "str | Rulebook | None", game: str, value, *, result: str | None = None,
                hand: bool = False, ouvert: bool = False, second_card: bool = False) -> Check:
    """Whether a bare value is possible for a game; if not, the nearest values that are."""
    rb = get_rulebook(rulebook)
    found = find_game(rb, game, hand=hand, ouvert=ouvert, second_card=second_card)
    if type(value) is not int or value == 0:
        raise InvalidDeal("value", f"must be a whole number other than 0, not {value!r}")
    if result not in (None, "won", "lost"):
        raise InvalidDeal("result", f'{result!r}: write "won", "lost" or nothing')
    if value < 0:
        if result == "won":
            raise InvalidDeal("value", "a won game's value is not negative")
        result = "lost"
    won = None if result is None else result == "won"
    possible = entry_values(rb, found, won)
    amount = abs(value)
    as_what = f"{result} " if result else ""
    if amount in possible:
        return Check(True, f"{amount} is a possible {as_what}{found.name} value", (amount,))
    i = bisect_left(possible, amount)
    nearest = tuple(v for v in (possible[i - 1] if i else None, possible[i] if i < len(possible) else None) if v)
    return Check(False, f"{amount} is no {as_what}{found.name} value: {' or '.join(map(str, nearest))}", nearest)
