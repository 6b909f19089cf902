"""The season table under random seasons and rules: every figure recomputed here another way (sorting the
scores, counting the places above) and the table's own promises (nothing lost or counted twice, ranks 1, 2, 2, 4,
the input's order changes nothing, prizes never more than the schedule)."""

import math
import random
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seasons.core import Evening, MemberResults, SeriesResult, parse_rules, season_table

CATEGORIES = ["Damen", "Senioren", "Junioren"]


@st.composite
def seasons(draw):
    """Rules, evenings and members: up to 6 evenings of 1 to 3 series, up to 8 members, each playing some
    series of some evenings, with a place in each evening he played."""
    data = {"score": draw(st.sampled_from(["total", "average", "per_game", "placement"]))}
    if data["score"] == "placement":
        data["placement_points"] = draw(st.lists(st.integers(0, 30), min_size=1, max_size=6))
    if draw(st.booleans()):
        data["results"] = "events"
    if draw(st.booleans()):
        data["best"] = draw(st.integers(1, 8))
        data["worst_kept"] = draw(st.integers(0, 3))
    data["min_series"] = draw(st.integers(0, 4))
    data["min_games"] = draw(st.integers(0, 40))
    data["missed_penalty"] = draw(st.sampled_from([0, 10, 12.5]))
    data["holdback_percent"] = draw(st.sampled_from([0, 25, 12.5, 33.3, 100]))
    data["prizes"] = draw(st.lists(st.integers(0, 100), max_size=4))
    data["category_prizes"] = {"Damen": draw(st.lists(st.integers(0, 50), max_size=2))}
    if draw(st.booleans()):
        data["tie"] = draw(st.lists(st.sampled_from(["more_series", "more_games", "best_single"]), min_size=1,
                                    unique=True))
    evenings = [Evening(t, f"E{t}", draw(st.integers(1, 3)), Decimal(draw(st.integers(0, 50000))) / 100)
                for t in range(1, draw(st.integers(1, 6)) + 1)]
    members = []
    for member in range(1, draw(st.integers(1, 8)) + 1):
        series, places = [], []
        for evening in evenings:
            if not draw(st.booleans()):
                continue
            played = draw(st.integers(1, evening.series))
            series += [SeriesResult(evening.tournament, s, draw(st.sampled_from([-300, 0, 400, 400, 900, 1200])),
                                    draw(st.sampled_from([0, 12, 16]))) for s in range(1, played + 1)]
            places.append((evening.tournament, draw(st.integers(1, 8))))
        members.append(MemberResults(member, f"M{member}", tuple(series), tuple(places),
                                     frozenset(draw(st.sets(st.sampled_from(CATEGORIES))))))
    return parse_rules(data), evenings, members


def scores(member, rules):
    if rules.by_placement:
        points = list(rules.placement_points)
        return [points[p - 1] if p <= len(points) else 0 for _, p in member.places]
    if rules.results == "events":
        return [Fraction(sum(s.score for s in member.series if s.tournament == t))
                for t in {s.tournament for s in member.series}]
    return [Fraction(s.score) for s in member.series]


def counted_sum(values, rules):
    """The counted results' sum another way: sort, take the first N and the last K."""
    values = sorted(values, reverse=True)
    n, best, worst = len(values), rules.best, rules.worst_kept
    if best is None or n <= best + worst:
        return sum(values, Fraction(0)), n
    return sum(values[:best], Fraction(0)) + sum(values[n - worst:], Fraction(0)), best + worst


@given(seasons())
def test_every_figure_recomputed(season):
    rules, evenings, members = season
    table = season_table(rules, evenings, members)
    season_series = sum(e.series for e in evenings)
    assert table.season_series == season_series
    # each evening's share to the cent, half up, in exact fractions: floor(cents + 1/2)
    percent = Fraction(rules.holdback_percent)
    assert table.held_back == sum(Decimal(math.floor(Fraction(e.fees) * percent + Fraction(1, 2))) / 100
                                  for e in evenings)
    rows = {row.member: row for row in table.rows}
    assert len(rows) == len(table.rows) == len(members)
    for member in members:
        row = rows[member.member]
        values = scores(member, rules)
        expected_sum, expected_count = counted_sum(values, rules)
        # nothing lost, nothing counted twice
        assert sorted([r.score for r in row.counted] + [r.score for r in row.dropped]) == sorted(values)
        assert len(row.counted) == expected_count
        assert sum(r.score for r in row.counted) == expected_sum
        missed = season_series - len(member.series)
        assert row.missed == missed and row.series_played == len(member.series)
        assert row.games == sum(s.games for s in member.series)
        assert row.total == expected_sum - missed * rules.missed_penalty
        if rules.score == "per_game":
            games = sum(r.games for r in row.counted)
            assert row.average == (expected_sum / games if games else None)
        else:
            assert row.average == (expected_sum / expected_count if expected_count else None)
        assert row.qualified == (len(member.series) >= rules.min_series and row.games >= rules.min_games
                                 and row.figure is not None)
        assert (row.rank is None) == (not row.qualified)
    check_ranks(table.rows, rules, rules.prizes)
    for name, category_rows in table.categories:
        assert {r.member for r in category_rows} == {m.member for m in members if name in m.categories}
        check_ranks(category_rows, rules, rules.category_prize_list(name))


