"""Reads of an association's ranking: a season of a club that other clubs are within (the association), whose
events are its clubs' evenings and the results files submitted to it, with one row per person.

Vocabulary (beyond ``seasons.core`` and ``seasons.core.association``):
    association season  a season whose club has clubs within it (``is_association``).
    piece               what one member (of any club within) or one player of a results file played; the pieces
                        of one federation number are one person's row, a piece without a number a row of its own.
    row id              the row's ``member``: the lowest member id among the person's members (in any club,
                        whether he played there or not), or for a person known only from results files a negative
                        number (no member has it; the JSON says null).
    clubs               the clubs a person played for: the slugs of the clubs whose evenings he played, and the club
                        names of the results files that name him.
    played              per club, how many results (series) he played in the season: what chooses his region when
                        his memberships do not (``clubs.persons.person_region``).
"""

from __future__ import annotations

import datetime
import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import groupby
from operator import attrgetter, itemgetter
from typing import NamedTuple

from django.db.models import F

from clubs.models import Club, Member, Person
from clubs.persons import person_region
from common.any_of import AnyOf
from scoring.engine.text import msg
from seasons.core import Evening, MemberResults, SeriesResult, changed, member_results
from seasons.core.association import qualification
from seasons.core.said import day_said
from seasons.models import Season, SubmittedEvent


def is_association(club: Club) -> bool:
    return Club.objects.filter(within=club).exists()


class Submitted(NamedTuple):
    """A results file that counts, as a ranking reads it: its event and its players gathered
    (``SubmittedEvent.gathered``), read as a plain row."""

    pk: int
    name: str
    club_name: str
    region: str
    date: datetime.date
    series: int
    gathered: str

    @property
    def evening_id(self) -> int:
        """Its id among the season's evenings: ``SubmittedEvent.evening_id``."""
        return -self.pk


def current_submissions(season: Season) -> list[Submitted]:
    """The season's results files that count (none replaced), by date."""
    return [Submitted._make(row) for row in SubmittedEvent.objects.filter(
        season=season, replaced_at__isnull=True).order_by("date", "id").values_list(
        "pk", "name", "club_name", "region", "date", "series", "gathered")]


def submitted_label(event: Submitted):
    return msg("{event} ({date})", event=f"{event.name}, {event.club_name}", date=day_said(event.date))


class _Known(NamedTuple):
    """A person as the association knows him (``Person``): his name, year of birth and the region he names."""

    name: str
    birth_year: int | None
    region: str


@dataclass
class _Person:
    key: object
    member: int  # his row's id
    name: str
    number: str | None = None
    birth_year: int | None = None
    series: list = field(default_factory=list)
    places: list = field(default_factory=list)
    labels: set = field(default_factory=set)
    played: dict = field(default_factory=dict)  # (club, region) -> results
    member_regions: list = field(default_factory=list)
    named: str = ""


@dataclass(frozen=True)
class ClubRows:
    """What the clubs' evenings give an association's ranking: their series rows by member (event id, series,
    member, total, games; the member None for a player linked to nobody, left out), each member's overall places
    (member -> [(event id, place)], for a placement rule) and the members' registry (member -> (name, federation
    number, year of birth, categories, guest)) of every member with a row."""

    rows: list[tuple]
    places: dict[int, list[tuple[int, int]]]
    registry: dict[int, tuple[str, str, int | None, frozenset[str], bool]]


def member_series(rows: list[tuple]) -> dict[int, list[SeriesResult]]:
    """Each member's results from the series rows (``ClubRows.rows``), as read; a row of nobody is left out."""
    series: defaultdict[int, list[SeriesResult]] = defaultdict(list)
    for tournament, number, member, total, games in rows:  # some 31,000 in an association's year
        if member is not None:
            series[member].append(_result(SeriesResult, (tournament, number, total, games, None)))
    return series


