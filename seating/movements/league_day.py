"""A league match day's seat plan: the teams of one group at the tables, series by series.

Vocabulary:
    team         the players a team fields that day, in the order of its line-up (positions 1, 2, …); a team
                 fields ``team_size`` players (4) or one fewer (an incomplete team: tables of 3 then).
    place        a player as the plan knows him: (team's index in the group, his position in the line-up), both
                 from 0. The plan seats places, not people: the line-up for series 1 names who holds each place,
                 so it alone fixes the tables and seats of the day; a substitute takes over a place.
    slot         a team's places and, beyond its players, its empty places (a team of 3 among tables of 4 has one).
    tables       ``max(ceil(players / 4), the largest team)`` tables; no table ever holds two players of one
                 team, so with four teams every table holds one player of each team present.
    series 1     the places dealt round the tables in line-up order, team after team: team 1's position 1 at
                 table 1, position 2 at table 2, …, the next team going on from the table after (4-4-3-3: the
                 tables hold ABCD, ABCD, ABC, ABD; 4-3-3-3: ABCD, ABC, ABD, ACD; 3-3-3-3: three tables of four).
    later series each team's slots moved to other tables so players meet someone new: with four tables, slot s
                 of team k goes to table s + λk·r in the field of four elements (λk the team's step, r the
                 series' element, both distinct); with another number of tables s + λk·r modulo it; the best
                 choice of steps and elements is kept. Four teams of four then meet each of their 12
                 opponents exactly once in 4 series (a resolvable design: the four teams' moves are orthogonal
                 Latin squares). Where that leaves a table under 3 or over 4 players, or players meeting twice
                 though a plan without it might exist, swaps of two slots of one team improve it.
    repeat       a pair of players at one table who met in an earlier series of the day; counted once per
                 meeting beyond the first (``DayPlan.repeats``). ``least_repeats`` is a bound no plan can beat.

Refused (``MovementUserError``): fewer than three teams, a team of fewer than 3 players, and a group that cannot
be seated at tables of 3 and 4 without two of a team at one table (three teams of 4, 4 and 3: eleven players).
Chance only from ``random.Random(seed)``; the same teams and seed give the same plan.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

from .errors import MovementUserError

Place = tuple[int, int]

# The field of four elements {0, 1, a, a+1} as 0..3: addition is exclusive or, multiplication this table.
_GF4_TIMES = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))
IMPROVE_STEPS = 6000
"""Swaps weighed (in all fresh starts together) when the construction leaves something to improve."""


@dataclass(frozen=True)
class DayPlan:
    """``series[r][t]``: the places at table t+1 in series r+1, in seat order."""

    series: tuple[tuple[tuple[Place, ...], ...], ...]
    repeats: int
    least_repeats: int

    def table_of(self, series: int, place: Place) -> int | None:
        """The table (from 1) of ``place`` in ``series`` (from 1)."""
        for number, table in enumerate(self.series[series - 1], start=1):
            if place in table:
                return number
        return None


def table_count(team_sizes: Sequence[int]) -> int:
    players = sum(team_sizes)
    return max(-(-players // 4), max(team_sizes))


def _check(team_sizes: Sequence[int], series: int) -> int:
    if len(team_sizes) < 3:
        raise MovementUserError("teams", "a match day's group needs at least three teams present")
    if series < 1:
        raise MovementUserError("series", "a match day plays at least one series")
    for index, size in enumerate(team_sizes):
        if size < 3:
            raise MovementUserError("teams", f"team {index + 1} fields {size} players: a team plays with 3 at least")
    tables = table_count(team_sizes)
    if sum(team_sizes) < 3 * tables:
        raise MovementUserError("teams", "these teams cannot sit at tables of 3 and 4 without two of one team at a "
                                         "table: " + "-".join(str(s) for s in team_sizes))
    return tables


def _first_series(team_sizes: Sequence[int], tables: int) -> list[list[int]]:
    """``slots[k][s]``: the table (from 0) of team k's slot s in series 1; slots past the team's size are empty."""
    slots, dealt = [], 0
    for size in team_sizes:
        start = dealt
        slots.append([(start + s) % tables for s in range(tables)])  # the empty slots follow on round the tables
        dealt += size
    return slots


def _move(table: int, step: int, element: int, tables: int) -> int:
    """Slot at ``table`` in series 1 moved by the team's ``step`` times the series' ``element``."""
    if tables == 4:
        return table ^ _GF4_TIMES[step][element]
    return (table + step * element) % tables


def _constructions(team_sizes: Sequence[int], series: int, tables: int):
    """Every plan of the construction: the teams' steps (distinct elements of the field of ``tables`` elements,
    or of the integers modulo it) and the later series' elements (distinct, not 0) chosen every way."""
    first = _first_series(team_sizes, tables)
    teams = len(team_sizes)
    steps = list(permutations(range(tables), teams)) if teams <= tables else [
        tuple(k % tables for k in range(teams))]
    elements = list(combinations(range(1, tables), series - 1)) if series <= tables else [
        tuple(r % tables for r in range(1, series))]
    for step in steps:
        for chosen in elements:
            yield [first] + [[[_move(first[k][s], step[k], r, tables) for s in range(tables)] for k in range(teams)]
                             for r in chosen]


