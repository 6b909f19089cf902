"""Planning every series of an event at once, so that players meet someone new at every table.

Vocabulary (see ``series`` for entrant, meet, club clash, by lot):
    plan            the seating of K series made together rather than one after another (``plan_event``).
    played          series already played: kept as they are, their meetings counted (``replan_event``).
    field           the entrants of one planned series; a late entry or a withdrawal changes the fields of the
                    series after it, so a re-plan takes one field per series (``replan_event``).
    repeated pair   two players who share a table in more than one series (played and planned together).
    extra meeting   each meeting of a pair after its first; a pair met three times has two.
    club pair       two players of one (non-empty) club or team at one table of a planned series.
    three count     how often a player sits at a table of three in the event (played and planned).
    spread          the most three count of a player of the event less the fewest; at least 1 when the seats at
                    threes are not a multiple of the players.
    uneven threes   how far the three counts are from even: (Σ count² − the least Σ count² the same number of
                    three seats could give the players of the event) ÷ 2; 0 when every player's count is within
                    one of every other's, 1 for one seat at a three that should have gone to someone else.
    measure         (repeated pairs, club pairs, spread, uneven threes, extra meetings), compared in that order: a
                    plan is better when its measure is lexicographically smaller. The spread decides where the
                    threes cannot be shared evenly: one player at three threes and one at none is worse than two
                    at two and two at none, though Σ count² is the same.
    one at a time   the same series drawn one after another by ``draw_by_lot`` (series k of the plan, counted
                    from 0, with seed ``seed + k``), each avoiding the meetings before it (``one_at_a_time``).
    lower bound     a figure no plan of these fields can beat, proved by counting: ``least_repeated_pairs``
                    (a player with more table-mate seats than other players must meet someone twice) and
                    ``least_club_pairs`` (each club spread evenly over each series' tables). It need not be
                    reachable.

How (``plan_event``): start from the one-at-a-time draw, then a tabu search over swaps of two players at
different tables of one planned series and moves of one player to a table one smaller (the two tables trade
sizes: a table of three passes to other players at the cost of one player's new mates): each step takes the best
for a player who is in trouble (a repeated pair or club pair at his table, or one table of three too many), even
a worsening one, and forbids moving him again for a few steps, so the search walks out of local bests; the best
plan seen is kept. Club pairs are no one's trouble while they are at their bound (nothing is gained by moving for
them, and with most players in a club they would crowd the few at one three too many out of the sample). It
stops at the lower bounds or when its budget of weighed swaps (counted, not timed, so the same seed gives the
same plan) is spent. When it leaves the threes uneven, a second search starts from its best plan with the threes
shared out (a player at a three swaps with one at a bigger table who sits at two fewer, two of one club first,
then the cheapest such swap) and, with the spread held, works off the repeats and club pairs that cost: a swap
passes a three from one player to another only where the spread stays, and a double swap trades two players'
seats in two series where they sit the other way round, so the threes change hands while nobody's count does.
Where the threes are still off their bound, a few short searches in soft weights (a repeated pair weighs a few
times the spread, not more than every spread can add up to) start by turns from the two plans: they may trade a
repeat for the spread on the way and keep the best plan by the measure. A plan is kept only when its measure is
better. The one-at-a-time draw is the start and the best plan is kept, so the plan is never worse than it.

Measured on this 2-core machine (Python 3.11) before choosing; the CP-SAT model is ``bench/plan_cpsat.py``
(OR-Tools 9.15, 2 workers: a 0/1 variable per player, table and series, one per pair and series that meet, one per
pair that meets twice; series 1 fixed to break the symmetry; minimise the repeated pairs):
    size (players × series)   this search                      CP-SAT
    14 × 3 (4, 4, 3, 3)       0 repeated pairs, 0.3 s          0, first found in 0.07 s
    16 × 5 (social golfer)    0 in 0.02–0.1 s (10 seeds)       4 after 60 s (no zero plan found)
    48 × 4                    0 in 0.01 s                      0, first found in 8.6 s
    64 × 5                    0 in 0.01 s                      0, first found in 22 s
    36 × 9                    3–6 in 0.6 s (10 seeds)          43 after 60 s
    400 × 8                   0 in 0.1 s                       no answer in 120 s (1.3 M pair variables)
So the plan is this local search: faster at every size tried, better on the dense ones, no dependency, and
repeatable from the seed (CP-SAT with two workers is not). CP-SAT did prove one thing: 14 players over 3 series
with everyone at a table of three once or twice cannot avoid 3 repeated pairs, so the zero-repeat plan of 14 × 3
leaves the threes uneven (repeats come first).

The threes (``bench/bench_plan.py``, seed 2026, on the same machine under load from other work): 402 × 8 spread 1
in 0.25 s (one at a time: 2); 400 × 8 (either club mix) 0.6 s at most; 26 × 6 spread 1 (one at a time: 4 and a
repeated pair); 22 × 4 of a club mix spread 2 where the clubs force 2 (one at a time: 3); 30 × 5 of the club mix
spread 0 in 2.8 s (one at a time: 3; before the soft searches and the double swaps: 2); two clubs (A and B by
turns) 22 × 4 spread 1 and 30 × 5 spread 0, seeds 1, 2 and 2026 alike (before: 2 and 2), with no repeated pair and
the least club pairs. Without clubs the spread is at its bound from 25 players up (seeds 0 to 5 of every field from
25 to 60 over 2 to 6 series, checked); below, not always: 21 × 6 reaches 1 at seeds 1, 2, 5 and 2026 (0, 3 and 4:
2), 22 × 6 reaches 1 at seed 2026 but stays at 3 at seeds 0 to 5, and 23 × 6 stays at 2 (seeds 0 to 5 and 2026;
five of them with a repeated pair). A plan that cannot reach its bounds spends every budget: 14 × 3 and the club
mix's 22 × 4 take 3.5 to 5 s (1.2 s before the double swaps and the soft searches); 22 × 6 takes 3.5 s.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .errors import MovementUserError
from .series_seating import Entrant, SeriesSeating, _checked, _least_clashes, _seating, draw_by_lot, meetings
from .tables import PLAYERS_PER_TABLE, TableSizes, check_table_sizes
from .tables import table_sizes as cut_into_tables

SWAPS_PER_SEAT = 400
"""The search's budget: swaps weighed per seat to plan (a player in one planned series)."""
LEAST_SWAPS = 200_000
"""The budget of a small event, where a zero-repeat plan may need many steps (the 16-player social golfer)."""
MOST_SWAPS = 3_000_000
"""No plan weighs more swaps (about six seconds here), whatever the size of the event."""
CANDIDATE_TABLES = 16
"""Tables tried for a player in trouble in a large series; all are tried when a series has fewer than twice as
many."""
TROUBLED_PER_STEP = 12
"""Players in trouble weighed per step of the tabu search (a random sample when more are)."""
REFRESH_SEATS = 400
"""In a large event the list of players in trouble is made again every (seats ÷ this) steps, not every step."""
SOFT_SHARE = 0.1
"""The budget of a search in soft weights, as a share of the first's."""
SOFT_SEARCHES = 6
"""Searches in soft weights at most, by turns from the first search's best plan and the evened one: one that
finds the threes' bound finds it quickly, so several short ones do better than one long."""
SOFT_WEIGHTS = (8, 8, 6, 2, 1)
"""Its weights of a repeated pair, a club pair, the spread, a three count², an extra meeting."""
DOUBLE_SWAP_WEIGHS = 2
"""What weighing a double swap takes from the budget: it makes and undoes a swap to weigh the second."""
EVENED_SHARE = 0.5
"""The budget of the second search (threes shared out, the spread held), as a share of the first's."""


