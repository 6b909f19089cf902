"""A league match day's money at its event's cash desk (``cashdesk.outside``): the team fees and the no-show fines
of the teams of the event's group. A fine belongs to its match day's events; a fee to every event of the season
until taken (the cashier takes it where the team shows up), and to the event where it was taken; a take given back
at that event's desk stays there with its counter-line. ``LeaguesConfig.ready`` registers the three functions with
the cash desk."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext as _

from cashdesk.outside import OutsideLine
from cashdesk.services import CashError
from leagues.models import Charge, Group
from leagues.services import LeagueError, charge_take, charge_take_back

NAME = "league"


def _charges(tournament):
    """The cash-book lines that belong to ``tournament``'s desk: those of its group's teams still standing (not
    reversed, not counter-lines), and every line whose money moved at this desk, a take given back and its
    counter-line too (the desk's cash holds them)."""
    group = Group.objects.filter(tournament=tournament).select_related("day").first()
    here = Q(taken_event=tournament)
    if group is None:
        return Charge.objects.filter(here)
    teams = list(group.entries.values_list("team_id", flat=True))
    mine = Q(league=group.day.league_id, team__in=teams, amount__gt=0, reversed_by__isnull=True) & (
        Q(kind=Charge.Kind.FINE, day=group.day.number) | Q(kind=Charge.Kind.FEE, taken_at__isnull=True))
    return Charge.objects.filter(mine | here)


def league_lines(tournament) -> list[OutsideLine]:
    charges = (_charges(tournament).select_related("team", "league").annotate(
        taken_back=Exists(Charge.objects.filter(reverses=OuterRef("pk")))).order_by("league", "team", "kind", "pk"))
    return [OutsideLine(key=f"{NAME}:{charge.pk}", team=charge.team.name, book=charge.league.name, what=charge.kind,
                        amount=charge.amount, taken=charge.taken_at is not None,
                        here=charge.taken_event_id == tournament.pk, gives_back=charge.reverses_id is not None,
                        given_back=charge.taken_back, note=charge.note if charge.reverses_id else "")
            for charge in charges]


def league_take(tournament, charge: int, by) -> None:
    found = _charges(tournament).filter(pk=charge).select_related("league").first()
    if found is None:
        raise CashError(_("no such open line"))
    try:
        charge_take(league=found.league, charge=found.pk, by=by, event=tournament)
    except LeagueError as refused:
        raise CashError(refused.message) from None


def league_take_back(tournament, charge: int, by, note: str) -> None:
    found = Charge.objects.filter(taken_event=tournament, pk=charge).select_related("league").first()
    if found is None:
        raise CashError(_("this line was not taken at this cash desk"))
    try:
        charge_take_back(league=found.league, charge=found.pk, by=by, event=tournament, note=note)
    except LeagueError as refused:
        raise CashError(refused.message) from None
