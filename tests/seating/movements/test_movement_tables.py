"""Table sizes for any player count: as many fours as possible, Foster's threes and fives or ISkO's threes."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating.movements import MovementUserError, TableSizes, table_sizes


def _most_fours(players: int) -> int:
    """Brute force: the most tables of four that leave a remainder tables of 3, 5 or 6 can seat."""
    seatable = {0}
    for total in range(1, players + 1):
        if any(total - size in seatable for size in (3, 5, 6)):
            seatable.add(total)
    return max(fours for fours in range(players // 4 + 1) if players - 4 * fours in seatable)


def test_table_sizes_41_players_is_nine_fours_and_one_five():
    assert table_sizes(41) == (4,) * 9 + (5,)


def test_table_sizes_small_counts_match_foster():
    assert [table_sizes(n) for n in range(3, 11)] == [
        (3,),
        (4,),
        (5,),
        (3, 3),
        (4, 3),
        (4, 4),
        (4, 5),
        (4, 3, 3),
    ]


def test_table_sizes_every_count_seats_everyone_at_legal_tables():
    for players in range(3, 201):
        sizes = table_sizes(players)

        assert sum(sizes) == players
        assert all(3 <= size <= 6 for size in sizes)
        assert sizes.count(4) == _most_fours(players), players
        assert len([size for size in sizes if size != 4]) <= 2


def test_table_sizes_six_players_make_two_threes_not_one_six():
    assert table_sizes(6) == (3, 3)


@pytest.mark.parametrize("players", [-4, 0, 1, 2])
def test_table_sizes_fewer_than_three_raises_user_error(players):
    with pytest.raises(MovementUserError) as raised:
        table_sizes(players)

    assert raised.value.field == "players"
    assert "at least 3" in raised.value.message


@pytest.mark.parametrize("players", ["12", 12.0, None, True])
def test_table_sizes_not_a_whole_number_raises_user_error(players):
    with pytest.raises(MovementUserError) as raised:
        table_sizes(players)

    assert raised.value.field == "players"


# --- the rule: Foster's 3 to 5 (default) or ISkO's 3 and 4 ---------------------------------------------------

COUNT_LIMIT = 2000


def _fewest_odd_tables(allowed: frozenset[int], limit: int = COUNT_LIMIT) -> list[int | None]:
    """Brute force: fewest[n] = the fewest tables other than four that seat n at ``allowed`` sizes (None: none)."""
    fewest: list[int | None] = [0] + [None] * limit
    for total in range(1, limit + 1):
        options = [
            fewest[total - size] + (size != 4)
            for size in allowed
            if size <= total and fewest[total - size] is not None
        ]
        fewest[total] = min(options, default=None)
    return fewest


FEWEST = {rule: _fewest_odd_tables(rule.allowed) for rule in TableSizes}


def test_table_sizes_rules_allow_three_to_five_and_three_or_four():
    assert TableSizes.FOSTER.allowed == {3, 4, 5}
    assert TableSizes.THREES_AND_FOURS.allowed == {3, 4}
    assert [rule.value for rule in TableSizes] == ["3-to-5", "3-and-4"]


def test_table_sizes_default_rule_is_fosters():
    assert all(table_sizes(n) == table_sizes(n, TableSizes.FOSTER) for n in range(3, 201))


@pytest.mark.parametrize(
    "players, sizes",
    [
        (3, (3,)),
        (4, (4,)),
        (6, (3, 3)),
        (7, (4, 3)),
        (9, (3, 3, 3)),
        (13, (4, 3, 3, 3)),
        (14, (4, 4, 3, 3)),
        (41, (4,) * 8 + (3, 3, 3)),
    ],
)
def test_table_sizes_isko_is_the_fewest_tables_of_three(players, sizes):
    assert table_sizes(players, TableSizes.THREES_AND_FOURS) == sizes


def test_table_sizes_isko_accepts_the_rules_value():
    assert table_sizes(13, "3-and-4") == (4, 3, 3, 3)


def test_table_sizes_isko_refuses_five_players_and_says_why():
    with pytest.raises(MovementUserError) as raised:
        table_sizes(5, TableSizes.THREES_AND_FOURS)

    assert raised.value.field == "players"
    assert raised.value.message == (
        "under ISkO tables are of three or four, so 5 players cannot be seated; add or remove a player"
    )


@pytest.mark.parametrize("rule", list(TableSizes))
@pytest.mark.parametrize("players", [-4, 0, 1, 2])
def test_table_sizes_either_rule_fewer_than_three_raises_user_error(rule, players):
    with pytest.raises(MovementUserError) as raised:
        table_sizes(players, rule)

    assert raised.value.field == "players"
    assert "at least 3" in raised.value.message


@pytest.mark.parametrize("rule", ["isko", "3-4-5", None, 4])
def test_table_sizes_unknown_rule_raises_user_error(rule):
    with pytest.raises(MovementUserError) as raised:
        table_sizes(12, rule)

    assert raised.value.field == "table_sizes"
    assert "3-to-5, 3-and-4" in raised.value.message


@settings(max_examples=300, deadline=None)
@given(players=st.integers(min_value=3, max_value=COUNT_LIMIT), rule=st.sampled_from(list(TableSizes)))
def test_table_sizes_any_count_either_rule_fewest_odd_tables_at_allowed_sizes(players, rule):
    if FEWEST[rule][players] is None:
        with pytest.raises(MovementUserError):
            table_sizes(players, rule)
        return

    sizes = table_sizes(players, rule)

    assert sum(sizes) == players
    assert set(sizes) <= rule.allowed
    assert len([size for size in sizes if size != 4]) == FEWEST[rule][players]
    assert list(sizes) == sorted(sizes, key=lambda size: size != 4)  # the fours first, the odd tables last


@pytest.mark.parametrize("rule", list(TableSizes))
def test_table_sizes_every_count_to_2000_either_rule_fewest_odd_tables_at_allowed_sizes(rule):
    for players in range(3, COUNT_LIMIT + 1):
        if FEWEST[rule][players] is None:
            continue
        sizes = table_sizes(players, rule)

        assert sum(sizes) == players
        assert set(sizes) <= rule.allowed
        assert len([size for size in sizes if size != 4]) == FEWEST[rule][players], players


@pytest.mark.parametrize("rule", list(TableSizes))
def test_table_sizes_refuses_exactly_the_counts_no_allowed_tables_can_seat(rule):
    refused = set()
    for players in range(3, COUNT_LIMIT + 1):
        try:
            table_sizes(players, rule)
        except MovementUserError as error:
            assert error.field == "players"
            refused.add(players)

    seatable = {0}
    for total in range(1, COUNT_LIMIT + 1):
        if any(total - size in seatable for size in rule.allowed):
            seatable.add(total)
    assert refused == set(range(3, COUNT_LIMIT + 1)) - seatable
    assert refused == ({5} if rule is TableSizes.THREES_AND_FOURS else set())


@settings(max_examples=300, deadline=None)
@given(players=st.integers(min_value=3, max_value=COUNT_LIMIT))
def test_table_sizes_isko_never_seats_five(players):
    if players == 5:
        return
    assert 5 not in table_sizes(players, TableSizes.THREES_AND_FOURS)
