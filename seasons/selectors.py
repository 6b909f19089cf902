"""Reads of a season: its events' results, read through scoring's face (``scoring.results``) only, and their
fees taken (the cash desk's book), turned into the pure core's input (``seasons.core``), and the table computed.

Vocabulary (beyond ``seasons.core``):
    season's evenings   its events in the order of their dates (``season_tournaments``).
    a series played     a member played a series when he has a row in that series' standings with a deal played or
                        a total (a row of a series drawn but not yet started counts for nobody); its score is the
                        row's ``total``, its games the row's ``deals_played`` (what ``manage.py standings T
                        --format json`` shows in its ``series`` block).
    fees taken          an evening's entry fees as its cash book says (``cashdesk.selectors.fees_taken``):
                        what the season's share is held back of, the same figure each evening's cash report shows.
    members             the club's registry: a player of an evening counts for the member he is linked to
                        (``Player.member``); a player linked to nobody (an evening from before the registry) is
                        left out and counted in ``unlinked``.
"""

from __future__ import annotations

import datetime
import gc
from collections import defaultdict
from dataclasses import dataclass, field
from operator import itemgetter
from typing import NamedTuple

from django.db.models import F, Q

from cashdesk.selectors import fees_taken
from clubs.models import Member, split_categories
from clubs.persons import association_club_ids
from common.any_of import AnyOf
from common.rows import plain_rows
from scoring.engine.text import Text, msg
from scoring.results import events_series_rows
from seasons.association import ClubRows, association_pieces, current_submissions, is_association, member_series
from seasons.core import Evening, SeasonRules, SeasonTable, member_results, season_table
from seasons.core.said import day_said
from seasons.models import Season, SeasonEvent
from seating.models import Player, Tournament


@dataclass
class SeasonReading:
    """A season's table and what the pages say beside it."""

    season: Season
    table: SeasonTable
    tournaments: list[SeasonEvening]
    currency: str = "EUR"
    unlinked: int = 0  # players of the evenings linked to no member, left out
    guests: set[int] = field(default_factory=set)  # the members who are guests
    association: bool = False  # an association's ranking: rows per person (``seasons.association``)

    @property
    def language(self) -> str:
        """The print language: the season's own (``Season.language``)."""
        return self.season.language


def season_find(slug: str, club=None) -> Season | None:
    """The season with ``slug`` (of ``club`` when given); None when there is none, or several clubs have one."""
    found = list(Season.objects.filter(slug=slug, **({"club": club} if club is not None else {}))
                 .select_related("club")[:2])
    return found[0] if len(found) == 1 else None


def club_seasons(club) -> list[Season]:
    return list(Season.objects.filter(club=club))


def season_event(season: Season, tournament_id: int) -> Tournament | None:
    """The season's event ``tournament_id``, or None when the season has no such event."""
    return Tournament.objects.filter(pk=tournament_id, season_events__season=season).first()


class SeasonEvening(NamedTuple):
    """An evening of a season as its reading and pages need it, read as a plain row (an association's year has
    hundreds: a model each cost more than the rest of their reading)."""

    pk: int
    name: str
    date: datetime.date
    club_id: int
    club_slug: str
    club_name: str
    club_region: str
    currency: str | None  # its scoring settings' (None: it has none of its own, ``scoring_settings``)


def season_tournaments(season: Season) -> list[SeasonEvening]:
    """The season's evenings (``SeasonEvent``'s order: by date, then as added) that count: the season's club's,
    and the published ones of the clubs within an association."""
    # another club's evening counts while its club publishes it: taken back, it is the club's alone again
    return [SeasonEvening._make(row) for row in Tournament.objects.filter(
        Q(club=season.club_id) | Q(scoring__published=True), season_events__season=season).order_by(
        "date", "season_events__id").values_list("pk", "name", "date", "club_id", "club__slug", "club__name",
                                                 "club__region", "scoring__currency")]


