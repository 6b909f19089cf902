"""League play's pure core, each rule recomputed by hand from the rules (no database)."""

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leagues.core import (
    PlayerSeries,
    RulesError,
    SeriesSums,
    compare_place,
    group_sizes,
    least_squares,
    make_schedule,
    parse_rules,
    player_ranking,
    series_points,
    table_of_sums,
)

# --- rules ---------------------------------------------------------------------------------------------------

def test_rules_defaults_and_round_trip():
    rules = parse_rules({})
    assert (rules.per_beaten, rules.series_per_day, rules.team_size, rules.roster_max, rules.days, rules.promote,
            rules.relegate, rules.binding_days, rules.table_order) == (1, 3, 4, 6, 5, 0, 0, 14,
                                                                        ("points", "game_points"))
    given_rules = {"per_beaten": 2, "promote": 2, "relegate": 3, "table_order": ["game_points", "points"]}
    assert parse_rules(given_rules).as_json() == given_rules
    assert parse_rules(parse_rules(given_rules).as_json()) == parse_rules(given_rules)


@pytest.mark.parametrize("data, field", [
    ({"per_beaten": 0}, "per_beaten"), ({"per_beaten": "2"}, "per_beaten"), ({"series_per_day": True},
                                                                             "series_per_day"),
    ({"team_size": 2}, "team_size"), ({"days": 1.5}, "days"), ({"colour": 1}, "colour"),
    ({"table_order": ["points", "points"]}, "table_order"), ({"table_order": ["goals"]}, "table_order"),
    ({"table_order": []}, "table_order"), ({"team_size": 4, "roster_max": 3}, "roster_max"), ([], "rules"),
])
def test_a_bad_rule_is_named(data, field):
    with pytest.raises(RulesError) as refused:
        parse_rules(data)
    assert refused.value.field == field


# --- points of a series --------------------------------------------------------------------------------------

def test_points_dskv_and_ispa_by_hand():
    sums = {1: 900, 2: 700, 3: 500, 4: 300}
    assert {t: p.won for t, p in series_points(sums, 1).items()} == {1: 3, 2: 2, 3: 1, 4: 0}
    assert {t: p.lost for t, p in series_points(sums, 1).items()} == {1: 0, 2: 1, 3: 2, 4: 3}
    assert {t: p.won for t, p in series_points(sums, 2).items()} == {1: 6, 2: 4, 3: 2, 4: 0}


def test_equal_sums_share_half_points():
    # A beats C and D (2), ties B (0.5): 2.5; B the same; C beats D: 1; D: 0
    points = series_points({"A": 800, "B": 800, "C": 600, "D": 100}, 1)
    assert [points[t].won for t in "ABCD"] == [Fraction(5, 2), Fraction(5, 2), 1, 0]
    everyone_equal = series_points({"A": 5, "B": 5, "C": 5}, 2)
    assert [everyone_equal[t].won for t in "ABC"] == [2, 2, 2]


def test_an_absent_team_gets_nothing_and_loses_all():
    points = series_points({1: 10, 2: 20, 3: 30}, 1, absent=[4])
    assert (points[3].won, points[3].most) == (2, 2)  # three present: at most 2
    assert (points[4].won, points[4].lost, points[4].sum, points[4].present) == (0, 3, 0, False)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-300, 3000), min_size=2, max_size=6), st.integers(1, 4))
def test_a_series_gives_per_beaten_times_n_n_minus_1_over_2(sums, per_beaten):
    points = series_points(dict(enumerate(sums)), per_beaten)
    n = len(sums)
    assert sum(p.won for p in points.values()) == Fraction(per_beaten * n * (n - 1), 2)
    assert all(p.won + p.lost == per_beaten * (n - 1) for p in points.values())


# --- the table -----------------------------------------------------------------------------------------------

def _results(day, series, sums, per_beaten=1, absent=()):
    return [SeriesSums(day, sums, tuple(absent))]


def league_table(rules, teams, results):
    return table_of_sums(rules, teams, results)


def test_table_by_hand():
    # day 1, two series of teams 1-4; day 2 one series with team 4 absent.
    results = (_results(1, 1, {1: 900, 2: 700, 3: 700, 4: 300}) + _results(1, 2, {1: 400, 2: 600, 3: 500, 4: 800})
               + _results(2, 1, {1: 100, 2: 200, 3: 300}, absent=[4]))
    # won by hand: 1: 3 + 0 + 0 = 3; 2: 1.5 + 2 + 1 = 4.5; 3: 1.5 + 1 + 2 = 4.5; 4: 0 + 3 + 0 = 3
    # lost: 1: 0+3+2 = 5; 2: 1.5+1+1 = 3.5; 3: 1.5+2+0 = 3.5; 4: 3+0+3 = 6
    # game points: 1: 1400, 2: 1500, 3: 1500, 4: 1100
    table = league_table(parse_rules({"promote": 1, "relegate": 1}), {1: "Asse", 2: "Buben", 3: "Club", 4: "Damen"},
                         results)
    assert [(r.team, r.rank, r.points, r.points_against, r.game_points, r.days_played, r.status) for r in table] == [
        (2, 1, Fraction(9, 2), Fraction(7, 2), 1500, 2, "promote"),
        (3, 1, Fraction(9, 2), Fraction(7, 2), 1500, 2, "promote"),
        (1, 3, 3, 5, 1400, 2, None),
        (4, 4, 3, 6, 1100, 1, "relegate")]


