"""Splitting the moving tables into sections."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seating.movements import MovementUserError, check_sections, suggest_sections
from seating.movements.sections import check_section_tables, suggest_rounds_per_stay


def test_suggest_sections_ten_tables_is_one_section():
    assert suggest_sections(10) == (10,)


def test_suggest_sections_fifteen_tables_is_fosters_three_sets_of_five():
    assert suggest_sections(15) == (5, 5, 5)


def test_suggest_sections_without_an_equal_split_is_as_even_as_possible():
    assert suggest_sections(23) == (8, 8, 7)


def test_suggest_rounds_per_stay_five_stays_is_two_rounds():
    assert (suggest_rounds_per_stay(5), suggest_rounds_per_stay(10), suggest_rounds_per_stay(15)) == (2, 1, 1)


def test_suggest_sections_fifteen_tables_at_most_five_is_fosters_three_fives():
    assert suggest_sections(15, max_tables=5) == (5, 5, 5)


def test_suggest_sections_chicago_1907_675_tables():
    assert suggest_sections(675) == (9,) * 75


def test_suggest_sections_no_tables_is_no_sections():
    assert suggest_sections(0) == ()


@given(tables=st.integers(min_value=1, max_value=3000), max_tables=st.integers(min_value=1, max_value=30))
def test_suggest_sections_any_count_is_fewest_and_as_even_as_possible(tables, max_tables):
    split = suggest_sections(tables, max_tables)

    fewest = -(-tables // max_tables)
    assert sum(split) == tables
    assert max(split) <= max_tables
    assert max(split) - min(split) <= 1
    assert list(split) == sorted(split, reverse=True)
    if len(set(split)) == 1:  # equal sections, no more than twice the fewest
        assert fewest <= len(split) <= 2 * fewest
    else:
        assert len(split) == fewest


def test_check_sections_directors_split_is_kept():
    assert check_sections([5, 5, 5], 15) == (5, 5, 5)


def test_check_sections_wrong_total_raises_user_error():
    with pytest.raises(MovementUserError) as raised:
        check_sections([5, 5], 15)

    assert raised.value.field == "sections"
    assert raised.value.message == "the sections hold 10 tables but the plan has 15 moving tables"


@pytest.mark.parametrize("tables", [0, 31, -1, "3", 2.5, True])
def test_check_section_tables_outside_one_to_thirty_raises_user_error(tables):
    with pytest.raises(MovementUserError) as raised:
        check_section_tables(tables)

    assert raised.value.field == "tables"
