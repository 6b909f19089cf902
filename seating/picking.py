"""Entering players from the club's registry: a member tapped, a guest added in one line, last time's people ticked.

Vocabulary (see ``seating.models`` and ``clubs.models``):
    pick       registering a member of the tournament's club as a player: his name, his club (his own, or ours
               when he gives none), his membership number and his categories (made in the tournament by name as
               needed), linked to him (``Player.member``), so his evenings stay attached to him.
    guest      a person typed in with his club and kept: he becomes a member of our registry (``guest``) and is
               picked, so next time he is found like anyone else.
    roll call  the members of an earlier evening, registered together (those ticked as here tonight).
Every registration goes through ``seating.services.player_register`` (its checks, the tournament's row lock, a late
entry's series), inside one transaction with the link and the categories: a refusal saves nothing.
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


def player_pick(*, tournament: Tournament, member, first_series: int = 1, is_expert: bool = False) -> Player:
    """Register ``member`` (a Member or its id, of the tournament's club) as a player; the same member twice,
    or a player of his name and club already typed in, is refused."""
    member = _member_of(tournament, member)
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if locked.players.filter(member=member).exists():
            raise SeatingError("member", _("{name} is already registered").format(name=member.name))
        player = player_register(tournament=locked, name=member.name, club=member.home_club or _club_name(locked),
                                 membership_number=member.number, is_expert=is_expert, first_series=first_series)
        player.member = member
        player.save(update_fields=["member"])
        _give_categories(locked, player, member.category_names)
    return player


def guest_add(*, tournament: Tournament, name: str, club: str = "", first_series: int = 1) -> Player:
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


def members_pick(*, tournament: Tournament, member_ids) -> list[Player]:
    """Register every member of ``member_ids`` (the roll call's ticks) at once; one refusal registers none."""
    ids = sorted({int(pk) for pk in member_ids})
    if not ids:
        raise SeatingError("members", _("Tick at least one player."))
    members = {member.pk: member for member in Member.objects.filter(pk__in=ids, club_id=tournament.club_id)}
    if len(members) != len(ids):
        raise SeatingError("members", _("No such member in this club's registry."))
    with transaction.atomic():
        return [player_pick(tournament=tournament, member=members[pk]) for pk in ids]
