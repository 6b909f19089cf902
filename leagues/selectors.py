"""Reads of a league: its match days' series sums and Wertungspunkte, the table and the individual ranking, read
from the day's events through scoring's face (``scoring.results``) only, with a fixed number of queries whatever
the number of teams and days.

Vocabulary (beyond ``leagues.core``):
    series played   a series of a group's event in which someone has played a deal (a row with a deal or a
                    total): only these count; a series seated but not begun counts for nobody yet.
    sat for         the event's players who sat for a team in a series: its line-up's players and substitutes
                    with a row in that series (a seat's row is its holder's: a player who went out before the
                    series has none), and a substitute who came in inside the series (a Wechsel from deal K) once
                    he has played a deal of it.
    sum             the total of the series' standings rows of the seated players (Seeger-Fabian list points): a
                    seat changing hands inside a series counts its whole list total once.
    own deals       a seat changing hands at deal K of a series: its deals before K are the man who went out's,
                    from K the substitute's (``scoring.results.cut_series_totals``), each with the total of his
                    deals; the individual ranking reads these parts instead of the seat's whole row.
    provisional     a day not confirmed by the director and less than ``binding_days`` old; else binding.
    venue           where a group plays (``venue_of``): on a central day (the rules' ``central_days``) the day's
                    venue, the same for every group ("" until the director names it); else at its host, the
                    host team's club; a group whose day was moved plays at its own date and venue.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from django.db.models import IntegerField, Value
from django.utils import timezone

from leagues.core import (
    Deduction,
    LeagueRules,
    PlayerSeries,
    RankingRow,
    SeriesSums,
    TableRow,
    player_ranking,
    series_points,
    table_of_sums,
)
from leagues.models import Charge, Group, GroupTeam, League, LineUp, MatchDay, Substitution, Team
from leagues.models import Deduction as DeductionRow
from scoring.results import cut_series_totals, events_series_totals


@dataclass
class TeamSeries:
    team: int
    players: list[int]
    sum: int
    points: Fraction
    most: Fraction
    present: bool = True


@dataclass
class SeriesReading:
    number: int
    teams: list[TeamSeries]


@dataclass
class GroupReading:
    group: Group
    series: list[SeriesReading]
    games: dict = field(default_factory=dict)  # event player → list of (series, deals, total)


@dataclass
class LeagueReading:
    league: League
    rules: LeagueRules
    teams: dict[int, Team]
    days: list[MatchDay]
    groups: dict[int, list[GroupReading]]  # day number → its groups
    person: dict[int, tuple[int, str, int]]  # event player → (roster entry, name, team)

    def table(self) -> list[TableRow]:
        """The table from every series' sums (``leagues.core.table_of_sums``), as the fast table makes it, after
        the league's deductions."""
        series = [SeriesSums(day, {ts.team: ts.sum for ts in reading.teams if ts.present},
                             tuple(ts.team for ts in reading.teams if not ts.present))
                  for day, groups in self.groups.items() for group in groups for reading in group.series]
        return table_of_sums(self.rules, {pk: team.name for pk, team in self.teams.items()}, series,
                             deductions(self.league))

    def ranking(self) -> list[RankingRow]:
        parts = []
        for day, groups in self.groups.items():
            for group in groups:
                for player, rows in group.games.items():
                    if player not in self.person:
                        continue
                    roster, name, team = self.person[player]
                    for number, deals, total in rows:
                        parts.append(PlayerSeries(str(roster), name, self.teams[team].name, day, number, deals,
                                                  total))
        return player_ranking(parts, self.rules.min_games)

    def provisional(self, day: MatchDay, today: datetime.date | None = None) -> bool:
        return day_provisional(day, self.rules, today)

    def name_of(self, player: int, hidden: set[str] = frozenset()) -> str | None:
        """The roster name of the event player ``player`` who sat for a team; None for a member whose roster entry
        is in ``hidden`` (``unpublished_roster``: he did not agree to be published)."""
        roster, name, _team = self.person[player]
        return None if str(roster) in hidden else name


@dataclass(frozen=True)
class Venue:
    central: bool
    place: str  # the central day's venue ("" not named yet), or the host's club, or where the group was moved
    host: str  # the host team's name
    date: datetime.date | None = None  # the group's date: the day's, or the one it was moved to
    moved: bool = False  # the group's day was moved (Spielverlegung) to ``date`` at ``place``


def venue_of(group: Group, rules: LeagueRules) -> Venue:
    """Where and when ``group`` plays its match day (its ``day`` and ``host__club`` read with it)."""
    date = group.date or group.day.date
    moved = bool(group.date or group.venue)
    if group.venue:
        return Venue(rules.central(group.day.number), group.venue, group.host.name, date, moved)
    if rules.central(group.day.number):
        return Venue(True, group.day.venue, group.host.name, date, moved)
    return Venue(False, group.host.club.name, group.host.name, date, moved)


