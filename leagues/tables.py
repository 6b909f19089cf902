"""League tables read fast: a Staffel's table, and an association's overview of all its Staffeln, each from the
teams' series sums the database adds up (``scoring.results.grouped_series_totals`` over the kept series totals),
with a fixed number of queries whatever the number of teams, days and Staffeln. The full reading
(``leagues.selectors.league_reading``: every player's row of every series) serves the pages that show players; a
test holds the two tables equal.

Vocabulary (beyond ``leagues.core`` and ``leagues.selectors``):
    team sums      a team's series sum: the series totals of the players who sat for it in that series (its
                   line-up's and substitutes' event players seated there), summed in the database.
    series played  a series of a group's event holding a row of anyone; as in the full reading.
    overview       an association's (a club's) Staffeln side by side: each one's table, and one place compared
                   across them (``compare_place``), the worst first; ``down`` of them marked as going down (a tie
                   across the line: the shared rank decides, so tied rows are all marked or none).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from fractions import Fraction

from leagues.core import (
    TABLE_KEYS,
    Deduction,
    LeagueRules,
    PlaceRow,
    SeriesSums,
    TableRow,
    compare_place,
    table_of_sums,
)
from leagues.models import Deduction as DeductionRow
from leagues.models import GroupTeam, League, LineUp, MatchDay, Substitution, Team
from leagues.selectors import day_provisional
from scoring.results import grouped_series_totals


@dataclass
class LeagueTable:
    """One Staffel's table: its rows in table order, its match days, and which of them hold a seated group."""

    league: League
    rules: LeagueRules
    days: list[MatchDay]
    rows: list[TableRow]
    seated_days: set[int] = field(default_factory=set)

    def table(self) -> list[TableRow]:
        return self.rows

    def provisional_days(self, today: datetime.date | None = None) -> list[int]:
        """The days seated whose results are not binding yet (as the full reading's ``provisional``)."""
        return [day.number for day in self.days
                if day.number in self.seated_days and day_provisional(day, self.rules, today)]


def team_marks(league_ids: list[int]):
    """(event player, team) of every player who sat for a team of the leagues: line-ups and substitutes."""
    lines = LineUp.objects.filter(entry__group__day__league__in=league_ids, player__isnull=False).order_by() \
        .values_list("player_id", "entry__team_id")
    subs = Substitution.objects.filter(entry__group__day__league__in=league_ids).order_by() \
        .values_list("player_in_id", "entry__team_id")
    return lines.union(subs)


def league_tables(leagues: list[League]) -> list[LeagueTable]:
    """Each league's table, in the order given (after its deductions): six queries for any number of leagues, teams
    and days (more only while an event is not kept yet, or holds paper slips: ``grouped_series_totals``)."""
    ids = [league.pk for league in leagues]
    if not ids:
        return []
    names: dict[int, dict[int, str]] = {pk: {} for pk in ids}
    for pk, league_id, name in Team.objects.filter(league__in=ids).order_by("number").values_list(
            "pk", "league_id", "name"):
        names[league_id][pk] = name
    days: dict[int, list[MatchDay]] = {pk: [] for pk in ids}
    for day in MatchDay.objects.filter(league__in=ids).order_by("league_id", "number"):
        days[day.league_id].append(day)
    groups: dict[int, tuple[int, int, list, list]] = {}  # event → (league, day, present, absent)
    for tournament_id, league_id, day, team, absent in GroupTeam.objects.filter(
            group__day__league__in=ids, group__tournament__isnull=False).order_by("group_id", "order").values_list(
            "group__tournament_id", "group__day__league_id", "group__day__number", "team_id", "absent"):
        group = groups.setdefault(tournament_id, (league_id, day, [], []))
        group[3 if absent else 2].append(team)
    totals = grouped_series_totals(list(groups), team_marks(ids)) if groups else {}
    series: dict[int, list[SeriesSums]] = {pk: [] for pk in ids}
    for (tournament_id, _number), sums in sorted(totals.items()):
        league_id, day, present, absent = groups[tournament_id]
        series[league_id].append(SeriesSums(day, {team: sums[team].total if team in sums else 0 for team in present},
                                            tuple(absent)))
    seated = {pk: set() for pk in ids}
    for league_id, day, _present, _absent in groups.values():
        seated[league_id].add(day)
    taken: dict[int, list[Deduction]] = {pk: [] for pk in ids}
    for league_id, team, points, note in DeductionRow.objects.filter(league__in=ids, removed_at__isnull=True) \
            .order_by("at", "pk") \
            .values_list("league_id", "team_id", "points", "note"):
        taken[league_id].append(Deduction(team, Fraction(points), note))
    result = []
    for league in leagues:
        rules = league.parsed_rules
        result.append(LeagueTable(league, rules, days[league.pk], table_of_sums(rules, names[league.pk],
                                                                                 series[league.pk], taken[league.pk]),
                                  seated[league.pk]))
    return result


def league_table_reading(league: League) -> LeagueTable:
    """One Staffel's table (``league_tables`` of it alone)."""
    return league_tables([league])[0]


@dataclass
class Overview:
    """An association's Staffeln: each one's table, and, when asked, one place compared across them."""

    tables: list[LeagueTable]
    order: tuple[str, ...]
    place: int | None = None
    compared: list[PlaceRow] = field(default_factory=list)
    down: int = 0

    def goes_down(self, row: PlaceRow) -> bool:
        return bool(self.down) and row.rank <= self.down


def overview(club, *, place: int | None = None, down: int = 0) -> Overview:
    """Every Staffel ``club`` runs, and the rows at ``place`` of their tables compared, the worst first. They are
    compared by the Staffeln's table order when they share one, else by Wertungspunkte, then Spielpunkte."""
    leagues = list(League.objects.filter(club=club).order_by("name", "id"))
    tables = league_tables(leagues)
    orders = {table.rules.table_order for table in tables}
    order = orders.pop() if len(orders) == 1 else TABLE_KEYS
    compared = compare_place({table.league.slug: table.rows for table in tables}, place, order) if place else []
    return Overview(tables, order, place, compared, down)
