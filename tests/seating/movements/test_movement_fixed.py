"""Foster's first method: experts draw lots for the tables, the others draw ballots, nobody moves."""

import random
from collections import Counter

import pytest

from seating.movements import Method, MovementUserError, plan_fixed_tables, table_sizes


def _players_and_experts(count: int) -> tuple[list[str], set[str]]:
    players = [f"player-{number}" for number in range(1, count + 1)]
    return players, set(players[: len(table_sizes(count))])


def test_plan_fixed_tables_forty_players_seat_ten_experts_with_three_ballot_holders_each():
    players, experts = _players_and_experts(40)

    plan = plan_fixed_tables(players, experts, rng=random.Random(1907))

    assert [table.table for table in plan.fixed_tables] == list(range(1, 11))
    assert {table.controller for table in plan.fixed_tables} == experts
    for table in plan.fixed_tables:
        assert table.seats[0] == table.controller
        assert len(table.seats) == 4
        assert not experts.intersection(table.seats[1:])
    assert plan.sections == ()


def test_plan_fixed_tables_default_is_twenty_rounds():
    players, experts = _players_and_experts(12)

    plan = plan_fixed_tables(players, experts, rng=random.Random(0))

    assert plan.layout.method is Method.FIXED
    assert (plan.layout.fixed_rounds, plan.layout.rounds_per_stay) == (20, None)
    assert "20 rounds = 80 deals at a table of four." in plan.layout.notes


def test_plan_fixed_tables_every_count_seats_everyone_once_with_one_controller_per_table():
    for count in range(3, 201):
        players, experts = _players_and_experts(count)

        plan = plan_fixed_tables(players, experts, rng=random.Random(count))

        seated = Counter(player for table in plan.fixed_tables for player in table.seats)
        assert seated == Counter(players)
        assert tuple(len(table.seats) for table in plan.fixed_tables) == table_sizes(count)
        assert Counter(table.controller for table in plan.fixed_tables) == Counter(experts)


def test_plan_fixed_tables_same_seed_same_tables():
    players, experts = _players_and_experts(41)

    first = plan_fixed_tables(players, experts, rng=random.Random(7))
    second = plan_fixed_tables(players, experts, rng=random.Random(7))

    assert first == second


def test_plan_fixed_tables_different_seeds_different_tables():
    players, experts = _players_and_experts(41)

    first = plan_fixed_tables(players, experts, rng=random.Random(7))
    second = plan_fixed_tables(players, experts, rng=random.Random(8))

    assert first.fixed_tables != second.fixed_tables


def test_plan_fixed_tables_too_few_experts_raises_user_error():
    players, experts = _players_and_experts(40)

    with pytest.raises(MovementUserError) as raised:
        plan_fixed_tables(players, set(list(experts)[:8]), rng=random.Random(1))

    assert raised.value.field == "experts"
    assert raised.value.message == "8 experts marked for 10 tables: one controls each table; mark 2 more"


def test_plan_fixed_tables_too_many_experts_raises_user_error():
    players, experts = _players_and_experts(40)

    with pytest.raises(MovementUserError) as raised:
        plan_fixed_tables(players, experts | {"player-40"}, rng=random.Random(1))

    assert raised.value.message.endswith("unmark 1")


def test_plan_fixed_tables_expert_not_playing_raises_user_error():
    players, experts = _players_and_experts(12)

    with pytest.raises(MovementUserError) as raised:
        plan_fixed_tables(players, experts - {"player-1"} | {"stranger"}, rng=random.Random(1))

    assert raised.value.field == "experts"
    assert "'stranger'" in raised.value.message


def test_plan_fixed_tables_player_listed_twice_raises_user_error():
    with pytest.raises(MovementUserError) as raised:
        plan_fixed_tables(["a", "b", "c", "a"], {"a"}, rng=random.Random(1))

    assert raised.value.field == "players"
    assert raised.value.message == "player 'a' is listed twice"