def association_pieces(evenings: list[Evening], club_rows: ClubRows, tournaments,
                       submissions: list[Submitted], *, places: bool, club_id: int | None = None
                       ) -> tuple[list[Evening], list[MemberResults]]:
    """The association's evenings (its clubs' and the submitted, by date) and its persons' results, from the
    clubs' members' series rows (``ClubRows``) and the results files (their players gathered). A club's money is
    its own: only the evenings of the association's club (``club_id``) hold back entry fees for its prizes.
    Every person's series are gathered in the season's order (``season_table``'s ``ordered``)."""
    own = {t.pk for t in tournaments if getattr(t, "club_id", None) == club_id}
    evenings = [e if e.tournament in own else changed(e, fees=Decimal(0)) for e in evenings]
    dates = {t.pk: t.date for t in tournaments} | {s.evening_id: s.date for s in submissions}
    # where each evening was played: (club, region)
    where_of = {t.pk: (t.club_slug, t.club_region) for t in tournaments}
    where_of |= {s.evening_id: (s.club_name, s.region) for s in submissions}
    evenings = sorted([*evenings, *(Evening(s.evening_id, submitted_label(s), s.series, year=s.date.year)
                                    for s in submissions)],
                      key=lambda e: (dates[e.tournament], e.tournament < 0, abs(e.tournament)))
    registry = club_rows.registry
    files = {s.evening_id: (s, json.loads(s.gathered)) for s in submissions}
    numbers = {number for _name, number, _year, _labels, _guest in registry.values() if number}
    numbers |= {player[0] for _s, players in files.values() for player in players if player[0]}
    persons = {number: _Known(name, year, region) for number, name, year, region in Person.objects.filter(
        AnyOf(F("federation_number"), numbers)).values_list("federation_number", "name", "birth_year", "region")}
    held = defaultdict(list)  # number -> the regions of the clubs he is a member of (not as a guest)
    first = {}  # number -> the lowest id of his members: his row's id, whichever club he played in
    for pk, number, region, guest in Member.objects.filter(AnyOf(F("federation_number"), numbers)).values_list(
            "pk", "federation_number", "club__region", "guest"):
        first[number] = min(first.get(number, pk), pk)
        if not guest:
            held[number].append(region)
    rows: dict[object, _Person] = {}  # key -> a person gathered
    # the results of a file's player without a number: a row of his own, whole from that one file (some 4,000 of
    # them in an association's year: made at once, not gathered)
    own: list[MemberResults] = []

    def person(key, row, name, number, birth_year) -> _Person:
        if key not in rows:
            known = persons.get(number)
            row = first.get(number, row)
            rows[key] = _Person(key, row, known.name if known else name, number,
                                known.birth_year if known else birth_year, member_regions=held.get(number, []),
                                named=known.region if known else "")
        found = rows[key]
        if found.birth_year is None:
            found.birth_year = birth_year
        return found

    # the rows by evening: a stable sort by the evening alone (the rows come from the database almost so)
    by_evening = {pk: list(rows_of) for pk, rows_of in groupby(sorted(club_rows.rows, key=_tournament), _tournament)}
    at_club: defaultdict[tuple[str, str], Counter] = defaultdict(Counter)  # (club, region) -> member -> results
    for pk, read in by_evening.items():
        at_club[where_of[pk]].update(map(_member, read))
    # each member's person first, by member: a person's name and year from his first member (no ``Person``); then
    # every evening in the season's order adds its results to its persons' (one list for all of a person's members)
    series_of: dict[int | None, list] = {None: []}  # member -> his person's results; a player of nobody's: dropped
    person_of: dict[int, _Person] = {}
    for member in sorted(set(map(_member, club_rows.rows)).difference((None,))):
        name, number, year, labels, _guest = registry[member]
        number = number or None
        one = person_of[member] = person(number or ("member", member), member, name, number, year)
        one.places += club_rows.places.get(member, ())
        one.labels.update(labels)
        series_of[member] = one.series
    for where, counted in at_club.items():
        for member, count in counted.items():
            if member is not None:
                played = person_of[member].played
                played[where] = played.get(where, 0) + count
    for evening in evenings:
        pk = evening.tournament
        if pk > 0:
            read = by_evening.get(pk, ())
            if evening.series > 1:  # its series in order too
                read = sorted(read, key=_series)
            for tournament, number, member, total, games in read:  # some 31,000 in an association's year
                series_of[member].append(_result(SeriesResult, (tournament, number, total, games, None)))
            continue
        submission, players = files[pk]
        where = where_of[pk]
        # his clubs: this file's; his region: the file's (no membership, no named region: the one he played in)
        region, clubs = person_region((), "", Counter({submission.region: 1})), (submission.club_name,)
        row = -submission.pk * 10_000 - 1  # a row's id without a number: -(file * 10,000 + its place in it + 1)
        for index, player in enumerate(players):
            if len(player) == 7:  # most players of a file played one series or two
                number, name, birth_year, labels, place, total, games = player
                results = [_result(SeriesResult, (pk, 1, total, games, None))]
            elif len(player) == 9:
                number, name, birth_year, labels, place, total, games, second, second_games = player
                results = [_result(SeriesResult, (pk, 1, total, games, None)),
                           _result(SeriesResult, (pk, 2, second, second_games, None))]
            else:
                number, name, birth_year, labels, place, *figures = player
                results = [_result(SeriesResult, (pk, i // 2 + 1, figures[i], figures[i + 1], None))
                           for i in range(0, len(figures), 2)]
            if number is None:
                own.append(member_results(
                    row - index, name, tuple(results), ((pk, place),) if places else (),
                    frozenset(labels) if labels else _NO_LABELS, birth_year=birth_year, clubs=clubs, region=region))
                continue
            one = rows.get(number)
            if one is None or one.birth_year is None:
                one = person(number, row - index, name, number, birth_year)
            one.series += results
            if labels:
                one.labels.update(labels)
            one.played[where] = one.played.get(where, 0) + len(results)
            if places:
                one.places.append((pk, place))
    return evenings, sorted([*map(_results, rows.values()), *own], key=_row_id)


_tournament, _series, _member = itemgetter(0), itemgetter(1), itemgetter(2)  # of a result or a series row
_NO_LABELS = frozenset()
# a result made from its five fields at once (``tuple.__new__``: what its class's own constructor calls, without a
# Python frame for each of some 50,000 results)
_result = tuple.__new__
_row_id = attrgetter("member")  # of a person gathered or a row's results


def _results(person: _Person) -> MemberResults:
    if len(person.played) == 1:  # one club (most persons): his region is its (unless his memberships say)
        ((club, region),) = person.played
        return member_results(person.member, person.name, tuple(person.series), tuple(person.places),
                              frozenset(person.labels), person=person.number, birth_year=person.birth_year,
                              clubs=(club,), region=person_region(person.member_regions, person.named, {region: 1}))
    by_club: dict[str, int] = {}
    for (club, _region), count in person.played.items():
        by_club[club] = by_club.get(club, 0) + count
    # the region of the club where he played the most (equal: the first club in the alphabet; a club named under
    # two regions by its files: the first in the season), as one count
    most = min(by_club, key=lambda c: (-by_club[c], c)) if by_club else None
    played = Counter({next(r for (c, r) in person.played if c == most): 1}) if most is not None else Counter()
    region = person_region(person.member_regions, person.named, played)
    clubs = tuple(sorted(by_club))
    return member_results(person.member, person.name, tuple(person.series), tuple(person.places),
                         frozenset(person.labels), person=person.number, birth_year=person.birth_year, clubs=clubs,
                         region=region)


def qualification_lists(reading, category: str | None = None):
    """The season's qualification lists (``seasons.core.association.qualification``) by its rule ``quotas``, over
    its table or a category's rows; None when the season has no such category."""
    rows = reading.table.rows if category is None else dict(reading.table.categories).get(category)
    if rows is None:
        return None
    return qualification(reading.table.rules.quotas, rows, lambda row: row.region)
