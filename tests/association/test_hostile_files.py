"""Hostile and careless results files on the association's season: every one refused row by row with a clear
message and nothing written, never a 500 (the database's own refusals, NUL characters, lone surrogates, dates at
the calendar's end); a federation number given twice however it is spaced; the deadline's last day."""

import datetime
import json

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Club, ClubRole
from seasons.models import SubmittedEvent
from seasons.results_files import ResultsFileError, results_file, season_submit
from seasons.services import SeasonError, season_create

pytestmark = [pytest.mark.django_db]


@pytest.fixture
def season():
    lv = Club.objects.create(slug="lv", name="Landesverband", language="de")
    Club.objects.create(slug="west", name="SC West", within=lv, region="VG 1")
    return season_create(club=lv, slug="rl", name="Rangliste", rules={"submission_days": 14})


def one(players=None, **event):
    return {"event": {"name": "Pokal", "date": "2026-03-01", "club": "SC Nord", "region": "VG 1", **event},
            "players": players or [{"name": "Zorn", "series": [{"total": 100, "games": 48}]}]}


def submit(season, data, name="pokal.json", today=datetime.date(2026, 3, 2)):
    content = data if isinstance(data, bytes) else json.dumps(data).encode()
    return season_submit(season=season, results=results_file(name, content), today=today)


def refusal(season, data, name="pokal.json", **kwargs) -> str:
    with pytest.raises((ResultsFileError, SeasonError)) as refused:
        submit(season, data, name, **kwargs)
    assert not SubmittedEvent.objects.exists()
    return str(refused.value.errors[0]) if isinstance(refused.value, ResultsFileError) else refused.value.message


@pytest.mark.parametrize("where", ["name", "club", "region", "player", "number", "category"])
def test_a_nul_character_anywhere_is_refused_naming_its_field(season, where):
    data = one()
    player = data["players"][0]
    if where in ("name", "club", "region"):
        data["event"][where] = "SC\x00Nord"
    elif where == "player":
        player["name"] = "Zo\x00rn"
    elif where == "number":
        player["federation_number"] = "P\x001"
    else:
        player["categories"] = ["Da\x00men"]
    said = refusal(season, data)
    assert "NUL" in said or "control" in said or "character" in said, said


@pytest.mark.parametrize("text", [b'{"event": {"name": "\\ud800", "date": "2026-03-01", "club": "C"}, '
                                  b'"players": [{"name": "Z", "series": [{"total": 1, "games": 1}]}]}',
                                  b'{"event": {"name": "P", "date": "2026-03-01", "club": "C"}, '
                                  b'"players": [{"name": "\\udfff", "series": [{"total": 1, "games": 1}]}]}'])
def test_a_lone_surrogate_is_refused(season, text):
    said = refusal(season, text)
    assert said


def test_a_nul_byte_in_a_csv_file_is_refused(season):
    text = ("event_name,event_date,event_club,name,total_1,games_1\n"
            "Pokal,2026-03-01,SC Nord,Zo\x00rn,100,48\n").encode()
    assert refusal(season, text, "pokal.csv")


def test_a_federation_number_twice_however_spaced_is_refused(season):
    data = one([{"federation_number": "P 1", "name": "Zorn", "series": [{"total": 1, "games": 48}]},
                {"federation_number": "P  1", "name": "Zank", "series": [{"total": 2, "games": 48}]}])
    assert "row 2, federation_number" in refusal(season, data)


@pytest.mark.parametrize("date", ["9999-12-31", "9999-12-20"])
def test_an_event_at_the_calendars_end_is_no_500(season, date):
    made, _replaced = submit(season, one(date=date))  # its deadline past the calendar's end: taken
    assert made.date == datetime.date.fromisoformat(date)


def test_a_deadline_of_more_days_than_the_calendar_holds_is_no_500(season):
    season.rules = {**season.rules, "submission_days": 10 ** 30}
    season.save()
    made, _replaced = submit(season, one(), today=datetime.date(2100, 1, 1))
    assert made.name == "Pokal"


def test_the_deadlines_last_day_is_taken_and_the_day_after_refused(season):
    assert "2026-03-15" in refusal(season, one(), today=datetime.date(2026, 3, 16))
    made, _replaced = submit(season, one(), today=datetime.date(2026, 3, 15))
    assert made.date == datetime.date(2026, 3, 1)