def deductions(league: League) -> list[Deduction]:
    """The director's deductions of the league, as the table takes them."""
    return [Deduction(team, Fraction(points), note) for team, points, note in
            DeductionRow.objects.filter(league=league, removed_at__isnull=True).order_by("at", "pk")
            .values_list("team_id", "points", "note")]


def day_groups(reading: LeagueReading, day: MatchDay) -> list[tuple[Group, Venue, GroupReading | None]]:
    """Every group of match day ``day``, seated or not: where it plays and its series played (None before)."""
    played = {group.group.pk: group for group in reading.groups.get(day.number, [])}
    return [(group, venue_of(group, reading.rules), played.get(group.pk))
            for group in day.groups.select_related("day", "host__club", "tournament").order_by("number")]


def day_provisional(day: MatchDay, rules: LeagueRules, today: datetime.date | None = None) -> bool:
    if day.confirmed_at is not None:
        return False
    today = today or timezone.localdate()
    return day.date is None or today < day.date + datetime.timedelta(days=rules.binding_days)


def league_find(slug: str) -> League | None:
    return League.objects.filter(slug=slug).select_related("club").first()


def league_reading(league: League) -> LeagueReading:
    """Every played series of the league's days, the teams' sums and points (a fixed handful of queries)."""
    rules = league.parsed_rules
    teams = {team.pk: team for team in league.teams.all()}
    days = list(league.days.order_by("number"))
    groups = list(Group.objects.filter(day__league=league).select_related("day", "tournament__scoring", "host__club")
                  .order_by("day__number", "number"))
    entries: dict[int, list[tuple[int, bool]]] = {}  # group → (team, absent) in the group's order
    for group, team, absent in GroupTeam.objects.filter(group__day__league=league).order_by("group_id", "order") \
            .values_list("group_id", "team_id", "absent"):
        entries.setdefault(group, []).append((team, absent))
    person, team_of = {}, {}
    inside: dict[tuple[int, int], list[Inside]] = {}  # (event, series) → its Wechsel from a deal
    for player, roster, name, team, out, series, deal, event in _sat_for(league):
        person[player] = (roster, name, team)
        team_of[player] = team
        if deal is not None and event is not None:
            inside.setdefault((event, series), []).append(Inside(out, player, deal, team))
    cuts = cut_series_totals((event, series, sub.player_out_id, sub.from_deal)
                             for (event, series), subs in inside.items() for sub in subs)
    seated = [g for g in groups if g.tournament_id is not None]
    totals = {event.tournament.pk: event for event in events_series_totals([g.tournament for g in seated],
                                                                          ranks=False)}
    by_day: dict[int, list[GroupReading]] = {}
    for group in seated:
        event = totals[group.tournament_id]
        reading = GroupReading(group, [])
        present = [team for team, gone in entries.get(group.pk, []) if not gone]
        absent = [team for team, gone in entries.get(group.pk, []) if gone]
        for number, rows in zip(event.series_numbers, event.series):
            if not any(row.deals_played or row.total for row in rows):
                continue
            sums = {team: 0 for team in present}
            players = {team: [] for team in present}
            for row in rows:
                if row.player in team_of:  # a row in a series is his seat's: who went out has none after
                    sums[team_of[row.player]] += row.total
                    players[team_of[row.player]].append(row.player)
                if row.deals_played:
                    reading.games.setdefault(row.player, []).append((number, row.deals_played, row.total))
            for sub in inside.get((group.tournament_id, number), []):
                _split(reading.games, number, sub, cuts[(group.tournament_id, number, sub.player_out_id,
                                                         sub.from_deal)])
                if any(n == number for n, _d, _t in reading.games.get(sub.player_in_id, [])):
                    players[sub.team].append(sub.player_in_id)
            points = series_points(sums, rules.per_beaten, absent)
            reading.series.append(SeriesReading(number, [
                TeamSeries(team, sorted(players.get(team, [])), points[team].sum, points[team].won, points[team].most,
                           points[team].present) for team in present + absent]))
        by_day.setdefault(group.day.number, []).append(reading)
    return LeagueReading(league, rules, teams, days, by_day, person)


class Inside(NamedTuple):
    """A Wechsel inside a series: ``player_in`` holds ``player_out``'s seat from deal ``from_deal``, for ``team``."""

    player_out_id: int
    player_in_id: int
    from_deal: int
    team: int


def _sat_for(league: League):
    """(event player, roster entry, name, team, player out, from series, from deal, event) of everyone who sat for a
    team of ``league``: its line-ups' players (the last four None) and its substitutes, in one query of plain rows."""
    none = Value(None, output_field=IntegerField())
    lines = LineUp.objects.filter(entry__group__day__league=league, player__isnull=False).order_by().annotate(
        out=none, series=none, deal=none, event=none).values_list(
        "player_id", "roster_id", "roster__name", "entry__team_id", "out", "series", "deal", "event")
    subs = Substitution.objects.filter(entry__group__day__league=league).order_by().values_list(
        "player_in_id", "roster_in_id", "roster_in__name", "entry__team_id", "player_out_id", "from_series",
        "from_deal", "entry__group__tournament_id")
    return lines.union(subs, all=True)


