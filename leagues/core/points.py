"""Wertungspunkte: what a series gives each team of a group.

Vocabulary:
    sum          a team's series sum: its seated players' list totals added (Seeger-Fabian, from the event).
    won          ``per_beaten`` for every team of the group present with a lower sum, half that for every team with
                 an equal sum (DSkV, per_beaten 1: 3:0, 2:1, 1:2, 0:3; ISPA, 2: 6, 4, 2, 0).
    most         what a team present could have won: ``per_beaten`` × (teams present − 1). An absent team wins
                 nothing and its most is ``per_beaten`` × (the group's teams − 1): it is all lost.
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


def series_points(sums: Mapping[int, int], per_beaten: int, absent: Iterable[int] = ()) -> dict[int, SeriesPoints]:
    """Each team's points in one series from the sums of the teams present (``sums``); ``absent`` teams of the
    group get none."""
    absent = [team for team in absent if team not in sums]
    group = len(sums) + len(absent)
    most_present = Fraction(per_beaten * (len(sums) - 1))
    result = {}
    for team, total in sums.items():
        lower = sum(1 for other, theirs in sums.items() if other != team and theirs < total)
        equal = sum(1 for other, theirs in sums.items() if other != team and theirs == total)
        result[team] = SeriesPoints(team, total, Fraction(per_beaten) * lower + Fraction(per_beaten, 2) * equal,
                                    most_present)
    for team in absent:
        result[team] = SeriesPoints(team, 0, Fraction(0), Fraction(per_beaten * (group - 1)), present=False)
    return result


def number(value: Fraction) -> int | float:
    """A point figure for JSON: whole numbers as int, halves as float."""
    return int(value) if value.denominator == 1 else float(value)
