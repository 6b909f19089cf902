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
from .columns import WON, column_of
from .deals import Result
from .errors import InvalidDeal
from .phrases import find_game
from .rulebooks import Rulebook, get_rulebook
from .text import msg, or_list


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
        raise InvalidDeal("written", msg("must be a whole number, not {value!r}", value=written))
    if written == result.score or (written > 0 and written == abs(result.score)):
        return Check(True, msg("{written} is right: {explanation}", written=written, explanation=result.explanation))
    amount = abs(result.score)
    if abs(written) == amount:
        if column_of(result.score) == WON:
            return Check(False, msg("the amount is right but the game was won: enter {amount} as won", amount=amount))
        return Check(False, msg("the amount is right but the game was lost: enter {amount} as lost", amount=amount))
    if column_of(result.score) == WON:
        return Check(False, msg("{written} is wrong: it should be {amount} won, since {explanation}", written=written,
                                amount=amount, explanation=result.explanation))
    return Check(False, msg("{written} is wrong: it should be {amount} lost, since {explanation}", written=written,
                            amount=amount, explanation=result.explanation))


def check_entry(rulebook: "str | Rulebook | None", game: str, value, *, result: str | None = None,
                hand: bool = False, ouvert: bool = False, second_card: bool = False) -> Check:
    """Whether a bare value is possible for a game; if not, the nearest values that are."""
    rb = get_rulebook(rulebook)
    found = find_game(rb, game, hand=hand, ouvert=ouvert, second_card=second_card)
    if type(value) is not int or value == 0:
        raise InvalidDeal("value", msg("must be a whole number other than 0, not {value!r}", value=value))
    if result not in (None, "won", "lost"):
        raise InvalidDeal("result", msg('{result!r}: write "won", "lost" or nothing', result=result))
    if value < 0:
        if result == "won":
            raise InvalidDeal("value", msg("a won game's value is not negative"))
        result = "lost"
    won = None if result is None else result == "won"
    possible = entry_values(rb, found, won)
    amount = abs(value)
    if amount in possible:
        if result == "won":
            return Check(True, msg("{amount} is a possible won {game} value", amount=amount, game=found.label), (amount,))
        if result == "lost":
            return Check(True, msg("{amount} is a possible lost {game} value", amount=amount, game=found.label), (amount,))
        return Check(True, msg("{amount} is a possible {game} value", amount=amount, game=found.label), (amount,))
    i = bisect_left(possible, amount)
    nearest = tuple(v for v in (possible[i - 1] if i else None, possible[i] if i < len(possible) else None) if v)
    figures = or_list([str(v) for v in nearest])
    if result == "won":
        return Check(False, msg("{amount} is no won {game} value: {nearest}", amount=amount, game=found.label,
                                nearest=figures), nearest)
    if result == "lost":
        return Check(False, msg("{amount} is no lost {game} value: {nearest}", amount=amount, game=found.label,
                                nearest=figures), nearest)
    return Check(False, msg("{amount} is no {game} value: {nearest}", amount=amount, game=found.label,
                            nearest=figures), nearest)
