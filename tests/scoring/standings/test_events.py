"""Several series: overall sums, teams and categories, with every figure worked out by hand."""

import pytest

from scoring.standings import ScoringSystem, Standing, rank_standings
from scoring.standings.events import Team, rank_category, rank_teams, sum_standings, team_standing

SF = ScoringSystem.SEEGER_FABIAN


def sf(player, game_scores, won, lost, others_lost_bonus=0):
    return Standing(player, games_won=won, games_lost=lost, game_scores=game_scores,
                    others_lost_bonus=others_lost_bonus, points_won=max(game_scores, 0),
                    points_lost=max(-game_scores, 0))


def test_the_overall_standing_is_the_sum_of_the_series_a_player_played():
    series_1 = {1: sf(1, 200, 5, 1, 60), 2: sf(2, -40, 1, 2, 90)}  # 2 withdraws after series 1
    series_2 = {1: sf(1, 96, 2, 0, 30), 3: sf(3, 120, 3, 1, 40)}  # 3 joins in series 2

    overall = sum_standings([series_1, series_2])

    # SF total = game scores + 50 × (won − lost) + others' lost bonus
    assert overall[1].total(SF) == (200 + 96) + 50 * (7 - 1) + (60 + 30)  # 686
    assert overall[2].total(SF) == -40 + 50 * (1 - 2) + 90  # 0: he keeps what he played
    assert overall[3].total(SF) == 120 + 50 * 2 + 40  # 260
    assert [row.standing.player for row in rank_standings(overall, SF)] == [1, 3, 2]
    assert series_1[1].total(SF) == 200 + 50 * 4 + 60  # the series' own standings are not changed


def test_a_team_has_the_sum_of_its_members_and_ranks_by_the_systems_tie_rule():
    standings = {1: sf(1, 100, 3, 1), 2: sf(2, 50, 2, 0), 3: sf(3, 150, 4, 1), 4: sf(4, 0, 0, 0)}
    teams = [Team(10, "Germania", (1, 2)), Team(20, "Liederkranz", (3, 4)), Team(30, "Late", (5,))]

    # Germania: 150 + 50 × (5 − 1) = 350, 5 won; Liederkranz: 150 + 50 × (4 − 1) = 300; Late: nobody played, 0.
    ranked = rank_teams(teams, standings, SF)
    assert [(row.rank, row.team.name, row.standing.total(SF)) for row in ranked] == [
        (1, "Germania", 350), (2, "Liederkranz", 300), (3, "Late", 0)]
    assert team_standing(teams[0], standings).games_won == 5


def test_teams_equal_in_total_go_by_more_games_won():
    standings = {1: sf(1, 100, 2, 0), 2: sf(2, 50, 3, 1)}  # 1: 100 + 100 = 200; 2: 50 + 100 = 150
    standings[2].game_scores = 100  # 2: 100 + 100 = 200 too, with 3 games won against 2
    ranked = rank_teams([Team(1, "A", (1,)), Team(2, "B", (2,))], standings, SF)
    assert [(row.team.name, row.tie_note) for row in ranked] == [("B", "more games won"), ("A", "more games won")]


def test_two_teams_with_one_id_are_refused():
    with pytest.raises(ValueError):
        rank_teams([Team(1, "A", ()), Team(1, "B", ())], {}, SF)


def test_a_category_is_ranked_afresh_in_the_overall_order():
    standings = {1: sf(1, 300, 1, 0), 2: sf(2, 200, 1, 0), 3: sf(3, 200, 1, 0), 4: sf(4, 100, 1, 0),
                 5: sf(5, 0, 1, 0)}
    overall = rank_standings(standings, SF)
    assert [row.rank for row in overall] == [1, 2, 2, 4, 5]

    ladies = rank_category(overall, {2, 3, 5})
    assert [(row.rank, row.standing.player) for row in ladies] == [(1, 2), (1, 3), (3, 5)] or \
        [(row.rank, row.standing.player) for row in ladies] == [(1, 3), (1, 2), (3, 5)]