def season_inputs(tournaments: list[SeasonEvening], *, places: bool = True):
    """(evenings, members' results, currency, unlinked players, guests): every evening's series (and, with
    ``places``, overall ranks: what placement scores), each player's rows gathered under his member."""
    evenings, club_rows, currency, unlinked = _club_rows(tournaments, places=places)
    series = member_series(club_rows.rows)  # some 12,500 for a club's year: one pass
    registry = club_rows.registry
    members = [member_results(pk, registry[pk][0], tuple(series[pk]), tuple(club_rows.places.get(pk, ())),
                              registry[pk][3]) for pk in sorted(series)]
    return evenings, members, currency, unlinked, _guests(club_rows)


def _guests(club_rows: ClubRows) -> set[int]:
    return {pk for pk, (*_figures, guest) in club_rows.registry.items() if guest}


def _club_rows(tournaments: list[SeasonEvening], *, places: bool) -> tuple[list[Evening], ClubRows, str, int]:
    """(evenings, their series rows by member with the members' registry, currency, unlinked players)."""
    ids = [t.pk for t in tournaments]
    unlinked = Player.objects.filter(AnyOf(F("tournament_id"), ids), member__isnull=True).count() if ids else 0
    fees = fees_taken(ids)  # what the season holds a share of: the fees the book took
    # every evening's series rows read at once, each under the member its player is linked to (a fixed handful of
    # queries for the season, not per evening)
    read = events_series_rows(tournaments, ranks=places, members=True)
    # a series drawn but not begun is missed by nobody yet: an evening has the series someone has played in
    evenings = [Evening(event.tournament.pk, evening_label(event.tournament), len(event.played),
                        fees[event.tournament.pk], event.tournament.date.year) for event in read.events]
    currency = read.events[0].currency if read.events else "EUR"
    members = set(map(_member, read.rows))
    members.discard(None)
    ranks: dict[int, list[tuple[int, int]]] = {}
    if places:
        member_of = dict(plain_rows(Player.objects.filter(AnyOf(F("tournament_id"), ids), member__isnull=False).order_by()
                                    .values_list("id", "member_id")))
        here = {(tournament, member) for tournament, _series, member, *_figures in read.rows}
        for event in read.events:  # a member placed in an evening he played a series of
            pk = event.tournament.pk
            for player, rank in event.ranks.items():
                member = member_of.get(player)
                if (pk, member) in here:
                    ranks.setdefault(member, []).append((pk, rank))
    registry = {pk: (name, number, year, frozenset(split_categories(categories)) if categories else _NONE, guest)
                for pk, name, number, year, categories, guest in Member.objects.filter(AnyOf(F("id"), members)).values_list(
                    "pk", "name", "federation_number", "birth_year", "categories", "guest")}
    return evenings, ClubRows(read.rows, ranks, registry), currency, unlinked


_member = itemgetter(2)  # of a series row
_NONE = frozenset()  # a member's categories when he has none (most: no text to split)


def evening_label(tournament) -> Text:
    """How the season's sentences name an evening: its name and its date, the date in the reader's format."""
    return msg("{event} ({date})", event=tournament.name, date=day_said(tournament.date))


def season_reading(season: Season, rules: SeasonRules | None = None) -> SeasonReading:
    """The season's table under its rules (or ``rules``, to try a change before saving it)."""
    # A season's reading makes tens of thousands of small objects (an association's some 100,000: every club's
    # evenings, series and files) and keeps them all: a collection pass in the middle would walk them for nothing,
    # so none runs until the table is made.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _season_reading(season, rules or season.parsed_rules)
    finally:
        if collecting:
            gc.enable()


def _season_reading(season: Season, rules: SeasonRules) -> SeasonReading:
    tournaments = season_tournaments(season)
    if not is_association(season.club):
        evenings, members, currency, unlinked, guests = season_inputs(tournaments, places=rules.by_placement)
        return SeasonReading(season, season_table(rules, evenings, members), tournaments, currency, unlinked, guests)
    evenings, club_rows, currency, unlinked = _club_rows(tournaments, places=rules.by_placement)
    evenings, members = association_pieces(evenings, club_rows, tournaments, current_submissions(season),
                                           places=rules.by_placement, club_id=season.club_id)
    return SeasonReading(season, season_table(rules, evenings, members, ordered=True), tournaments, currency,
                         unlinked, _guests(club_rows), True)


