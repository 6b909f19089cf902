"""Planning the whole event at once: nobody meets twice where a plan allows it, never worse than one at a time.

Every figure is recounted here from the tables, independently of ``event_plan``.
"""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating.movements import (
    Entrant,
    EventPlan,
    MovementUserError,
    TableSizes,
    draw_by_lot,
    meetings,
    plan_event,
    replan_event,
    table_sizes,
)


def _entrants(count, club_of=lambda number: ""):
    return [Entrant(number, club_of(number)) for number in range(101, 101 + count)]


def _tables(plan: EventPlan):
    return [seating.tables for seating in plan.series]


def _spread(planned, played=()):
    """Most seats at a table of three of one player of the event less the fewest, counted from the tables."""
    every = [*played, *planned]
    players = {player for tables in every for table in tables for player in table}
    threes = {player: 0 for player in players}
    for tables in every:
        for table in tables:
            if len(table) == 3:
                for player in table:
                    threes[player] += 1
    return max(threes.values()) - min(threes.values())


def _recount(planned, clubs, played=()):
    """(repeated pairs, club pairs, spread, uneven threes, extra meetings) counted from scratch."""
    met = Counter()
    for tables in [*played, *planned]:
        for table in tables:
            for a, b in combinations(sorted(table), 2):
                met[a, b] += 1
    threes = Counter(player for tables in [*played, *planned] for table in tables if len(table) == 3
                     for player in table)
    players = {player for tables in [*played, *planned] for table in tables for player in table}
    counts = [threes[player] for player in players]
    # The even share: one seat at a time moved from the most to the fewest until all are within one; uneven is
    # half the fall of the sum of squares on the way.
    even = list(counts)
    while even and max(even) - min(even) > 1:
        even[even.index(max(even))] -= 1
        even[even.index(min(even))] += 1
    uneven = (sum(count * count for count in counts) - sum(count * count for count in even)) // 2
    club_pairs = sum(1 for tables in planned for table in tables for a, b in combinations(table, 2)
                     if clubs.get(a) and clubs[a] == clubs[b])
    repeated = sum(1 for times in met.values() if times > 1)
    extra = sum(times - 1 for times in met.values() if times > 1)
    return repeated, club_pairs, _spread(planned, played), uneven, extra


def _one_at_a_time(fields, seed, rule=TableSizes.THREES_AND_FOURS, played=()):
    """Series k (from 0) drawn by lot with seed + k, each avoiding the meetings before it."""
    earlier, drawn = list(played), []
    for number, field in enumerate(fields):
        tables = draw_by_lot(field, seed=seed + number, table_sizes=rule, met=meetings(earlier)).tables
        drawn.append(tables)
        earlier.append(tables)
    return drawn


def _assert_everyone_seated_once(plan, fields, rule=TableSizes.THREES_AND_FOURS):
    for seating, field in zip(plan.series, fields):
        seated = [player for table in seating.tables for player in table]
        assert sorted(seated) == sorted(entrant.id for entrant in field)
        assert sorted(len(table) for table in seating.tables) == sorted(table_sizes(len(field), rule))


# Zero repeats where a plan exists --------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("players, series", [(48, 4), (64, 5), (14, 3), (16, 5)])
def test_the_plan_has_no_repeated_pair(players, series):
    entrants = _entrants(players)

    plan = plan_event(entrants, series=series, seed=2026)

    _assert_everyone_seated_once(plan, [entrants] * series)
    repeated, _, _, _, extra = _recount(_tables(plan), {})
    assert repeated == extra == 0 == plan.quality.repeated_pairs
    assert plan.quality.most_meetings == 1


@pytest.mark.slow
@pytest.mark.parametrize("players, series", [(48, 4), (64, 5), (14, 3), (16, 5)])
def test_the_plan_has_no_repeated_pair_whatever_the_seed(players, series):
    entrants = _entrants(players)
    for seed in range(10):
        plan = plan_event(entrants, series=series, seed=seed)
        assert _recount(_tables(plan), {})[0] == 0, seed


@pytest.mark.slow
def test_fourteen_players_sit_at_four_four_three_three_in_every_series():
    plan = plan_event(_entrants(14), series=3, seed=5)

    assert [sorted(map(len, tables), reverse=True) for tables in _tables(plan)] == [[4, 4, 3, 3]] * 3


def test_sixteen_over_five_beats_the_one_at_a_time_draw():
    # The social golfer 4-4-5: one at a time runs out of strangers, the plan finds the affine plane's five rounds.
    entrants = _entrants(16)

    plan = plan_event(entrants, series=5, seed=1)

    assert _recount(_one_at_a_time([entrants] * 5, 1), {})[0] > 0
    assert plan.quality.repeated_pairs == 0
    assert plan.one_at_a_time.repeated_pairs == _recount(_one_at_a_time([entrants] * 5, 1), {})[0]