def _seating(slots: list[list[list[int]]], team_sizes: Sequence[int], tables: int):
    """Each series' tables of places from the slots' tables."""
    plan = []
    for series in slots:
        at = [[] for _ in range(tables)]
        for team, size in enumerate(team_sizes):
            for position in range(size):
                at[series[team][position]].append((team, position))
        plan.append(at)
    return plan


def _cost(slots, team_sizes, tables) -> tuple[int, int]:
    """(tables under 3 or over 4 players, repeats)."""
    bad, met = 0, Counter()
    for at in _seating(slots, team_sizes, tables):
        for table in at:
            bad += len(table) < 3 or len(table) > 4
            met.update(combinations(sorted(table), 2))
    return bad, sum(count - 1 for count in met.values() if count > 1)


def least_repeats(team_sizes: Sequence[int], series: int) -> int:
    """No plan has fewer repeats: the meetings of a day (each table's pairs, series by series: the number of
    tables of four is the players less three per table, in every series) less the pairs of players of different
    teams there are."""
    tables = table_count(team_sizes)
    players = sum(team_sizes)
    fours = players - 3 * tables
    meetings = series * (6 * fours + 3 * (tables - fours))
    pairs = players * (players - 1) // 2 - sum(size * (size - 1) // 2 for size in team_sizes)
    return max(0, meetings - pairs)


def plan_day(team_sizes: Sequence[int], series: int, *, seed: int = 0) -> DayPlan:
    """The day's plan for teams fielding ``team_sizes`` players (in the group's order) over ``series`` series."""
    tables = _check(team_sizes, series)
    bound = least_repeats(team_sizes, series)
    slots, cost = None, None
    for candidate in _constructions(team_sizes, series, tables):
        tried = _cost(candidate, team_sizes, tables)
        if cost is None or tried < cost:
            slots, cost = candidate, tried
            if cost == (0, bound):
                break
    if cost != (0, bound) and series > 1:
        slots, cost = _improve(slots, team_sizes, tables, cost, bound, random.Random(seed))
    if cost[0]:  # no swap found tables of 3 and 4 for everyone (cannot happen for three to five teams of 3 or 4)
        raise MovementUserError("teams", "no plan seats these teams at tables of 3 and 4")
    plan = tuple(tuple(tuple(table) for table in at) for at in _seating(slots, team_sizes, tables))
    return DayPlan(plan, cost[1], bound)


def _improve(slots, team_sizes, tables, cost, bound, rng):
    """Swaps of two slots of one team in series 2 on, kept when no worse (the first series stays as dealt)."""
    best, best_cost = [[list(team) for team in at] for at in slots], cost
    current, current_cost = [[list(team) for team in at] for at in slots], cost
    teams = len(team_sizes)
    for step in range(IMPROVE_STEPS):
        if best_cost == (0, bound):
            break
        if step and step % 1500 == 0:  # a fresh start: the later series shuffled team by team
            current = [slots[0]] + [[rng.sample(range(tables), tables) for _ in range(teams)]
                                    for _ in range(1, len(slots))]
            current_cost = _cost(current, team_sizes, tables)
        r, k = rng.randrange(1, len(slots)), rng.randrange(teams)
        a, b = rng.sample(range(tables), 2)
        row = current[r][k]
        row[a], row[b] = row[b], row[a]
        tried = _cost(current, team_sizes, tables)
        if tried <= current_cost:
            current_cost = tried
            if tried < best_cost:
                best, best_cost = [[list(team) for team in at] for at in current], tried
        else:
            row[a], row[b] = row[b], row[a]
    return best, best_cost


def meetings_of(plan: DayPlan) -> Counter:
    """How often each pair of places shared a table in the day."""
    met = Counter()
    for at in plan.series:
        for table in at:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met
