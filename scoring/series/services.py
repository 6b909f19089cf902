"""The director's writes between series: drawing the next series (with the standings when it is drawn by them, or
every series left planned at once); ending the event (late entries and withdrawals, which re-plan a planned event's
series not yet played, are seating's: ``seating.replanning``); and the series clock
(``scoring.series.clock``): the event's series time, starting a series' clock, closing a series.
"""

from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext, override

from common.errors import UserError
from scoring.models import SeriesClock, TournamentScoring
from scoring.results import tournament_results
from scoring.series.clock.reading import LEAST_MINUTES, MOST_MINUTES, series_end
from scoring.series.clock.selectors import tables_not_finished
from scoring.tournaments.selectors import scoring_settings
from seating.event_series import planned_from, series_add, series_draw
from seating.event_series import series_end as event_series_end
from seating.locks import lock_order, lock_table, lock_tournament
from seating.models import SeriesDraw, Table, Tournament
from seating.selectors import drawn_series, series_held


def next_series_draw(*, tournament: Tournament, how: str, seed: int | None = None,
                     number: int | None = None) -> SeriesDraw:
    """Draw the next series ``how`` ("lot", "standings": the whole event's ranking so far, best first, or "plan":
    it and every later series at once). ``number`` is the series the page offered: when it was drawn meanwhile,
    the draw is refused, not repeated."""
    if number is None:
        number = drawn_series(tournament) + 1
    ranked: list[int] = []
    if how == SeriesDraw.How.STANDINGS and number > 1:
        ranked = [row.standing.player for row in tournament_results(tournament).ranked()]
    return series_draw(tournament=tournament, number=number, how=how, seed=seed, ranked=ranked, again=False)


def series_played(tournament: Tournament) -> int:
    """The last series holding a score (a deal or a slip, voided ones included); 0 before play. Its seats and
    those of every series before it stand (seating reads it from the tables scores hold on to)."""
    return series_held(tournament)


def end_after(tournament: Tournament) -> int | None:
    """The series the event can end after: the last drawn, or in a planned event the last played (the planned
    series after it are dropped); None when there is nothing to end."""
    drawn, played = drawn_series(tournament), series_played(tournament)
    if 1 <= played < drawn and planned_from(tournament, played + 1):
        return played
    return drawn if 1 <= drawn < tournament.series_count else None


def end_event(*, tournament: Tournament) -> Tournament:
    """End the event after ``end_after``'s series."""
    after = end_after(tournament)
    ended = event_series_end(tournament=tournament, after=after)
    _finish_if_closed(ended)
    return ended


def _finish_if_closed(tournament: Tournament) -> None:
    """The event is played once its last series is closed (the club's public page then lists it as played).
    Written only while the event still plays the series read: a series added meanwhile (the update waits for its
    lock, then reads the row again) leaves the event being played."""
    if SeriesClock.objects.filter(tournament=tournament, series=tournament.series_count,
                                  closed_at__isnull=False).exists():
        Tournament.objects.filter(pk=tournament.pk, series_count=tournament.series_count).update(
            status=Tournament.Status.FINISHED)


def event_series_add(*, tournament: Tournament) -> Tournament:
    """One more series at the end of the event. After the event's end (its last series closed, which closes the
    tables of every series: ``clock.selectors.closed_clock``) only the new series is open: each earlier series not
    closed on its own is closed now as the end closed it (``_closed_by_the_end``), in the transaction that adds the
    series, so a table of it never sees the event played again. The results played stay as the end left them."""
    with transaction.atomic():
        locked = lock_tournament(tournament.pk)
        end = SeriesClock.objects.filter(tournament=locked, series=locked.series_count,
                                         closed_at__isnull=False).first()
        if end is not None:
            for series in range(1, locked.series_count):
                _closed_by_the_end(locked, series, end)
        added = series_add(tournament=locked, earlier_closed=True)
    tournament.series_count, tournament.status = added.series_count, added.status
    return added


def _closed_by_the_end(tournament: Tournament, series: int, end: SeriesClock) -> None:
    """Series ``series``' clock closed at the moment the event's end (``end``: the last series' closed clock)
    closed its tables, by the director who closed it, with the tables then behind; a series closed on its own
    stays as it is. No table lock is taken: since the end no table of the series has taken a deal, so none is
    under way."""
    clock = _clock(tournament, series, end.minutes)
    if clock.closed_at is not None:
        return
    behind = tables_not_finished(tournament, series)
    clock.closed_at, clock.closed_by = end.closed_at, end.closed_by
    clock.unfinished = [[table.number, table.entered, table.due] for table in behind]
    _saved(clock, f"closed with the event's end (series {end.series} closed): {CLOSED_AS_THEY_STAND} "
                  f"(tables not finished: {_listed(behind)})")


