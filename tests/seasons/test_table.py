"""The season table, worked by hand from the rules clubs publish: the average with at least 25 of 75
series; the best 40 series plus the worst 4 with at least 44 played; the best 7 of 12 evenings with a quarter of the
fees held back; a penalty per missed series; points by placement (25, 20, 16, …); the average per game with a
minimum of games; shared ranks and the tie rule; prizes shared by tied places; per category tables.

Every expected figure below is written out by hand (not computed by the code under test)."""

from decimal import Decimal

import pytest

from seasons.core import Evening, MemberResults, SeriesResult, parse_rules, season_table


def evenings(count: int, series: int = 1, fees: Decimal = Decimal(0)) -> list[Evening]:
    return [Evening(t, f"Evening {t}", series, fees) for t in range(1, count + 1)]


def played(member: int, name: str, scores: list[int], series_per_evening: int = 1, games: int = 12,
           categories=()) -> MemberResults:
    """A member's scores in the season's order, evening after evening, ``series_per_evening`` a night."""
    return MemberResults(member, name, tuple(SeriesResult(1 + i // series_per_evening, 1 + i % series_per_evening,
                                                          score, games) for i, score in enumerate(scores)),
                         categories=frozenset(categories))


def by_member(table):
    return {row.member: row for row in table.rows}


def test_average_with_at_least_25_of_75_series():
    rules = parse_rules({"score": "average", "min_series": 25})
    table = season_table(rules, evenings(25, series=3), [
        played(1, "Anna", [1200] * 15 + [800] * 15, 3),   # 30 series, average 1000
        played(2, "Bernd", [2000] * 24, 3),               # average 2000, but 24 series: not ranked
        played(3, "Carl", [1100] * 25, 3),                # 25 series, average 1100
    ])
    rows = by_member(table)
    assert table.season_series == 75
    assert [row.member for row in table.rows] == [3, 1, 2]
    assert (rows[3].rank, rows[3].average, rows[3].qualified) == (1, 1100, True)
    assert (rows[1].rank, rows[1].average, rows[1].missed, rows[1].total) == (2, 1000, 45, 30000)
    assert (rows[2].rank, rows[2].qualified, rows[2].average) == (None, False, 2000)
    assert "Not ranked: 24 series played, at least 25 needed." in rows[2].explanation
    assert table.as_json()["rows"][2]["rank"] is None


def test_best_40_plus_worst_4_with_at_least_44_played():
    rules = parse_rules({"best": 40, "worst_kept": 4, "min_series": 44})
    fifty = [10 * i for i in range(1, 51)]  # 10, 20, ..., 500 over 50 evenings
    table = season_table(rules, evenings(50), [
        played(1, "Anna", fifty),
        played(2, "Bernd", [1000] * 43),
        played(3, "Carl", [300] * 44),
    ])
    rows = by_member(table)
    anna = rows[1]
    # best 40: 110..500; worst 4: 10..40; dropped 50..100 (six series): 12750 - 450 = 12300
    assert sorted(r.score for r in anna.dropped) == [50, 60, 70, 80, 90, 100]
    assert len(anna.counted) == 44 and anna.total == 12300
    assert "Evening 1, series 1 (10): counted, one of the worst 4 kept." in anna.explanation
    assert "Evening 5, series 1 (50): dropped, neither one of the best 40 nor of the worst 4 kept." \
        in anna.explanation
    assert "Evening 50, series 1 (500): counted, one of the best 40." in anna.explanation
    # exactly 44 played: all of them count
    assert (rows[3].total, rows[3].dropped, rows[3].rank) == (13200, (), 1)
    assert (rows[1].rank, rows[2].rank, rows[2].qualified) == (2, None, False)
    assert rows[2].total == 43000  # listed with his figures, unranked


def test_best_7_of_12_evenings_with_a_quarter_of_the_fees_held_back():
    rules = parse_rules({"best": 7, "holdback_percent": 25, "prizes": [600, 400, 200]})
    season = evenings(12, fees=Decimal("400.00")) + [Evening(13, "Evening 13", 1, Decimal("10.10"))]
    table = season_table(rules, season, [
        played(1, "Anna", [1000, 900, 800, 700, 600, 500, 400, 300, 200, 100, 0, -100]),
        played(2, "Bernd", [500] * 7),
        played(3, "Carl", [100] * 12 + [2400]),
        played(4, "Dora", [1500, 1000]),
    ])
    rows = by_member(table)
    # 12 x 100.00 and 10.10 / 4 = 2.525, to the cent half up: 2.53
    assert table.held_back == Decimal("1202.53")
    assert rows[1].total == 1000 + 900 + 800 + 700 + 600 + 500 + 400 == 4900
    assert [r.score for r in rows[1].dropped] == [300, 200, 100, 0, -100]
    assert rows[3].total == 2400 + 6 * 100 == 3000
    assert (rows[2].total, rows[4].total) == (3500, 2500)
    assert [(row.member, row.rank, row.prize) for row in table.rows] == [
        (1, 1, Decimal("600.00")), (2, 2, Decimal("400.00")), (3, 3, Decimal("200.00")), (4, 4, Decimal(0))]


