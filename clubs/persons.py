"""One person across clubs: the members of every club who carry one federation number, and the clubs' places within
an association.

Vocabulary:
    federation number  the association's Spielerpass- or Mitgliedsnummer (``Member.federation_number``); members of
                       several clubs with one number are one person (``Person``).
    latest change      a person's name and year of birth are those the latest write of one of his members gave
                       (``persons_touched``, called by every write of members: the form, an import, a merge).
    another person     an import row whose number names a person of another name (compared folded, "Müller" is
                       "muller") AND another year of birth (both known) is refused for that row
                       (``person_conflict``): one of the two is a typing error, and which one is for the club to say.
    region             a person's region (``person_region``): the region of the club he is a member of (not as a
                       guest); of several, the one he names (``Person.region``), else the region of the club where he
                       played the most results (of the season, when a season asks; of all his events here).
    memberships        a person's members: per member his club's short name, the member's id and whether a guest.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club, Member, Person
from common.errors import UserError
from common.folding import folded

MOST_REGION = 60
_NOT_TEXT = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")  # what a typed or sent number never holds (a NUL: a 500)


class PersonError(UserError):
    """A person's or a club's place in the association refused; ``field`` names what to correct."""


# --- Clubs within an association --------------------------------------------------------------------------------

def club_place(*, club: Club, within: Club | None | bool = False, region: str | None = None) -> Club:
    """Put ``club`` within the association ``within`` (None: within none; False: as it is) and in ``region``
    (None: as it is). A club is never within itself, nor within a club within it."""
    fields = []
    if within is not False:
        above = within
        while above is not None:
            if above.pk == club.pk:
                raise PersonError("within", _("{club} cannot be within {association}: that is within {club} "
                                              "itself").format(club=club.name, association=within.name))
            above = above.within
        club.within = within
        fields.append("within")
    if region is not None:
        region = " ".join(region.split())
        if len(region) > MOST_REGION:
            raise PersonError("region", _("a region of at most {most} characters").format(most=MOST_REGION))
        club.region = region
        fields.append("region")
    if fields:
        club.save(update_fields=fields)
    return club


def clubs_within(association: Club) -> list[Club]:
    """The clubs within ``association`` (directly), by region and name."""
    return list(Club.objects.filter(within=association).order_by("region", "name", "pk"))


def association_club_ids(association: Club) -> set[int]:
    """The association's own id and those of the clubs within it: whose events its rankings may count."""
    return {association.pk, *Club.objects.filter(within=association).values_list("pk", flat=True)}


# --- Persons ------------------------------------------------------------------------------------------------------

def number_checked(number: str) -> str:
    number = " ".join(str(number or "").split())
    if len(number) > 40:
        raise PersonError("federation_number", _("a federation number of at most {most} characters").format(most=40))
    if _NOT_TEXT.search(number):
        raise PersonError("federation_number", _("a federation number of letters, digits and signs, without "
                                                 "control characters"))
    return number


def person_conflict(person: Person | None, name: str, birth_year: int | None) -> str | None:
    """Why a member of ``name`` and ``birth_year`` cannot carry ``person``'s number (None: he can): another name
    and another year of birth, both known."""
    if person is None or folded(name) == folded(person.name):
        return None
    if birth_year is None or person.birth_year is None or birth_year == person.birth_year:
        return None
    return _("federation number {number} is {name}'s (born {year}), not a player of another name and year of "
             "birth").format(number=person.federation_number, name=person.name, year=person.birth_year)


