"""The standings' order: each system's tie rule, the lot and recorded cuts, and the prize list agreeing with it."""

from hypothesis import given
from hypothesis import strategies as st

from scoring.standings import PRESETS, PrizeRules, ScoringSystem, award_prizes, rank_standings, standings_cuts
from scoring.standings.ranking import lot_order, ranking_key
from scoring.standings.systems import Standing

SF, FOSTER, MCCOLL = ScoringSystem.SEEGER_FABIAN, ScoringSystem.FOSTER, ScoringSystem.MCCOLL


def sf(player, total, won, lost):
    """A Seeger-Fabian standing with the given total (the game scores make up the rest)."""
    return Standing(player, games_won=won, games_lost=lost, game_scores=total - 50 * (won - lost))


def net(player, points, won, lost=0):
    """A Foster / McColl standing with these net points and games."""
    return Standing(player, games_won=won, games_lost=lost, points_won=max(points, 0), points_lost=max(-points, 0))


def table(ranked):
    return [(r.rank, r.standing.player, r.tie_note) for r in ranked]


def test_seeger_fabian_ties_go_to_more_games_won_then_fewer_lost():
    standings = [sf(1, 500, 6, 2), sf(2, 500, 7, 3), sf(3, 500, 6, 1), sf(4, 600, 1, 0), sf(5, 450, 9, 0)]
    assert sf(1, 500, 6, 2).total(SF) == 500
    # 4 has the best total; of the three at 500, 2 won 7 and the others 6; of those, 3 lost 1 and 1 lost 2.
    assert table(rank_standings(standings, SF)) == [
        (1, 4, ""), (2, 2, "more games won"), (3, 3, "more games won"), (4, 1, "fewer games lost"), (5, 5, "")]


def test_foster_and_mccoll_ties_go_to_more_net_games():
    for system in (FOSTER, MCCOLL):
        standings = {1: net(1, 100, 3), 2: net(2, 100, 6, 1), 3: net(3, 80, 9)}
        # 1 and 2 both have 100 net points: 2 has 5 net games, 1 has 3.
        assert table(rank_standings(standings, system)) == [(1, 2, "more net games"), (2, 1, "more net games"),
                                                            (3, 3, "")]


def test_players_still_tied_share_a_rank_and_are_ordered_by_the_lot_of_the_seed():
    standings = [sf(1, 600, 5, 0), sf(2, 500, 4, 1), sf(3, 500, 4, 1), sf(4, 400, 1, 0)]
    ranked = rank_standings(standings, SF, seed=123)
    assert [r.rank for r in ranked] == [1, 2, 2, 4]
    assert [r.standing.player for r in ranked][::3] == [1, 4]
    assert {r.standing.player for r in ranked[1:3]} == {2, 3}
    assert [r.tie_note for r in ranked] == ["", "lot (seed 123)", "lot (seed 123)", ""]
    assert table(rank_standings(list(reversed(standings)), SF, seed=123)) == table(ranked)


def test_the_lot_differs_between_seeds_but_never_with_the_input_order():
    standings = [net(p, 50, 2) for p in range(1, 9)]
    orders = {tuple(r.standing.player for r in rank_standings(standings, FOSTER, seed=seed)) for seed in range(5)}
    assert len(orders) > 1
    assert all(r.rank == 1 for r in rank_standings(standings, FOSTER, seed=3))


def test_a_recorded_cut_orders_the_tied_players_place_by_place():
    standings = [net(1, 90, 4), net(2, 90, 4), net(3, 90, 4), net(4, 10, 1)]
    # Place 1: the cut among 1, 2 and 3 went to 3, then 1; 2 is last.
    ranked = rank_standings(standings, MCCOLL, cuts={1: [3, 1, 2]}, seed=9)
    assert table(ranked) == [(1, 3, "cut"), (1, 1, "cut"), (1, 2, "cut"), (4, 4, "")]
    # A cut recorded for place 2 alone leaves place 1 to the lot, and orders the other two.
    lot_first = rank_standings(standings, MCCOLL, seed=9)[0].standing.player
    rest = [p for p in (1, 2, 3) if p != lot_first]
    ranked = rank_standings(standings, MCCOLL, cuts={2: [rest[1], rest[0]]}, seed=9)
    assert [r.standing.player for r in ranked[:3]] == [lot_first, rest[1], rest[0]]
    assert [r.tie_note for r in ranked[:3]] == ["lot (seed 9)", "cut", "cut"]