# The figures -----------------------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("players, series, clubs", [(14, 4, 3), (13, 3, 0), (22, 5, 4), (10, 5, 2)])
def test_the_quality_is_what_the_tables_show(players, series, clubs):
    entrants = _entrants(players, lambda number: f"club {number % clubs}" if clubs else "")
    club = {entrant.id: entrant.club for entrant in entrants}

    plan = plan_event(entrants, series=series, seed=9)

    quality = plan.quality
    assert (quality.repeated_pairs, quality.club_pairs, quality.threes_spread, quality.uneven_threes,
            quality.extra_meetings) == _recount(_tables(plan), club)
    met = meetings(_tables(plan))
    assert quality.most_meetings == max(met.values())
    assert quality.most_threes == max(Counter(p for tables in _tables(plan) for table in tables if len(table) == 3
                                              for p in table).values(), default=0)
    assert quality.least_repeated_pairs <= quality.repeated_pairs
    assert quality.least_club_pairs <= quality.club_pairs


@pytest.mark.slow
def test_the_counting_bound_is_forced_when_players_run_out_of_strangers():
    # Ten players at 4+3+3 over five series: each has at least 2 mates a series, 10 seats, but only 9 others, so
    # at least one extra meeting from each end: ten ends, five extra meetings, four series per pair at most: two
    # repeated pairs at least.
    plan = plan_event(_entrants(10), series=5, seed=3)

    assert plan.quality.least_repeated_pairs == 2
    assert plan.quality.repeated_pairs >= 2


@pytest.mark.parametrize("players", [3, 4])
def test_one_table_meets_again_every_series_and_the_bound_says_so(players):
    plan = plan_event(_entrants(players), series=3, seed=1)  # nobody can move: the search stops at once

    pairs = players * (players - 1) // 2
    assert plan.quality.repeated_pairs == plan.quality.least_repeated_pairs == pairs
    assert plan.quality.most_meetings == 3


def test_one_series_has_no_repeats_and_a_zero_bound():
    plan = plan_event(_entrants(7), series=1, seed=1)

    assert (plan.quality.repeated_pairs, plan.quality.least_repeated_pairs) == (0, 0)


def test_the_threes_are_shared_fairly_when_nothing_else_is_at_stake():
    # 15 players at 4+4+4+3 over five series: five seats at a three per... three seats a series, fifteen in all,
    # one for each player.
    plan = plan_event(_entrants(15), series=5, seed=4)

    assert plan.quality.uneven_threes == 0
    assert plan.quality.most_threes == 1


# The threes shared as evenly as the best plans allow ----------------------------------------------------------------
# With T tables of three a series and S series there are 3·T·S seats at a three for N players: the spread (most
# seats at a three of one player less the fewest) can be 0 only when N divides 3·T·S, else it is at least 1.


@pytest.mark.parametrize("players, series, seed, least", [
    # 22 = 4·4 + 3 + 3: 6 seats a series, 24 over 22 players: not a multiple, so at least 1.
    (22, 4, 1, 1), (22, 4, 2, 1),
    # 30 = 6·4 + 3 + 3: 30 seats over 30 players: everyone once, 0.
    (30, 5, 2, 0),
    # 26 = 5·4 + 3 + 3: 36 seats over 26: at least 1. 50 = 11·4 + 3 + 3: 24 seats over 50: at least 1.
    (26, 6, 3, 1), (50, 4, 1, 1),
    # 15 = 3·4 + 3: 15 seats over 15 players: 0.
    (15, 5, 4, 0),
])
def test_the_threes_are_spread_as_little_as_the_seats_allow(players, series, seed, least):
    entrants = _entrants(players)

    plan = plan_event(entrants, series=series, seed=seed)

    _assert_everyone_seated_once(plan, [entrants] * series)
    assert _recount(_tables(plan), {})[0] == 0
    assert _spread(_tables(plan)) == least == plan.quality.threes_spread


@pytest.mark.slow
def test_fourteen_over_three_keeps_the_threes_within_two_without_repeats():
    # 14 = 4 + 4 + 3 + 3: 18 seats over 14 players, so a spread of 1 would seat everyone at a three once or twice.
    # That forces 3 repeated pairs (proved by the CP-SAT model, bench/plan_cpsat.py 14 3 60 fair, not by hand), and
    # repeats come first: the least spread of a plan without repeats is 2.
    plan = plan_event(_entrants(14), series=3, seed=5)

    assert _recount(_tables(plan), {})[0] == 0
    assert _spread(_tables(plan)) == 2 == plan.quality.threes_spread