def addable_tournaments(season: Season) -> list[Tournament]:
    """The club's tournaments not in the season yet, the latest first; an association's season offers the published
    events of the clubs within it too (their unpublished evenings are theirs alone)."""
    within = Q(club__within=season.club_id, scoring__published=True)
    return list(Tournament.objects.filter(Q(club=season.club_id) | within).exclude(season_events__season=season)
                .select_related("club").order_by("-date", "-id"))


def season_published(season: Season) -> bool:
    """Whether anyone may read the season's table (the API, the projector board): it has events, and every one of
    them is a published event of the season's club (an association's: of a club within it too)."""
    events = SeasonEvent.objects.filter(season=season)
    return events.exists() and not events.exclude(tournament__scoring__published=True,
                                                  tournament__club__in=association_club_ids(season.club)).exists()


def hidden_rows(reading: SeasonReading) -> set[int]:
    """The table's rows (by ``member``) a public page does not name: a member who has not agreed to publication
    (``Member.public`` off); in an association's season, a person hidden in one of his clubs is hidden everywhere,
    the row of his federation number too."""
    hidden = set(Member.objects.filter(club=reading.season.club_id, public=False).values_list("pk", flat=True))
    if reading.association:
        numbers = {row.person for row in reading.table.rows if row.person}
        hiding = set(Member.objects.filter(federation_number__in=numbers, public=False)
                     .values_list("federation_number", flat=True))
        hidden = {row.member for row in reading.table.rows
                  if row.person in hiding or (row.person is None and row.member in hidden_members(reading))}
    return hidden


def public_member_names(reading: SeasonReading, hidden: set[int] | None = None) -> dict[int, str]:
    """Each member's name as a public page shows it: a row of ``hidden_rows`` is "Player N", N his line in the
    season table, in the active language."""
    from django.utils.translation import gettext

    hidden = hidden_rows(reading) if hidden is None else hidden
    return {row.member: gettext("Player {number}").format(number=line) if row.member in hidden else row.name
            for line, row in enumerate(reading.table.rows, start=1)}


def public_where(row, hidden: set[int]) -> tuple[tuple[str, ...], str]:
    """A row's clubs and region as a public surface shows them (an association's page, its API): none for a row of
    ``hidden_rows``, whose clubs and region would tell who "Player N" is. The director's own pages show them."""
    return ((), "") if row.member in hidden else (row.clubs, row.region)


def public_explanations(rows, names: dict[int, str]) -> list[list[str]]:
    """Each row's explanation as the public reads it (the API's table): a sentence naming the other rows of a tie
    or a shared rank (``seasons.core.why.rank_lines``) names them by ``names`` (``public_member_names``), so a member
    who has not agreed to publication is not named in another's row. ``rows``: the table, or a category's rows (the
    rows they were ranked among). A sentence whose rows cannot be told again is left out rather than said."""
    by_rank, by_figure = defaultdict(list), defaultdict(list)  # the ranked rows of a rank, of a figure: table order
    for row in rows:
        if row.qualified:
            by_rank[row.rank].append(row)
            by_figure[row.figure].append(row)
    said = []
    for row in rows:
        lines = []
        for line in row.explanation:
            params = getattr(line, "params", {})
            if "names" not in params:
                lines.append(str(line))
                continue
            others = [r for r in (by_rank[row.rank] if "rank" in params else by_figure[row.figure])
                      if r.member != row.member]
            if ", ".join(r.name for r in others) == params["names"]:
                public = ", ".join(names[r.member] for r in others)
                lines.append(str(msg(line.message_id, **{**params, "names": public})))
        said.append(lines)
    return said


def hidden_members(reading: SeasonReading) -> set[int]:
    """The association's rows without a number whose member (of any club within) has not agreed to publication."""
    ids = [row.member for row in reading.table.rows if row.person is None and row.member > 0]
    return set(Member.objects.filter(pk__in=ids, public=False).values_list("pk", flat=True))
