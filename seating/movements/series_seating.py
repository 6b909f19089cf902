"""Drawing the seating of one series (today's ISkO events: a new seating for every series).

Vocabulary:
    series       48 deals at a table of four, 36 at a table of three; an event plays one or more, each with
                 a new seating drawn here.
    entrant      a player in the draw: an id and the club he plays for ("" for none).
    club clash   two players of the same (non-empty) club at one table; counted once per such pair.
    meet         two players meet when they share a table in a series; ``met`` counts the earlier meetings of
                 each pair, keyed by the pair as a ``frozenset`` of two ids (``meetings``).
    repeat       a pair at one table who already met in an earlier series; counted once per pair however
                 often they met before.
    by lot       a random start (the entrants shuffled by ``random.Random(seed)`` and cut into tables) then
                 swaps of two players at different tables that make the seating better: fewer club clashes
                 first, then fewer repeats; fresh shuffles from the same generator while the budget lasts and
                 the bounds are not reached, the best seating kept (``draw_by_lot``). Same entrants in the same
                 order, same seed, same earlier meetings: same seating.
    by standings the ranking after the last series cut into tables in order: the best four at table 1, the
                 next four at table 2, ...; the tables of three last (``draw_by_standings``).
    bound        a figure no seating of these players at these tables can beat (``least_club_clashes``,
                 ``least_repeat_meetings``); it need not be reachable, so a draw that misses it may still be
                 the best there is.

Tables are numbered from 1 and seats from 1 in the order the ids are listed; table sizes come from
``tables.table_sizes``, so a draw never seats five under ISkO.
"""

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from .errors import MovementUserError
from .tables import TableSizes, check_table_sizes
from .tables import table_sizes as cut_into_tables

CANDIDATE_TABLES = 24
"""Tables tried for each troubled player per pass in a large event (more than twice as many tables): this many
drawn from all tables and the costliest ones, so a pass stays linear in the players."""
SWAP_TRIALS_PER_PLAYER = 300
"""The improvement's budget: swaps weighed per entrant in all passes and fresh starts together, so a draw of
2,700 players ends within a few seconds even when the bounds cannot be reached."""
LEAST_SWAP_TRIALS = 30_000
"""The budget of a small field, where fresh starts are cheap and find better seatings (a few milliseconds)."""


@dataclass(frozen=True)
class Entrant:
    """A player in the draw; players of the same non-empty ``club`` are kept apart."""

    id: int
    club: str = ""


@dataclass(frozen=True)
class SeriesSeating:
    """One series' tables and how well they keep clubs apart and old table-mates from meeting again.

    ``least_club_clashes`` spreads each club as evenly as the tables allow, ignoring the other clubs: a lower
    bound, not always reachable (two big clubs may compete for the same tables). ``least_repeat_meetings`` is
    the cheap bound of ``_least_repeats``: it is 0 unless some player has met nearly everyone already.
    """

    tables: tuple[tuple[int, ...], ...]
    club_clashes: int
    least_club_clashes: int
    repeat_meetings: int
    least_repeat_meetings: int
    seed: int | None


def meetings(earlier: Iterable[Sequence[Sequence[int]]]) -> Counter[frozenset[int]]:
    """How often each pair of players shared a table in the earlier series' seatings."""
    met: Counter[frozenset[int]] = Counter()
    for seating in earlier:
        for table in seating:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def seat_by_shuffle(
    entrants: Sequence[Entrant], *, seed: int, table_sizes: TableSizes = TableSizes.THREES_AND_FOURS,
    met: Mapping[frozenset[int], int] | None = None,
) -> SeriesSeating:
    """The plain lot ``draw_by_lot`` starts from: the entrants shuffled from ``seed`` and cut into tables."""
    entrants, sizes, met, seed = _checked(entrants, seed, table_sizes, met)
    tables = _cut(_shuffled(entrants, random.Random(seed)), sizes)
    return _seating(tables, entrants, met, seed)


