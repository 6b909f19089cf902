"""Layouts: tables, sections, fixed tables and phantoms for any player count."""

import pytest

from seating.movements import Method, MovementUserError, Remainder, TableSizes, plan_layout

PAIR_METHODS = [Method.NS_STATIONARY, Method.UP_SIDES]


@pytest.mark.parametrize("remainder", list(Remainder))
@pytest.mark.parametrize("method", PAIR_METHODS)
def test_plan_layout_every_count_gives_everyone_a_table(method, remainder):
    for players in range(3, 201):
        layout = plan_layout(method, players, remainder=remainder)

        pairs = sum(2 * section.tables - (section.phantom is not None) for section in layout.sections)
        assert 2 * pairs + sum(layout.fixed_tables) == players, players
        assert all(3 <= size <= 6 for size in layout.fixed_tables)
        assert all(1 <= section.tables <= 10 for section in layout.sections)
        assert len([section for section in layout.sections if section.phantom]) <= 1
        firsts = [1 + sum(section.tables for section in layout.sections[:i]) for i in range(len(layout.sections))]
        assert [section.first_table for section in layout.sections] == firsts


@pytest.mark.parametrize("method", PAIR_METHODS)
def test_plan_layout_extra_tables_moves_every_table_of_four(method):
    for players in range(3, 201):
        layout = plan_layout(method, players, remainder=Remainder.EXTRA_TABLES)

        assert all(section.phantom is None for section in layout.sections)
        assert 4 not in layout.fixed_tables
        assert len(layout.fixed_tables) <= 2


@pytest.mark.parametrize("method", PAIR_METHODS)
def test_plan_layout_sit_out_needs_at_most_one_table_of_three(method):
    for players in range(6, 201):
        layout = plan_layout(method, players, remainder=Remainder.SIT_OUT)

        assert layout.fixed_tables == ((3,) if players % 2 else ()), players
        assert any(section.phantom for section in layout.sections) == (players % 4 in (1, 2)), players


def test_plan_layout_41_players_extra_tables_is_nine_moving_and_a_fixed_five():
    layout = plan_layout(Method.UP_SIDES, 41)

    assert layout.remainder is Remainder.EXTRA_TABLES
    assert [section.tables for section in layout.sections] == [9]
    assert layout.fixed_tables == (5,)
    assert layout.first_fixed_table == 10
    assert (
        "Table 10: 1 table of five, fixed; their players do not move and play 17 rounds = 85 deals at a table of"
        " five, as long as the longest section." in layout.notes
    )


def test_plan_layout_42_players_sit_out_puts_phantom_at_pivot():
    layout = plan_layout(Method.UP_SIDES, 42, remainder=Remainder.SIT_OUT)

    assert [section.tables for section in layout.sections] == [6, 5]
    assert [section.phantom for section in layout.sections] == [1, None]
    assert [layout.sections[0].sitting_out(stay) for stay in range(1, 12)] == list(range(12, 1, -1))


def test_plan_layout_ns_stationary_phantom_is_ns_pair_at_last_table():
    layout = plan_layout(Method.NS_STATIONARY, 14, remainder="sit-out")

    (section,) = layout.sections
    assert (section.tables, section.phantom) == (4, 4)
    assert [section.sitting_out(stay) for stay in range(1, 5)] == [8, 7, 6, 5]


def test_plan_layout_five_players_sit_out_falls_back_to_a_fixed_five():
    layout = plan_layout(Method.NS_STATIONARY, 5, remainder=Remainder.SIT_OUT)

    assert (layout.sections, layout.fixed_tables) == ((), (5,))


def test_plan_layout_directors_split_is_used():
    layout = plan_layout(Method.NS_STATIONARY, 60, sections=[5, 5, 5], rounds_per_stay=2)

    assert [(section.first_table, section.tables, section.stays) for section in layout.sections] == [
        (1, 5, 5),
        (6, 5, 5),
        (11, 5, 5),
    ]
    assert "Section 1: 5 tables, 5 stays of 2 rounds (8 deals), 40 deals in all." in layout.notes


def test_plan_layout_more_than_forty_moving_deals_is_noted():
    layout = plan_layout(Method.UP_SIDES, 24)

    assert (
        "Section 1: 6 tables, 11 stays of 1 round (4 deals), 44 deals in all."
        " Foster allows at most 40 deals when players move." in layout.notes
    )


