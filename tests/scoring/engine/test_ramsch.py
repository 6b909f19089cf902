"""Ramsch: who is charged, how much, and the tie rules of each book."""

import pytest

from scoring.engine import InvalidDeal, RamschFacts
from tests.scoring.engine.helpers import scored


def ramsch(rulebook="foster-1922", points=(40, 40, 30), tricks=(4, 3, 3), last="V", winners=None):
    return scored(rulebook, game="ramsch", ramsch=RamschFacts(tuple(points), tuple(tricks), last, winners))


def test_ramsch_most_points_is_charged_20():
    result = ramsch(points=(50, 30, 30), last="M")
    assert (result.loser, result.score) == ("V", -20)


def test_ramsch_tie_is_lost_by_the_last_trick():
    assert ramsch(points=(40, 40, 30), last="M").loser == "M"


def test_ramsch_tie_without_the_last_trick_goes_to_the_latest_trick_of_the_tied():
    winners = ("V", "M", "V", "H", "M", "V", "M", "V", "H", "H")
    result = ramsch(points=(40, 40, 30), tricks=(4, 3, 3), last="H", winners=winners)
    assert result.loser == "V"
    assert "latest trick" in result.explanation


def test_ramsch_tie_without_the_last_trick_and_no_order_asks_for_it():
    with pytest.raises(InvalidDeal) as refused:
        ramsch(points=(40, 40, 30), last="H")
    assert refused.value.field == "ramsch.trick_winners"


def test_ramsch_one_player_without_trick_charges_30():
    assert ramsch(points=(70, 40, 0), tricks=(6, 4, 0), last="V").score == -30


def test_ramsch_all_tricks_charges_50():
    assert ramsch(points=(110, 0, 0), tricks=(10, 0, 0), last="V").score == -50


def test_ramsch_foster_disregards_the_skat():
    assert ramsch(points=(50, 40, 20), last="V").loser == "V"  # a Skat of 10 left out
    with pytest.raises(InvalidDeal) as refused:
        ramsch(points=(50, 40, 29), last="V")  # no two cards hold 1
    assert refused.value.field == "ramsch.points"


def test_ramsch_league_gives_the_skat_to_the_last_trick():
    assert ramsch("nasl-1908", points=(50, 40, 30), last="V").loser == "V"
    with pytest.raises(InvalidDeal):
        ramsch("nasl-1908", points=(40, 40, 30), last="V")


@pytest.mark.parametrize("points, tricks, last, field", [
    ((40, 40, 30), (4, 3, 2), "V", "ramsch.tricks"),
    ((40, 40, 30), (4, 3, 3), "X", "ramsch.last_trick"),
    ((60, 50, 0), (6, 4, 0), "H", "ramsch.last_trick"),
    ((60, 40, 10), (6, 4, 0), "V", "ramsch.points"),
    ((-1, 80, 30), (4, 3, 3), "V", "ramsch.points"),
    ((40, 40, "x"), (4, 3, 3), "V", "ramsch.points"),
])
def test_ramsch_figures_that_cannot_be_are_refused(points, tricks, last, field):
    with pytest.raises(InvalidDeal) as refused:
        ramsch(points=points, tricks=tricks, last=last)
    assert refused.value.field == field


@pytest.mark.parametrize("last", [None, ""])
def test_ramsch_without_the_last_trick_asks_for_it_naming_nothing(last):
    with pytest.raises(InvalidDeal) as refused:
        ramsch(last=last)
    assert refused.value.field == "ramsch.last_trick"
    assert "None" not in str(refused.value) and "''" not in str(refused.value)
    assert "V, M or H" in str(refused.value)