@dataclass(frozen=True)
class PlanQuality:
    """How good a plan is, over the played series and the planned ones together (club pairs: planned only).

    ``least_repeated_pairs`` and ``least_club_pairs`` are lower bounds (see the module's vocabulary).
    """

    repeated_pairs: int
    most_meetings: int
    extra_meetings: int
    club_pairs: int
    uneven_threes: int
    most_threes: int
    threes_spread: int
    least_repeated_pairs: int
    least_club_pairs: int

    @property
    def measure(self) -> tuple[int, int, int, int, int]:
        """What plans are compared by, best first: lexicographically smaller is better."""
        return (self.repeated_pairs, self.club_pairs, self.threes_spread, self.uneven_threes, self.extra_meetings)


@dataclass(frozen=True)
class EventPlan:
    """The planned series (each a ``SeriesSeating`` whose repeats count every series before it), the plan's
    quality and that of drawing the same series one at a time; ``by`` is "plan" or "one at a time": which of the
    two was kept (the better; the plan on a tie)."""

    series: tuple[SeriesSeating, ...]
    quality: PlanQuality
    one_at_a_time: PlanQuality
    seed: int
    by: str


def plan_event(entrants: Sequence[Entrant], *, series: int, seed: int,
               table_sizes: TableSizes = TableSizes.THREES_AND_FOURS) -> EventPlan:
    """Plan ``series`` series of ``entrants`` at once from ``seed`` (same input, same plan)."""
    if isinstance(series, bool) or not isinstance(series, int) or series < 1:
        raise MovementUserError("series", f"plan one series or more, not {series!r}")
    if isinstance(entrants, (str, bytes)) or not isinstance(entrants, Sequence):
        raise MovementUserError("entrants", "pass the entrants as a list in a stable order (e.g. by start number)")
    return replan_event([entrants] * series, seed=seed, table_sizes=table_sizes)


