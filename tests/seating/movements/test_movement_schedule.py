"""The schedule: every table's stays and deals, computed once, and quoted the same by the layout's notes."""

import random
import re

import pytest

from seating.movements import (
    FOSTER_ROUNDS,
    Method,
    MovementUserError,
    Remainder,
    Schedule,
    TableSchedule,
    TableSizes,
    draw_plan,
    plan_layout,
    schedule,
)

WORDS = {"three": 3, "four": 4, "five": 5, "six": 6}


# --- Foster's figures ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, tables, stays, deals",
    [(12, 3, 5, 20), (16, 4, 7, 28), (20, 5, 9, 36), (24, 6, 11, 44), (28, 7, 13, 52), (32, 8, 15, 60)],
)
def test_schedule_up_the_sides_is_fosters_table(players, tables, stays, deals):
    planned = schedule(plan_layout(Method.UP_SIDES, players))

    assert [table.table for table in planned.tables] == list(range(1, tables + 1))
    for table in planned.tables:
        assert (table.size, table.moves, table.section, table.idle) == (4, True, 1, False)
        assert (table.stays, table.rounds_per_stay, table.deals_per_stay, table.deals) == (stays, 1, 4, deals)
    assert (planned.longest_deals, planned.total_deals) == (deals, tables * deals)


def test_schedule_fixed_method_twenty_rounds_is_80_deals_at_four_and_100_at_five():
    layout = plan_layout(Method.FIXED, 41)

    planned = schedule(layout)

    assert layout.fixed_rounds == FOSTER_ROUNDS
    assert [(table.table, table.size) for table in planned.tables] == [(n, 4) for n in range(1, 10)] + [(10, 5)]
    assert {(table.size, table.stays, table.deals) for table in planned.tables} == {(4, 1, 80), (5, 1, 100)}
    assert all(not table.moves and table.section is None for table in planned.tables)
    assert planned.table(1).deal_numbers(1) == range(1, 81)
    assert (planned.longest_deals, planned.total_deals) == (100, 9 * 80 + 100)


def test_schedule_fixed_method_session_rounds_and_isko_threes():
    layout = plan_layout(Method.FIXED, 13, session_rounds=12, table_sizes=TableSizes.THREES_AND_FOURS)

    planned = schedule(layout)

    assert [(table.size, table.deals) for table in planned.tables] == [(4, 48), (3, 36), (3, 36), (3, 36)]
    assert "12 rounds = 48 deals at a table of four, 36 deals at a table of three." in layout.notes


def test_schedule_ns_stationary_five_tables_is_five_stays_of_two_rounds_forty_deals():
    layout = plan_layout(Method.NS_STATIONARY, 20)

    planned = schedule(layout)

    assert layout.rounds_per_stay == 2
    assert {(table.stays, table.rounds_per_stay, table.deals_per_stay, table.deals) for table in planned.tables} == {
        (5, 2, 8, 40)
    }
    assert [planned.table(3).deal_numbers(stay) for stay in (1, 2, 5)] == [range(1, 9), range(9, 17), range(33, 41)]


def test_schedule_fosters_fifteen_tables_three_sets_of_five_two_rounds_eight_deals_a_table():
    layout = plan_layout(Method.NS_STATIONARY, 60, sections=[5, 5, 5])

    planned = schedule(layout)

    assert [table.section for table in planned.tables] == [1] * 5 + [2] * 5 + [3] * 5
    assert {(table.stays, table.deals_per_stay, table.deals) for table in planned.tables} == {(5, 8, 40)}


# --- nothing moves, and the extra fixed tables ----------------------------------------------------------------


@pytest.mark.parametrize("method", [Method.UP_SIDES, Method.NS_STATIONARY])
def test_schedule_five_players_in_a_pair_method_is_a_fixed_session_of_twenty_rounds(method):
    layout = plan_layout(method, 5)

    (table,) = schedule(layout).tables

    assert (layout.rounds_per_stay, layout.fixed_rounds, layout.sections) == (None, 20, ())
    assert (table.table, table.size, table.moves, table.section) == (1, 5, False, None)
    assert (table.stays, table.rounds_per_stay, table.deals_per_stay, table.deals) == (1, 20, 100, 100)
    assert table.deal_numbers(1) == range(1, 101)
    assert "Table 1: 1 table of five, fixed; too few players to move in pairs, so nobody moves: 20 rounds = 100" \
           " deals at a table of five." in layout.notes


