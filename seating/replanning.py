"""Late entries and withdrawals after a whole-event plan: every way a player comes or goes re-plans the series not
yet played, keeping those played.

Vocabulary (see ``seating.event_series``):
    played      a series holding a score (``selectors.series_held``): its seats stand, and so do those before it.
    re-planned  the planned series from the first not played on, planned again at once with the players who play
                them now (``series.series_replan``, with the plan's seed); the meetings of the series before count.
    replanned_from  the series a late entry joins when the series from there to the last are planned with the
                whole event and not played; None when they are not (he joins the next series to be drawn, or,
                before any draw, the first).
A late entry comes from the director's late-entry form and the registry on the series page, and from the players
page (typed in, a member picked, a guest, the roll call, a list imported) and the sign-up check-in: all enter
through ``players_entered``, which takes the tournament's row lock first, decides the series under it and re-plans
once in the same transaction, so two entries at once are planned one after the other and neither is lost. A
withdrawal (``player_withdraw``) takes the same lock and re-plans the same way. A series holding scores is never
touched: a re-plan of one is refused, and the database refuses to delete a table holding scores anyway. An event
not planned beyond the series played is as before: a late entry joins the next series to be drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from seating.errors import SeatingError
from seating.event_series import planned_from, series_replan
from seating.locks import lock_tournament
from seating.models import Player, Seat, SeriesDraw, Tournament
from seating.selectors import series_held
from seating.services import player_register


@dataclass(frozen=True)
class Entered:
    """Players entered at once, and the first series planned again with them (None when none was)."""

    players: list[Player]
    replanned: int | None

    @property
    def player(self) -> Player:
        return self.players[0]

    def said(self, tournament: Tournament) -> str:
        """The re-plan as the director is told it ("" when none was)."""
        return replanned_said(tournament, self.replanned, len(self.players))


def replanned_from(tournament: Tournament) -> int | None:
    """The first series not played when it and every later drawn series were planned with the whole event (a
    series drawn otherwise and not played stays as drawn, and the entry joins the planned one after it); None
    when the event is not planned beyond the series played."""
    played = series_held(tournament)
    later = list(tournament.series_draws.filter(number__gt=played).order_by("-number").values_list("number", "how"))
    first = None
    for number, how in later:  # the planned series at the end of the event, the last first
        if how != SeriesDraw.How.PLAN:
            break
        first = number
    return first if first is not None and first <= tournament.series_count else None


Enter = Callable[[Tournament, int, bool], list[Player]]
"""Registers players under the row lock: ``(tournament, first series, planned)`` → the players registered
(``seating.services.player_register`` with those arguments)."""


def players_entered(tournament: Tournament, enter: Enter, *, offered: int | None = None) -> Entered:
    """Enter players with ``enter``, for series ``offered`` (the series the page offered; None: from the start, or
    in a planned event from the first series not played), and re-plan the series not played with them when they
    are planned with the whole event: both or neither saved. Refused when the page offered another series than a
    planned event's first not played (played or planned meanwhile)."""
    with transaction.atomic():
        locked = lock_tournament(tournament.pk)
        first = replanned_from(locked)
        if first is None:
            return Entered(enter(locked, offered or 1, False), None)
        if offered is not None and offered < first:
            raise SeatingError(None, _("Series {number} was played meanwhile: enter him for series {next}.").format(
                number=first - 1, next=first))
        if offered is not None and offered > first:
            raise SeatingError(None, _("The series from {next} on were planned with the whole event meanwhile: "
                                       "enter him for series {next}.").format(next=first))
        players = enter(locked, first, True)
        if players:
            series_replan(tournament=locked, first=first, played=first - 1)
    tournament.refresh_from_db(fields=["draw_seed", "drawn_at", "status"])
    return Entered(players, first if players else None)


def player_enter(*, tournament: Tournament, offered: int | None = None, **player) -> Entered:
    """Enter one player typed in (``seating.services.player_register``'s fields) for series ``offered``
    (``players_entered``)."""
    def enter(locked: Tournament, first: int, planned: bool) -> list[Player]:
        return [player_register(tournament=locked, first_series=first, planned=planned, **player)]

    return players_entered(tournament, enter, offered=offered)


@dataclass(frozen=True)
class Withdrawn:
    """A player withdrawn, and the first series planned again without him (None when none was)."""

    player: Player
    replanned: int | None


def player_withdraw(*, tournament: Tournament, player_id: int, after: int) -> Withdrawn:
    """The player plays no series after ``after``; he keeps what he played and stays ranked with it. When he is
    seated after ``after`` in series planned with the whole event and not played, they are planned again without
    him; seated in a series drawn otherwise, he is refused (that series is drawn again after his withdrawal)."""
    with transaction.atomic():
        locked = lock_tournament(tournament.pk)
        player = Player.objects.select_for_update().filter(tournament=locked, pk=player_id).first()
        if player is None:
            raise SeatingError("player", _("No such player in this tournament."))
        if not player.first_series - 1 <= after <= locked.series_count:
            raise SeatingError("after", _("{name} plays from series {first}: he can withdraw after series {earliest} "
                                          "to {last}.").format(name=player.name, first=player.first_series,
                                                               earliest=player.first_series - 1,
                                                               last=locked.series_count))
        seated_later = Seat.objects.filter(player=player, series__gt=after).order_by("series").first()
        replanned = None
        if seated_later is not None:
            if after < series_held(locked) or not planned_from(locked, after + 1):
                raise SeatingError("after", _("{name} is seated in series {number}: draw that series again after "
                                              "his withdrawal, or let him withdraw after it.").format(
                                                  name=player.name, number=seated_later.series))
            replanned = after + 1
        player.last_series = after
        player.save(update_fields=["last_series"])
        if replanned is not None:
            series_replan(tournament=locked, first=replanned, played=replanned - 1)
    tournament.refresh_from_db(fields=["draw_seed", "drawn_at", "status"])
    return Withdrawn(player, replanned)


def plan_again(*, tournament: Tournament, seed: int | None = None, offered: int | None = None) -> SeriesDraw:
    """Plan the series not played again with another seed (None: one drawn at random), when the director wants a
    better plan than the one shown: from the first series not played, when it and every later one were planned
    with the whole event (``replanned_from``, decided under the tournament's lock). ``offered`` is the first series
    the page offered to plan again: a series played meanwhile is told, not planned over. The record of the first
    series planned again is returned (its seed is the new one)."""
    with transaction.atomic():
        locked = lock_tournament(tournament.pk)
        first = replanned_from(locked)
        if first is None:
            raise SeatingError(None, _("No series still to play was planned with the whole event: there is nothing "
                                       "to plan again."))
        if offered is not None and offered != first:
            raise SeatingError(None, _("Series {number} holds scores since the page was shown: look at the plan "
                                       "again before planning anew.").format(number=first - 1))
        drawn = series_replan(tournament=locked, first=first, played=first - 1, seed=seed)
    tournament.refresh_from_db(fields=["draw_seed", "drawn_at", "status"])
    return drawn[0]


def replanned_said(tournament: Tournament, first: int | None, players: int = 1) -> str:
    """What the director is told after ``players`` entered at once re-planned the series from ``first`` on (""
    when none was)."""
    if first is None:
        return ""
    if players == 1:
        said = _("Series {first} to {last} are planned again with him.")
    else:
        said = _("Series {first} to {last} are planned again with them.")
    return said.format(first=first, last=tournament.series_count)