def replan_event(fields: Sequence[Sequence[Entrant]], *, seed: int,
                 table_sizes: TableSizes = TableSizes.THREES_AND_FOURS,
                 played: Sequence[Sequence[Sequence[int]]] = ()) -> EventPlan:
    """Plan one series per field in ``fields`` after the ``played`` series (each a list of tables of ids), which
    stay as they are and whose meetings and tables of three count."""
    fields, rule, played = _checked_plan(fields, seed, table_sizes, played)
    clubs = {entrant.id: entrant.club for field in fields for entrant in field}
    drawn = one_at_a_time(fields, seed=seed, table_sizes=rule, played=played)
    start = [list(seating.tables) for seating in drawn]
    start_quality = plan_quality(start, clubs=clubs, played=played, fields=fields, table_sizes=rule)
    rng = random.Random(seed)
    search = _Search(fields, played, start, rng)
    search.run()
    planned = search.best_tables()
    quality = plan_quality(planned, clubs=clubs, played=played, fields=fields, table_sizes=rule)
    soft_starts = [planned]
    if quality.uneven_threes:
        # Share the threes out first, then search with them fixed for the repeats and clubs the sharing cost.
        evened = _Search(fields, played, search.evened(), rng, locked=True, budget_share=EVENED_SHARE)
        evened.run()
        second = evened.best_tables()
        second_quality = plan_quality(second, clubs=clubs, played=played, fields=fields, table_sizes=rule)
        if second_quality.measure < quality.measure:
            planned, quality, soft_starts = second, second_quality, [second]
        else:
            soft_starts.append(second)  # its threes are shared out: a few repeats or club pairs from a better plan
    for attempt in range(SOFT_SEARCHES):
        soft_start = soft_starts[attempt % len(soft_starts)]
        if quality.threes_spread <= search.least_spread:
            break
        # The threes left off their bound by a plan whose repeats and clubs weigh far more: a search that may trade
        # a repeated pair for the spread on its way (soft weights) and keeps the best plan by the measure.
        softer = _Search(fields, played, soft_start, rng, budget_share=SOFT_SHARE, soft=SOFT_WEIGHTS)
        softer.run()
        soft_quality = plan_quality(softer.best_tables(), clubs=clubs, played=played, fields=fields,
                                    table_sizes=rule)
        if soft_quality.measure < quality.measure:
            planned, quality = softer.best_tables(), soft_quality
    if start_quality.measure < quality.measure:  # cannot happen while the search starts there; kept as the promise
        planned, quality, by = start, start_quality, "one at a time"
    else:
        by = "plan"
    return EventPlan(series=_seatings(planned, fields, played, seed), quality=quality,
                     one_at_a_time=start_quality, seed=seed, by=by)


def one_at_a_time(fields: Sequence[Sequence[Entrant]], *, seed: int,
                  table_sizes: TableSizes = TableSizes.THREES_AND_FOURS,
                  played: Sequence[Sequence[Sequence[int]]] = ()) -> tuple[SeriesSeating, ...]:
    """The planned series drawn one after another by lot: series k (from 0) with seed ``seed + k``, each
    avoiding every meeting before it (played ones included)."""
    fields, rule, played = _checked_plan(fields, seed, table_sizes, played)
    met = meetings(played)
    drawn = []
    for number, field in enumerate(fields):
        seating = draw_by_lot(field, seed=seed + number, table_sizes=rule, met=met)
        drawn.append(seating)
        met = met + meetings([seating.tables])
    return tuple(drawn)