def test_table_order_is_a_setting():
    results = _results(1, 1, {1: 1000, 2: 900, 3: 100, 4: 50}) + _results(1, 2, {1: 10, 2: 20, 3: 30, 4: 40})
    # points: 1: 3+0, 2: 2+1, 3: 1+2, 4: 0+3 → all 3; game points 1010, 920, 130, 90
    by_points = league_table(parse_rules({}), {t: str(t) for t in range(1, 5)}, results)
    assert [(r.team, r.rank) for r in by_points] == [(1, 1), (2, 2), (3, 3), (4, 4)]
    points_only = league_table(parse_rules({"table_order": ["points"]}), {t: f"T{5 - t}" for t in range(1, 5)},
                               results)
    assert [r.rank for r in points_only] == [1, 1, 1, 1]
    assert [r.team for r in points_only] == [4, 3, 2, 1]  # equal rows by name


def test_a_tie_across_the_line_marks_all_or_none():
    results = _results(1, 1, {1: 5, 2: 5, 3: 5, 4: 1})
    table = league_table(parse_rules({"promote": 2, "relegate": 2}), {t: str(t) for t in range(1, 5)}, results)
    # 1, 2, 3 share rank 1 (all promoted: rank 1 <= 2); team 4 is rank 4 > 4 - 2
    assert [(r.team, r.rank, r.status) for r in table] == [(1, 1, "promote"), (2, 1, "promote"), (3, 1, "promote"),
                                                          (4, 4, "relegate")]


def test_nobody_is_marked_before_a_series_is_played():
    table = league_table(parse_rules({"promote": 2, "relegate": 2}), {t: str(t) for t in range(1, 5)}, [])
    assert [(r.rank, r.status) for r in table] == [(1, None)] * 4


def test_the_worst_of_one_place_across_staffeln():
    def table(points_of_third):
        sums = {1: 300, 2: 200, 3: points_of_third, 4: 0}
        return league_table(parse_rules({}), {t: str(t) for t in range(1, 5)}, _results(1, 1, sums))
    tables = {"A": table(100), "B": table(150), "C": table(150), "D": table(120)}
    order = ("points", "game_points")
    worst = compare_place(tables, 3, order)
    assert [(p.staffel, p.rank, p.row.game_points) for p in worst] == [("A", 1, 100), ("D", 2, 120),
                                                                       ("B", 3, 150), ("C", 3, 150)]


# --- the schedule --------------------------------------------------------------------------------------------

def _check_days(schedule, teams):
    for day in schedule.days:
        seen = [t for group in day for t in group.teams]
        assert sorted(seen) == list(range(teams))  # every team once a day
        assert sorted(len(g.teams) for g in day) == sorted(group_sizes(teams))
        assert all(g.host in g.teams for g in day)
    hosted = Counter(g.host for day in schedule.days for g in day)
    assert max(hosted.values()) - min(hosted.get(t, 0) for t in range(teams)) <= 1


def test_sixteen_teams_meet_every_other_exactly_once():
    for seed in (0, 1, 7):
        schedule = make_schedule(16, 5, seed=seed)
        _check_days(schedule, 16)
        met = schedule.meetings()
        assert all(met[frozenset(pair)] == 1 for pair in combinations(range(16), 2))


def test_twenty_teams_never_meet_twice():
    schedule = make_schedule(20, 5, seed=3)
    _check_days(schedule, 20)
    assert schedule.most_meetings() == 1


@pytest.mark.parametrize("teams, most, fewest", [(8, 3, 1), (10, 2, 1), (12, 3, 0)])
def test_other_counts_as_even_as_the_search_makes_them(teams, most, fewest):
    """As even as possible: the sum of squared meetings no worse than a small margin over the least it could be
    (the meetings spread perfectly, which these counts cannot reach), the most and fewest reported."""
    schedule = make_schedule(teams, 5, seed=1)
    _check_days(schedule, teams)
    met = schedule.meetings()
    counts = [met[frozenset(pair)] for pair in combinations(range(teams), 2)]
    assert sum(counts) == 5 * sum(s * (s - 1) // 2 for s in group_sizes(teams))
    assert (schedule.most_meetings(), schedule.fewest_meetings(range(teams))) == (most, fewest)
    assert sum(c * c for c in counts) <= least_squares(teams, 5) * 1.1


def test_group_sizes():
    assert group_sizes(16) == [4, 4, 4, 4]
    assert group_sizes(10) == [4, 3, 3]
    assert group_sizes(13) == [5, 4, 4]
    assert group_sizes(15) == [4, 4, 4, 3]
    assert group_sizes(5) == [5]
    with pytest.raises(RulesError):
        group_sizes(2)


def test_the_same_seed_gives_the_same_schedule():
    assert make_schedule(12, 5, seed=9) == make_schedule(12, 5, seed=9)


# --- the individual ranking ----------------------------------------------------------------------------------

def test_individual_ranking_by_hand():
    parts = [PlayerSeries("a", "Anna", "T1", 1, 1, 48, 1200), PlayerSeries("a", "Anna", "T1", 1, 2, 48, 900),
             PlayerSeries("b", "Bert", "T1", 1, 1, 48, 1500), PlayerSeries("c", "Carl", "T2", 1, 2, 20, 700),
             PlayerSeries("d", "Dora", "T2", 1, 2, 28, 500)]
    rows = player_ranking(parts, min_games=40)
    # Anna 2100/96 = 21.875 → 21.88; Bert 1500/48 = 31.25; Carl 700/20 = 35 (unqualified), Dora 500/28 = 17.86 (unq.)
    assert [(r.name, r.series_played, r.games, r.total, str(r.average), r.qualified, r.rank) for r in rows] == [
        ("Bert", 1, 48, 1500, "31.25", True, 1), ("Anna", 2, 96, 2100, "21.88", True, 2),
        ("Carl", 1, 20, 700, "35.00", False, None), ("Dora", 1, 28, 500, "17.86", False, None)]