def check_ranks(rows, rules, prizes):
    """Ranks are 1 + the number of qualified rows strictly better (figure, then the tie rule); the ranked come
    first, in rank order; prizes paid never exceed the schedule, and an untied rank takes its place's prize."""
    def key(row):
        ties = []
        for rule in rules.tie:
            ties.append({"more_series": row.series_played, "more_games": row.games,
                         "best_single": sorted((r.score for r in row.counted), reverse=True)}[rule])
        return [row.figure, *ties]

    qualified = [r for r in rows if r.qualified]
    assert list(rows[:len(qualified)]) == qualified
    for row in qualified:
        assert row.rank == 1 + sum(1 for other in qualified if key(other) > key(row))
        tied = sum(1 for other in qualified if other.rank == row.rank)
        if tied == 1:
            assert row.prize == (prizes[row.rank - 1] if row.rank <= len(prizes) else 0)
    assert [r.rank for r in qualified] == sorted(r.rank for r in qualified)
    assert sum(r.prize for r in rows) <= sum(prizes)


@pytest.mark.slow
@given(seasons(), st.randoms())
def test_the_order_of_the_members_changes_nothing(season, rng: random.Random):
    rules, evenings, members = season
    shuffled = list(members)
    rng.shuffle(shuffled)
    assert season_table(rules, evenings, shuffled).as_json() == season_table(rules, evenings, members).as_json()


@given(seasons())
def test_the_explanation_says_each_result_and_the_figures(season):
    rules, evenings, members = season
    for row in season_table(rules, evenings, members).rows:
        lines = [str(line) for line in row.explanation]
        verdicts = [line for line in lines if line.endswith((": counted.", " kept.")) or ": counted, " in line
                    or ": dropped, " in line]
        assert len(verdicts) == len(row.counted) + len(row.dropped)
        assert sum(": dropped, " in line for line in verdicts) == len(row.dropped)
        assert any(line.startswith("Total: ") for line in lines)
        assert (f"Rank {row.rank}." in lines) == row.qualified


@given(seasons(), st.randoms())
def test_the_evenings_ids_change_nothing(season, rng: random.Random):
    """Evenings whose ids are out of the season's order (the results ordered by looking their places up) give the
    table of the same evenings with ids in it (the results ordered by their ids)."""
    rules, evenings, members = season
    ids = [e.tournament for e in evenings]
    new_ids = [100 + i for i in range(len(ids))]
    rng.shuffle(new_ids)
    to_new = dict(zip(ids, new_ids))
    back = {new: old for old, new in to_new.items()}
    moved = season_table(rules, [replace(e, tournament=to_new[e.tournament]) for e in evenings],
                         [replace(m, series=tuple(s._replace(tournament=to_new[s.tournament]) for s in m.series),
                                  places=tuple((to_new[t], p) for t, p in m.places)) for m in members])

    def seen(table):
        return [(r.member, r.rank, r.total, r.average, r.prize, [str(line) for line in r.explanation],
                 [(back.get(x.tournament, x.tournament), x.series, x.score, x.games) for x in r.counted],
                 [(back.get(x.tournament, x.tournament), x.series, x.score, x.games) for x in r.dropped])
                for r in table.rows]

    assert seen(moved) == seen(season_table(rules, evenings, members))


@given(seasons(), st.randoms())
def test_series_given_in_the_seasons_order_need_no_sorting(season, rng: random.Random):
    """Members whose series are given in the season's order (``ordered``: an association gathers them so) get the
    table the sorting gives, with evenings whose ids are out of that order (nothing sorts them by id either)."""
    rules, evenings, members = season
    new_ids = [100 + i for i in range(len(evenings))]
    rng.shuffle(new_ids)
    to_new = {e.tournament: new for e, new in zip(evenings, new_ids)}
    moved = [replace(e, tournament=to_new[e.tournament]) for e in evenings]
    in_order = [replace(m, series=tuple(s._replace(tournament=to_new[s.tournament]) for s in m.series),
                        places=tuple((to_new[t], p) for t, p in m.places)) for m in members]
    assert (season_table(rules, moved, in_order, ordered=True).as_json()
            == season_table(rules, moved, in_order).as_json())