def test_plan_layout_chicago_1907_sections_of_at_most_ten():
    layout = plan_layout(Method.NS_STATIONARY, 2700)

    assert [section.tables for section in layout.sections] == [9] * 75
    assert layout.tables == 675


def test_plan_layout_odd_pairs_in_one_table_sections_raises_user_error():
    with pytest.raises(MovementUserError) as raised:
        plan_layout(Method.UP_SIDES, 22, remainder=Remainder.SIT_OUT, sections=[1] * 6)

    assert raised.value.field == "sections"


def test_plan_layout_sections_for_fixed_method_raises_user_error():
    with pytest.raises(MovementUserError) as raised:
        plan_layout(Method.FIXED, 40, sections=[10])

    assert raised.value.field == "sections"


@pytest.mark.parametrize("field, kwargs", [("method", {"method": "howell"}), ("remainder", {"remainder": "skip"})])
def test_plan_layout_unknown_choice_raises_user_error(field, kwargs):
    arguments = {"method": Method.UP_SIDES, "players": 41, **kwargs}

    with pytest.raises(MovementUserError) as raised:
        plan_layout(arguments.pop("method"), arguments.pop("players"), **arguments)

    assert raised.value.field == field


@pytest.mark.parametrize("rounds", [0, -1, 1.5, True, "2"])
@pytest.mark.parametrize(
    "method, field",
    [
        (Method.FIXED, "session_rounds"),
        (Method.UP_SIDES, "session_rounds"),
        (Method.UP_SIDES, "rounds_per_stay"),
        (Method.NS_STATIONARY, "rounds_per_stay"),
    ],
)
def test_plan_layout_bad_rounds_raises_user_error(method, field, rounds):
    with pytest.raises(MovementUserError) as raised:
        plan_layout(method, 40, **{field: rounds})

    assert raised.value.field == field
    assert raised.value.message == f"the number of rounds must be a whole number ≥ 1, got {rounds!r}"


@pytest.mark.parametrize("remainder", list(Remainder))
@pytest.mark.parametrize("method", PAIR_METHODS)
def test_plan_layout_isko_every_count_seats_everyone_at_threes_and_fours(method, remainder):
    for players in [3, 4, *range(6, 201)]:
        layout = plan_layout(method, players, remainder=remainder, table_sizes=TableSizes.THREES_AND_FOURS)

        pairs = sum(2 * section.tables - (section.phantom is not None) for section in layout.sections)
        assert 2 * pairs + sum(layout.fixed_tables) == players, players
        assert set(layout.fixed_tables) <= {3, 4}, players
        assert layout.table_sizes is TableSizes.THREES_AND_FOURS


def test_plan_layout_isko_13_players_extra_tables_is_one_moving_table_and_three_fixed_threes():
    layout = plan_layout(Method.UP_SIDES, 13, table_sizes="3-and-4")

    assert [section.tables for section in layout.sections] == [1]
    assert layout.fixed_tables == (3, 3, 3)
    assert "Tables 2-4: 3 tables of three, fixed; their players do not move and play 1 round = 3 deals at a table" \
           " of three, as long as the longest section." in layout.notes


def test_plan_layout_isko_fixed_method_has_one_expert_per_table_of_three_or_four():
    layout = plan_layout(Method.FIXED, 41, table_sizes=TableSizes.THREES_AND_FOURS)

    assert layout.fixed_tables == (4,) * 8 + (3, 3, 3)
    assert "11 experts needed, one to control each table." in layout.notes


@pytest.mark.parametrize("method", list(Method))
def test_plan_layout_isko_five_players_raises_user_error(method):
    with pytest.raises(MovementUserError) as raised:
        plan_layout(method, 5, table_sizes=TableSizes.THREES_AND_FOURS)

    assert raised.value.field == "players"
    assert "under ISkO tables are of three or four, so 5 players cannot be seated" in raised.value.message


def test_plan_layout_default_table_sizes_is_fosters():
    assert plan_layout(Method.UP_SIDES, 41).table_sizes is TableSizes.FOSTER


def test_plan_layout_unknown_table_sizes_raises_user_error():
    with pytest.raises(MovementUserError) as raised:
        plan_layout(Method.UP_SIDES, 41, table_sizes="3-to-6")

    assert raised.value.field == "table_sizes"
