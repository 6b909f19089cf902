"""The schedule: how many stays and deals each table of a layout plays, and which deals fall in which stay.

Vocabulary:
    round          every player at a table deals once (law 7): 4 deals at a table of four, 3 at three, 5 at five.
    stay           the rounds played at one table before the pairs move. A moving table plays its section's
                   stays, ``Layout.rounds_per_stay`` rounds each; a fixed table plays one stay of
                   ``Layout.fixed_rounds`` rounds, the whole session.
    deals per stay rounds a stay × players at the table.
    deals          a table's deals in all: stays × deals per stay. The sheet numbers them 1, 2, 3... and stay s
                   holds deals (s - 1) × per stay + 1 .. s × per stay.
    idle table     the phantom pair's table (see ``layout``): it keeps its hall number and its section's
                   schedule, since the pair drawn against the phantom waits there, but nobody plays at it, so
                   the hall's total leaves it out.
    longest        the most deals any table plays: the session ends when that table is done.

This is the one place these figures are computed: the layout's notes quote it, and the score sheets, guide
cards and deal entry should read it rather than multiply rounds themselves.
"""

from dataclasses import dataclass

from .errors import MovementFatalError, MovementUserError
from .tables import PLAYERS_PER_TABLE
from .tables import deals as deals_in


@dataclass(frozen=True)
class TableSchedule:
    """One hall table: ``table`` is its number in the room, ``section`` its section's number (None if fixed)."""

    table: int
    size: int
    moves: bool
    section: int | None
    stays: int
    rounds_per_stay: int
    idle: bool = False

    def __post_init__(self):
        if self.stays < 1 or self.rounds_per_stay < 1:
            raise MovementFatalError("schedule", f"table {self.table} would play {self.stays} stays of "
                                                 f"{self.rounds_per_stay} rounds")
        if self.moves != (self.section is not None) or (not self.moves and self.stays != 1):
            raise MovementFatalError("schedule", f"table {self.table}: a table moves if and only if it is in a "
                                                 "section, and a fixed table plays one stay")

    @property
    def deals_per_stay(self) -> int:
        return deals_in(self.rounds_per_stay, self.size)

    @property
    def rounds(self) -> int:
        """Rounds in all: stays × rounds a stay."""
        return self.stays * self.rounds_per_stay

    @property
    def deals(self) -> int:
        """Deals in all: stays × deals per stay (the deal slots of the sheet, even at an idle table)."""
        return self.stays * self.deals_per_stay

    def deal_numbers(self, stay: int) -> range:
        """The deal numbers of stay ``stay`` (from 1): (stay - 1) × per stay + 1 .. stay × per stay."""
        if isinstance(stay, bool) or not isinstance(stay, int) or not 1 <= stay <= self.stays:
            raise MovementUserError("stay", f"table {self.table} plays stays 1 to {self.stays}, not {stay!r}")
        return range((stay - 1) * self.deals_per_stay + 1, stay * self.deals_per_stay + 1)

    def stay_of(self, deal: int) -> tuple[int, int]:
        """(stay, place in the stay from 1) of deal number ``deal``; refused past the table's last deal."""
        if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= self.deals:
            raise MovementUserError(
                "deal",
                f"table {self.table} plays {self.deals} deals ({self.stays} stay{'s' if self.stays != 1 else ''}"
                f" of {self.deals_per_stay}): there is no deal {deal!r}",
            )
        stay, in_stay = divmod(deal - 1, self.deals_per_stay)
        return stay + 1, in_stay + 1


@dataclass(frozen=True)
class Schedule:
    """Every hall table in hall order: the sections' tables first, then the fixed tables."""

    tables: tuple[TableSchedule, ...]

    def table(self, number: int) -> TableSchedule:
        """The schedule of hall table ``number`` (the tables are numbered 1..N in hall order)."""
        if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= len(self.tables):
            table = self.tables[number - 1]
            if table.table == number:
                return table
        raise MovementUserError("table", f"the hall has tables 1 to {len(self.tables)}, not {number!r}")

    @property
    def longest_deals(self) -> int:
        """The most deals any table plays (0 for an empty schedule)."""
        return max((table.deals for table in self.tables if not table.idle), default=0)

    @property
    def total_deals(self) -> int:
        """The deals of the whole hall, idle tables left out."""
        return sum(table.deals for table in self.tables if not table.idle)


def schedule(layout) -> Schedule:
    """The schedule of every table of ``layout`` (a ``layout.Layout``)."""
    tables = []
    for section in layout.sections:
        if layout.rounds_per_stay is None:
            raise MovementFatalError("rounds_per_stay", "a layout with sections must say how many rounds a stay")
        idle = section.idle_table
        for number in range(1, section.tables + 1):
            tables.append(
                TableSchedule(
                    section.hall_table(number),
                    PLAYERS_PER_TABLE,
                    True,
                    section.number,
                    section.stays,
                    layout.rounds_per_stay,
                    idle=number == idle,
                )
            )
    for offset, size in enumerate(layout.fixed_tables):
        tables.append(TableSchedule(layout.first_fixed_table + offset, size, False, None, 1, layout.fixed_rounds))
    return Schedule(tuple(tables))
