"""Table sizes for any player count: three to six at a table, as many fours as possible."""

import pytest

from seating.movements import MovementUserError, table_sizes


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
