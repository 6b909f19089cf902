"""The league table's one list of columns (``leagues.columns``): the JSON and CSV keys, the XLSX's headings and
the pages' and the PDF's cells all come from it; a row's cells written out by hand in German and in English."""

import json
from fractions import Fraction
from io import BytesIO

import pytest
from django.utils import translation
from openpyxl import load_workbook

from clubs.models import Club
from leagues import services
from leagues.columns import JSON_FIELDS, TABLE_FIELDS, row_cells
from leagues.core import TableRow
from leagues.prints import table_xlsx
from leagues.sheets import table_csv
from leagues.tables import league_table_reading
from tests.leagues.test_pages import login

pytestmark = [pytest.mark.django_db]

ROW = TableRow(7, "Asse", Fraction(9, 2), Fraction(7, 2), 1500, {1, 2}, 1, "promote")


def test_a_rows_cells_in_german_and_english():
    with translation.override("de"):
        assert row_cells(ROW) == [("rank", "1"), ("name", "Asse"), ("points", "4,5\u00a0:\u00a03,5"),
                                  ("game_points", "1500"), ("days_played", "2")]  # the status under the name
    with translation.override("en"):
        assert row_cells(TableRow(7, "Asse", Fraction(3), Fraction(6), 900, {1}, 4, "relegate")) == [
            ("rank", "4"), ("name", "Asse"), ("points", "3\u00a0:\u00a06"), ("game_points", "900"),
            ("days_played", "1")]


def test_every_file_and_page_reads_the_same_columns(client):
    club = Club.objects.create(slug="skv", name="Skatverein")
    league = services.league_create(club=club, slug="ll1", name="Landesliga 1", rules={})
    for t in "ABC":
        services.team_add(league=league, name=f"Team {t}", roster=[f"{t}{n}" for n in range(5)])
    reading = league_table_reading(league)
    assert table_csv(reading).splitlines()[0] == ",".join(TABLE_FIELDS)
    sheet = load_workbook(BytesIO(table_xlsx(reading, "de"))).active
    assert [cell.value or "" for cell in sheet[1]] == ["Platz", "Mannschaft", "Wertungspunkte", "", "Spielpunkte",
                                                       "Spieltage", "", "Abzug", "Vermerk"]
    login(client, club, "director", "leiter")
    page = client.get("/club/skv/leagues/ll1/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<th class="col-rank"><abbr title="Platz">Pl.</abbr></th><th class="col-name">Mannschaft</th>' in page
    assert page.count('<td class="col-points">0\u00a0:\u00a00</td>') == 3
    league.published = True
    league.save()
    rows = json.loads(client.get("/api/v1/leagues/ll1/").content)["rows"]
    assert [list(row) for row in rows] == [JSON_FIELDS] * 3
