"""Every page of the association's season, in German and English, for the odd seasons a careless director makes: an
empty season, a season with only results files, a person with no region (his club has none, his file names none),
a category nobody is in, odd query strings; none answers a 500, and what is not published is not found."""

import datetime
import json

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Club, ClubRole
from clubs.persons import persons_touched
from seasons.results_files import results_file, season_submit
from seasons.services import season_add, season_create
from tests.seasons.conftest import club_evening, club_with_members

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

RULES = {"categories": {"Junioren": {"under": 21}, "Damen": {"category": "Damen"}}, "quotas": {"VG 1": 2, "VG 2": 1},
         "submission_days": 14}


@pytest.fixture
def association(client):
    lv = Club.objects.create(slug="lv", name="Landesverband", language="de")
    west, members = club_with_members("west", count=6, guests=0)
    Club.objects.filter(pk=west.pk).update(within=lv, region="")  # a club of no region
    members[0].federation_number = "P-1"
    members[0].save()
    persons_touched([members[0]])
    evening = club_evening(west, members, seed=3, series=2)
    evening.scoring.published = True
    evening.scoring.save()
    director = get_user_model().objects.create_user("verband", password="pw-verband-1")
    ClubRole.objects.create(club=lv, user=director, role="director")
    client.force_login(director)
    return season_create(club=lv, slug="rl", name="Rangliste", rules=RULES), evening


DIRECTOR = ["/club/lv/seasons/", "/club/lv/seasons/rl/", "/club/lv/seasons/rl/season.pdf",
            "/club/lv/seasons/rl/season.xlsx", "/club/lv/seasons/rl/board/", "/club/lv/association/",
            "/club/lv/stats/person/?number=P-1", "/club/lv/stats/person/?number=P-1&season=999999999999",
            "/club/lv/stats/person/?number=%00", "/club/lv/stats/person/?number=" + "9" * 41,
            "/club/lv/seasons/rl/events/99999999999999999999999/remove/", "/club/lv/seasons/rl/events/0/remove/",
            "/club/lv/seasons/rl/board/?page=-1&seconds=99999999999999999999&language=xx"]
PUBLIC = ["/club/lv/season/rl/", "/club/lv/season/rl/?category=Junioren", "/club/lv/season/rl/?category=Damen",
          "/club/lv/season/rl/?category=%00", "/club/lv/season/rl/?category=" + "x" * 5000, "/club/lv/",
          "/api/v1/clubs/lv/seasons/", "/api/v1/clubs/lv/seasons/rl/", "/api/v1/clubs/lv/seasons/rl/qualification/",
          "/api/v1/clubs/lv/seasons/rl/?category=%00"]


def answers(client, urls) -> dict[str, set[int]]:
    found = {}
    for url in urls:
        for language in ("de", "en"):
            found.setdefault(url, set()).add(client.get(url, HTTP_ACCEPT_LANGUAGE=language).status_code)
    return found


def no_500(found):
    assert not {url: codes for url, codes in found.items() if any(code >= 500 for code in codes)}


def submit(season):
    data = {"event": {"name": "Pokal", "date": "2026-03-01", "club": "SC Nord"},
            "players": [{"federation_number": "P-1", "name": "Anna Albers", "series": [{"total": 900, "games": 48}]},
                        {"name": "Ohne Region", "birth_year": 2010, "categories": ["Nobody"],
                         "series": [{"total": 0, "games": 0}]}]}
    season_submit(season=season, results=results_file("p.json", json.dumps(data).encode()),
                  today=datetime.date(2026, 3, 2))


def test_an_empty_season_and_one_of_files_only_answer_and_are_not_public(association, client):
    season, _evening = association
    found = answers(client, DIRECTOR + PUBLIC)
    no_500(found)
    assert found["/club/lv/season/rl/"] == {404} and found["/api/v1/clubs/lv/seasons/rl/"] == {404}
    from clubs.models import Member
    bernd = Member.objects.get(club__slug="west", name="Bernd Bauer")
    for language in ("de", "en"):  # a NUL sent as a number is refused beside it, not PostgreSQL's 500
        assert client.post("/club/lv/association/number/", {"member": bernd.pk, "federation_number": "P\x002"},
                           HTTP_ACCEPT_LANGUAGE=language).status_code == 422
        assert client.post("/club/lv/association/merge/", {"keep": "P-1", "other": "P-1\x00"},
                           HTTP_ACCEPT_LANGUAGE=language).status_code == 422
    assert Member.objects.get(pk=bernd.pk).federation_number == ""
    submit(season)
    found = answers(client, DIRECTOR + PUBLIC)
    no_500(found)
    assert found["/club/lv/seasons/rl/"] == {200}
    assert found["/club/lv/season/rl/"] == {404} and found["/api/v1/clubs/lv/seasons/rl/qualification/"] == {404}
    client.logout()
    assert answers(client, ["/club/lv/seasons/rl/board/"])["/club/lv/seasons/rl/board/"] != {200}


def test_a_season_of_an_evening_and_files_answers_everywhere(association, client):
    season, evening = association
    season_add(season=season, tournaments=[evening])
    submit(season)
    found = answers(client, DIRECTOR + PUBLIC)
    no_500(found)
    assert found["/club/lv/season/rl/"] == {200} and found["/club/lv/season/rl/?category=%00"] == {404}
    client.logout()
    found = answers(client, PUBLIC + ["/club/lv/seasons/rl/board/"])
    no_500(found)
    assert found["/club/lv/seasons/rl/board/"] == {200}


def test_the_workbook_lists_the_files_results_and_runs_no_formula_of_a_file(association, client):
    from io import BytesIO

    from openpyxl import load_workbook

    season, _evening = association
    data = {"event": {"name": "=cmd|' /C calc'!A0", "date": "2026-03-01", "club": "@SUM(1+1)"},
            "players": [{"name": '=HYPERLINK("http://evil.example/","Klick")', "series": [{"total": 900, "games": 48},
                                                                                          {"total": -20, "games": 36}]}]}
    season_submit(season=season, results=results_file("p.json", json.dumps(data).encode()),
                  today=datetime.date(2026, 3, 2))
    answer = client.get("/club/lv/seasons/rl/season.xlsx")
    assert answer.status_code == 200
    book = load_workbook(BytesIO(answer.content))
    rows = [[cell.value for cell in row] for row in book.worksheets[1].iter_rows(min_row=2)]
    name = "'" + data["players"][0]["name"]
    event = "'=cmd|' /C calc'!A0, @SUM(1+1)"
    assert [(r[0], r[1], r[2].date(), r[3], r[4]) for r in rows] == [
        (name, event, datetime.date(2026, 3, 1), 1, 900), (name, event, datetime.date(2026, 3, 1), 2, -20)]
    assert book.worksheets[0]["B2"].value == name
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            assert not any(cell.data_type == "f" for cell in row)
