"""The league table and the association's comparison of one place across its Staffeln.

Vocabulary:
    row             a team's line: Wertungspunkte won less its deductions (``points``; ``deducted`` the points
                    taken, ``deductions`` each with its note: ``leagues.core.deductions``) and lost
                    (``points_against``: what it could have won less what it won), Spielpunkte (``game_points``:
                    the sum of its series sums), the match days it played.
    table order     the rules' keys (``table_order``), each higher first; rows equal on every key share the rank
                    (1, 2, 2, 4), listed then by name.
    status          ``promote`` for a rank within the rules' ``promote`` top places, ``relegate`` for a rank
                    among the ``relegate`` bottom places (a tie across the line: the shared rank decides,
                    so tied rows are all marked or none), else None; nobody before a series is played.
    series sums     one series of one group as its sums stand (``SeriesSums``): the table is made from them
                    (``table_of_sums``), each figure by its function in ``leagues.core.points``.
    place           one rank of every Staffel's table (``compare_place``): the rows of that place, worst first
                    ("the 4 worst 9th places of 10 Staffeln go down"), equal rows sharing the rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .deductions import Deduction, deductions_of
from .points import most_halves, table_points, won_halves
from .rules import LeagueRules


@dataclass
class TableRow:
    team: int
    name: str
    points: Fraction = Fraction(0)
    points_against: Fraction = Fraction(0)
    game_points: int = 0
    days: set = field(default_factory=set)
    rank: int = 0
    status: str | None = None
    deducted: Fraction = Fraction(0)
    deductions: list = field(default_factory=list)

    @property
    def days_played(self) -> int:
        return len(self.days)

    def key(self, order: Sequence[str]) -> tuple:
        return tuple(getattr(self, name) for name in order)


def ranked(rows: list[TableRow], rules: LeagueRules) -> list[TableRow]:
    order = rules.table_order
    rows.sort(key=lambda row: (tuple(-value for value in row.key(order)), row.name.casefold(), row.team))
    for index, row in enumerate(rows):
        row.rank = rows[index - 1].rank if index and row.key(order) == rows[index - 1].key(order) else index + 1
    count = len(rows)
    begun = any(row.days for row in rows)  # before the first series played nobody is marked
    for row in rows:
        if not begun:
            row.status = None
        elif row.rank <= rules.promote:
            row.status = "promote"
        elif rules.relegate and row.rank > count - rules.relegate:
            row.status = "relegate"
        else:
            row.status = None
    return rows


@dataclass(frozen=True)
class SeriesSums:
    """One series of one group on match day ``day``: the sums of the teams present, and the teams absent."""

    day: int
    sums: Mapping[int, int]
    absent: tuple[int, ...] = ()


def table_of_sums(rules: LeagueRules, teams: Mapping[int, str], series: Iterable[SeriesSums],
                  deductions: Iterable[Deduction] = ()) -> list[TableRow]:
    """The table of ``teams`` (id → name) from every series' sums, in table order with ranks and marks: each
    series' points by ``won_halves`` and ``most_halves``, counted in whole half points (a reading of many Staffeln
    makes no point object per team and series), the row's Wertungspunkte by ``table_points``, less the director's
    ``deductions`` and the rules' deduction for each day a team did not appear (``deductions_of``)."""
    per_beaten = rules.per_beaten
    won, lost = dict.fromkeys(teams, 0), dict.fromkeys(teams, 0)  # half points
    game_points, days = dict.fromkeys(teams, 0), {team: set() for team in teams}
    absences = set()
    for one in series:
        sums = one.sums
        values = list(sums.values())
        for team, total in sums.items():
            halves = won_halves(total, values, per_beaten)
            won[team] += halves
            lost[team] += most_halves(len(sums), per_beaten) - halves
            game_points[team] += total
            days[team].add(one.day)
        absent = [team for team in one.absent if team not in sums]
        for team in absent:
            lost[team] += most_halves(len(sums) + len(absent), per_beaten)
            absences.add((team, one.day))
    taken = deductions_of(rules, absences, [d for d in deductions if d.team in teams])
    rows = []
    for team, name in teams.items():
        mine = taken.get(team, [])
        deducted_halves = sum(int(d.points * 2) for d in mine)
        rows.append(TableRow(team, name, table_points(won[team], deducted_halves), table_points(lost[team]),
                             game_points[team], days[team], deducted=table_points(deducted_halves), deductions=mine))
    return ranked(rows, rules)


@dataclass(frozen=True)
class PlaceRow:
    staffel: str
    row: TableRow
    rank: int  # among the same place of every Staffel, the worst first


def compare_place(tables: Mapping[str, Sequence[TableRow]], place: int, order: Sequence[str]) -> list[PlaceRow]:
    """The row at position ``place`` (from 1) of each Staffel's table, the worst first; a Staffel with fewer
    rows has none. Rows equal on every key share the rank."""
    found = [(staffel, rows[place - 1]) for staffel, rows in tables.items() if len(rows) >= place]
    found.sort(key=lambda item: (item[1].key(order), item[0]))
    result = []
    for index, (staffel, row) in enumerate(found):
        same = index and row.key(order) == found[index - 1][1].key(order)
        result.append(PlaceRow(staffel, row, result[-1].rank if same else index + 1))
    return result
