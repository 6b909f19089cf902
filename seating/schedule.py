"""The schedule: how many deals each table plays, stay by stay. The one place that says it.

Vocabulary:
    round          every player at a table deals once (Foster, law 7): 4 deals at a table of four, 3 at three.
    stay           the rounds played at one table before the pairs move; a fixed table plays one long stay.
    deals per stay rounds a stay × the table's size.
    rounds drawn   the rounds the draw was made with (``Tournament.rounds_drawn``): a stay's rounds in the pair
                   methods, the whole session's in the fixed method.
A moving table plays its section's stays. A fixed table plays the session in one stay: the fixed method's
rounds; an extra fixed table in a pair method as many rounds as the longest section plays, so it finishes
with the others; and when nobody moves at all (too few players to form a section) Foster's fixed session of
twenty rounds. The entry sheet, the printed sheets and cards, the plan page, the demo and the benchmarks
all read the schedule from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from seating.models import Section, Table, Tournament
from seating.movements import FOSTER_ROUNDS, Method


@dataclass(frozen=True)
class TableSchedule:
    table: int  # the table's number in the hall
    size: int
    stays: int
    rounds_per_stay: int
    moving: bool

    @property
    def deals_per_stay(self) -> int:
        return self.rounds_per_stay * self.size

    @property
    def total_deals(self) -> int:
        return self.stays * self.deals_per_stay

    @property
    def total_rounds(self) -> int:
        return self.stays * self.rounds_per_stay

    def stay_deals(self, stay: int) -> tuple[int, int]:
        """The first and last deal numbers of ``stay`` (from 1) on the table's sheet."""
        return (stay - 1) * self.deals_per_stay + 1, stay * self.deals_per_stay

    def stay_of(self, deal: int) -> tuple[int, int]:
        """(stay, deal within the stay) of deal number ``deal``."""
        stay, in_stay = divmod(deal - 1, self.deals_per_stay)
        return stay + 1, in_stay + 1


def table_schedule(*, method: str, rounds_drawn: int | None, table: int, size: int, section_stays: int | None,
                   longest_section: int | None) -> TableSchedule:
    """The schedule of one table: ``section_stays`` is its section's stays (None at a fixed table),
    ``longest_section`` the most stays any section of the hall plays (None when nothing moves)."""
    fixed_method = Method(method) is Method.FIXED
    rounds = rounds_drawn or (FOSTER_ROUNDS if fixed_method else 1)
    if section_stays is not None:
        return TableSchedule(table, size, section_stays, rounds, True)
    if fixed_method:
        return TableSchedule(table, size, 1, rounds, False)
    if not longest_section:
        return TableSchedule(table, size, 1, FOSTER_ROUNDS, False)
    return TableSchedule(table, size, 1, rounds * longest_section, False)


def tournament_schedule(tournament: Tournament) -> dict[int, TableSchedule]:
    """Every drawn table's schedule, by table id (two queries, whatever the size of the hall)."""
    stays = dict(Section.objects.filter(tournament=tournament).values_list("id", "stays"))
    longest = max(stays.values(), default=None)
    return {
        table_id: table_schedule(method=tournament.method, rounds_drawn=tournament.rounds_drawn, table=number,
                                 size=size, section_stays=stays.get(section_id), longest_section=longest)
        for table_id, number, size, section_id in Table.objects.filter(tournament=tournament)
        .values_list("id", "number", "size", "section_id")
    }


def schedule_of(table: Table) -> TableSchedule:
    """One table's schedule (one query: the sections' stays)."""
    stays = dict(Section.objects.filter(tournament_id=table.tournament_id).values_list("id", "stays"))
    tournament = table.tournament
    return table_schedule(method=tournament.method, rounds_drawn=tournament.rounds_drawn, table=table.number,
                          size=table.size, section_stays=stays.get(table.section_id),
                          longest_section=max(stays.values(), default=None))
