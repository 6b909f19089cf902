"""Prizes: every tie rule of the sources, "no double prizes", the player's choice and cuts."""

from scoring.standings import PRESETS, PrizeRules, ScoringSystem, award_prizes, counted_categories
from scoring.standings.systems import BestGame, Standing

FOSTER = ScoringSystem.FOSTER


def standing(player, won=0, lost=0, pw=0, pl=0, games=()):
    s = Standing(player, games_won=won, games_lost=lost, points_won=pw, points_lost=pl)
    s.won_games.extend(games)
    return s


def best(without, value, game="Club Solo", suit_rank=4, method="solo"):
    return BestGame(without, value, game, "suit", suit_rank, method, 1, 1)


def by(awards, category, place=1):
    return next(a for a in awards if a.category == category and a.place == place)


def test_points_tie_goes_to_more_net_games():
    standings = {1: standing(1, won=3, pw=200), 2: standing(2, won=5, lost=1, pw=200)}
    award = by(award_prizes(standings, FOSTER, (("points", 1),)), "points")
    assert award.player == 2 and award.decided_by == "tie on the figure, decided by more net games"


def test_games_tie_goes_to_more_net_points():
    standings = {1: standing(1, won=6, pw=150), 2: standing(2, won=6, pw=180)}
    assert by(award_prizes(standings, FOSTER, (("games", 1),)), "games").player == 2


def test_no_player_wins_both_points_and_games_the_first_in_the_schedule_by_default():
    standings = {1: standing(1, won=9, pw=400), 2: standing(2, won=7, pw=300), 3: standing(3, won=8, pw=100)}
    awards = award_prizes(standings, FOSTER, PRESETS["foster"][:2])
    assert (by(awards, "points").player, by(awards, "games").player) == (1, 3)


def test_the_player_may_choose_the_games_prize_and_the_points_prize_goes_on():
    standings = {1: standing(1, won=9, pw=400), 2: standing(2, won=7, pw=300), 3: standing(3, won=8, pw=100)}
    awards = award_prizes(standings, FOSTER, PRESETS["foster"][:2], PrizeRules(choices={1: "games"}))
    assert (by(awards, "points").player, by(awards, "games").player) == (2, 1)


def test_a_prize_winner_is_passed_over_unless_multiple_prizes_are_allowed():
    standings = {1: standing(1, won=9, pw=400, games=[best(6, 144)]), 2: standing(2, won=1, pw=50, games=[best(2, 60)])}
    schedule = (("points", 1), ("hardest", 1))
    assert by(award_prizes(standings, FOSTER, schedule), "hardest").player == 2
    assert by(award_prizes(standings, FOSTER, schedule, PrizeRules(allow_multiple=True)), "hardest").player == 1


def test_most_difficult_game_more_without_wins_then_the_more_valuable_game():
    # Foster: a spade Tournee without 10 beats a heart Solo without 6, since 10 > 6.
    tournee = standing(1, games=[best(10, 77, "Spade Tournee", 3, "tournee")])
    solo = standing(2, games=[best(6, 70, "Heart Solo", 2)])
    assert by(award_prizes({1: tournee, 2: solo}, FOSTER, (("hardest", 1),)), "hardest").player == 1
    spade = standing(3, games=[best(6, 77, "Spade Solo", 3)])
    award = by(award_prizes({2: solo, 3: spade}, FOSTER, (("hardest", 1),)), "hardest")
    assert award.player == 3 and "the more valuable game" in award.decided_by


def test_nasl_solo_tie_goes_to_the_higher_suit_then_value():
    clubs = standing(1, games=[best(5, 84, "Club Solo", 4)])
    grand = standing(2, games=[best(5, 84, "Grand Solo", 5)])
    assert by(award_prizes({1: clubs, 2: grand}, FOSTER, (("solo-without", 1),)), "solo-without").player == 2


def test_a_tie_no_rule_settles_goes_to_the_recorded_cut():
    standings = {1: standing(1, won=4, pw=100), 2: standing(2, won=4, pw=100)}
    award = by(award_prizes(standings, FOSTER, (("points", 1),), PrizeRules(cuts={("points", 1): [2, 1]})), "points")
    assert (award.player, award.decided_by) == (2, "a cut recorded by the director")


def test_a_tie_without_a_recorded_cut_is_drawn_from_the_shown_seed_reproducibly():
    standings = {1: standing(1, won=4, pw=100), 2: standing(2, won=4, pw=100)}
    first = by(award_prizes(standings, FOSTER, (("points", 1),), PrizeRules(seed=42)), "points")
    again = by(award_prizes(standings, FOSTER, (("points", 1),), PrizeRules(seed=42)), "points")
    assert first == again and first.decided_by == "a cut drawn by the system (seed 42)"


def test_booby_is_the_lowest_net_points():
    standings = {1: standing(1, pw=100), 2: standing(2, pl=80), 3: standing(3, pl=20)}
    assert by(award_prizes(standings, FOSTER, (("booby", 1),)), "booby").player == 2


def test_nasl_schedule_second_games_prize_goes_to_the_next_unawarded_player():
    standings = {p: standing(p, won=10 - p, pw=100 * p) for p in range(1, 7)}
    awards = award_prizes(standings, FOSTER, PRESETS["nasl-1908"])
    assert [by(awards, "games", 1).player, by(awards, "points", 1).player, by(awards, "games", 2).player,
            by(awards, "points", 2).player] == [1, 6, 2, 5]


def test_isko_ranking_ties_more_games_won_then_fewer_lost():
    sf = ScoringSystem.SEEGER_FABIAN
    a = Standing(1, games_won=5, games_lost=2, game_scores=500)
    b = Standing(2, games_won=4, games_lost=1, game_scores=500)
    awards = award_prizes({1: a, 2: b}, sf, (("total", 1),))
    assert by(awards, "total").player == 1


def test_an_event_counts_its_schedules_categories_and_its_standings_places():
    assert counted_categories(PRESETS["isko"], ScoringSystem.SEEGER_FABIAN) == ["total"]
    assert counted_categories(PRESETS["foster"], ScoringSystem.FOSTER) == ["points", "games", "hardest", "booby"]
    # no prize for the standings' places: their cuts still have a category to be recorded under
    assert counted_categories((), ScoringSystem.SEEGER_FABIAN) == ["total"]
    assert counted_categories((("games", 1),), ScoringSystem.MCCOLL) == ["games", "points"]
