"""The plan: the layout with real players drawn to every seat, ready to show the director and to save.

Vocabulary:
    seat         places at a table, numbered from 1 clockwise. At a moving table partners sit opposite:
                 seats 1 and 3 are the N-S (or middle) pair, seats 2 and 4 the E-W (or side) pair.
    pair table   a moving table in one stay; it carries the pair numbers (with places) seated there.
    sit-out      the players of the pair drawn against a phantom pair in that stay; they are seated nowhere
                 in it and appear in ``Stay.sitting_out`` instead.
    stay         see ``movement``; a fixed table has one stay, the whole session, its players in one place.
    schedule     the stays and deal numbers of every table (``schedule``), the same for the plan as its layout.

Everything here is plain data; ``draw.draw_plan`` fills it.
"""

from dataclasses import dataclass

from .layout import Layout, SectionLayout
from .movement import PlacedPair
from .players import PlayerId
from .schedule import Schedule
from .schedule import schedule as schedule_of


@dataclass(frozen=True)
class SeatedTable:
    table: int
    seats: tuple[PlayerId, ...]
    controller: PlayerId | None = None
    pairs: tuple[PlacedPair, ...] = ()


@dataclass(frozen=True)
class Stay:
    number: int
    tables: tuple[SeatedTable, ...]
    sitting_out: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class SectionSeating:
    """``pairs[n - 1]`` are the two players of pair ``n`` (None for the phantom)."""

    layout: SectionLayout
    pairs: tuple[tuple[PlayerId, PlayerId] | None, ...]
    stays: tuple[Stay, ...]


@dataclass(frozen=True)
class Plan:
    layout: Layout
    sections: tuple[SectionSeating, ...]
    fixed_tables: tuple[SeatedTable, ...]

    @property
    def schedule(self) -> Schedule:
        return schedule_of(self.layout)

    @property
    def players(self) -> tuple[PlayerId, ...]:
        """Every player once: the sections' pairs in pair order, then the fixed tables in seat order."""
        paired = (player for section in self.sections for pair in section.pairs if pair for player in pair)
        return (*paired, *(player for table in self.fixed_tables for player in table.seats))
