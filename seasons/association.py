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

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from operator import attrgetter, itemgetter

from clubs.models import Club, Member, Person
from clubs.persons import person_region
from scoring.engine.text import msg
from seasons.core import Evening, MemberResults, SeriesResult, changed
from seasons.core.association import qualification
from seasons.core.said import day_said
from seasons.models import Season, SubmittedEvent


def is_association(club: Club) -> bool:
    return Club.objects.filter(within=club).exists()


def current_submissions(season: Season) -> list[SubmittedEvent]:
    return list(SubmittedEvent.objects.filter(season=season, replaced_at__isnull=True).order_by("date", "id"))


def submitted_label(event: SubmittedEvent):
    return msg("{event} ({date})", event=f"{event.name}, {event.club_name}", date=day_said(event.date))


def _places(totals: dict) -> dict:
    """Each key's overall place by its total, higher first, equal totals sharing a place (1, 2, 2, 4)."""
    place: dict = {}
    for index, total in enumerate(sorted(totals.values(), reverse=True), start=1):
        place.setdefault(total, index)
    return {key: place[total] for key, total in totals.items()}


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


def association_pieces(evenings: list[Evening], members: list[MemberResults], tournaments,
                       submissions: list[SubmittedEvent], *, places: bool, club_id: int | None = None
                       ) -> tuple[list[Evening], list[MemberResults]]:
    """The association's evenings (its clubs' and the submitted, by date) and its persons' results, from the
    clubs' members' results (``seasons.selectors.season_inputs``) and the results files. A club's money is its
    own: only the evenings of the association's club (``club_id``) hold back entry fees for its prizes."""
    own = {t.pk for t in tournaments if getattr(t, "club_id", None) == club_id}
    evenings = [e if e.tournament in own else changed(e, fees=Decimal(0)) for e in evenings]
    dates = {t.pk: t.date for t in tournaments} | {s.evening_id: s.date for s in submissions}
    club_of = {t.pk: (t.club.slug, t.club.region) for t in tournaments}
    evenings = sorted([*evenings, *(Evening(s.evening_id, submitted_label(s), s.series, year=s.date.year)
                                    for s in submissions)],
                      key=lambda e: (dates[e.tournament], e.tournament < 0, abs(e.tournament)))
    registry = {pk: (name, number, year) for pk, name, number, year in Member.objects.filter(
        pk__in=[m.member for m in members]).values_list("pk", "name", "federation_number", "birth_year")}
    numbers = {number for _name, number, _year in registry.values() if number}
    numbers |= {p.get("federation_number") for s in submissions for p in s.players if p.get("federation_number")}
    persons = {p.federation_number: p for p in Person.objects.filter(federation_number__in=numbers)}
    held = defaultdict(list)  # number -> the regions of the clubs he is a member of (not as a guest)
    first = {}  # number -> the lowest id of his members: his row's id, whichever club he played in
    for pk, number, region, guest in Member.objects.filter(federation_number__in=numbers).values_list(
            "pk", "federation_number", "club__region", "guest"):
        first[number] = min(first.get(number, pk), pk)
        if not guest:
            held[number].append(region)
    # key -> a person gathered (``_Person``), or the results of a file's player without a number: a row of his
    # own, whole from that one file (some 4,000 of them in an association's year: made at once, not gathered)
    rows: dict[object, _Person | MemberResults] = {}

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

    for piece in members:
        name, number, year = registry[piece.member]
        number = number or None
        one = person(number or ("member", piece.member), piece.member, name, number, year)
        one.series.extend(piece.series)
        one.places.extend(piece.places)
        one.labels.update(piece.categories)
        played = one.played
        for where, count in Counter(map(club_of.__getitem__, map(_tournament, piece.series))).items():
            played[where] = played.get(where, 0) + count
    for submission in submissions:
        pk, totals, alone = submission.pk, {}, []
        evening, where = submission.evening_id, (submission.club_name, submission.region)
        for index, player in enumerate(submission.players):
            number = player.get("federation_number") or None
            series = [SeriesResult(evening, i, s["total"], s["games"]) for i, s in enumerate(player["series"], 1)]
            if number is None:
                key = ("file", pk, index)
                alone.append((key, -(pk * 10_000 + index + 1), player, series))
            else:
                key = number
                one = rows.get(number)
                if one is None or one.birth_year is None:
                    one = person(number, -(pk * 10_000 + index + 1), player["name"], number, player.get("birth_year"))
                one.series.extend(series)
                one.labels.update(player.get("categories") or ())
                one.played[where] = one.played.get(where, 0) + len(series)
            totals[key] = sum(map(_score, series))
        placed = _places(totals) if places else {}
        for key, place in placed.items():
            if key in rows:
                rows[key].places.append((evening, place))
        # his clubs: this file's; his region: the file's (no membership, no named region: the one he played in)
        region = person_region((), "", Counter({submission.region: 1}))
        for key, row, player, series in alone:
            rows[key] = MemberResults(row, player["name"], tuple(series),
                                      ((evening, placed[key]),) if places else (),
                                      frozenset(player.get("categories") or ()), birth_year=player.get("birth_year"),
                                      clubs=(submission.club_name,), region=region)
    return evenings, [p if isinstance(p, MemberResults) else _results(p)
                      for p in sorted(rows.values(), key=_row_id)]


_tournament, _score = itemgetter(0), itemgetter(2)  # of a result
_row_id = attrgetter("member")  # of a person gathered or a row's results


def _results(person: _Person) -> MemberResults:
    by_club: dict[str, int] = {}
    for (club, _region), count in person.played.items():
        by_club[club] = by_club.get(club, 0) + count
    # the region of the club where he played the most (equal: the first club in the alphabet), as one count
    most = min(by_club, key=lambda c: (-by_club[c], c)) if by_club else None
    played = Counter({next(r for (c, r) in person.played if c == most): 1}) if most is not None else Counter()
    region = person_region(person.member_regions, person.named, played)
    clubs = tuple(sorted(by_club))
    return MemberResults(person.member, person.name, tuple(person.series), tuple(person.places),
                         frozenset(person.labels), person=person.number, birth_year=person.birth_year, clubs=clubs,
                         region=region)


def qualification_lists(reading, category: str | None = None):
    """The season's qualification lists (``seasons.core.association.qualification``) by its rule ``quotas``, over
    its table or a category's rows; None when the season has no such category."""
    rows = reading.table.rows if category is None else dict(reading.table.categories).get(category)
    if rows is None:
        return None
    return qualification(reading.table.rules.quotas, rows, lambda row: row.region)