def test_schedule_five_players_up_the_sides_with_a_session_length_plays_it():
    layout = plan_layout(Method.UP_SIDES, 5, session_rounds=12)

    assert schedule(layout).table(1).deals == 60


def test_plan_layout_rounds_per_stay_when_nothing_moves_is_ignored_with_a_note():
    layout = plan_layout(Method.UP_SIDES, 6, rounds_per_stay=2)

    assert (layout.rounds_per_stay, layout.fixed_rounds, layout.fixed_tables) == (None, 20, (3, 3))
    assert [table.deals for table in schedule(layout).tables] == [60, 60]
    assert "Nobody moves, so the rounds a stay asked for (2) do not apply." in layout.notes


def test_plan_layout_session_rounds_when_pairs_move_is_ignored_with_a_note():
    layout = plan_layout(Method.UP_SIDES, 41, session_rounds=12)

    assert (layout.rounds_per_stay, layout.fixed_rounds) == (1, 17)
    assert (
        "The session length asked for (12 rounds) applies only when nobody moves; here the pairs move and the"
        " session lasts as long as the longest section (17 rounds)." in layout.notes
    )


def test_plan_layout_rounds_per_stay_in_the_fixed_method_raises_user_error():
    with pytest.raises(MovementUserError) as raised:
        plan_layout(Method.FIXED, 40, rounds_per_stay=2)

    assert raised.value.field == "rounds_per_stay"
    assert raised.value.message == (
        "nobody moves in the fixed method, so it has no stays; give the session's rounds instead"
    )


def test_schedule_extra_fixed_table_plays_as_long_as_the_longest_section():
    layout = plan_layout(Method.UP_SIDES, 41)

    planned = schedule(layout)

    fixed = planned.table(10)
    assert (fixed.size, fixed.moves, fixed.stays, fixed.rounds_per_stay, fixed.deals) == (5, False, 1, 17, 85)
    assert planned.table(1).deals == 68
    assert planned.longest_deals == 85


def test_schedule_extra_fixed_tables_follow_the_longest_of_unequal_sections():
    layout = plan_layout(Method.NS_STATIONARY, 43, sections=[6, 4], rounds_per_stay=2)

    planned = schedule(layout)

    assert layout.fixed_rounds == 12
    assert [table.deals for table in planned.tables] == [48] * 6 + [32] * 4 + [36]


def test_schedule_idle_phantom_table_keeps_its_schedule_but_plays_no_deals_in_the_total():
    layout = plan_layout(Method.UP_SIDES, 42, remainder=Remainder.SIT_OUT)

    planned = schedule(layout)

    assert [table.idle for table in planned.tables] == [True] + [False] * 10
    assert (planned.table(1).stays, planned.table(1).deals) == (11, 44)
    assert planned.total_deals == 5 * 44 + 5 * 36


def test_schedule_idle_table_of_ns_stationary_is_the_sections_last():
    layout = plan_layout(Method.NS_STATIONARY, 14, remainder=Remainder.SIT_OUT)

    assert [table.idle for table in schedule(layout).tables] == [False, False, False, True]


# --- deal numbers ---------------------------------------------------------------------------------------------


def test_table_schedule_stay_of_a_deal_and_back():
    table = TableSchedule(7, 4, True, 2, 5, 2)

    assert [table.stay_of(deal) for deal in (1, 8, 9, 40)] == [(1, 1), (1, 8), (2, 1), (5, 8)]
    for stay in range(1, 6):
        assert [table.stay_of(deal) for deal in table.deal_numbers(stay)] == [(stay, n) for n in range(1, 9)]


@pytest.mark.parametrize("deal", [0, 41, -1, True, 2.0])
def test_table_schedule_deal_past_the_last_raises_user_error(deal):
    with pytest.raises(MovementUserError) as raised:
        TableSchedule(7, 4, True, 2, 5, 2).stay_of(deal)

    assert raised.value.field == "deal"
    assert raised.value.message.startswith("table 7 plays 40 deals (5 stays of 8): there is no deal")


@pytest.mark.parametrize("stay", [0, 6, True])
def test_table_schedule_stay_outside_raises_user_error(stay):
    with pytest.raises(MovementUserError) as raised:
        TableSchedule(7, 4, True, 2, 5, 2).deal_numbers(stay)

    assert raised.value.field == "stay"