def plan_quality(planned: Sequence[Sequence[Sequence[int]]], *, clubs: dict[int, str],
                 played: Sequence[Sequence[Sequence[int]]] = (), fields: Sequence[Sequence[Entrant]] | None = None,
                 table_sizes: TableSizes = TableSizes.THREES_AND_FOURS) -> PlanQuality:
    """The figures of a plan: ``planned`` series (tables of ids) after ``played`` ones; ``clubs`` maps an id to
    his club. The bounds need each planned series' ``fields`` (default: the players seated in it)."""
    every = [*played, *planned]
    met = meetings(every)
    threes = Counter(player for tables in every for table in tables if len(table) == 3 for player in table)
    players = {player for tables in every for table in tables for player in table}
    if fields is None:
        fields = [[Entrant(player, clubs.get(player, "")) for table in tables for player in table]
                  for tables in planned]
    return PlanQuality(
        repeated_pairs=sum(1 for times in met.values() if times > 1),
        most_meetings=max(met.values(), default=0),
        extra_meetings=sum(times - 1 for times in met.values() if times > 1),
        club_pairs=sum(1 for tables in planned for table in tables for a, b in combinations(table, 2)
                       if clubs.get(a) and clubs.get(a) == clubs.get(b)),
        uneven_threes=_uneven(threes, len(players)),
        most_threes=max(threes.values(), default=0),
        threes_spread=max(threes[player] for player in players) - min(threes[player] for player in players),
        least_repeated_pairs=_least_repeated_pairs(fields, played, check_table_sizes(table_sizes)),
        least_club_pairs=sum(_least_clashes(tuple(field), len(tables)) for field, tables in zip(fields, planned)),
    )


def _uneven(counts: Counter, players: int) -> int:
    """(Σ count² − the least Σ count² of the same total over ``players``) ÷ 2 (always even: count² ≡ count)."""
    total = sum(counts.values())
    if not players:
        return 0
    each, more = divmod(total, players)
    least = more * (each + 1) ** 2 + (players - more) * each ** 2
    return (sum(count * count for count in counts.values()) - least) // 2


