"""A league match day's money at its event's cash desk (``cashdesk.outside``): the team fees and the no-show fines
of the teams of the event's group. A fine belongs to its match day's events; a fee to every event of the season
until taken (the cashier takes it where the team shows up), and to the event where it was taken. ``LeaguesConfig
.ready`` registers both functions with the cash desk."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _

from cashdesk.outside import OutsideLine
from cashdesk.services import CashError
from leagues.models import Charge, Group
from leagues.services import LeagueError, charge_take

NAME = "league"


def _charges(tournament):
    """The cash-book lines (not reversed, not counter-lines) that belong to ``tournament``'s desk."""
    group = Group.objects.filter(tournament=tournament).select_related("day").first()
    here = Q(taken_event=tournament)
    if group is None:
        return Charge.objects.filter(here, amount__gt=0)
    teams = list(group.entries.values_list("team_id", flat=True))
    mine = Q(league=group.day.league_id, team__in=teams) & (
        Q(kind=Charge.Kind.FINE, day=group.day.number) | Q(kind=Charge.Kind.FEE) & (
            Q(taken_at__isnull=True) | here))
    return Charge.objects.filter(mine | here, amount__gt=0, reversed_by__isnull=True)


def league_lines(tournament) -> list[OutsideLine]:
    return [OutsideLine(key=f"{NAME}:{charge.pk}", team=charge.team.name, book=charge.league.name, what=charge.kind,
                        amount=charge.amount, taken=charge.taken_at is not None,
                        here=charge.taken_event_id == tournament.pk)
            for charge in _charges(tournament).select_related("team", "league").order_by("league", "team", "kind",
                                                                                         "pk")]


def league_take(tournament, charge: int, by) -> None:
    found = _charges(tournament).filter(pk=charge).select_related("league").first()
    if found is None:
        raise CashError(_("no such open line"))
    try:
        charge_take(league=found.league, charge=found.pk, by=by, event=tournament)
    except LeagueError as refused:
        raise CashError(refused.message) from None
