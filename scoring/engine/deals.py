"""What the engine is told about a deal, and what it says back.

Vocabulary:
    deal          one hand played at the table: a game, its declarer's figures and his bid.
    player        the declarer, who plays alone against the two adversaries.
    matadores     the unbroken run of trumps from the club Jack, counted in the player's hand and the
                  Skat: "with N" when he holds the club Jack, "without N" (ISkO: "against N") when he
                  lacks it. Stored as a signed int: +N with, -N without.
    announced     schneider or schwarz declared before play (only in games without the Skat).
    points        the player's card points, Skat included (0..120).
    tricks        the tricks he took (0..10).
    result        for a paper sheet copied in later: "won" or "lost", with ``schneider``/``schwarz``
                  saying what was made (won) or suffered (lost), instead of points and tricks.
    abandoned     a Tournee given up before a card is played (Foster law 44).
    Ramsch        all passed: everyone for himself; the three players V, M, H (Vorhand, Mittelhand,
                  Hinterhand) give their card points and tricks and who took the last trick.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import lru_cache

from .errors import InvalidDeal
from .text import msg

SEATS = ("V", "M", "H")


@dataclass(frozen=True, slots=True)
class RamschFacts:
    points: tuple[int, int, int]
    tricks: tuple[int, int, int]
    last_trick: str
    trick_winners: tuple[str, ...] | None = None  # who took each trick, in order; settles rare ties


@dataclass(frozen=True, slots=True)
class Deal:
    game: str
    matadores: int | str | None = None
    announced: str | None = None
    points: int | None = None
    tricks: int | None = None
    bid: int | None = None
    hand: bool = False
    ouvert: bool = False
    second_card: bool = False
    abandoned: bool = False
    kontra: bool = False
    re: bool = False
    result: str | None = None
    schneider: bool = False
    schwarz: bool = False
    ramsch: RamschFacts | None = None

    @classmethod
    def from_mapping(cls, data: Mapping) -> "Deal":
        """A deal from JSON-like input. Unknown keys and wrong types are refused by name."""
        if not isinstance(data, Mapping):
            raise InvalidDeal("deal", msg("give the deal as an object of named fields"))
        known = {f.name for f in fields(cls)} | {"rulebook", "written"}
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise InvalidDeal(unknown[0], msg("unknown field; the fields are {fields}", fields=", ".join(sorted(known))))
        values = {k: v for k, v in data.items() if k in _FIELD_NAMES}
        for name in _BOOL_FIELDS:
            if name in values:
                values[name] = _bool(name, values[name])
        if values.get("ramsch") is not None:
            values["ramsch"] = ramsch_from_mapping(values["ramsch"])
        if "game" not in values:
            raise InvalidDeal("game", msg('name the game, e.g. "club solo"'))
        return cls(**values)


_FIELD_NAMES = frozenset(f.name for f in fields(Deal))
_BOOL_FIELDS = ("hand", "ouvert", "second_card", "abandoned", "kontra", "re", "schneider", "schwarz")


def ramsch_from_mapping(data) -> RamschFacts:
    if not isinstance(data, Mapping):
        raise InvalidDeal("ramsch", msg('give {{"points": [V, M, H], "tricks": [V, M, H], "last_trick": "V"|"M"|"H"}}'))
    unknown = sorted(str(k) for k in data if k not in ("points", "tricks", "last_trick", "trick_winners"))
    if unknown:
        raise InvalidDeal(f"ramsch.{unknown[0]}", msg("unknown field; use points, tricks, last_trick, trick_winners"))
    winners = data.get("trick_winners")
    return RamschFacts(
        points=_triple("ramsch.points", data.get("points")),
        tricks=_triple("ramsch.tricks", data.get("tricks")),
        last_trick=data.get("last_trick"),
        trick_winners=tuple(winners) if isinstance(winners, (list, tuple)) else winners,
    )


def _triple(field: str, value) -> tuple:
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        raise InvalidDeal(field, msg("give three figures, for V, M and H"))
    return tuple(value)


def _bool(field: str, value) -> bool:
    if isinstance(value, bool):
        return value
    if value is None:
        return False
    raise InvalidDeal(field, msg("must be true or false"))


_MATADORES = re.compile(r"^\s*(with|without|against|mit|ohne|gegen)\s+(\d{1,2})\s*$", re.IGNORECASE)
_WITHOUT_WORDS = {"without", "against", "ohne", "gegen"}


def parse_matadores(value) -> int | None:
    """"with 3" -> 3, "without 3" -> -3; an int passes through (sign: with/without)."""
    if value is None or type(value) is int:
        return value
    if isinstance(value, str) and len(value) <= 20:
        count = _parse_matadores_text(value)
        if count is not None:
            return count
    raise InvalidDeal("matadores", msg('{value!r} is no count of matadores: write "with N" or "without N"', value=value))


@lru_cache(maxsize=256)
def _parse_matadores_text(text: str) -> int | None:
    match = _MATADORES.match(text)
    if not match:
        return None
    count = int(match.group(2))
    return -count if match.group(1).lower() in _WITHOUT_WORDS else count


def matadores_phrase(matadores: int, words: tuple[str, str] = ("with", "without")) -> str:
    return f"{words[0] if matadores > 0 else words[1]} {abs(matadores)}"


# What ``Result`` shows, in this order (``as_dict``, equality, ``repr``).
_RESULT_SHOWN = ("rulebook", "game", "won", "value", "score", "multipliers", "overbid", "explanation", "remark",
                 "unit", "matadores", "loser")


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Result:
    """What a deal scores. ``score`` is signed for the declarer's column (for Ramsch: the loser's).

    The explanation and the remark are sentences (``Text``) said only when read: valuing a deal builds no
    sentence, so a standings run or a check of many deals pays for none. The valuation hands over
    a ``saying``, ``(function, *arguments)`` that builds the sentence from figures it already counted.
    """

    rulebook: str
    game: str
    won: bool
    value: int  # the game's value as played (a lost or overbid game: what it was worth)
    score: int  # signed: + won, - lost (doubled where the game loses double, overbid rule applied)
    multipliers: int | None  # level + matadores for trump games; None for Nullo and Ramsch
    overbid: bool
    explanation_saying: tuple  # says ``explanation``: the count, e.g. 'Club Solo: 1 for game, "with" 2, = 3 × 12 = 36'
    remark_saying: tuple | None = None  # says ``remark`` (e.g. "won without 10", the sheet's Remarks), if any
    unit: int | None = None
    matadores: int | None = None
    loser: str | None = None  # Ramsch: "V", "M" or "H"

    @property
    def explanation(self) -> str:
        """The count as the books say it, in English; a ``Text``, so it can be said again in another language.
        Built anew at each reading (a few microseconds)."""
        function, *arguments = self.explanation_saying
        return function(*arguments)

    @property
    def remark(self) -> str | None:
        if self.remark_saying is None:
            return None
        function, *arguments = self.remark_saying
        return function(*arguments)

    def _shown(self) -> tuple:
        return tuple(getattr(self, name) for name in _RESULT_SHOWN)

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._shown() == other._shown()

    def __hash__(self):
        return hash(self._shown())

    def __repr__(self):
        return "Result(" + ", ".join(f"{name}={value!r}" for name, value in zip(_RESULT_SHOWN, self._shown())) + ")"

    def __reduce__(self):
        # Pickled as what it says: the sentences themselves (a Text pickles its message id and parameters).
        remark = self.remark
        return (Result, (*self._shown()[:7], (_given, self.explanation), None if remark is None else (_given, remark),
                         self.unit, self.matadores, self.loser))

    def as_dict(self) -> dict:
        data = dict(zip(_RESULT_SHOWN, self._shown()))
        if data["matadores"] is not None:
            data["matadores"] = matadores_phrase(data["matadores"])
        if self.loser is None:
            del data["loser"]
        return data


def _given(sentence: str) -> str:
    """The saying of a sentence already said (an unpickled ``Result``'s)."""
    return sentence
