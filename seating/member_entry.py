"""Entering players from the club's registry: a member tapped, a guest added in one line, last time's people ticked.

Vocabulary (see ``seating.models`` and ``clubs.models``):
    pick       registering a member of the tournament's club as a player: his name, his club (his own, or ours
               when he gives none), his membership number and his categories (made in the tournament by name as
               needed), linked to him (``Player.member``), so his evenings stay attached to him.
    guest      a person typed in with his club and kept: he becomes a member of our registry (``guest``) and is
               picked, so next time he is found like anyone else.
    roll call  the members of an earlier evening, registered together (those ticked as here tonight).
Every registration goes through ``seating.replanning.players_entered`` (the tournament's row lock, a late entry's
series, a planned event's series not played planned again with him) and ``seating.services.player_register`` (its
checks), inside one transaction with the link and the categories: a refusal saves nothing.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.members import MemberError, member_save
from clubs.models import Member
from clubs.selectors import members_named
from common.folding import folded
from seating.errors import SeatingError
from seating.models import Player, Tournament
from seating.replanning import Entered, players_entered
from seating.services import _clean, player_register
from seating.teams import category_create, same_name


def _club_name(tournament: Tournament) -> str:
    return tournament.club.name if tournament.club_id else ""


def _member_of(tournament: Tournament, member) -> Member:
    """The member (or his id) as one of the tournament's club's; refused for another club's or none."""
    member_id = member.pk if isinstance(member, Member) else member
    found = Member.objects.filter(pk=member_id, club_id=tournament.club_id).first() if member_id else None
    if found is None:
        raise SeatingError("member", _("No such member in this club's registry."))
    return found


def _give_categories(tournament: Tournament, player: Player, names: list[str]) -> None:
    if not names:
        return
    known = {same_name(category.name): category for category in tournament.categories.all()}
    for name in names:
        category = known.get(same_name(name))
        if category is None:
            category = known[same_name(name)] = category_create(tournament, name)
        player.categories.add(category)


def _pick(tournament: Tournament, member: Member, first_series: int, planned: bool) -> Player:
    """Register ``member`` under the row lock ``players_entered`` holds; the same member twice, or a player of
    his name and club already typed in, is refused (another member of his name is another person)."""
    if tournament.players.filter(member=member).exists():
        raise SeatingError("member", _("{name} is already registered").format(name=member.name))
    player = player_register(tournament=tournament, name=member.name, club=member.home_club or _club_name(tournament),
                             membership_number=member.number, first_series=first_series, planned=planned,
                             member=member)
    _give_categories(tournament, player, member.category_names)
    return player


def player_pick(*, tournament: Tournament, member, first_series: int | None = None) -> Entered:
    """Register ``member`` (a Member or its id, of the tournament's club) as a player, for series ``first_series``
    (the series the page offered; None: from the start, or in a planned event from the first series not played,
    whose series are planned again with him: ``seating.replanning``)."""
    member = _member_of(tournament, member)
    return players_entered(tournament, lambda locked, first, planned: [_pick(locked, member, first, planned)],
                           offered=first_series)


def guest_add(*, tournament: Tournament, name: str, club: str = "", first_series: int | None = None) -> Entered:
    """Register a guest typed in one line (name, his club) and keep him in the registry for next time: a guest
    of the same name and club already kept is reused, never made twice."""
    name = _clean(name, "name", required=True, max_length=120)
    club = _clean(club, "club", required=False, max_length=120)
    with transaction.atomic():
        member = members_named(tournament.club_id, name).filter(home_club_folded=folded(club)).order_by("pk").first()
        if member is None:
            try:  # the registry's own write, with its checks
                member = member_save(club=tournament.club, name=name, home_club=club, guest=True)
            except MemberError as refused:
                raise SeatingError({"home_club": "club"}.get(refused.field, refused.field), refused.message) from None
        return player_pick(tournament=tournament, member=member, first_series=first_series)


def members_pick(*, tournament: Tournament, member_ids) -> Entered:
    """Register every member of ``member_ids`` (the roll call's ticks) at once, the series not played of a planned
    event planned again once with them all; one refusal registers none."""
    ids = sorted({int(pk) for pk in member_ids})
    if not ids:
        raise SeatingError("members", _("Tick at least one player."))
    members = {member.pk: member for member in Member.objects.filter(pk__in=ids, club_id=tournament.club_id)}
    if len(members) != len(ids):
        raise SeatingError("members", _("No such member in this club's registry."))
    return players_entered(tournament, lambda locked, first, planned: [_pick(locked, members[pk], first, planned)
                                                                       for pk in ids])
