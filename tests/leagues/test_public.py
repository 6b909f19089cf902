"""A published league on the public pages and in the API (contract point 12): the same rows as the command,
German and English, and nothing of a league not published."""

import json

import pytest

from clubs.models import Club
from tests.leagues.test_league_command import make_league, run

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture
def played(tmp_path):
    Club.objects.create(slug="skv-bonn", name="Skatverein Bonn")
    ids = make_league(tmp_path, 4, {"series_per_day": 1, "promote": 1, "relegate": 1})
    run("league", "schedule", "ll")
    run("league", "lineup", "ll", "--day", "1", "--team", str(ids[2]), "--players",
        "C Spieler1; C Spieler2; C Spieler3")
    run("league", "seat", "ll", "--day", "1")
    run("league", "play", "ll", "--day", "1", "--seed", "3")
    return ids


def test_the_api_and_the_pages_show_a_published_league_only(client, played):
    assert client.get("/api/v1/leagues/ll/").status_code == 404
    assert client.get("/league/ll/").status_code == 404
    run("league", "publish", "ll")
    answer = client.get("/api/v1/leagues/ll/")
    assert answer.status_code == 200
    assert answer.json()["rows"] == json.loads(run("league", "table", "ll", "--format", "json"))
    assert answer.json()["provisional"] == [1]
    day = client.get("/api/v1/leagues/ll/days/1/").json()
    said = json.loads(run("league", "day", "ll", "--day", "1", "--format", "json"))
    # the API names the group's event only once that event is published itself (no id answering 404); the
    # command, for the director, always names it: else the two are one answer
    assert [group["event"] for group in day["groups"]] == [None] * len(said["groups"])
    assert day == said | {"groups": [group | {"event": None} for group in said["groups"]]}
    schema = client.get("/api/v1/schema/").json()
    assert "/api/v1/leagues/{slug}/" in schema["paths"]

    german = client.get("/league/ll/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Tabelle" in german and "Wertungspunkte" in german and "Spielpunkte" in german
    assert "vorläufig" in german.lower()
    for row in answer.json()["rows"]:
        assert row["name"] in german
    english = client.get("/league/ll/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Provisional" in english
    day_page = client.get("/league/ll/day/1/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Spieltag 1" in day_page and "Serie 1" in day_page
    team_page = client.get(f"/league/ll/team/{played[0]}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "A Spieler1" in team_page and "Kader" in team_page
    assert client.get("/league/ll/team/999999/").status_code == 404
    assert client.get("/league/ll/day/9/").status_code == 404


def pdf_text(data: bytes) -> str:
    import subprocess

    return subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()


def test_the_spielbericht_and_the_table_prints(client, played):
    from io import BytesIO

    from django.contrib.auth import get_user_model
    from openpyxl import load_workbook

    from clubs.models import Club, ClubRole

    user = get_user_model().objects.create_user("leiter", password="pw-12345-long")
    ClubRole.objects.create(club=Club.objects.get(slug="skv-bonn"), user=user, role="committee")
    client.force_login(user)
    table = json.loads(run("league", "table", "ll", "--format", "json"))
    report = client.get("/club/skv-bonn/leagues/ll/day/1/group/1/report.pdf")
    assert report.status_code == 200 and report["Content-Type"] == "application/pdf"
    text = pdf_text(report.content)
    assert "Spielbericht" in text and all(row["name"] in text for row in table)
    assert client.get("/club/skv-bonn/leagues/ll/day/1/group/9/report.pdf").status_code == 404
    pdf = client.get("/club/skv-bonn/leagues/ll/table.pdf")
    assert pdf.status_code == 200 and "Wertungspunkte" in pdf_text(pdf.content)
    sheet = load_workbook(BytesIO(client.get("/club/skv-bonn/leagues/ll/table.xlsx").content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][2] == "Wertungspunkte"
    assert [(r[1], r[2], r[4]) for r in rows[1:]] == [(row["name"], row["points"], row["game_points"])
                                                      for row in table]