def _split(games: dict, number: int, sub: Inside, parts) -> None:
    """The seat's row of series ``number`` split at the Wechsel's deal: the deals before it stay the man who
    went out's, those from it on are the substitute's. Kept whole when the parts do not add up to the row (a table
    entered by paper list has no deals to cut)."""
    before, after = parts
    rows = games.get(sub.player_out_id, [])
    whole = next(((i, row) for i, row in enumerate(rows) if row[0] == number), None)
    if whole is None or (before.deals_played + after.deals_played, before.total + after.total) != whole[1][1:]:
        return
    index, _row = whole
    if before.deals_played:
        rows[index] = (number, before.deals_played, before.total)
    else:
        del rows[index]
    if after.deals_played:
        games.setdefault(sub.player_in_id, []).append((number, after.deals_played, after.total))


@dataclass
class CashBook:
    """The league's cash book: every line (fees, fines, their reversals) and the sums: booked (the lines added),
    taken at the cash desk, and still open."""

    lines: list
    booked: Decimal
    taken: Decimal

    @property
    def open(self) -> Decimal:
        return self.booked - self.taken


def cash_book(league: League) -> CashBook:
    lines = list(Charge.objects.filter(league=league).select_related("team", "reverses", "taken_event").order_by("at", "pk"))
    reversed_ids = {line.reverses_id for line in lines if line.reverses_id}
    for line in lines:
        line.is_reversed = line.pk in reversed_ids
        line.open = line.amount > 0 and line.taken_at is None and not line.is_reversed
    booked = sum((line.amount for line in lines), Decimal("0.00"))
    # a reversed line counts nothing taken: its counter-line cancels it in ``booked``
    taken = sum((line.amount for line in lines if line.taken_at is not None), Decimal("0.00"))
    return CashBook(lines, booked, taken)


def league_deductions(league: League) -> list:
    """Every deduction of the league, those taken back too (the history)."""
    return list(DeductionRow.objects.filter(league=league).select_related("team", "by", "removed_by")
                .order_by("at", "pk"))


@dataclass
class ReportPlayer:
    name: str
    totals: list  # his list total in each series of the day (None: he did not play it)
    total: int


@dataclass
class ReportTeam:
    team: Team
    absent: bool
    players: list[ReportPlayer]
    sums: list[int]  # the team's sum in each series
    points: list[Fraction]  # its Wertungspunkte in each series
    most: list[Fraction]

    @property
    def total(self) -> int:
        return sum(self.sums)

    @property
    def points_total(self) -> Fraction:
        return sum(self.points, Fraction(0))

    @property
    def against_total(self) -> Fraction:
        return sum(self.most, Fraction(0)) - self.points_total


@dataclass
class GroupReport:
    """A group's Spielbericht: where and when it played, each series' number, and each team's players' list
    totals per series, its sums and its Wertungspunkte; a team that did not appear named with nothing won."""

    league: League
    day: int
    group: Group
    venue: Venue
    series: list[int]
    teams: list[ReportTeam]


def group_report(reading: LeagueReading, day: int, group: int) -> GroupReport:
    """The Spielbericht of group ``group`` on match day ``day`` (a ``LookupError`` when it is not seated)."""
    found = next((g for g in reading.groups.get(day, []) if g.group.number == group), None)
    if found is None:
        raise LookupError(f"no group {group} seated on day {day}")
    numbers = [part.number for part in found.series]
    entries = list(found.group.entries.select_related("team").order_by("order"))
    teams = []
    for entry in entries:
        parts = [next((ts for ts in part.teams if ts.team == entry.team_id), None) for part in found.series]
        players: dict[str, list] = {}
        for index, part in enumerate(parts):
            for player in (part.players if part else []):
                name = reading.person[player][1] if player in reading.person else str(player)
                totals = players.setdefault(name, [None] * len(numbers))
                for number_, _deals, total in found.games.get(player, []):
                    if number_ == numbers[index]:
                        totals[index] = (totals[index] or 0) + total
        teams.append(ReportTeam(entry.team, entry.absent,
                                [ReportPlayer(name, totals, sum(t or 0 for t in totals))
                                 for name, totals in players.items()],
                                [part.sum if part else 0 for part in parts],
                                [part.points if part else Fraction(0) for part in parts],
                                [part.most if part else Fraction(0) for part in parts]))
    return GroupReport(reading.league, day, found.group, venue_of(found.group, reading.rules), numbers, teams)


def unpublished_roster(league: League) -> set[str]:
    """The roster entries (as the Einzelwertung's player keys) of members who did not agree to be published."""
    from leagues.models import RosterEntry

    return {str(pk) for pk in RosterEntry.objects.filter(team__league=league, member__public=False)
            .values_list("pk", flat=True)}
