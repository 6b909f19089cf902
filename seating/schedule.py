"""The drawn hall's schedule: how many deals each table plays, stay by stay, read from the saved draw.

The figures come from one place: ``seating.movements.schedule`` computes them from the layout, and the draw
writes each table's stays and rounds a stay on its row (``Table.stays``, ``Table.rounds_per_stay``). The entry
sheet, the printed sheets and cards, the links page, the demo and the benchmarks read them through here.
"""

from __future__ import annotations

from seating.models import Table, Tournament
from seating.movements import TableSchedule


def table_schedule(number: int, size: int, section_number: int | None, stays: int, rounds_per_stay: int
                   ) -> TableSchedule:
    """A drawn table's schedule from its row's figures (its section's number, None at a fixed table)."""
    return TableSchedule(number, size, section_number is not None, section_number, stays, rounds_per_stay)


def tournament_schedule(tournament: Tournament) -> dict[int, TableSchedule]:
    """Every drawn table's schedule, by table id (one query, whatever the size of the hall)."""
    return {pk: table_schedule(number, size, section, stays, rounds)
            for pk, number, size, section, stays, rounds in Table.objects.filter(tournament=tournament)
            .values_list("id", "number", "size", "section__number", "stays", "rounds_per_stay")}


def schedule_of(table: Table) -> TableSchedule:
    """One table's schedule, from its row (no query)."""
    return table_schedule(table.number, table.size, table.section_id and table.section.number, table.stays,
                     table.rounds_per_stay)
