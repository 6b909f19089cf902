"""The committee's workbook, read back with openpyxl."""

from io import BytesIO

import pytest
from openpyxl import load_workbook

from scoring.committee.xlsx import results_workbook
from scoring.results import tournament_results
from seating.models import Table
from tests.scoring.committee.test_results import enter
from tests.scoring.conftest import drawn_tournament

pytestmark = pytest.mark.django_db


def test_workbook_has_standings_prizes_and_deals_formatted_for_people():
    tournament = drawn_tournament(12)
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
    enter(table, 1, (0, 0))
    enter(table, 2, (3, 1))
    wb = load_workbook(BytesIO(results_workbook(tournament_results(tournament))))
    assert wb.sheetnames == ["Standings", "Prizes", "Deals"]
    standings = wb["Standings"]
    assert standings.freeze_panes == "A2" and standings["A1"].font.bold
    assert standings["B1"].value == "Player" and standings.max_row == 12 + 2  # header, 12 players, totals
    assert standings.cell(row=standings.max_row, column=1).value == "Totals"
    assert standings["I2"].value == 36  # the leader's net points
    deals = wb["Deals"]
    assert deals["A1"].value == "Series" and deals["A2"].value == 1
    assert [deals.cell(row=r, column=9).value for r in (2, 3)] == [36, -120]
    assert deals.cell(row=deals.max_row, column=9).value == 36 - 120
    assert wb["Prizes"]["A2"].value == "Greatest net points"


@pytest.mark.parametrize("language, sheet, heads", [
    ("de", "Spiele", ["Serie", "Tisch", "Durchgang", "Nr.", "Geber", "Alleinspieler", "Spiel"]),
    ("en", "Deals", ["Series", "Table", "Stay", "Deal", "Dealer", "Player", "Game"]),
])
def test_the_deals_sheet_heads_the_deal_number_and_the_declarer_each_by_its_own_word(language, sheet, heads):
    tournament = drawn_tournament(12, language=language)
    enter(Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1), 1, (0, 0))
    deals = load_workbook(BytesIO(results_workbook(tournament_results(tournament))))[sheet]
    row = [cell.value for cell in deals[1]]
    assert row[:7] == heads
    named = [head for head in row if head]
    assert len(set(named)) == len(named)  # no two columns headed alike