def draw_by_lot(
    entrants: Sequence[Entrant], *, seed: int, table_sizes: TableSizes = TableSizes.THREES_AND_FOURS,
    met: Mapping[frozenset[int], int] | None = None,
) -> SeriesSeating:
    """Seat everyone by lot from ``seed`` (``random.Random(seed)`` only: same input, same seating), keeping
    players of the same club apart where it can and, second, seating as few pairs who met before (``met``)
    as it can.

    Starts from ``seat_by_shuffle`` and only ever swaps two players when the seating gets strictly better;
    later starts are kept only when better still. So it never has more club clashes than that start, nor more
    repeats at the same clashes.
    """
    entrants, sizes, met, seed = _checked(entrants, seed, table_sizes, met)
    rng = random.Random(seed)
    order = _shuffled(entrants, rng)
    least = (_least_clashes(entrants, len(sizes)), _least_repeats(entrants, met, min(sizes)))
    improvement = _Improvement(entrants, met, sizes, rng, *least)
    best, best_cost = improvement.descend(_cut(order, sizes))
    # A small field stalls in a poor local best (a few swaps cannot untangle late series); fresh shuffles from the
    # same generator spend the rest of the budget, still the same seating for the same seed.
    while improvement.trials_left > 0 and best_cost > improvement.least:
        rng.shuffle(order)
        tables, cost = improvement.descend(_cut(order, sizes))
        if cost < best_cost:
            best, best_cost = tables, cost
    return _seating(best, entrants, met, seed)


def draw_by_standings(
    ranked: Sequence[int], *, table_sizes: TableSizes = TableSizes.THREES_AND_FOURS,
    clubs: Mapping[int, str] | None = None, met: Mapping[frozenset[int], int] | None = None,
) -> SeriesSeating:
    """After series k: the top four (by ``ranked``, best first) at table 1, the next four at table 2, ...; the
    tables of three at the end (so the lowest-ranked play at tables of three).

    ``clubs`` (id → club) and ``met`` only fill in the figures; they never change who sits where.
    """
    if isinstance(ranked, (str, bytes)) or not isinstance(ranked, Sequence):
        raise MovementUserError("ranked", "pass the players' ids as a list, best first")
    clubs = clubs or {}
    entrants = [Entrant(player, clubs.get(player, "")) if _is_id(player) else player for player in ranked]
    entrants, sizes, met, _ = _checked(entrants, 0, table_sizes, met, field="ranked")
    return _seating(_cut(list(range(len(entrants))), sizes), entrants, met, None)