def _club_field_of_22():
    """Eleven of club A, six of B, four of C, one of no club (the mix a congress draw made in the bench)."""
    clubs = ["A"] * 11 + ["B"] * 6 + ["C"] * 4 + [""]
    return [Entrant(number, club) for number, club in zip(range(101, 123), clubs)]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_twenty_two_of_three_clubs_keep_the_threes_within_two(seed):
    # Six tables a series (4 4 4 4 3 3). At the least club pairs (20: club A's 11 sit 2 2 2 2 2 1, 5 pairs a
    # series), B's six sit one at each table and A's at most two at each, so the twelve seats at the fours hold at
    # most 8 of A and each series' four seats at the threes beside the two of B hold at least 3 of A: C and the
    # player of no club get at most 1 of them a series, 4 over 4 series for 5 players. One of them never sits at a
    # three while 24 seats over 22 players seat someone twice: the spread is at least 2. Repeats: none.
    entrants = _club_field_of_22()
    club = {entrant.id: entrant.club for entrant in entrants}

    plan = plan_event(entrants, series=4, seed=seed)

    _assert_everyone_seated_once(plan, [entrants] * 4)
    repeated, club_pairs, spread, _, _ = _recount(_tables(plan), club)
    assert (repeated, club_pairs) == (0, 20) == (plan.quality.repeated_pairs, plan.quality.least_club_pairs)
    assert spread == 2 == plan.quality.threes_spread


@pytest.mark.slow
def test_thirty_of_four_clubs_share_the_threes_evenly():
    # 30 = 6·4 + 3 + 3: 30 seats at a three over 5 series for 30 players, so everyone once: spread 0.
    clubs = ["A"] * 12 + ["B"] * 11 + ["C"] * 4 + ["D"] * 2 + [""]
    entrants = [Entrant(number, club) for number, club in zip(range(101, 131), clubs)]
    club = {entrant.id: entrant.club for entrant in entrants}

    plan = plan_event(entrants, series=5, seed=2)

    _assert_everyone_seated_once(plan, [entrants] * 5)
    repeated, club_pairs, spread, _, _ = _recount(_tables(plan), club)
    assert repeated == 0
    assert club_pairs == plan.quality.least_club_pairs
    assert spread == 0


def _two_clubs(count):
    """Two clubs of one size, A and B by turns."""
    return _entrants(count, lambda number: "AB"[number % 2])


def _assert_no_repeat_least_clubs_and_spread(plan, entrants, series, spread):
    club = {entrant.id: entrant.club for entrant in entrants}
    _assert_everyone_seated_once(plan, [entrants] * series)
    repeated, club_pairs, counted, _, _ = _recount(_tables(plan), club)
    assert repeated == 0 == plan.quality.repeated_pairs
    assert club_pairs == plan.quality.least_club_pairs == plan.quality.club_pairs
    assert counted == spread == plan.quality.threes_spread


@pytest.mark.parametrize("seed", [1, 2])
def test_twenty_two_of_two_clubs_share_the_threes_within_one(seed):
    # 22 = 4·4 + 3 + 3, eleven of A and eleven of B. The least club pairs, 40 (4 series × (4 fours of two and two:
    # 2 pairs each, 2 threes of two and one: 1 each)), leave the threes three of A and three of B a series: 12 seats
    # for the 11 of each club, so one of each club twice and the rest once is open to them: spread 1.
    entrants = _two_clubs(22)

    plan = plan_event(entrants, series=4, seed=seed)

    assert plan.quality.least_club_pairs == 4 * (4 * 2 + 2 * 1)
    _assert_no_repeat_least_clubs_and_spread(plan, entrants, 4, 1)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_thirty_of_two_clubs_sit_at_a_three_once_each(seed):
    # 30 = 6·4 + 3 + 3, fifteen of each club. At the least club pairs (70 = 5 × (6 × 2 + 2 × 1)) the threes hold
    # three of each club a series, 15 seats for the 15 of each: everyone once, spread 0.
    entrants = _two_clubs(30)

    plan = plan_event(entrants, series=5, seed=seed)

    assert plan.quality.least_club_pairs == 5 * (6 * 2 + 2 * 1)
    _assert_no_repeat_least_clubs_and_spread(plan, entrants, 5, 0)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2026])
