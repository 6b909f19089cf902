"""The statistics' reads: the rows of play (``scoring.results``) gathered under the players they belong to, and
their figures (``stats.core``), in a fixed number of queries whatever the number of series.

Vocabulary:
    scope       which events count (``Scope``): all, one season's, those between two dates; on a public page only
                the published ones.
    keys        {member id: key}: whose figures a reading makes. A member is his own key; a person is the members
                he is (one key for all of them); a club's page asks for each member under his own key.
    part        a series of a player (``stats.core.SeriesPart``): his row of that series' standings, or, where a
                league's substitute came in at deal K, each one's own deals of that seat (before K the man who
                went out, from K the substitute).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable
from dataclasses import dataclass
from datetime import date

from django.db.models import Q, QuerySet

from clubs.models import Club, Member
from leagues.models import Substitution
from scoring.results import (
    PLAY_COLUMNS,
    cut_series_totals,
    events_series_rows,
    kept_series_plays,
    seated_with,
    table_deals,
)
from seasons.models import Season
from seating.models import Player, Tournament
from stats.core import GAME_KINDS, Figures, Games, Played, SeriesPart, Versus, figures, versus

# A row of plays is (event, series, player, then its ``PLAY_COLUMNS``): where each count of the games is in it
# (every kind the figures count is kept: ``index`` fails at import otherwise).
_PASSED = 3 + PLAY_COLUMNS.index("passed_in")
_HAND = (3 + PLAY_COLUMNS.index("hand_played"), 3 + PLAY_COLUMNS.index("hand_won"))
_KIND = {kind: (3 + PLAY_COLUMNS.index(f"{kind}_played"), 3 + PLAY_COLUMNS.index(f"{kind}_won"))
         for kind in GAME_KINDS}
_NOTHING = (0, 0)  # the series row of a table mate who has none


@dataclass(frozen=True)
class Scope:
    season: Season | None = None
    start: date | None = None
    end: date | None = None
    published: bool = False  # public pages: only published events count
    # with ``published``: this club's unpublished events count too (an association's director reads its own
    # evenings, and of its clubs' only what they published)
    own_club: int | None = None

    def events(self) -> QuerySet[Tournament]:
        events = Tournament.objects.all()
        if self.season is not None:
            events = events.filter(season_events__season=self.season)
        if self.start is not None:
            events = events.filter(date__gte=self.start)
        if self.end is not None:
            events = events.filter(date__lte=self.end)
        if self.published:
            events = events.filter(Q(scoring__published=True) | Q(club=self.own_club) if self.own_club is not None
                                   else Q(scoring__published=True))
        return events


EVERYTHING = Scope()


@dataclass
class _Read:
    """What one reading found: each key's parts and games, and each part's tables (for head to head)."""

    parts: dict[Hashable, list[SeriesPart]]
    games: dict[Hashable, Games]
    tables: dict[tuple[Hashable, int, int], tuple[int, ...]]  # (key, event, series) → his tables there


def _read(keys: dict[int, Hashable], scope: Scope) -> _Read:
    """The parts and games of the members ``keys`` names, over ``scope`` (see the module)."""
    players = Player.objects.filter(member__in=list(keys), tournament__in=scope.events()).order_by()
    key_of = {pk: keys[member] for pk, member in players.values_list("pk", "member_id")}
    return _read_players(key_of, set(keys.values()), chosen=players.values("pk"))


def _read_players(key_of: dict[int, Hashable], keys: set, chosen: QuerySet | None = None) -> _Read:
    """The parts and games of the event players ``key_of`` names (player id → key), each under his key. ``chosen``
    is a query of their ids, for the database to read as a subquery (many thousands of a club's players)."""
    read = _Read({key: [] for key in keys}, {key: Games() for key in keys}, {})
    if not key_of:
        return read
    ids = list(key_of)
    chosen = ids if chosen is None else chosen
    cuts = list(Substitution.objects.filter(Q(player_in__in=chosen) | Q(player_out__in=chosen), from_deal__isnull=False,
                                            entry__group__tournament__isnull=False).order_by()
                .values_list("entry__group__tournament_id", "from_series", "player_out_id", "from_deal",
                             "player_in_id"))
    outs = {out for _e, _s, out, _k, _in in cuts} - set(ids)
    seats = seated_with(chosen)
    if outs:  # the tables of a seat's other holder too, each seat once
        seats = list(set(seats) | set(seated_with(sorted(outs))))
    table_of: dict[tuple[int, int, int], tuple[int, ...]] = {}  # (event, series, player) → his tables
    at_table: dict[int, list[int]] = defaultdict(list)  # table → who sat there
    size_of: dict[int, int] = {}
    for event, series, table, size, player in seats:  # each (table, player) once
        table_of[(event, series, player)] = table_of.get((event, series, player), ()) + (table,)
        at_table[table].append(player)
        size_of[table] = size
    events = list(Tournament.objects.filter(pk__in={event for event, *_ in seats}).select_related("scoring"))
    day = {event.pk: event.date for event in events}
    rows = events_series_rows(events, ranks=False).rows
    whole = {(event, series, player): (total, deals) for event, series, player, total, deals in rows}
    passed: dict[tuple[int, int, int], int] = {}  # (e, s, player) → his deals thrown in there
    counts: dict[Hashable, list[tuple[int, ...]]] = defaultdict(list)  # key → his rows of plays
    for row in kept_series_plays(list(day), chosen):
        if row[_PASSED]:
            passed[row[:3]] = row[_PASSED]
        counts[key_of[row[2]]].append(row)
    mine: dict[tuple[int, int, int], tuple[int, int, tuple[int, ...]]] = {}  # (e, s, player) → total, deals, tables
    for at, (total, deals) in whole.items():
        if (deals or total) and at[2] in key_of:
            tables = table_of.get(at, ())
            mine[at] = (total, deals, tables if len(tables) < 2 else tuple(sorted(tables)))
    moved = _cut(cuts, key_of, table_of, whole, mine, passed)

    at_tables: dict[tuple[int, int, tuple[int, ...]], tuple[int, ...]] = {}  # each table's totals read once
    for (event, series, player), (total, deals, tables) in mine.items():
        key = key_of[player]
        table_totals = at_tables.get((event, series, tables))
        if table_totals is None:
            mates = sorted({mate for table in tables for mate in at_table[table]})
            table_totals = at_tables[(event, series, tables)] = tuple(
                whole.get((event, series, mate), _NOTHING)[0] for mate in mates)
        read.parts[key].append(SeriesPart(event, series, day[event], total, deals,
                                          passed.get((event, series, player), 0),
                                          size_of[tables[0]] if tables else 0, table_totals))
        known = read.tables.get((key, event, series))
        read.tables[(key, event, series)] = tables if known is None else tuple(sorted({*known, *tables}))
    for key, plays in counts.items():
        read.games[key] = _games(plays)
    for player, kind, hand, won, count in moved:
        read.games[key_of[player]].add(kind, hand, won, count)
    return read


def _games(rows: list[tuple[int, ...]]) -> Games:
    """The games of some rows of plays (``kept_series_plays``), summed."""
    sums = [sum(column) for column in zip(*rows)]
    return Games({kind: Played(sums[played], sums[won]) for kind, (played, won) in _KIND.items()},
                 Played(sums[_HAND[0]], sums[_HAND[1]]))


def _cut(cuts, key_of, table_of, whole, mine, passed) -> list[tuple[int, str, bool, bool, int]]:
    """Split each seat two people held in one series at its deal: each one's part in ``mine`` and his deals thrown
    in (``passed``) are of his own deals. Returns the games to move: (player, kind, hand, won, +1 or -1), the seat's
    games from the deal on taken from the man who went out (whose grouped games hold them) and given to the
    substitute."""
    if not cuts:
        return []
    parts = cut_series_totals((event, series, out, deal) for event, series, out, deal, _in in cuts)
    tables = {(event, series, out): tuple(sorted(table_of.get((event, series, out), ())))
              for event, series, out, _deal, _in in cuts}
    deals_at = defaultdict(list)
    for row in table_deals(set().union(*map(set, tables.values()))):
        deals_at[row.table].append(row)
    moved = []
    for event, series, out, deal, into in cuts:
        before, after = parts[(event, series, out, deal)]
        if before.deals_played + after.deals_played != whole.get((event, series, out), (0, 0))[1]:
            continue  # a table entered by paper list has no deals to cut: the seat's row stays whole
        held = tables[(event, series, out)]
        rows = [row for table in held for row in deals_at[table]]
        for who, part, own in ((out, before, lambda n, cut=deal: n < cut), (into, after, lambda n, cut=deal: n >= cut)):
            if who not in key_of:
                continue
            if part.deals_played or part.total:
                mine[(event, series, who)] = (part.total, part.deals_played, held)
            else:
                mine.pop((event, series, who), None)
            passed[(event, series, who)] = sum(1 for row in rows if row.kind == "thrown_in" and own(row.number))
        later = [row for row in rows if row.kind == "game" and row.declarer == out and row.number >= deal]
        for who, sign in ((out, -1), (into, 1)):
            if who in key_of:
                moved += [(who, row.game, row.hand, row.won, sign) for row in later]
    return moved


def figures_of(keys: dict[int, Hashable], scope: Scope = EVERYTHING) -> dict[Hashable, Figures]:
    """Each key's figures over ``scope`` (see the module)."""
    read = _read(keys, scope)
    return {key: figures(read.parts[key], read.games[key]) for key in read.parts}


def member_figures(member: Member, scope: Scope = EVERYTHING) -> Figures:
    return figures_of({member.pk: member.pk}, scope)[member.pk]


def person_members(number: str, clubs: set[int] | None = None) -> list[Member]:
    """The members who carry the federation number ``number`` (in every club, or in ``clubs``): one person."""
    members = Member.objects.filter(federation_number=" ".join(str(number or "").split())).exclude(
        federation_number="")
    if clubs is not None:
        members = members.filter(club__in=clubs)
    return list(members.select_related("club").order_by("pk"))


def person_figures(number: str, scope: Scope = EVERYTHING, *, public_only: bool = False,
                   clubs: set[int] | None = None) -> Figures | None:
    """The figures of the person with the federation number ``number``: over every membership with that number
    (in ``clubs``, when given), read as one player. None when no member carries it, or (``public_only``) when one
    of his clubs keeps him hidden: a person hidden in one club is hidden everywhere on public pages."""
    members = person_members(number, clubs)
    if not members or (public_only and not all(m.public for m in members)):
        return None
    return figures_of({m.pk: "person" for m in members}, scope)["person"]


def club_figures(club: Club, scope: Scope = EVERYTHING, *, public_only: bool = False) -> dict[int, Figures]:
    """Each member of ``club`` (who may be published, with ``public_only``): his figures over ``scope``, those with
    no series left out."""
    members = Member.objects.filter(club=club)
    if public_only:
        members = members.filter(public=True)
    found = figures_of({pk: pk for pk in members.values_list("pk", flat=True)}, scope)
    return {pk: f for pk, f in found.items() if f.series}


def event_figures(event: Tournament) -> dict[int, Figures]:
    """Each player of ``event`` (by player id, a typed-in guest too): his figures in that event alone."""
    players = list(Player.objects.filter(tournament=event).values_list("pk", flat=True))
    read = _read_players({pk: pk for pk in players}, set(players))
    return {pk: figures(read.parts[pk], read.games[pk]) for pk in players}


def head_to_head(a: Member, b: Member, scope: Scope = EVERYTHING) -> Versus:
    """The series ``a`` and ``b`` sat at one table in, each one's total there, who was ahead how often."""
    read = _read({a.pk: "a", b.pk: "b"}, scope)
    theirs = {key: {(part.event, part.series): part.total for part in read.parts[key]} for key in ("a", "b")}
    met = [(total, theirs["b"][series]) for series, total in sorted(theirs["a"].items())
           if series in theirs["b"] and set(read.tables[("a", *series)]) & set(read.tables[("b", *series)])]
    return versus(met)
