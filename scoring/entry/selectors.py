"""Score entry's reads for the pages: the tables with their links and progress, a table's slips by stay.

Each reads with a fixed number of queries, whatever the size of the hall.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from scoring.models import Deal, Slip, TableLink
from seating.models import Table, Tournament
from seating.schedule import tournament_schedule


@dataclass(frozen=True)
class TableProgress:
    table: Table
    token: str | None  # None: the table has no link (reissue it on its sheet)
    entered: int
    total: int


def tables_with_links(tournament: Tournament) -> list[TableProgress]:
    """Every table in hall order with its link's token, the deals entered and the deals it plays."""
    tables = Table.objects.filter(tournament=tournament).select_related("tournament", "section").order_by("number")
    tokens = dict(TableLink.objects.filter(table__tournament=tournament).values_list("table_id", "token"))
    entered = dict(Deal.objects.filter(tournament=tournament).order_by().values_list("table_id").annotate(n=Count("id")))
    schedule = tournament_schedule(tournament)
    return [TableProgress(table, tokens.get(table.pk), entered.get(table.pk, 0), schedule[table.pk].total_deals)
            for table in tables]


def slips_by_stay(table: Table) -> list[tuple[int, list[Slip]]]:
    """The table's slips, stay by stay, players by name."""
    slips: dict[int, list[Slip]] = {}
    for slip in Slip.objects.filter(table=table).select_related("player", "ok_by").order_by("stay", "player__name"):
        slips.setdefault(slip.stay, []).append(slip)
    return sorted(slips.items())