def test_thirty_of_the_benchs_club_mix_sit_at_a_three_once_each(seed):
    # bench/bench_series.py's club_mix(30, 2026): one of no club, then clubs of 11, 4, 12 and 2 by start number.
    clubs = [""] + ["club 1"] * 11 + ["club 2"] * 4 + ["club 3"] * 12 + ["club 4"] * 2
    entrants = [Entrant(number, club) for number, club in zip(range(1, 31), clubs)]

    plan = plan_event(entrants, series=5, seed=seed)

    _assert_no_repeat_least_clubs_and_spread(plan, entrants, 5, 0)


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_twenty_one_over_six_share_the_threes_within_one(seed):
    # 21 = 3·4 + 3 + 3 + 3: 9 seats at a three a series, 54 over 21 players: not a multiple, so at least 1.
    entrants = _entrants(21)

    plan = plan_event(entrants, series=6, seed=seed)

    _assert_no_repeat_least_clubs_and_spread(plan, entrants, 6, 1)


@pytest.mark.slow
def test_twenty_two_over_six_can_share_the_threes_within_one():
    # 22 = 4·4 + 3 + 3: 36 seats at a three over 22 players, so at least 1; seed 2026 reaches it (seeds 0 to 5
    # still end at 3, see the module's docstring).
    entrants = _entrants(22)

    plan = plan_event(entrants, series=6, seed=2026)

    _assert_no_repeat_least_clubs_and_spread(plan, entrants, 6, 1)


SPREAD_FROM = 25
"""Below this a small field may have to choose between a repeated pair and the even share of the threes, and
repeats come first: 14 over 3 (see above), 17 over 2 (below); the property is held from here on (seeds 0 to 5 of
every field from 25 to 60 over 2 to 6 series were checked by hand too)."""


@pytest.mark.slow
def test_seventeen_over_two_series_must_leave_the_threes_uneven_to_meet_no_one_twice():
    # 17 players sit 4, 4, 3, 3, 3. An even share puts the 8 players of series 1's two fours at the threes of
    # series 2; its three tables of three cannot hold one four's 4 players without two of them meeting again.
    plan = plan_event(_entrants(17), series=2, seed=0)

    assert plan.quality.repeated_pairs == 0
    assert _spread(_tables(plan)) == 2 == _least_spread(17, 2, TableSizes.THREES_AND_FOURS) + 1


def _least_spread(players, series, rule):
    """The counting bound: 0 when the players divide the seats at a three, else 1."""
    threes = sum(1 for size in table_sizes(players, rule) if size == 3)
    return 0 if (3 * threes * series) % players == 0 else 1


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=SPREAD_FROM, max_value=60), st.integers(min_value=2, max_value=6),
       st.integers(min_value=0, max_value=10_000))
def test_the_threes_are_spread_no_more_than_the_seats_force(players, series, seed):
    entrants = _entrants(players)

    plan = plan_event(entrants, series=series, seed=seed)

    for seating in plan.series:  # every player seated once a series, at tables of three or four
        assert sorted(player for table in seating.tables for player in table) == [e.id for e in entrants]
        assert all(len(table) in (3, 4) for table in seating.tables)
    assert _spread(_tables(plan)) == _least_spread(players, series, TableSizes.THREES_AND_FOURS)


@pytest.mark.slow
def test_each_series_carries_its_repeats_against_the_series_before():
    entrants = _entrants(10)
    plan = plan_event(entrants, series=4, seed=8)

    for number, seating in enumerate(plan.series):
        before = {frozenset(pair) for tables in _tables(plan)[:number] for table in tables
                  for pair in combinations(table, 2)}
        assert seating.repeat_meetings == sum(1 for table in seating.tables for pair in combinations(table, 2)
                                              if frozenset(pair) in before)


# Repeatable ------------------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_same_seed_gives_the_same_plan():
    entrants = _entrants(22, lambda number: "AB"[number % 2])

    assert plan_event(entrants, series=4, seed=77) == plan_event(entrants, series=4, seed=77)


# Never worse than one at a time ----------------------------------------------------------------------------------

fields = st.tuples(
    st.integers(min_value=6, max_value=30).filter(lambda n: n != 5),  # players
    st.integers(min_value=2, max_value=6),  # series
    st.integers(min_value=0, max_value=4),  # clubs (0: none)
    st.integers(min_value=0, max_value=10_000),  # seed
    st.sampled_from(list(TableSizes)),
)