def test_schedule_unknown_table_raises_user_error():
    with pytest.raises(MovementUserError) as raised:
        schedule(plan_layout(Method.UP_SIDES, 12)).table(4)

    assert raised.value.field == "table"


def test_schedule_of_a_plan_is_the_schedule_of_its_layout():
    layout = plan_layout(Method.UP_SIDES, 41, table_sizes=TableSizes.THREES_AND_FOURS)

    plan = draw_plan(layout, list(range(41)), rng=random.Random(3))

    assert plan.schedule == schedule(layout)
    assert isinstance(plan.schedule, Schedule)


# --- every layout: one set of figures -------------------------------------------------------------------------

SECTION_NOTE = re.compile(
    r"^Section (\d+): (\d+) tables?, (\d+) stays? of (\d+) rounds? \((\d+) deals\), (\d+) deals in all\."
)
FIXED_FIGURES = re.compile(r"(\d+) rounds? = (\d+ deals at a table of \w+(?:, \d+ deals at a table of \w+)*)")


def _quoted_figures(notes):
    """(sections' figures by number, fixed tables' {(rounds, size, deals)}) as the notes quote them."""
    sections, fixed, figure_notes = {}, set(), 0
    for note in notes:
        found = SECTION_NOTE.match(note)
        if found:
            number, *figures = map(int, found.groups())
            assert number not in sections, note
            sections[number] = tuple(figures)
        for rounds, deals in FIXED_FIGURES.findall(note):
            figure_notes += 1
            for count, word in re.findall(r"(\d+) deals at a table of (\w+)", deals):
                fixed.add((int(rounds), WORDS[word], int(count)))
    assert figure_notes <= 1, notes
    return sections, fixed


def _layouts():
    for rule in TableSizes:
        for players in range(3, 61):
            if players == 5 and rule is TableSizes.THREES_AND_FOURS:
                continue
            yield plan_layout(Method.FIXED, players, table_sizes=rule)
            for method in (Method.NS_STATIONARY, Method.UP_SIDES):
                for remainder in Remainder:
                    yield plan_layout(method, players, remainder=remainder, table_sizes=rule)


def test_schedule_every_layout_to_sixty_players_agrees_with_its_sections_and_its_notes():
    count = 0
    for layout in _layouts():
        count += 1
        planned = schedule(layout)
        tables = planned.tables

        assert [table.table for table in tables] == list(range(1, layout.tables + 1))
        assert sum(table.size for table in tables if not table.idle) + 2 * sum(
            section.phantom is not None for section in layout.sections
        ) == layout.players
        assert {table.size for table in tables} <= layout.table_sizes.allowed
        for table in tables:
            assert table.deals == table.stays * table.deals_per_stay
            assert table.deals_per_stay == table.rounds_per_stay * table.size
            numbers = [deal for stay in range(1, table.stays + 1) for deal in table.deal_numbers(stay)]
            assert numbers == list(range(1, table.deals + 1))
        for section in layout.sections:
            moving = [table for table in tables if table.section == section.number]
            assert [table.table for table in moving] == [section.hall_table(n) for n in range(1, section.tables + 1)]
            assert {(table.moves, table.size, table.stays, table.rounds_per_stay) for table in moving} == {
                (True, 4, len(section.movement.stays), layout.rounds_per_stay)
            }
        fixed = [table for table in tables if not table.moves]
        assert tuple(table.size for table in fixed) == layout.fixed_tables
        assert {(table.stays, table.rounds_per_stay) for table in fixed} <= {(1, layout.fixed_rounds)}
        if layout.method is Method.FIXED:
            assert (layout.rounds_per_stay, layout.fixed_rounds) == (None, FOSTER_ROUNDS)
        elif layout.sections:
            assert layout.fixed_rounds == layout.rounds_per_stay * layout.longest_stays
        else:
            assert (layout.rounds_per_stay, layout.fixed_rounds) == (None, FOSTER_ROUNDS)
        assert planned.longest_deals == max(table.deals for table in tables if not table.idle)

        sections, fixed_quoted = _quoted_figures(layout.notes)
        assert sections == {
            table.section: (
                sum(other.section == table.section for other in tables),
                table.stays,
                table.rounds_per_stay,
                table.deals_per_stay,
                table.deals,
            )
            for table in tables
            if table.moves
        }, layout.notes
        assert fixed_quoted == {(table.rounds, table.size, table.deals) for table in fixed}, layout.notes
    assert count == 2 * 58 * 5 - 5
