"""A league season's schedule: which teams meet in which group on each match day, and who hosts.

Vocabulary:
    group sizes   a day's groups: of 4 teams, with one group of 5 where the count leaves 1 over, two of 3 where it
                  leaves 2, one of 3 where it leaves 3 (10 = 4+3+3, 13 = 5+4+4, 15 = 4+4+4+3); 5 teams: one of 5.
    meeting       two teams in one group on one day (``meetings``); over a season pairs meet as evenly as possible.
    affine plane  16 teams as the points of the plane over the field of four elements: its 5 parallel classes of
                  lines are 5 match days of 4 groups of 4 in which every pair of teams meets exactly once.
    20 teams      the plane over the integers modulo 5 less one line: 5 days of 5 groups of 4, no pair twice.
    search        every other count: day by day the groups swapped two teams at a time while that lowers the sum of
                  the squared meetings (so the most meetings of a pair falls and the pairs even out), then the
                  whole season the same way; the fewest and the most meetings of a pair are reported.
    host          a group's host: among its teams the one that has hosted least so far (then by lot).

Chance only from ``random.Random(seed)``: the same teams, days and seed give the same schedule.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from scoring.engine.text import msg

from .rules import RulesError

_GF4_TIMES = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))
SEASON_SWAPS = 20000
STARTS = 3


@dataclass(frozen=True)
class Group:
    teams: tuple[int, ...]
    host: int


@dataclass(frozen=True)
class Schedule:
    days: tuple[tuple[Group, ...], ...]

    def meetings(self) -> Counter:
        return meetings(self)

    def most_meetings(self) -> int:
        return max(self.meetings().values(), default=0)

    def fewest_meetings(self, teams: Sequence[int]) -> int:
        met = self.meetings()
        return min((met[frozenset(pair)] for pair in combinations(teams, 2)), default=0)


def meetings(schedule: Schedule) -> Counter:
    met = Counter()
    for day in schedule.days:
        for group in day:
            met.update(frozenset(pair) for pair in combinations(group.teams, 2))
    return met


def group_sizes(teams: int) -> list[int]:
    if teams < 3:
        raise RulesError("teams", msg("a league needs at least 3 teams, not {count}", count=teams))
    if teams in (3, 4, 5):
        return [teams]
    fours, rest = divmod(teams, 4)
    if rest == 0:
        return [4] * fours
    if rest == 1:
        return [5] + [4] * (fours - 1)
    if rest == 2:
        return [4] * (fours - 1) + [3, 3]
    return [4] * fours + [3]


def _affine_days(days: int) -> list[list[list[int]]]:
    """The parallel classes of the affine plane of order 4, point (x, y) being team 4x + y."""
    classes = [[[4 * x + y for x in range(4) for y in range(4) if x == c] for c in range(4)]]
    for slope in range(4):
        classes.append([[4 * x + y for x in range(4) for y in range(4) if y == _GF4_TIMES[slope][x] ^ c]
                        for c in range(4)])
    return classes[:days]


def _plane_of_five_less_a_line(days: int) -> list[list[list[int]]]:
    """20 teams: the plane over the integers modulo 5 without the line x = 4; its other five parallel classes
    (y = m x + c) keep 4 points a line, so 5 days of 5 groups of 4 in which no pair meets twice. Point (x, y) is
    team 5x + y."""
    return [[[5 * x + (slope * x + c) % 5 for x in range(4)] for c in range(5)] for slope in range(5)][:days]


def least_squares(teams: int, days: int) -> int:
    """The least sum of squared meetings a season could have: its meetings spread as evenly as they go."""
    meetings_total = days * sum(size * (size - 1) // 2 for size in group_sizes(teams))
    pairs = teams * (teams - 1) // 2
    each, more = divmod(meetings_total, pairs)
    return (pairs - more) * each * each + more * (each + 1) ** 2


def _searched(teams: int, days: int, rng: random.Random) -> list[list[list[int]]]:
    """The best of a few fresh starts (stopping once the meetings are as even as they can be)."""
    best, best_cost = None, None
    for _start in range(STARTS):
        season, cost = _annealed(teams, days, rng)
        if best_cost is None or cost < best_cost:
            best, best_cost = season, cost
        if best_cost <= least_squares(teams, days):
            break
    return best


def _annealed(teams: int, days: int, rng: random.Random):
    sizes = group_sizes(teams)
    met = [[0] * teams for _ in range(teams)]
    season = []
    for _day in range(days):
        order = rng.sample(range(teams), teams)
        groups, start = [], 0
        for size in sizes:
            groups.append(order[start:start + size])
            start += size
        for group in groups:
            for a, b in combinations(group, 2):
                met[a][b] += 1
                met[b][a] += 1
        season.append(groups)
    cost = sum(met[a][b] ** 2 for a, b in combinations(range(teams), 2))
    if len(sizes) < 2:
        return season, cost
    # simulated annealing on the sum of the squared meetings: a swap that makes it worse is taken now and then,
    # less and less often, so the search leaves a valley a plain descent would stay in
    best, best_cost = [[list(group) for group in day] for day in season], cost
    for step in range(SEASON_SWAPS):
        heat = 1.5 * (1 - step / SEASON_SWAPS) ** 2 + 0.02
        day = season[rng.randrange(days)]
        g, h = rng.sample(range(len(day)), 2)
        i, j = rng.randrange(len(day[g])), rng.randrange(len(day[h]))
        a, b = day[g][i], day[h][j]
        delta = 0
        for other in day[g]:
            if other != a:  # a leaves other, b joins him
                delta += 2 * (met[b][other] - met[a][other]) + 2
        for other in day[h]:
            if other != b:
                delta += 2 * (met[a][other] - met[b][other]) + 2
        if delta <= 0 or rng.random() < math.exp(-delta / heat):
            for other in day[g]:
                if other != a:
                    met[a][other] -= 1; met[other][a] -= 1; met[b][other] += 1; met[other][b] += 1
            for other in day[h]:
                if other != b:
                    met[b][other] -= 1; met[other][b] -= 1; met[a][other] += 1; met[other][a] += 1
            day[g][i], day[h][j] = b, a
            cost += delta
            if cost < best_cost:
                best, best_cost = [[list(group) for group in day] for day in season], cost
    return best, best_cost


def make_schedule(teams: int, days: int, *, seed: int = 0) -> Schedule:
    """The season's groups for ``teams`` teams (numbered from 0) over ``days`` match days, each group's host."""
    if days < 1:
        raise RulesError("days", msg("a whole number of at least {least}, not {value}", least=1, value=days))
    rng = random.Random(seed)
    if teams == 16 and days <= 5:
        draw = rng.sample(range(16), 16)  # which team is which point: by lot
        season = [[[draw[p] for p in line] for line in day] for day in _affine_days(days)]
    elif teams == 20 and days <= 5:
        draw = rng.sample(range(20), 20)
        season = [[[draw[p] for p in line] for line in day] for day in _plane_of_five_less_a_line(days)]
    else:
        season = _searched(teams, days, rng)
    hosted: Counter = Counter()
    hosts = []
    for day in season:
        hosts.append([])
        for teams_of in day:
            least = min(hosted[t] for t in teams_of)
            host = rng.choice(sorted(t for t in teams_of if hosted[t] == least))
            hosted[host] += 1
            hosts[-1].append(host)
    _even_out_hosts(season, hosts, hosted)
    result = []
    for day, day_hosts in zip(season, hosts):
        groups = sorted((Group(tuple(sorted(teams_of)), host) for teams_of, host in zip(day, day_hosts)),
                        key=lambda group: group.teams)
        result.append(tuple(groups))
    return Schedule(tuple(result))


def _even_out_hosts(season, hosts, hosted: Counter) -> None:
    """Hand a group's hosting from a team that hosts twice more than another of its group to that one, while
    there is such a group: the hostings then differ by one at most wherever the groups allow it."""
    moved = True
    while moved:
        moved = False
        for day, day_hosts in zip(season, hosts):
            for index, teams_of in enumerate(day):
                host = day_hosts[index]
                fewest = min(teams_of, key=lambda t: (hosted[t], t))
                if hosted[fewest] <= hosted[host] - 2:
                    hosted[host] -= 1
                    hosted[fewest] += 1
                    day_hosts[index] = fewest
                    moved = True
