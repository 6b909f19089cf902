"""Points taken from a team: the director's deduction for any reason, and the rules' deduction for a match day a
team did not appear (``no_show_deduction``), both subtracted from the Wertungspunkte won before the table is
ordered.

Vocabulary:
    deduction    Wertungspunkte taken from ``team`` (``points``, whole or half), with the director's ``note``; a
                 no-show's deduction names its ``day`` and has no note (the pages say "did not appear on day N").
    no-show      a team absent from its group on a match day that is seated: one deduction of the rules'
                 ``no_show_deduction`` per such day (none when the rule is 0).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from .rules import LeagueRules


@dataclass(frozen=True)
class Deduction:
    team: int
    points: Fraction
    note: str = ""
    day: int | None = None  # a no-show's match day

    @property
    def no_show(self) -> bool:
        return self.day is not None


def no_show_deductions(rules: LeagueRules, absences: Iterable[tuple[int, int]]) -> list[Deduction]:
    """The rules' deduction for each (team, day) a team did not appear, once per day, in day order."""
    if not rules.no_show_deduction:
        return []
    return [Deduction(team, Fraction(rules.no_show_deduction), day=day)
            for team, day in sorted(set(absences), key=lambda pair: (pair[1], pair[0]))]


def deductions_of(rules: LeagueRules, absences: Iterable[tuple[int, int]],
                  manual: Iterable[Deduction] = ()) -> dict[int, list[Deduction]]:
    """Every deduction of the table by team: the no-shows' first, then the director's in the order given."""
    result: dict[int, list[Deduction]] = {}
    for deduction in [*no_show_deductions(rules, absences), *manual]:
        result.setdefault(deduction.team, []).append(deduction)
    return result
