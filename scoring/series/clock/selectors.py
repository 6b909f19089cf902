"""Reads of the series clock: a series' clock as it stands now, whether a table's series is closed, and the
tables that have not finished their deals. Each reads with a fixed number of queries.

Vocabulary: see ``scoring.series.clock.reading``; a table has finished when its deals entered (every line of its sheet,
a voided one too: its number is used) reach its deals due (``seating.schedule``: what its stays play).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, F, Max, Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext

from scoring.models import Deal, SeriesClock
from scoring.series.clock.reading import ClockReading, clock_reading
from scoring.tournaments.selectors import scoring_settings
from seating.models import Table, Tournament
from seating.schedule import tournament_schedule


def series_clock(tournament: Tournament, series: int, now: datetime | None = None) -> ClockReading:
    """The series' clock at ``now`` (the server's time unless given): not started yet reads the event's series
    time."""
    now = now or timezone.now()
    clock = SeriesClock.objects.filter(tournament=tournament, series=series).first()
    if clock is None:
        return clock_reading(series=series, minutes=scoring_settings(tournament).series_minutes, now=now)
    return _read(clock, now)


def _read(clock: SeriesClock, now: datetime) -> ClockReading:
    return clock_reading(series=clock.series, minutes=clock.minutes, now=now, started_at=clock.started_at,
                         ends_at=clock.ends_at, closed_at=clock.closed_at)


def current_clock(tournament: Tournament, now: datetime | None = None) -> ClockReading | None:
    """The clock of the series being played (the last drawn), or None while it has none (one query: the live
    board reads it with every page it turns)."""
    last = Table.objects.filter(tournament=tournament).order_by().values("tournament").annotate(last=Max("series"))
    clock = SeriesClock.objects.filter(tournament=tournament, series=Subquery(last.values("last"))).first()
    return None if clock is None else _read(clock, now or timezone.now())


def closed_refusal(series: int) -> str:
    """Why a closed series' table takes no deal, in the page's language."""
    return gettext("Series {number} is closed: the director closed its lists as they stand, and the deals not "
                   "played are not played. No deal can be entered or taken back at this table now.").format(
        number=series)


def closed_slips_refusal(series: int) -> str:
    """Why a closed series' table takes no slip (made, copied or OK'd), in the page's language."""
    return gettext("Series {number} is closed: the director closed its lists as they stand. No slip can be made, "
                   "copied or OK'd at this table now; only the director can change the slips.").format(number=series)


def closed_clock(table: Table):
    """The closed clocks that close the table (a queryset of at most two rows): its series' clock if the director
    has closed it, and the event's last series' clock if he has closed that one (the event is over: a table of an
    earlier series he did not close on its own takes nothing more either; a series added then opens the event
    again for itself only: ``services.event_series_add`` closes the earlier series' clocks as the end closed them).
    A save asks it in its own read of the table (``Exists``), ``series_closed`` on its own."""
    return SeriesClock.objects.filter(Q(series=table.series) | Q(series=F("tournament__series_count")),
                                      tournament_id=table.tournament_id, closed_at__isnull=False)


def series_closed(table: Table) -> bool:
    return closed_clock(table).exists()


@dataclass(frozen=True)
class TableBehind:
    """A table of the series that has not finished: its deals entered and due."""

    number: int
    entered: int
    due: int

    @property
    def missing(self) -> int:
        return self.due - self.entered


def tables_not_finished(tournament: Tournament, series: int) -> list[TableBehind]:
    """The series' tables whose deals entered are fewer than their deals due, in table order (three queries)."""
    tables = list(Table.objects.filter(tournament=tournament, series=series).order_by("number")
                  .values_list("id", "number"))
    entered = dict(Deal.objects.filter(table__in=[pk for pk, _number in tables]).order_by()
                   .values_list("table_id").annotate(n=Count("id")))
    schedule = tournament_schedule(tournament)
    behind = []
    for pk, number in tables:
        due = schedule[pk].deals
        if entered.get(pk, 0) < due:
            behind.append(TableBehind(number, entered.get(pk, 0), due))
    return behind