def persons_touched(members: Iterable[Member]) -> None:
    """The persons of ``members`` (just written, in that order: the last is the latest change) made or brought up
    to date: their name and year of birth from the latest change."""
    latest = {}
    for member in members:
        if member.federation_number:
            latest[member.federation_number] = member
    if not latest:
        return
    persons = Person.objects.filter(federation_number__in=latest).order_by("pk")
    if connection.in_atomic_block:  # held to the end of the write: a merge (``persons_merge``) waits for it
        persons = persons.select_for_update()
    known = {p.federation_number: p for p in persons}
    for number, member in latest.items():
        person = known.get(number)
        # a person merged away meanwhile is no longer there to bring up to date (no row to write): made again
        if person is None or (person.name, person.birth_year) != (member.name,
                                                                  member.birth_year or person.birth_year):
            written = person is not None and Person.objects.filter(pk=person.pk).update(
                name=member.name, birth_year=member.birth_year or person.birth_year, changed_at=timezone.now())
            if not written:
                # made by another write at the same moment: then brought up to date as a known one
                person, made = Person.objects.get_or_create(federation_number=number, defaults={
                    "name": member.name, "birth_year": member.birth_year})
                if not made:
                    Person.objects.filter(pk=person.pk).update(
                        name=member.name, birth_year=member.birth_year or person.birth_year,
                        changed_at=timezone.now())


def person_find(number: str) -> Person | None:
    number = " ".join(str(number or "").split())
    if _NOT_TEXT.search(number):  # no number holds one, and PostgreSQL refuses to compare a NUL: nobody
        return None
    return Person.objects.filter(federation_number=number).first()


@dataclass(frozen=True)
class Membership:
    club: str  # the club's slug
    member: int
    guest: bool
    region: str


def memberships(person: Person) -> list[Membership]:
    return [Membership(m.club.slug, m.pk, m.guest, m.club.region)
            for m in Member.objects.filter(federation_number=person.federation_number).select_related("club")
            .order_by("club__slug", "pk")]


def person_region(member_regions: Iterable[str], named: str, played: Counter) -> str:
    """A person's region (see the vocabulary) from the regions of the clubs he is a member of (not as a guest),
    the one he names and his results by region (``played``: region -> results). '' when nothing tells it."""
    regions = sorted({r for r in member_regions if r})
    if len(regions) == 1:
        return regions[0]
    if len(regions) > 1 and named in regions:
        return named
    candidates = {r: n for r, n in played.items() if r and (not regions or r in regions)}
    if not candidates:
        return regions[0] if regions else ""
    # the most results; equal counts: the region first in the alphabet, the same answer every time
    return min(candidates, key=lambda r: (-candidates[r], r))


def person_events_by_region(person: Person) -> Counter:
    """How many events the person played in clubs of each region (all his members' events)."""
    counts = Counter()
    for member in Member.objects.filter(federation_number=person.federation_number).select_related("club"):
        counts[member.club.region] += member.players.count()
    return counts


def person_json(person: Person) -> dict:
    """``manage.py person show NUMBER --format json``."""
    held = memberships(person)
    region = person_region((m.region for m in held if not m.guest), person.region, person_events_by_region(person))
    return {"federation_number": person.federation_number, "name": person.name, "birth_year": person.birth_year,
            "region": region or None,
            "memberships": [{"club": m.club, "member": m.member, "guest": m.guest} for m in held]}


def person_name_region(*, person: Person, region: str) -> Person:
    """The region ``person`` names: one of the regions of the clubs he is a member of (not as a guest)."""
    region = " ".join(str(region or "").split())
    regions = sorted({m.region for m in memberships(person) if not m.guest and m.region})
    if region not in regions:
        raise PersonError("region", _("{name} is a member of clubs of the regions {regions}, not {region!r}").format(
            name=person.name, regions=", ".join(regions) or "—", region=region))
    person.region = region
    person.save(update_fields=["region", "changed_at"])
    return person