def _least_repeated_pairs(fields, played, rule: TableSizes) -> int:
    """A counting bound. Player i has at least D table-mate seats (his played tables, and the smallest table of
    each planned series he is in, less himself) and at most A other players to meet (everyone who shares a series
    with him); so at least D − A of his seats are extra meetings, each counted from both ends. A repeated pair
    holds at most (series − 1) extra meetings, so the pairs number at least the extra meetings ÷ (series − 1).
    The pairs already repeated in the played series bound it too."""
    series = len(played) + len(fields)
    if series < 2:
        return 0
    seats: Counter = Counter()
    present = []
    for tables in played:
        present.append({player for table in tables for player in table})
        for table in tables:
            for player in table:
                seats[player] += len(table) - 1
    for field in fields:
        ids = [entrant.id for entrant in field]
        present.append(set(ids))
        smallest = min(cut_into_tables(len(ids), rule))
        for player in ids:
            seats[player] += smallest - 1
    # The players a player can meet are those of the series he is in: one union per set of series, not per player.
    series_of: dict[int, list[int]] = {}
    for number, ids in enumerate(present):
        for player in ids:
            series_of.setdefault(player, []).append(number)
    reachable: dict[tuple[int, ...], int] = {}
    for numbers in series_of.values():
        if tuple(numbers) not in reachable:
            reachable[tuple(numbers)] = len(set().union(*(present[number] for number in numbers)))
    extra_ends = sum(max(0, seats[player] - (reachable[tuple(series_of[player])] - 1)) for player in seats)
    extra = (extra_ends + 1) // 2
    counted = -(-extra // (series - 1))
    already = sum(1 for times in meetings(played).values() if times > 1)
    return max(counted, already)


def _checked_plan(fields, seed, rule, played):
    if isinstance(fields, (str, bytes)) or not isinstance(fields, Sequence) or not fields:
        raise MovementUserError("fields", "pass one list of entrants per series to plan (at least one)")
    checked = []
    for field in fields:
        entrants, _sizes, _met, seed = _checked(field, seed, rule, None)
        checked.append(entrants)
    rule = check_table_sizes(rule)
    if isinstance(played, (str, bytes)) or not isinstance(played, Sequence):
        raise MovementUserError("played", "pass the played series as a list of tables of player ids")
    played = [[tuple(table) for table in tables] for tables in played]
    for number, tables in enumerate(played, start=1):
        ids = [player for table in tables for player in table]
        if len(ids) != len(set(ids)) or not all(isinstance(player, int) for player in ids):
            raise MovementUserError("played", f"played series {number} seats a player twice or a non-id")
    return checked, rule, played


def _seatings(planned, fields, played, seed) -> tuple[SeriesSeating, ...]:
    """Each planned series as a ``SeriesSeating`` counting the meetings of every series before it."""
    met = meetings(played)
    out = []
    for tables, field in zip(planned, fields):
        position = {entrant.id: index for index, entrant in enumerate(field)}
        out.append(_seating([[position[player] for player in table] for table in tables], field, met, seed))
        met = met + meetings([tables])  # a new counter: the seating just made keeps the meetings before it
    return tuple(out)


class _Search:
    """Tabu search over swaps and moves within a planned series; weights make the cost lexicographic.

    ``locked``: the spread of the threes stays (a swap between a three and a bigger table only where it does, or
    a double swap that changes nobody's count; no move into a three), so the search works on the repeats and clubs
    of a plan whose threes are shared as they should be. ``soft``: the steps are chosen in other weights than the
    lexicographic ones (the best plan is still kept by the measure).
    """

    def __init__(self, fields, played, start, rng: random.Random, *, locked: bool = False,
                 budget_share: float = 1, soft: tuple[int, int, int, int, int] | None = None):
        self.rng = rng
        self.locked = locked
        # The figures of the measure, kept up to date by ``_count``: repeated pairs, extra meetings, club pairs
        # (planned series only), Σ three count².
        self.repeats = self.extras = self.club_pairs = self.squares = 0
        ids = sorted({entrant.id for field in fields for entrant in field}
                     | {player for tables in played for table in tables for player in table})
        self.index = {player: position for position, player in enumerate(ids)}
        self.ids = ids
        club_numbers: dict[str, int] = {}
        self.club = [-1] * len(ids)
        for field in fields:
            for entrant in field:
                if entrant.club:
                    self.club[self.index[entrant.id]] = club_numbers.setdefault(entrant.club, len(club_numbers))
        self.met: list[dict[int, int]] = [{} for _ in ids]
        self.threes = [0] * len(ids)
        # How many players sit at a three how often: the spread is read from it in a step per series.
        self.players_at = [len(ids)] + [0] * (len(played) + len(start) + 1)
        self.spread_now: int | None = None
        for tables in played:
            self._count([[self.index[player] for player in table] for table in tables], +1, planned=False)
        # Planned series: tables of positions, and where each player sits.
        self.tables = [[[self.index[player] for player in table] for table in tables] for tables in start]
        self.table_of = []
        for tables in self.tables:
            where = {}
            for number, table in enumerate(tables):
                for player in table:
                    where[player] = number
            self.table_of.append(where)
            self._count(tables, +1)
        pair_meetings = sum(len(table) * (len(table) - 1) // 2 for tables in [*played, *start] for table in tables)
        seats = sum(len(where) for where in self.table_of)
        series = len(played) + len(start)
        # Each tier weighs more than everything below it can add up to: extra meetings < pair meetings, Σ three
        # count² ≤ players × series², the spread ≤ series, club pairs ≤ pair meetings. So comparing costs compares
        # the measures.
        self.w_extra = 1
        self.w_three = pair_meetings + 1
        self.w_spread = self.w_three * (len(ids) * series * series + 1)
        self.w_club = self.w_spread * (series + 1)
        self.w_repeat = self.w_club * (pair_meetings + 1)
        self.least = self._least([tuple(field) for field in fields])
        # ``best_cost`` and ``least`` are always in these (lexicographic) weights; the steps are chosen by the
        # cost in ``soft`` weights when given (repeat, club pair, spread, three count², extra meeting).
        self.lexicographic = (self.w_repeat, self.w_club, self.w_spread, self.w_three, self.w_extra)
        if soft is not None:
            self.w_repeat, self.w_club, self.w_spread, self.w_three, self.w_extra = soft
        self.budget = int(min(max(SWAPS_PER_SEAT * seats, LEAST_SWAPS), MOST_SWAPS) * budget_share)
        self.cost = self._total()
        self.best_cost, self.best = self.measured(), self._snapshot()
        self.best_chosen = self.cost
        self.locked_spread = self._spread()

    def measured(self) -> int:
        """The plan's cost in the lexicographic weights, from the figures ``_count`` keeps."""
        repeat, club, spread, three, extra = self.lexicographic
        return (self.repeats * repeat + self.club_pairs * club + self._spread() * spread + self.squares * three
                + self.extras * extra)

    def _count(self, tables, sign, planned=True):
        met, club = self.met, self.club
        for table in tables:
            for a, b in combinations(table, 2):
                before = met[a].get(b, 0)
                met[a][b] = met[b][a] = before + sign
                more = max(before, before + sign)  # the larger of the two counts: the meeting added or taken
                if more > 1:
                    self.extras += sign
                    if more == 2:
                        self.repeats += sign
                if planned and club[a] >= 0 and club[a] == club[b]:
                    self.club_pairs += sign
            if len(table) == 3:
                for player in table:
                    count = self.threes[player]
                    self.players_at[count] -= 1
                    self.threes[player] = count + sign
                    self.players_at[count + sign] += 1
                    self.squares += 2 * count * sign + 1
                self.spread_now = None

    def _least(self, fields) -> int:
        """A cost no plan can beat, to stop at: no repeats, the club bound, the threes shared evenly (Σ count² of
        the even share of the same seats at threes)."""
        least_clubs = self.least_clubs = sum(_least_clashes(field, len(tables))
                                             for field, tables in zip(fields, self.tables))
        each, more = divmod(sum(self.threes), len(self.ids))
        least_threes = more * (each + 1) ** 2 + (len(self.ids) - more) * each ** 2
        least_spread = self.least_spread = 1 if more else 0
        if self.locked:
            least_threes, least_spread = sum(count * count for count in self.threes), self._spread()
        return least_clubs * self.w_club + least_spread * self.w_spread + least_threes * self.w_three

    def _spread(self, changes=()) -> int:
        """Most minus fewest times at a three, after adding each (player, +1 or −1) of ``changes``."""
        if not changes and self.spread_now is not None:
            return self.spread_now
        players_at, threes = self.players_at, self.threes
        moved: dict[int, int] = {}
        for player, change in changes:
            count = threes[player]
            moved[count] = moved.get(count, 0) - 1
            moved[count + change] = moved.get(count + change, 0) + 1
        fewest, most = 0, len(players_at) - 1
        while players_at[fewest] + moved.get(fewest, 0) == 0:
            fewest += 1
        while players_at[most] + moved.get(most, 0) == 0:
            most -= 1
        if not changes:
            self.spread_now = most - fewest
        return most - fewest

    def _total(self) -> int:
        cost = 0
        for a in range(len(self.ids)):
            for b, times in self.met[a].items():
                if a < b and times > 1:
                    cost += self.w_repeat + (times - 1) * self.w_extra
        for tables in self.tables:
            for table in tables:
                for a, b in combinations(table, 2):
                    if self.club[a] >= 0 and self.club[a] == self.club[b]:
                        cost += self.w_club
        return cost + sum(count * count for count in self.threes) * self.w_three + self._spread() * self.w_spread

    def _snapshot(self):
        return [[list(table) for table in tables] for tables in self.tables]

    def best_tables(self) -> list[list[tuple[int, ...]]]:
        """The best plan seen, each series' tables of four first and the odd ones last, as ``table_sizes`` cuts
        them (a move trades two tables' sizes; the order is otherwise kept)."""
        return [[tuple(self.ids[player] for player in table)
                 for table in sorted(tables, key=lambda table: len(table) != PLAYERS_PER_TABLE)]
                for tables in self.best]

    def trouble(self, series: int, player: int) -> bool:
        """Whether ``player`` has a repeated or club pair at his table of ``series``, or sits at a three he could
        give to someone with two fewer."""
        table = self.tables[series][self.table_of[series][player]]
        met, club = self.met[player], self.club[player]
        if self.club_pairs <= self.least_clubs:
            club = -1  # at their bound the club pairs are no one's trouble: moving for them cannot gain
        for other in table:
            if other != player and (met.get(other, 0) > 1 or (club >= 0 and self.club[other] == club)):
                return True
        return not self.locked and len(table) == 3 and self.threes[player] >= self.fewest_threes[series] + 2

    def evened(self) -> list[list[tuple[int, ...]]]:
        """The best plan with its threes shared out: while a player sits at a three where someone with two
        fewer sits at a bigger table, the two swap (the swap costing the least of all such); each swap takes at
        least 2 from Σ count², so this ends. When no such swap is left and every player plays every series, the
        counts are within one of each other: the highest sits at a three in a series where the lowest does not."""
        self.tables = self._snapshot_of(self.best)
        while True:
            best_swap, best_change = None, None
            for series, tables in enumerate(self.tables):
                threes = [player for table in tables if len(table) == 3 for player in table]
                others = [player for table in tables if len(table) != 3 for player in table]
                for player in threes:
                    for other in others:
                        if self.threes[player] >= self.threes[other] + 2:
                            # Two of one club first: the tables keep their clubs, which a locked search could
                            # not mend, and only meetings are left to mend.
                            change = (self.club[player] != self.club[other], self.delta(series, player, other))
                            if best_change is None or change < best_change:
                                best_swap, best_change = (series, player, other), change
            if best_swap is None:
                return [[tuple(self.ids[player] for player in table) for table in tables] for tables in self.tables]
            self.swap(*best_swap)

    def delta(self, series: int, player: int, other: int) -> int:
        """The change of cost if ``player`` and ``other`` (at different tables of ``series``) swap seats."""
        where = self.table_of[series]
        here, there = self.tables[series][where[player]], self.tables[series][where[other]]
        change = 0
        for leaving, coming, table in ((player, other, here), (other, player, there)):
            met_leaving, met_coming = self.met[leaving], self.met[coming]
            club_leaving, club_coming = self.club[leaving], self.club[coming]
            for mate in table:
                if mate == leaving:
                    continue
                times = met_leaving.get(mate, 0)
                if times > 1:
                    change -= self.w_extra + (self.w_repeat if times == 2 else 0)
                times = met_coming.get(mate, 0)
                if times > 0:
                    change += self.w_extra + (self.w_repeat if times == 1 else 0)
                club = self.club[mate]
                if club >= 0:
                    change += ((club == club_coming) - (club == club_leaving)) * self.w_club
        if len(here) != len(there):
            # One of the two leaves a table of three for a table of four or five, the other takes his place there.
            to_three, from_three = (other, player) if len(here) == 3 else (player, other)
            if len(here) == 3 or len(there) == 3:
                change += 2 * (self.threes[to_three] - self.threes[from_three] + 1) * self.w_three
                change += (self._spread([(to_three, 1), (from_three, -1)]) - self._spread()) * self.w_spread
        return change

    def crossed(self, series: int, player: int, other: int) -> list[int]:
        """The other series where ``player`` and ``other`` sit the other way round from ``series``: the one at a
        three there at a bigger table, the other at a three."""
        tables, where = self.tables, self.table_of
        three_here = len(tables[series][where[series][player]]) == 3
        return [number for number in range(len(tables)) if number != series
                and player in where[number] and other in where[number]
                and (len(tables[number][where[number][player]]) == 3) != three_here
                and (len(tables[number][where[number][other]]) == 3) == three_here]

    def double_delta(self, series: int, player: int, other: int, second: int) -> int:
        """The change of cost if ``player`` and ``other`` swap seats in ``series`` and in ``second``: the first
        swap is made and undone, as it changes what the second costs."""
        first = self.delta(series, player, other)
        self.swap(series, player, other)
        change = first + self.delta(second, player, other)
        self.swap(series, player, other)
        return change

    def move_delta(self, series: int, player: int, table: int) -> int:
        """The change of cost if ``player`` moves to ``table`` of ``series``, one smaller than his own: the two
        tables trade sizes. Into a table of three: his old mates sit at a three from now on, its three do not."""
        here, there = self.tables[series][self.table_of[series][player]], self.tables[series][table]
        met, club = self.met[player], self.club[player]
        change = 0
        for mate in here:
            if mate == player:
                continue
            times = met.get(mate, 0)
            if times > 1:
                change -= self.w_extra + (self.w_repeat if times == 2 else 0)
            if club >= 0 and self.club[mate] == club:
                change -= self.w_club
        for mate in there:
            times = met.get(mate, 0)
            if times > 0:
                change += self.w_extra + (self.w_repeat if times == 1 else 0)
            if club >= 0 and self.club[mate] == club:
                change += self.w_club
        if len(there) == 3:
            # (c + 1)² − c² = 2c + 1 for each of his old mates, (c − 1)² − c² = 1 − 2c for each of the three.
            gained = sum(self.threes[mate] for mate in here if mate != player)
            lost = sum(self.threes[mate] for mate in there)
            change += (2 * (gained - lost) + len(here) - 1 + len(there)) * self.w_three
            after = self._spread([*((mate, 1) for mate in here if mate != player), *((mate, -1) for mate in there)])
            change += (after - self._spread()) * self.w_spread
        return change

    def move(self, series: int, player: int, table: int) -> None:
        where = self.table_of[series]
        here, there = self.tables[series][where[player]], self.tables[series][table]
        self.cost += self.move_delta(series, player, table)
        self._count([here, there], -1)
        here.remove(player)
        there.append(player)
        where[player] = table
        self._count([here, there], +1)

    def swap(self, series: int, player: int, other: int) -> None:
        where = self.table_of[series]
        first, second = where[player], where[other]
        here, there = self.tables[series][first], self.tables[series][second]
        self.cost += self.delta(series, player, other)
        self._count([here, there], -1)
        here[here.index(player)] = other
        there[there.index(other)] = player
        where[player], where[other] = second, first
        self._count([here, there], +1)

    def candidates(self, series: int, here: int) -> list[int]:
        tables = len(self.tables[series])
        if tables <= 2 * CANDIDATE_TABLES:
            return [table for table in range(tables) if table != here]
        return [table for table in self.rng.sample(range(tables), CANDIDATE_TABLES) if table != here]

    def run(self) -> None:
        """Steps of the tabu search until the bounds are reached or the budget is spent."""
        tabu: dict[tuple[int, int], int] = {}
        step = fresh_at = since_best = 0
        seats = sum(len(where) for where in self.table_of)
        listed: list[tuple[int, int]] = []
        while self.budget > 0 and self.measured() > self.least:
            step += 1
            # Listing everyone in trouble reads every seat: in a large event it is done only every few steps, and
            # the sample drawn from the list in between is checked again.
            if step >= fresh_at:
                self.fewest_threes = [min(self.threes[player] for player in where) for where in self.table_of]
                listed = [(series, player) for series, where in enumerate(self.table_of) for player in where
                          if self.trouble(series, player)]
                fresh_at = step + 1 + seats // REFRESH_SEATS
                if not listed:
                    break  # nobody can gain by moving: the repeats, clubs and threes are at their floor here
            troubled = listed
            if len(troubled) > TROUBLED_PER_STEP:
                troubled = self.rng.sample(troubled, TROUBLED_PER_STEP)
            troubled = [(series, player) for series, player in troubled if self.trouble(series, player)]
            if not troubled:
                fresh_at = step + 1
                continue
            best_move, best_change, weighed = None, None, 0

            def weigh(change, series, player, other, table, second=None, step=step):
                # ``step`` bound now: weigh is made afresh for each step and never outlives it.
                # A swap moves ``player`` and ``other``; a move (``other`` None) moves ``player`` to ``table``; a
                # double swap swaps them in ``series`` and in ``second`` too.
                nonlocal best_move, best_change, weighed
                self.budget -= 1 if second is None else DOUBLE_SWAP_WEIGHS
                weighed += 1
                allowed = tabu.get((series, player), 0) < step and (
                    other is None or tabu.get((series, other), 0) < step)
                # Aspiration: a forbidden move is made anyway when it beats the best plan seen.
                if not allowed and self.cost + change >= self.best_chosen:
                    return
                if best_change is None or change < best_change or (
                        change == best_change and self.rng.random() < 0.5):
                    best_move, best_change = (series, player, other, table, second), change

            for series, player in troubled:
                tables = self.tables[series]
                here = self.table_of[series][player]
                size = len(tables[here])
                for table in self.candidates(series, here):
                    there = tables[table]
                    if self.locked and (size == 3) != (len(there) == 3):
                        # A swap passes a three from one player to the other: weighed only when the spread stays
                        # (one at the larger count of an even share gives it to one at the smaller); a move would
                        # change six players' threes.
                        for other in there:
                            giving, taking = (player, other) if size == 3 else (other, player)
                            if self._spread([(giving, -1), (taking, 1)]) <= self.locked_spread:
                                weigh(self.delta(series, player, other), series, player, other, table)
                            else:
                                # Swapped back in a series where the two sit the other way round, nobody's
                                # threes change: the tables' clubs and mates do.
                                for second in self.crossed(series, player, other):
                                    weigh(self.double_delta(series, player, other, second), series, player, other,
                                          table, second)
                        continue
                    for other in there:
                        weigh(self.delta(series, player, other), series, player, other, table)
                    # Tables one apart in size trade sizes when one player changes tables: a table of three
                    # passes to other players at the cost of one player's new mates, not two.
                    if len(there) == size - 1:
                        weigh(self.move_delta(series, player, table), series, player, None, table)
                    elif len(there) == size + 1:
                        for other in there:
                            weigh(self.move_delta(series, other, here), series, other, None, here)
            if not weighed:
                break  # one table a series: nobody can move
            if best_move is None:
                tabu.clear()
                continue
            series, player, other, table, second = best_move
            tenure = 4 + self.rng.randrange(8)
            if other is None:
                self.move(series, player, table)
            else:
                self.swap(series, player, other)
                tabu[(series, other)] = step + tenure
                if second is not None:
                    self.swap(second, player, other)
                    tabu[(second, player)] = tabu[(second, other)] = step + tenure
            tabu[(series, player)] = step + tenure
            self.best_chosen = min(self.best_chosen, self.cost)
            measured = self.measured()
            if measured < self.best_cost:
                self.best_cost, self.best = measured, self._snapshot()
                since_best = 0
            else:
                since_best += 1
                if since_best > 2000:  # lost: start again from the best plan seen
                    self.tables = self._snapshot_of(self.best)
                    since_best = 0

    def _snapshot_of(self, tables):
        for series in range(len(self.tables)):
            self._count(self.tables[series], -1)
        restored = [[list(table) for table in tables_] for tables_ in tables]
        for series, tables_ in enumerate(restored):
            self._count(tables_, +1)
            self.table_of[series] = {player: number for number, table in enumerate(tables_) for player in table}
        self.cost = self._total()
        return restored