def test_the_isko_prizes_are_the_standings_places():
    standings = {p: s for p, s in enumerate([sf(1, 500, 5, 1), sf(2, 500, 5, 1), sf(3, 500, 6, 1),
                                              sf(4, 500, 5, 1)], start=1)}
    rules = PrizeRules(cuts={("total", 2): [4, 2, 1]}, seed=77)
    awards = award_prizes(standings, SF, PRESETS["isko"], rules)
    ranked = rank_standings(standings, SF, cuts=standings_cuts(rules.cuts, SF), seed=77)
    assert [a.player for a in awards] == [r.standing.player for r in ranked[:3]]
    assert awards[0].player == 3 and awards[0].decided_by == "tie on the figure, decided by more games won"
    assert awards[2].decided_by == "a cut recorded by the director"


def test_several_places_of_one_category_go_to_several_players_even_when_multiple_prizes_are_allowed():
    standings = {p: net(p, 100 - p, 1) for p in (1, 2, 3)}
    schedule = (("points", 1), ("points", 2), ("points", 3))
    awards = award_prizes(standings, FOSTER, schedule, PrizeRules(allow_multiple=True))
    assert [a.player for a in awards] == [1, 2, 3]


# --- properties ----------------------------------------------------------------------------------------------

figures = st.tuples(st.integers(0, 3), st.integers(0, 3), st.sampled_from([0, 50, 100]))
pools = st.lists(figures, min_size=3, max_size=9)


def from_figures(pool, system):
    if system is SF:
        return {p: Standing(p, games_won=w, games_lost=lo, game_scores=g) for p, (w, lo, g) in enumerate(pool, 1)}
    return {p: Standing(p, games_won=w, games_lost=lo, points_won=g) for p, (w, lo, g) in enumerate(pool, 1)}


systems = st.sampled_from([SF, FOSTER, MCCOLL])


@given(pools, systems, st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_the_ranking_is_a_total_order_of_the_key_deterministic_and_blind_to_input_order(pool, system, seed, rnd):
    standings = from_figures(pool, system)
    ranked = rank_standings(standings, system, seed=seed)
    keys = [ranking_key(r.standing, system) for r in ranked]
    assert sorted(r.standing.player for r in ranked) == sorted(standings)
    assert keys == sorted(keys, reverse=True)
    for r, key in zip(ranked, keys):
        assert r.rank == 1 + sum(other > key for other in keys)
    for a, ka in zip(ranked, keys):
        for b, kb in zip(ranked, keys):
            assert (a.rank == b.rank) == (ka == kb)
    shuffled = list(standings.values())
    rnd.shuffle(shuffled)
    assert table(rank_standings(shuffled, system, seed=seed)) == table(ranked)
    assert table(rank_standings(standings, system, seed=seed)) == table(ranked)


cut_orders = st.dictionaries(st.integers(1, 3), st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True))


@given(pools, st.integers(0, 1000), cut_orders, st.booleans())
def test_total_and_points_prizes_name_the_standings_places(pool, seed, cuts, allow_multiple):
    for system, key in ((SF, "total"), (FOSTER, "points"), (MCCOLL, "points")):
        standings = from_figures(pool, system)
        rules = PrizeRules(allow_multiple=allow_multiple, cuts={(key, place): o for place, o in cuts.items()},
                           seed=seed)
        schedule = PRESETS["isko"] if key == "total" else (("points", 1), ("points", 2), ("points", 3))
        awards = award_prizes(standings, system, schedule, rules)
        ranked = rank_standings(standings, system, cuts=standings_cuts(rules.cuts, system), seed=seed)
        assert [a.player for a in awards] == [r.standing.player for r in ranked[:3]]


@given(pools, st.integers(0, 1000))
def test_the_league_points_prizes_go_to_the_best_placed_players_not_yet_awarded(pool, seed):
    standings = from_figures(pool, FOSTER)
    awards = award_prizes(standings, FOSTER, PRESETS["nasl-1908"], PrizeRules(seed=seed))
    order = [r.standing.player for r in rank_standings(standings, FOSTER, seed=seed)]
    for n, award in enumerate(awards):
        if award.category == "points":
            earlier = {a.player for a in awards[:n]}
            assert award.player == next((p for p in order if p not in earlier), None)


def test_the_lot_depends_on_the_order_of_the_ids_not_their_values():
    # An imported copy gives the same players new ids in the same order: the lot must fall the same way.
    original = lot_order([7, 3, 9, 12], seed=41)
    imported = lot_order([103, 112, 107, 109], seed=41)
    positions = {3: 103, 7: 107, 9: 109, 12: 112}
    assert [positions[player] for player in original] == imported