def test_the_page_refuses_a_hostile_file_with_422(season, client, tmp_path):
    director = get_user_model().objects.create_user("verband", password="pw-verband-1")
    ClubRole.objects.create(club=season.club, user=director, role="director")
    client.force_login(director)
    path = tmp_path / "pokal.json"
    nul = json.dumps(one(name="Po\x00kal")).encode()
    # a lone surrogate, quoted back by the refusal of the same player's total, is no UnicodeEncodeError on the page
    half = (b'{"event": {"name": "P", "date": "2026-03-01", "club": "C"}, '
            b'"players": [{"name": "\\ud800", "series": [{"total": ["\\ud800"], "games": 1}]}]}')
    for content, said in ((nul, ("event.name", "NUL")), (half, ("row 1, name", "Zeile 1, name"))):
        path.write_bytes(content)
        for language in ("de", "en"):
            with path.open("rb") as file:
                answer = client.post("/club/lv/seasons/rl/files/", {"file": file}, HTTP_ACCEPT_LANGUAGE=language)
            assert answer.status_code == 422
            page = answer.content.decode()
            assert said[0] in page or said[1] in page
    assert not SubmittedEvent.objects.exists()


HEADER = "event_name,event_date,event_club,federation_number,name,birth_year,total_1,games_1\n"


@pytest.mark.parametrize("body, said", [
    # a column twice: not the last one winning
    (HEADER.strip() + ",name\nPokal,2026-03-01,SC,P-1,Zorn,1950,100,48,Anders\n",
     "row 1, name: the header has this column twice"),
    # "Müller, Hans" unquoted: the row one cell too long
    (HEADER + "Pokal,2026-03-01,SC,,Müller, Hans,1950,100,48\n", "row 2, row: 9 cells, but the header has 8 columns"),
    # one row pasted twice, without a number
    (HEADER + "Pokal,2026-03-01,SC,,Zorn,1950,100,48\nPokal,2026-03-01,SC,,ZORN,1950,100,48\n",
     "row 3, name: the same player (name and year of birth) as row 2"),
    # the same player once with his number, once without
    (HEADER + "Pokal,2026-03-01,SC,P-1,Zorn,,100,48\nPokal,2026-03-01,SC,,Zorn,,100,48\n",
     "row 3, name: the same player (name and year of birth) as row 2"),
    # a total in no games
    (HEADER + "Pokal,2026-03-01,SC,,Zorn,1950,900,0\n", "row 2, total_1: 900 in no games"),
    (HEADER, "the event, players: the file has its header but no player's row"),
])
def test_a_careless_csv_file_is_refused_naming_the_row(season, body, said):
    assert said in refusal(season, body.encode(), "pokal.csv")


def test_two_namesakes_with_their_numbers_and_a_series_of_no_games_at_0_are_taken(season):
    made, _replaced = submit(season, (HEADER + "Pokal,2026-03-01,SC,P-1,Zorn,1950,100,48\n"
                                                "Pokal,2026-03-01,SC,P-2,Zorn,1950,0,0\n").encode(), "pokal.csv")
    assert [(p["federation_number"], p["series"]) for p in made.players] == [
        ("P-1", [{"total": 100, "games": 48}]), ("P-2", [{"total": 0, "games": 0}])]


def test_a_json_player_twice_and_a_total_in_no_games_are_refused_naming_the_row(season):
    zorn = {"name": "Zorn", "birth_year": 1950, "series": [{"total": 10, "games": 48}]}
    said = refusal(season, one([zorn, {**zorn, "series": [{"total": 10, "games": 48}, {"total": -30, "games": 0}]}]))
    assert said == "row 2, name: the same player (name and year of birth) as row 1; give each his federation number " \
                   "when they are two"
    with pytest.raises(ResultsFileError) as refused:
        submit(season, one([zorn, {"name": "Zank", "series": [{"total": 10, "games": 48}, {"total": -30, "games": 0}]}]))
    assert [str(e) for e in refused.value.errors] == ["row 2, series[2].total: -30 in no games: a series of no "
                                                      "games counts 0"]


def test_a_corrected_file_retyped_in_other_case_replaces_the_first_and_keeps_it_in_the_history(season):
    first, _none = submit(season, one())
    again, replaced = submit(season, one(club="SC  NORD", name="pokal"))
    assert replaced == first
    assert list(SubmittedEvent.objects.filter(replaced_at__isnull=True)) == [again]
    assert SubmittedEvent.objects.get(pk=first.pk).replaced_at is not None
    other, replaced = submit(season, one(club="SC Süd"))  # another club's event of that day stays beside it
    assert replaced is None and SubmittedEvent.objects.filter(replaced_at__isnull=True).count() == 2


def test_a_file_replaces_the_first_as_an_evening_is_found_the_same_event(season):
    """One comparison, ``seasons.same_event.tidied``, for a file replacing a file and for a file being an evening:
    "ß" is "ss" and a non-breaking space is a space there."""
    first, _none = submit(season, one(club="Skatclub Strauß", name="Großer Preis"))
    again, replaced = submit(season, one(club="SKATCLUB\u00a0STRAUSS ", name=" grosser  preis"))
    assert replaced == first
    assert (again.club_name, again.name) == ("SKATCLUB STRAUSS", "grosser preis")
    assert list(SubmittedEvent.objects.filter(replaced_at__isnull=True)) == [again]