# --- the series clock -----------------------------------------------------------------------------------------

CLOSED_AS_THEY_STAND = "the deals not played are not played; the lists are closed as they stand"
"""What closing a series means (the event's rules), written on the clock's history row with the tables behind."""


class ClockError(UserError):
    """A clock request refused: a series not drawn, a clock started or closed already, a series time out of range."""


def series_time_set(*, tournament: Tournament, minutes: int) -> TournamentScoring:
    """The event's series time, for the clocks started from now on (a running clock keeps its own)."""
    if not LEAST_MINUTES <= minutes <= MOST_MINUTES:
        raise ClockError("minutes", gettext("A series lasts {least} to {most} minutes, not {minutes}.").format(
            least=LEAST_MINUTES, most=MOST_MINUTES, minutes=minutes))
    settings = scoring_settings(tournament)
    settings.series_minutes = minutes
    settings.save()
    return settings


def _drawn(tournament: Tournament, series: int) -> None:
    if not 1 <= series <= drawn_series(tournament):
        raise ClockError(None, gettext("Series {number} is not drawn yet.").format(number=series))


def _clock(tournament: Tournament, series: int, minutes: int) -> SeriesClock:
    """The series' clock, locked for this transaction; a new one (unsaved) if it has none yet, so its first history
    row is the start or the close itself. Two first saves at once meet the database's one clock per series."""
    clock = SeriesClock.objects.select_for_update().filter(tournament=tournament, series=series).first()
    return clock or SeriesClock(tournament=tournament, series=series, minutes=minutes)


def _saved(clock: SeriesClock, reason: str) -> None:
    clock._change_reason = reason  # django-simple-history writes it on the history row
    try:
        with transaction.atomic():
            clock.save()
    except IntegrityError:  # another director's click made the clock a moment ago
        raise ClockError(None, gettext("Series {number}'s clock was changed a moment ago: reload the page.").format(
            number=clock.series)) from None


def series_clock_start(*, tournament: Tournament, series: int, now: datetime | None = None) -> SeriesClock:
    """Start the series' clock at ``now`` (the server's time): it ends the event's series time later. A clock
    started already, or a closed series, is refused (a second director's click starts nothing again)."""
    now = now or timezone.now()
    _drawn(tournament, series)
    minutes = scoring_settings(tournament).series_minutes
    with transaction.atomic():
        clock = _clock(tournament, series, minutes)
        if clock.closed_at is not None:
            raise ClockError(None, gettext("Series {number} is closed already.").format(number=series))
        if clock.started_at is not None:
            raise ClockError(None, gettext("Series {number}'s clock was started at {time} already.").format(
                number=series, time=time_format(timezone.localtime(clock.started_at), "H:i")))
        clock.minutes, clock.started_at, clock.ends_at = minutes, now, series_end(now, minutes)
        _saved(clock, "started")
    return clock


def series_close(*, tournament: Tournament, series: int, user=None, now: datetime | None = None) -> SeriesClock:
    """Close the series as the event's rules say: the deals not played are not played; the lists are closed as
    they stand. Its tables take no more deals from now on (``scoring.entry.services``). The tables not finished
    are kept on the clock and, with the rule, on its history row (English: the record, not a page). A closed
    series is refused; a series whose clock never ran may be closed all the same."""
    now = now or timezone.now()
    _drawn(tournament, series)
    with transaction.atomic():
        clock = _clock(tournament, series, scoring_settings(tournament).series_minutes)
        if clock.closed_at is not None:
            raise ClockError(None, gettext("Series {number} is closed already.").format(number=series))
        # Every table's lock, in the order of the locks' own keys (PostgreSQL's are the id modulo 1024: in id order
        # two closes could take 1023 and 1 the other way round and deadlock): a save or an undo under way ends
        # first and is on the record; any later one finds the series closed. Unlocked, a deal saved at that moment
        # stayed entered while the record said its table had not got that far.
        for table_id in sorted(Table.objects.filter(tournament=tournament, series=series).values_list("pk", flat=True),
                               key=lock_order):
            lock_table(table_id)
        behind = tables_not_finished(tournament, series)
        clock.closed_at = now
        clock.closed_by = user if getattr(user, "is_authenticated", False) else None
        clock.unfinished = [[table.number, table.entered, table.due] for table in behind]
        _saved(clock, f"closed: {CLOSED_AS_THEY_STAND} (tables not finished: {_listed(behind)})")
        _finish_if_closed(Tournament.objects.get(pk=tournament.pk))
    return clock


def _listed(behind) -> str:
    """The tables not finished as a clock's history row lists them (English: the record, not a page)."""
    with override("en"):
        return "; ".join(f"table {t.number}: {t.entered} of {t.due} deals" for t in behind) or "none"
