"""The director's writes between series: drawing the next series (with the standings when it is drawn by them, or
every series left planned at once), and late entries and withdrawals, which re-plan a planned event's series
not yet played. Scoring knows which series are played (they hold scores); seating is told."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from scoring.models import Deal, Slip
from scoring.results import tournament_results
from seating.errors import SeatingError
from seating.models import Player, Seat, SeriesDraw, Tournament
from seating.selectors import drawn_series
from seating.series import planned_from, player_withdraw, series_draw, series_end, series_replan
from seating.services import player_register


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
    those of every series before it stand."""
    return max(Deal.objects.filter(tournament=tournament).aggregate(last=Max("table__series"))["last"] or 0,
               Slip.objects.filter(tournament=tournament).aggregate(last=Max("table__series"))["last"] or 0)


def replanned_late_entry(tournament: Tournament) -> int | None:
    """The series a late entry joins when the event is planned beyond the series played (the first not played,
    planned again with him), else None (he joins the next series to be drawn)."""
    first = series_played(tournament) + 1
    if first <= tournament.series_count and planned_from(tournament, first):
        return first
    return None


def register_late_entry(*, tournament: Tournament, offered: int, **player) -> tuple[Player, int | None]:
    """Enter a player for series ``offered``: the next to be drawn, or in a planned event the first not played,
    whose series are then planned again with him (both or neither saved). The player, and the first series
    planned again (None when none was)."""
    replanned = replanned_late_entry(tournament)
    if replanned is None:
        return player_register(tournament=tournament, first_series=offered, **player), None
    with transaction.atomic():
        if offered != replanned:
            raise SeatingError(None, _("Series {number} was played meanwhile: enter him for series {next}.").format(
                number=replanned - 1, next=replanned))
        entered = player_register(tournament=tournament, first_series=replanned, planned=True, **player)
        series_replan(tournament=tournament, first=replanned, played=replanned - 1)
    return entered, replanned


def withdraw_player(*, tournament: Tournament, player_id: int, after: int) -> tuple[Player, int | None]:
    """The player plays no series after ``after``; a planned event's later series, not played, are planned again
    without him. The player, and the first series planned again (None when none was)."""
    # Seating re-plans only a player seated after ``after`` in planned series; otherwise nothing is drawn again.
    replanning = (planned_from(tournament, after + 1)
                  and Seat.objects.filter(player_id=player_id, tournament=tournament, series__gt=after).exists())
    player = player_withdraw(tournament=tournament, player_id=player_id, after=after,
                             played=series_played(tournament))
    return player, after + 1 if replanning else None


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
    return series_end(tournament=tournament, after=after)
