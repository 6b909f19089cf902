"""One reader of a yes/no cell for every import (``common.import_files.yes_no``): the players' expert column and the
members' guest and public columns read the same words, marks and figures, and refuse the same text."""

import pytest

from clubs.members import import_rows, members_import
from clubs.models import Club
from common.import_files import yes_no
from seating.imports import players_import
from seating.models import Tournament

YES = ["yes", "Ja", "j", "x", "X", "1", "true", "WAHR", "✓", "✔"]
NO = ["no", "Nein", "n", "0", "false", "falsch", "-"]


@pytest.mark.parametrize("word", YES)
def test_every_way_of_saying_yes_reads_yes(word):
    assert yes_no(f" {word} ", empty=False) is True


@pytest.mark.parametrize("word", NO)
def test_every_way_of_saying_no_reads_no(word):
    assert yes_no(word, empty=True) is False


@pytest.mark.parametrize("word", ["vielleicht", "maybe", "2", "✗"])
def test_anything_else_is_neither(word):
    assert yes_no(word, empty=False) is None


def test_an_empty_cell_is_what_the_column_says_it_is():
    assert (yes_no("", empty=True), yes_no("  ", empty=False)) == (True, False)


@pytest.mark.django_db
@pytest.mark.parametrize("mark, meant", [("✓", True), ("ja", True), ("-", False), ("", False)])
def test_the_players_and_the_members_imports_read_a_mark_alike(mark, meant):
    evening = Tournament.objects.create(name="Evening")
    players_import(tournament=evening, filename="players.csv", content=f"name,club,expert\nAnna,SC,{mark}\n".encode())
    assert evening.players.get().is_expert is meant

    club = Club.objects.create(slug="west", name="SC West")
    done = members_import(club, import_rows("members.csv", f"name,club,guest\nAnna,SC,{mark}\n".encode()))
    assert not done.errors
    assert club.members.get().guest is meant
