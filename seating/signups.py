"""Sign-up before the day: anyone signs up on the public form; the club sees the list and checks in
who came. Nothing a stranger types becomes a player or a member without the director.

Vocabulary:
    sign-up        a name, club, categories and a contact (e-mail or phone, seen by the club only) for one
                   tournament, made on the public form while sign-up is open and before its deadline.
    place          a sign-up's number among those not cancelled, in the order they came; the first
                   ``signup_limit`` have a place (``confirmed``), the rest wait, in that order (``waiting``). A
                   cancellation moves everyone behind up by one: places are counted, never stored.
    cancel link    /club/<slug>/signup/cancel/<token>/: each sign-up's own, to see his place and cancel.
    matched        the registry member of the same name (and club, when given) in the tournament's club, linked
                   to the sign-up; a stranger is never made a member here.
    forgotten      a member the club forgets (``clubs.members.member_forget``) leaves no name, club or contact in a
                   sign-up either (``signups_of_forgotten``).
    check-in       the director ticks who came; each becomes a player (``player_register``), a matched member
                   linked. A no-show is never registered, so his place is free before the draw. After a
                   whole-event plan, who comes late joins the series not played, planned again with him.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Member
from clubs.selectors import members_named
from common.folding import folded
from seating.errors import SeatingError
from seating.locks import lock_tournament
from seating.models import Category, Player, SignUp, Tournament
from seating.replanning import Entered, players_entered
from seating.services import player_register, same_person_in


@dataclass(frozen=True)
class Place:
    signup: SignUp
    number: int  # 1, 2, ... among those not cancelled
    confirmed: bool
    waiting: int | None  # his number on the waiting list (None: he has a place)


def signup_places(tournament: Tournament) -> list[Place]:
    """Every sign-up not cancelled, in order, with his place or his number on the waiting list."""
    limit = tournament.signup_limit
    places = []
    for number, signup in enumerate(SignUp.objects.filter(tournament=tournament, cancelled_at__isnull=True)
                                    .order_by("created_at", "pk").prefetch_related("categories"), start=1):
        confirmed = limit is None or number <= limit
        places.append(Place(signup, number, confirmed, None if confirmed else number - limit))
    return places


def place_of(signup: SignUp) -> Place | None:
    """The sign-up's place now (None: cancelled)."""
    return next((place for place in signup_places(signup.tournament) if place.signup.pk == signup.pk), None)


def signup_is_open(tournament: Tournament, now=None) -> bool:
    now = now or timezone.now()
    return tournament.signup_open and (tournament.signup_deadline is None or now <= tournament.signup_deadline) \
        and not tournament.is_drawn


def _matched_member(tournament: Tournament, name: str, club: str) -> Member | None:
    members = members_named(tournament.club_id, name)
    if club:  # his club, or none kept (a member of ours)
        members = members.filter(home_club_folded__in=[folded(club), ""])
    found = list(members[:2])
    return found[0] if len(found) == 1 else None  # two of that name: the club decides at check-in


def signup_create(*, tournament: Tournament, name: str, club: str, contact: str,
                  categories: list[Category] = (), now=None) -> SignUp:
    """A new sign-up, or ``SeatingError`` naming the field: sign-up closed or past its deadline, the same name and
    club already signed up. Counted under the tournament's row lock, so two at the same moment get two places."""
    name, club, contact = " ".join(name.split()), " ".join(club.split()), contact.strip()
    if not name:
        raise SeatingError("name", _("Give your name."))
    if not contact:
        raise SeatingError("contact", _("Give an e-mail address or a phone number, for the club only."))
    with transaction.atomic():
        locked = lock_tournament(tournament.pk)
        if not signup_is_open(locked, now):
            raise SeatingError(None, _("Sign-up for this event is closed."))
        if same_person_in(SignUp.objects.filter(tournament=locked, cancelled_at__isnull=True)
                          .values_list("name", "club"), name, club):
            raise SeatingError("name", _("{name} is already signed up.").format(name=name))
        signup = SignUp.objects.create(tournament=locked, name=name, club=club, contact=contact,
                                       member=_matched_member(locked, name, club), created_at=now or timezone.now())
        signup.categories.set([category for category in categories if category.tournament_id == locked.pk])
    return signup


def signup_cancel(*, token: str) -> SignUp | None:
    """Cancel the sign-up of ``token`` (once); the waiting list moves up by itself. None: no such sign-up.

    Once he is checked in he is a player of the running event (seated, owing his fee): his link no longer takes
    him out, a ``SeatingError`` tells him to ask the director, who withdraws him with the event in view. Taking
    him out here would change a drawn table, or the series planned with him, behind the director's back. The
    tournament is locked as the check-in locks it, so a cancel and a check-in at once end one after the other."""
    with transaction.atomic():
        signup = SignUp.objects.filter(cancel_token=token).first() if token else None
        if signup is None:
            return None
        lock_tournament(signup.tournament_id)
        signup = SignUp.objects.select_for_update().get(pk=signup.pk)
        if signup.cancelled_at is None and signup.player_id is not None:
            raise SeatingError("signup", _("You are checked in: ask the director to withdraw you."))
        if signup.cancelled_at is None:
            signup.cancelled_at = timezone.now()
            signup.save(update_fields=["cancelled_at"])
    return signup


def signups_check_in(*, tournament: Tournament, signup_ids: list[int]) -> Entered:
    """Register the ticked sign-ups as players (a matched member linked, his categories kept); one refused
    (already registered, the seats drawn) refuses all, naming him. After a whole-event plan they join the first
    series not played, planned again once with them all (``seating.replanning``)."""
    def enter(locked: Tournament, first: int, planned: bool) -> list[Player]:
        chosen = {place.signup.pk: place.signup for place in signup_places(locked)}
        players = []
        for pk in signup_ids:
            signup = chosen.get(pk)
            if signup is None or signup.player_id is not None:
                continue
            player = player_register(tournament=locked, name=signup.name, club=signup.club, first_series=first,
                                     planned=planned)
            if signup.member_id:
                player.member_id = signup.member_id
                player.save(update_fields=["member"])
            player.categories.set(signup.categories.all())
            signup.player = player
            signup.save(update_fields=["player"])
            players.append(player)
        return players

    return players_entered(tournament, enter)


def signups_of_forgotten(sender, member, **kwargs) -> None:
    """A member forgotten (``clubs.signals.member_forgotten``): his sign-ups, matched to him or checked in as one of
    his players, keep no name, club or contact; one not checked in is cancelled (nobody will come under it)."""
    from clubs.members import former_member_name

    mine = SignUp.objects.select_for_update(of=("self",)).select_related("tournament").filter(
        Q(member=member) | Q(player__member=member))
    for signup in mine:
        signup.name, signup.club, signup.contact = former_member_name(signup.tournament.language), "", ""
        signup.member = None
        if signup.player_id is None and signup.cancelled_at is None:
            signup.cancelled_at = timezone.now()
        signup.save(update_fields=["name", "club", "contact", "member", "cancelled_at"])
        signup.categories.clear()


def signups_of_merged(sender, keep, other, **kwargs) -> None:
    """Two members merged (``clubs.signals.members_merged``): the other's sign-ups are the kept one's."""
    SignUp.objects.filter(member=other).update(member=keep)


def signup_settings_save(*, tournament: Tournament, open: bool, limit: int | None, deadline) -> Tournament:
    tournament.signup_open, tournament.signup_limit, tournament.signup_deadline = bool(open), limit, deadline
    tournament.save(update_fields=["signup_open", "signup_limit", "signup_deadline"])
    return tournament
