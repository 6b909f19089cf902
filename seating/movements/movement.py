"""A pair movement: where each pair sits in each stay of one section.

Vocabulary:
    pair         the two players sitting opposite each other at a table of four; pairs move together and
                 are numbered 1..2T in a section of T tables.
    stay         the round or rounds played at one table before the pairs move; stays are numbered from 1,
                 and stay 1 is the starting position.
    place        where a pair sits at its table: N-S and E-W in the N-S stationary movement; the middle
                 (along the row of tables) and the side in "up the sides and down the middle".
    meet         two pairs meet when they sit at the same table in the same stay.

The movements themselves are built in ``ns_stationary`` and ``up_sides``; this module holds the shapes
they share and the checks every movement must pass.
"""

from collections import Counter
from dataclasses import dataclass
from enum import Enum

from .errors import MovementFatalError


class Method(Enum):
    """How the director seats the players (Foster's chapter "Management of Skat Tournaments")."""

    FIXED = "fixed"
    NS_STATIONARY = "n-s-stationary"
    UP_SIDES = "up-sides-down-middle"

    @property
    def label(self) -> str:
        return _LABELS[self]


def N_(label: str) -> str:
    """Marks a label for the translation catalogue (makemessages' keyword); the Django side says it by its id."""
    return label


_LABELS = {
    Method.FIXED: N_("Fixed tables with controllers"),
    Method.NS_STATIONARY: N_("N-S stationary"),
    Method.UP_SIDES: N_("Up the sides and down the middle"),
}


class Place(Enum):
    """A pair's place at its table; the value is the key used in JSON."""

    NS = "ns"
    EW = "ew"
    MIDDLE = "middle"
    SIDE = "side"


@dataclass(frozen=True)
class PlacedPair:
    place: Place
    pair: int


@dataclass(frozen=True)
class PairTable:
    """One table in one stay: the first pair is N-S (or middle), the second E-W (or side)."""

    table: int
    pairs: tuple[PlacedPair, PlacedPair]

    def pair_at(self, place: Place) -> int:
        for placed in self.pairs:
            if placed.place is place:
                return placed.pair
        raise MovementFatalError("place", f"table {self.table} has no {place.value} place")

    def as_dict(self) -> dict:
        return {"table": self.table, **{placed.place.value: placed.pair for placed in self.pairs}}


@dataclass(frozen=True)
class PairMovement:
    """Every stay of one section; ``stays[s][t - 1]`` is table ``t`` in stay ``s + 1``."""

    method: Method
    tables: int
    stays: tuple[tuple[PairTable, ...], ...]

    def __post_init__(self):
        everyone = list(range(1, self.pairs + 1))
        for number, stay in enumerate(self.stays, start=1):
            if [table.table for table in stay] != list(range(1, self.tables + 1)):
                raise MovementFatalError("stays", f"stay {number} does not list tables 1..{self.tables} in order")
            if sorted(placed.pair for table in stay for placed in table.pairs) != everyone:
                raise MovementFatalError("stays", f"stay {number} does not seat pairs 1..{self.pairs} once each")

    @property
    def pairs(self) -> int:
        return 2 * self.tables

    def itinerary(self, pair: int) -> tuple[tuple[int, Place], ...]:
        """(table, place) of ``pair`` in each stay: the pair's movement card."""
        return tuple(
            (table.table, placed.place)
            for stay in self.stays
            for table in stay
            for placed in table.pairs
            if placed.pair == pair
        )


def meeting_counts(movement: PairMovement) -> Counter:
    """How often each two pairs meet, keyed by (lower number, higher number)."""
    return Counter(
        tuple(sorted(placed.pair for placed in table.pairs)) for stay in movement.stays for table in stay
    )