def _is_id(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _checked(entrants, seed, rule, met, field="entrants"):
    """The inputs in the shapes the draw works on, or a user error saying what to change."""
    if isinstance(entrants, (str, bytes)) or not isinstance(entrants, Sequence):
        raise MovementUserError(field, "pass the entrants as a list in a stable order (e.g. by start number)")
    entrants = tuple(entrants)
    seen = set()
    for entrant in entrants:
        if not isinstance(entrant, Entrant):
            raise MovementUserError(field, f"pass every player as Entrant(id, club), not {entrant!r}")
        if not _is_id(entrant.id):
            raise MovementUserError(field, f"every entrant needs a whole-number id; {entrant!r} has none")
        if not isinstance(entrant.club, str):
            raise MovementUserError(field, f"player {entrant.id}'s club must be a name or \"\", not {entrant.club!r}")
        if entrant.id in seen:
            raise MovementUserError(field, f"player {entrant.id} is listed twice; list each player once")
        seen.add(entrant.id)
    if not _is_id(seed):
        raise MovementUserError("seed", f"the seed must be a whole number, got {seed!r}")
    rule = check_table_sizes(rule)
    try:
        sizes = cut_into_tables(len(entrants), rule)
    except MovementUserError as error:
        raise MovementUserError(field, error.message) from None
    return entrants, sizes, _checked_meetings(met), seed


def _checked_meetings(met) -> Mapping[frozenset[int], int]:
    if met is None:
        return {}
    if not isinstance(met, Mapping):
        raise MovementUserError("met", "pass the earlier meetings as a mapping {frozenset({a, b}): times}")
    for pair, times in met.items():
        if not isinstance(pair, frozenset) or len(pair) != 2 or not _is_id(times) or times < 0:
            raise MovementUserError(
                "met", f"{pair!r}: {times!r} is not a meeting; key each pair as frozenset({{a, b}}), value how often"
            )
    return met


def _shuffled(entrants: tuple[Entrant, ...], rng: random.Random) -> list[int]:
    order = list(range(len(entrants)))
    rng.shuffle(order)
    return order


def _cut(order: list[int], sizes: tuple[int, ...]) -> list[list[int]]:
    """``order`` (entrant positions) cut into tables of ``sizes``, first come first seated."""
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    return tables


def _seating(tables, entrants, met, seed) -> SeriesSeating:
    """The figures of ``tables`` (lists of positions in ``entrants``) as a ``SeriesSeating`` of ids."""
    ids = [[entrants[position].id for position in table] for table in tables]
    clubs = [[entrants[position].club for position in table] for table in tables]
    return SeriesSeating(
        tables=tuple(tuple(table) for table in ids),
        club_clashes=sum(_clashes(Counter(club for club in table if club)) for table in clubs),
        least_club_clashes=_least_clashes(entrants, len(tables)),
        repeat_meetings=sum(
            1 for table in ids for pair in combinations(table, 2) if met.get(frozenset(pair), 0) > 0
        ),
        least_repeat_meetings=_least_repeats(entrants, met, min(len(table) for table in tables)),
        seed=seed,
    )


def _clashes(club_counts: Counter) -> int:
    return sum(count * (count - 1) // 2 for count in club_counts.values())


def _least_clashes(entrants, tables: int) -> int:
    """Each club spread as evenly as it can be over the tables (at most one more at some than at others).

    A club alone always fits evenly: it is no bigger than the field, and the tables of three are the ones that
    get one fewer once every table has three. Counting each club alone ignores the others, so this is a bound.
    """
    least = 0
    for members in Counter(entrant.club for entrant in entrants if entrant.club).values():
        each, more = divmod(members, tables)
        least += more * (each + 1) * each // 2 + (tables - more) * each * (each - 1) // 2
    return least


def _least_repeats(entrants, met, smallest_table: int) -> int:
    """Repeats forced because a player has fewer strangers left than table-mates to fill his table with.

    Each forced repeat is counted from both ends, hence the halving. Cheap and weak: 0 in most series.
    """
    ids = {entrant.id for entrant in entrants}
    known = Counter()
    for pair, times in met.items():
        if times > 0 and pair <= ids:
            known.update(pair)
    forced = sum(max(0, smallest_table - 1 - (len(ids) - 1 - known[player])) for player in ids)
    return (forced + 1) // 2


class _Improvement:
    """Swaps between tables that lower the cost: a clash weighs more than every pair at the tables could."""

    def __init__(self, entrants, met, sizes, rng, least_clashes: int, least_repeats: int):
        self.rng = rng
        club_numbers: dict[str, int] = {}
        # -1 for "no club", so no-club players never clash with each other.
        self.club = [club_numbers.setdefault(entrant.club, len(club_numbers)) if entrant.club else -1
                     for entrant in entrants]
        position_of = {entrant.id: position for position, entrant in enumerate(entrants)}
        self.known = [set() for _ in entrants]
        for pair, times in met.items():
            first, second = (position_of.get(player) for player in pair)
            if times > 0 and first is not None and second is not None:
                self.known[first].add(second)
                self.known[second].add(first)
        self.clash_weight = sum(size * (size - 1) // 2 for size in sizes) + 1
        self.least = least_clashes * self.clash_weight + least_repeats
        self.trials_left = max(SWAP_TRIALS_PER_PLAYER * len(entrants), LEAST_SWAP_TRIALS)

    def cost(self, player: int, table: int) -> int:
        """What ``player`` adds sitting at ``table`` (his own seat there, if any, not counted)."""
        club = self.club[player]
        clashes = 0
        if club >= 0:
            clashes = self.club_counts[table][club] - (self.table_of[player] == table)
        known = self.known[player]
        repeats = sum(1 for other in self.tables[table] if other in known) if known else 0
        return clashes * self.clash_weight + repeats

    def penalty(self, player: int, other: int) -> int:
        clash = self.club[player] >= 0 and self.club[player] == self.club[other]
        return clash * self.clash_weight + (other in self.known[player])

    def descend(self, tables: list[list[int]]) -> tuple[list[list[int]], int]:
        """``tables`` improved pass after pass until a pass finds nothing, the budget is spent or the bounds are
        reached; and their cost."""
        self.tables = tables
        self.table_of = [0] * len(self.club)
        for number, table in enumerate(tables):
            for position in table:
                self.table_of[position] = number
        self.club_counts = [Counter(self.club[position] for position in table) for table in tables]
        # Each pair is counted once from either end.
        self.total = sum(self.cost(player, table) for player, table in enumerate(self.table_of)) // 2
        improved = True
        while improved and self.trials_left > 0 and self.total > self.least:
            improved = False
            troubled = [player for player in range(len(self.table_of)) if self.cost(player, self.table_of[player])]
            self.rng.shuffle(troubled)
            self.worst_tables = self.costliest_tables()
            for player in troubled:
                if self.trials_left <= 0 or self.total <= self.least:
                    break
                improved |= self.improve(player)
        return self.tables, self.total

    def improve(self, player: int) -> bool:
        """Make the best strictly improving swap of ``player`` with someone at another (sampled) table."""
        here = self.table_of[player]
        cost_here = self.cost(player, here)
        if not cost_here:
            return False
        best, best_swap = 0, None
        for there in self.candidate_tables(here):
            cost_there = self.cost(player, there)
            for other in self.tables[there]:
                # Both leave their seats and take the other's; each stops counting the other as a table-mate.
                delta = (cost_there + self.cost(other, here) - 2 * self.penalty(player, other)
                         - cost_here - self.cost(other, there))
                if delta < best:
                    best, best_swap = delta, (there, other)
            self.trials_left -= len(self.tables[there])
        if best_swap is None:
            return False
        self.swap(player, *best_swap)
        self.total += best
        return True

    def costliest_tables(self) -> list[int]:
        """The ``CANDIDATE_TABLES`` tables that cost most, ties in random order.

        A clash is often mended only by a swap between two of the worst tables (two of club X and none of Y
        here, two of Y and none of X there), which a random sample of a large event would rarely try.
        """
        if len(self.tables) <= 2 * CANDIDATE_TABLES:
            return []
        tables = list(range(len(self.tables)))
        self.rng.shuffle(tables)
        cost = {table: sum(self.cost(player, table) for player in self.tables[table]) for table in tables}
        return sorted(tables, key=cost.__getitem__, reverse=True)[:CANDIDATE_TABLES]

    def candidate_tables(self, here: int) -> list[int]:
        """Every other table in a small event; in a large one a sample of all tables and the costliest ones."""
        if len(self.tables) <= 2 * CANDIDATE_TABLES:
            return [table for table in range(len(self.tables)) if table != here]
        candidates = set(self.rng.sample(range(len(self.tables)), CANDIDATE_TABLES))
        candidates.update(self.worst_tables)
        return sorted(candidates - {here})

    def swap(self, player: int, there: int, other: int) -> None:
        here = self.table_of[player]
        self.tables[here][self.tables[here].index(player)] = other
        self.tables[there][self.tables[there].index(other)] = player
        self.table_of[player], self.table_of[other] = there, here
        for table, leaving, coming in ((here, player, other), (there, other, player)):
            self.club_counts[table][self.club[leaving]] -= 1
            self.club_counts[table][self.club[coming]] += 1