def test_best_7_of_12_evenings_of_two_series_each_count_the_evenings_totals():
    rules = parse_rules({"results": "events", "best": 7, "score": "average"})
    # Anna's evenings: 1000 + 200 = 1200, then 1100, 1000, ..., 100 (each 2 series of half)
    anna = [1000, 200] + [x for total in range(1100, 0, -100) for x in (total // 2, total - total // 2)]
    table = season_table(rules, evenings(12, series=2), [played(1, "Anna", anna, 2)])
    row = table.rows[0]
    assert [r.score for r in row.counted] == [1200, 1100, 1000, 900, 800, 700, 600]
    assert [(r.tournament, r.series, r.score) for r in row.dropped] == [
        (8, None, 500), (9, None, 400), (10, None, 300), (11, None, 200), (12, None, 100)]
    assert row.series_played == 24 and row.total == 6300 and row.average == 900
    assert "Evening 1 (1200): counted, one of the best 7." in row.explanation
    assert "Average: 6300 over 7 counted results = 900." in row.explanation


def test_a_penalty_per_missed_series_comes_off_the_total_only():
    rules = parse_rules({"score": "average", "missed_penalty": 50})
    table = season_table(rules, evenings(4, series=2), [
        played(1, "Anna", [900, 700, 800, 600, 1000, 800], 2),  # 6 of 8 series
        played(2, "Bernd", [800] * 8, 2),
    ])
    anna, bernd = by_member(table)[1], by_member(table)[2]
    assert (anna.missed, anna.total, anna.average) == (2, 4800 - 100, 800)
    assert "Series missed: 2 × 50 = −100 off the total." in anna.explanation
    assert (bernd.total, bernd.average) == (6400, 800)
    assert anna.rank == bernd.rank == 1  # the average ranks; the penalty does not touch it
    total_rules = parse_rules({"missed_penalty": 50})
    table = season_table(total_rules, evenings(4, series=2), [played(1, "Anna", [900, 700, 800, 600, 1000, 800], 2),
                                                              played(2, "Bernd", [590] * 8, 2)])
    assert [(row.name, row.total, row.rank) for row in table.rows] == [("Bernd", 4720, 1), ("Anna", 4700, 2)]


def test_points_by_placement_best_events_count():
    rules = parse_rules({"score": "placement", "placement_points": [25, 20, 16, 13, 11, 10], "best": 3})
    season = evenings(5, series=2)
    anna = MemberResults(1, "Anna", tuple(SeriesResult(t, s, 500, 12) for t in range(1, 6) for s in (1, 2)),
                         places=((1, 1), (2, 3), (3, 7), (4, 2), (5, 1)))
    bernd = MemberResults(2, "Bernd", tuple(SeriesResult(t, s, 500, 12) for t in (1, 2) for s in (1, 2)),
                          places=((1, 2), (2, 1)))
    table = season_table(rules, season, [anna, bernd])
    rows = by_member(table)
    # Anna: 25, 16, 0 (place 7 is beyond the points), 20, 25: best 3 = 25 + 25 + 20
    assert rows[1].total == 70
    assert [(r.tournament, r.series, r.score) for r in rows[1].counted] == [(1, None, 25), (4, None, 20),
                                                                             (5, None, 25)]
    assert [(r.tournament, r.place) for r in rows[1].dropped] == [(2, 3), (3, 7)]
    assert rows[2].total == 45 and rows[2].dropped == ()
    assert "Evening 3, place 7 (0 points): dropped, not one of the best 3." in rows[1].explanation
    assert table.as_json()["rows"][0]["counted"][0] == {"tournament": 1, "series": None, "score": 25, "place": 1}


def test_average_per_game_with_a_minimum_of_games():
    rules = parse_rules({"score": "per_game", "min_games": 30})
    season = evenings(2)
    table = season_table(rules, season, [
        MemberResults(1, "Anna", (SeriesResult(1, 1, 600, 24), SeriesResult(2, 1, 300, 12))),  # 900 / 36 = 25
        MemberResults(2, "Bernd", (SeriesResult(1, 1, 1000, 48),)),                           # 1000 / 48
        MemberResults(3, "Carl", (SeriesResult(1, 1, 600, 20),)),                             # 30, 20 games only
    ])
    rows = by_member(table)
    assert (rows[1].average, rows[1].rank) == (25, 1)
    assert rows[2].rank == 2 and round(float(rows[2].average), 4) == 20.8333
    assert table.as_json()["rows"][1]["average"] == 20.83
    assert (rows[3].average, rows[3].rank) == (30, None)
    assert "Not ranked: 20 games played, at least 30 needed." in rows[3].explanation
    assert "Per game: 900 over 36 games = 25." in rows[1].explanation


def test_equal_figures_share_a_rank_1_2_2_4_and_share_the_prizes_of_their_places():
    rules = parse_rules({"prizes": [100, 60, 40, 20]})
    table = season_table(rules, evenings(2), [
        played(1, "Anna", [900, 900]), played(2, "Bernd", [800, 700]), played(3, "Carl", [1500]),
        played(4, "Dora", [1000, 500])])
    # Bernd, Carl and Dora have 1500 each: places 2 to 4 share 60 + 40 + 20
    assert [(row.name, row.rank, row.prize) for row in table.rows] == [
        ("Anna", 1, Decimal(100)), ("Bernd", 2, Decimal(40)), ("Carl", 2, Decimal(40)), ("Dora", 2, Decimal(40))]
    assert "Shares rank 2 with Carl, Dora." in table.rows[1].explanation
    assert "Season prize: 40.00, an equal share of the prizes of places 2 to 4." in table.rows[1].explanation
    three = season_table(rules, evenings(2), [played(1, "Anna", [900, 900]), played(2, "Bernd", [800, 700]),
                                              played(3, "Carl", [1500]), played(5, "Emil", [100])])
    assert [row.rank for row in three.rows] == [1, 2, 2, 4]


def test_the_tie_rule_separates_what_it_can():
    rules = parse_rules({"tie": ["more_series", "best_single"]})
    table = season_table(rules, evenings(3), [
        played(1, "Anna", [500, 500, 500]), played(2, "Bernd", [700, 800]), played(3, "Carl", [1000, 500]),
        played(4, "Dora", [750, 750])])
    # all 1500: Anna played 3 series; of the other three, Carl's best single 1000 beats Bernd's 800 and Dora's 750
    assert [(row.name, row.rank) for row in table.rows] == [("Anna", 1), ("Carl", 2), ("Bernd", 3), ("Dora", 4)]
    assert "Equal 1500 with Carl, Bernd, Dora: placed by the tie rule (more series played, the better best counted " \
        "result)." \
        in table.rows[0].explanation
    same = season_table(rules, evenings(3), [played(1, "Anna", [750, 750]), played(2, "Bernd", [750, 750])])
    assert [row.rank for row in same.rows] == [1, 1]


def test_category_tables_rank_among_their_members_with_their_prizes():
    rules = parse_rules({"category_prizes": {"Damen": [30, 20], "Junioren": [10]}})
    table = season_table(rules, evenings(1), [
        played(1, "Anna", [900], categories=["Damen"]), played(2, "Bernd", [1200], categories=["Senioren"]),
        played(3, "Dora", [700], categories=["Damen", "Senioren"])])
    categories = dict(table.categories)
    assert set(categories) == {"Damen", "Junioren", "Senioren"}
    assert [(r.name, r.rank, r.prize) for r in categories["Damen"]] == [("Anna", 1, Decimal(30)),
                                                                         ("Dora", 2, Decimal(20))]
    assert [(r.name, r.rank, r.prize) for r in categories["Senioren"]] == [("Bernd", 1, 0), ("Dora", 2, 0)]
    assert categories["Junioren"] == ()
    assert [(r.name, r.rank, r.prize) for r in table.rows] == [("Bernd", 1, 0), ("Anna", 2, 0), ("Dora", 3, 0)]


def test_results_of_a_tournament_not_in_the_season_are_a_bug_said_at_once():
    with pytest.raises(ValueError, match="not in the season"):
        season_table(parse_rules({}), evenings(1), [played(1, "Anna", [1, 2])])


def test_a_row_and_a_members_results_made_fast_have_every_field():
    """Rows are made without the dataclass's constructor (for speed): each has every field, the defaults unset."""
    import dataclasses

    from seasons.core import SeasonRow, member_results

    made = member_results(7, "Lena", (SeriesResult(1, 1, 500, 12),), region="VG 1")
    assert made == MemberResults(7, "Lena", (SeriesResult(1, 1, 500, 12),), region="VG 1")
    row = season_table(parse_rules({}), evenings(1), [made]).rows[0]
    assert set(vars(row)) == {f.name for f in dataclasses.fields(SeasonRow)}
    assert (row.rank, row.prize, row.person, row.clubs, row.region) == (1, Decimal("0.00"), None, (), "VG 1")