def _check_never_worse(players, series, clubs, seed, rule):
    entrants = _entrants(players, lambda number: f"club {number % clubs}" if clubs and number % 3 else "")
    club = {entrant.id: entrant.club for entrant in entrants}

    plan = plan_event(entrants, series=series, seed=seed, table_sizes=rule)

    _assert_everyone_seated_once(plan, [entrants] * series, rule)
    mine = _recount(_tables(plan), club)
    theirs = _recount(_one_at_a_time([entrants] * series, seed, rule), club)
    assert mine <= theirs
    assert mine == plan.quality.measure
    assert theirs == plan.one_at_a_time.measure


@pytest.mark.slow
@pytest.mark.parametrize("players, series, clubs, seed, rule", [
    (14, 4, 2, 1, TableSizes.THREES_AND_FOURS), (13, 3, 3, 2, TableSizes.THREES_AND_FOURS),
    (17, 4, 0, 3, TableSizes.FOSTER), (24, 6, 4, 4, TableSizes.THREES_AND_FOURS)])
def test_never_worse_than_one_at_a_time(players, series, clubs, seed, rule):
    _check_never_worse(players, series, clubs, seed, rule)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(fields)
def test_never_worse_than_one_at_a_time_over_many_seeds_and_sizes(case):
    _check_never_worse(*case)


# Re-planning -----------------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_replan_keeps_the_played_series_and_counts_their_meetings():
    entrants = _entrants(16)
    first = plan_event(entrants, series=5, seed=1)
    played = _tables(first)[:2]
    late = [*entrants[1:], Entrant(500), Entrant(501)]  # one withdrew, two entered late: 17 players

    plan = replan_event([late] * 3, seed=1, played=played)

    _assert_everyone_seated_once(plan, [late] * 3)
    assert 101 not in {player for tables in _tables(plan) for table in tables for player in table}
    assert plan.quality.measure == _recount(_tables(plan), {}, played)
    assert plan.quality.measure <= _recount(_one_at_a_time([late] * 3, 1, played=played), {}, played)
    assert plan.quality.repeated_pairs == 0


@pytest.mark.slow
def test_a_replan_of_changing_fields_seats_each_series_own_players():
    entrants = _entrants(12)
    played = [[tuple(range(101 + 4 * table, 105 + 4 * table)) for table in range(3)]]
    fields = [entrants, entrants[:-3], entrants[:-3] + [Entrant(200)]]

    plan = replan_event(fields, seed=4, played=played)

    _assert_everyone_seated_once(plan, fields)
    assert plan.quality.measure == _recount(_tables(plan), {}, played)


replans = st.tuples(
    st.integers(min_value=9, max_value=24),  # players at first (six or more stay: ISkO cannot seat five)
    st.integers(min_value=1, max_value=3),  # series played
    st.integers(min_value=1, max_value=3),  # series left
    st.integers(min_value=0, max_value=3),  # withdrawals
    st.integers(min_value=0, max_value=3),  # late entries
    st.integers(min_value=0, max_value=10_000),  # seed
)


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(replans)
def test_a_replan_keeps_the_played_series_and_is_never_worse_than_one_at_a_time(case):
    players, played_count, left, gone, late, seed = case
    entrants = _entrants(players, lambda number: "AB"[number % 2] if number % 3 else "")
    played = [seating.tables for seating in plan_event(entrants, series=played_count, seed=seed).series]
    field = entrants[gone:] + [Entrant(900 + number, "A") for number in range(late)]
    club = {entrant.id: entrant.club for entrant in [*entrants, *field]}

    plan = replan_event([field] * left, seed=seed, played=played)

    _assert_everyone_seated_once(plan, [field] * left)
    mine = _recount(_tables(plan), club, played)
    assert mine == plan.quality.measure
    assert mine <= _recount(_one_at_a_time([field] * left, seed, played=played), club, played)


# Refusals --------------------------------------------------------------------------------------------------------


def test_bad_input_is_refused_with_the_field():
    with pytest.raises(MovementUserError) as error:
        plan_event(_entrants(5), series=2, seed=1)
    assert error.value.field == "entrants"
    with pytest.raises(MovementUserError) as error:
        plan_event(_entrants(8), series=0, seed=1)
    assert error.value.field == "series"
    with pytest.raises(MovementUserError) as error:
        replan_event([_entrants(8)], seed=1, played=[[(101, 101, 102)]])
    assert error.value.field == "played"


# Size ------------------------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_four_hundred_players_over_eight_series_are_planned_within_ten_seconds():
    import time

    entrants = _entrants(400, lambda number: f"club {number % 60}")
    started = time.perf_counter()

    plan = plan_event(entrants, series=8, seed=2026)

    assert time.perf_counter() - started < 10
    assert plan.quality.repeated_pairs == 0
    assert plan.quality.club_pairs == plan.quality.least_club_pairs
