"""Wertungspunkte: what a series gives each team of a group, and what a team stands at in the table. One function
per figure, read by the fast table (``leagues.tables``), the full reading (``leagues.selectors``) and the prints.

Vocabulary:
    sum          a team's series sum: its seated players' list totals added (Seeger-Fabian, from the event).
    won          ``per_beaten`` for every team of the group present with a lower sum, half that for every team with
                 an equal sum (DSkV, per_beaten 1: 3:0, 2:1, 1:2, 0:3; ISPA, 2: 6, 4, 2, 0).
    most         what a team present could have won: ``per_beaten`` × (teams present − 1). An absent team wins
                 nothing and its most is ``per_beaten`` × (the group's teams − 1): it is all lost.
    halves       points counted in whole half points (``won_halves``, ``most_halves``): sums of many series add up
                 exactly in integers, in Python or in the database.
    table points a team's Wertungspunkte in the table (``table_points``): its series' half points, less any
                 deducted, as a number of points.
The points of one series add up to ``per_beaten`` × n(n−1)/2 for the n teams present.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class SeriesPoints:
    team: int
    sum: int
    won: Fraction
    most: Fraction
    present: bool = True

    @property
    def lost(self) -> Fraction:
        return self.most - self.won


def won_halves(total: int, sums: Iterable[int], per_beaten: int) -> int:
    """The half points a team present with sum ``total`` wins in a series whose present teams' sums (its own among
    them) are ``sums``: 2 × ``per_beaten`` for each lower sum, ``per_beaten`` for each other equal one."""
    return per_beaten * (sum(2 if other < total else 1 if other == total else 0 for other in sums) - 1)


def most_halves(teams: int, per_beaten: int) -> int:
    """The half points a team could win in a series against ``teams`` − 1 others (the present ones, or, for a team
    absent, every other team of its group)."""
    return 2 * per_beaten * (teams - 1)


def table_points(halves: int, deducted_halves: int = 0) -> Fraction:
    """A team's Wertungspunkte in the table from the half points its series won, less ``deducted_halves``: the one
    place a deduction enters the table's points (and so its order)."""
    return Fraction(halves - deducted_halves, 2)


def series_points(sums: Mapping[int, int], per_beaten: int, absent: Iterable[int] = ()) -> dict[int, SeriesPoints]:
    """Each team's points in one series from the sums of the teams present (``sums``); ``absent`` teams of the
    group get none."""
    absent = [team for team in absent if team not in sums]
    group = len(sums) + len(absent)
    values = list(sums.values())
    most_present = Fraction(most_halves(len(sums), per_beaten), 2)
    result = {}
    for team, total in sums.items():
        result[team] = SeriesPoints(team, total, Fraction(won_halves(total, values, per_beaten), 2), most_present)
    for team in absent:
        result[team] = SeriesPoints(team, 0, Fraction(0), Fraction(most_halves(group, per_beaten), 2), present=False)
    return result


def number(value: Fraction) -> int | float:
    """A point figure for JSON: whole numbers as int, halves as float."""
    return int(value) if value.denominator == 1 else float(value)