def persons_merge(*, keep: Person, other: Person, association: Club | None = None) -> Person:
    """Two persons who are one: ``other``'s members carry ``keep``'s number from now on; ``other`` is gone. From
    ``association``'s page: refused when a member of a club outside it carries one of the two numbers (another
    association's members are not renumbered, nor its person changed, from here)."""
    if keep.pk == other.pk:
        raise PersonError("federation_number", _("Choose two different persons to merge."))
    with transaction.atomic():
        # Both persons locked (in id order) and read again: a number given to one of them at the same time
        # (``member_give_number``) waits for the merge, or the merge for it, so no member keeps a number whose
        # person is gone; a person merged away by a merge that came first is refused, not merged twice.
        # the members carrying either number first, as every write of a member locks them (the member, then his
        # person): a member's edit amid the merge is waited for, never waited on in a circle
        list(Member.objects.select_for_update().filter(
            federation_number__in=[keep.federation_number, other.federation_number]).order_by("pk").values("pk"))
        locked = {p.pk: p for p in Person.objects.select_for_update().filter(pk__in=[keep.pk, other.pk])
                  .order_by("pk")}
        if len(locked) < 2:
            raise PersonError("federation_number", _("One of the two persons was merged or changed meanwhile; "
                                                     "read the page again."))
        keep, other = locked[keep.pk], locked[other.pk]
        if association is not None:
            outside = sorted(set(Member.objects.filter(
                federation_number__in=[keep.federation_number, other.federation_number])
                .exclude(club__in=association_club_ids(association)).values_list("club__name", flat=True)))
            if outside:
                raise PersonError("federation_number", _(
                    "{keep} or {other} is carried by members of clubs outside {association} ({clubs}): their "
                    "persons are not merged from here").format(
                    keep=keep.federation_number, other=other.federation_number, association=association.name,
                    clubs=", ".join(outside)))
        Member.objects.filter(federation_number=other.federation_number).update(
            federation_number=keep.federation_number)
        if not keep.birth_year and other.birth_year:
            keep.birth_year = other.birth_year
            keep.save(update_fields=["birth_year", "changed_at"])
        other.delete()
    return keep


def member_give_number(*, member: Member, number: str) -> Member:
    """Give ``member`` (who has none) a federation number: of a known person (refused when another name and year
    of birth) or a new one."""
    number = number_checked(number)
    if not number:
        raise PersonError("federation_number", _("give the federation number"))
    with transaction.atomic():
        # The member and the number's person locked, then read: two numbers given to him at once, or a merge of
        # that person at the same time (``persons_merge``), take turns instead of losing one of the writes.
        member = Member.objects.select_for_update().get(pk=member.pk)
        if member.federation_number:
            raise PersonError("federation_number", _("{name} has the federation number {number} already").format(
                name=member.name, number=member.federation_number))
        person = Person.objects.select_for_update().filter(federation_number=number).first()
        conflict = person_conflict(person, member.name, member.birth_year)
        if conflict:
            raise PersonError("federation_number", conflict)
        member.federation_number = number
        member.save(update_fields=["federation_number"])
        persons_touched([member])
    return member


# --- The association's page ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PersonLine:
    person: Person
    memberships: tuple[Membership, ...]


def persons_of(association: Club) -> list[PersonLine]:
    """The persons among the members of the clubs within ``association``, by name, each with his memberships there
    (his name, number, year of birth and clubs: nothing of a club's private fields)."""
    members = (Member.objects.filter(club__within=association).exclude(federation_number="")
               .select_related("club").order_by("club__slug", "pk"))
    held: dict[str, list[Membership]] = {}
    for m in members:
        held.setdefault(m.federation_number, []).append(Membership(m.club.slug, m.pk, m.guest, m.club.region))
    persons = Person.objects.filter(federation_number__in=held).order_by("name", "federation_number")
    return [PersonLine(p, tuple(held[p.federation_number])) for p in persons]


def members_without_number(association: Club) -> list[Member]:
    """The members of the clubs within ``association`` who carry no federation number (not the guests)."""
    return list(Member.objects.filter(club__within=association, federation_number="", guest=False)
                .select_related("club").order_by("name", "pk"))


def association_member(association: Club, member_id: int) -> Member | None:
    """A member of a club within ``association`` (None: none such, another association's)."""
    return Member.objects.filter(pk=member_id, club__within=association).select_related("club").first()


def association_person(association: Club, number: str) -> Person | None:
    """The person ``number`` when a member of a club within ``association`` carries it."""
    person = person_find(number)
    if person is None or not Member.objects.filter(federation_number=person.federation_number,
                                                   club__within=association).exists():
        return None
    return person
