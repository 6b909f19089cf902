"""The association's season page: its director sees his clubs' published events (not their unpublished ones, nor
their money), adds them, submits a results file (a bad row named on the page, nothing taken), and reads the
persons' rows with their clubs and the qualification lists."""

import json

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Club, ClubRole
from seasons.models import SeasonEvent, SubmittedEvent
from seasons.services import season_create
from tests.seasons.conftest import club_evening, club_with_members

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture
def setting(client):
    lv = Club.objects.create(slug="lv", name="Landesverband", language="de")
    west, members = club_with_members("west", count=6, guests=0)
    west.within, west.region = lv, "VG 1"
    west.save()
    shown = club_evening(west, members, seed=3, fee="7.00")
    shown.scoring.published = True
    shown.scoring.save()
    hidden = club_evening(west, members, seed=4)
    hidden.name = "Geheimer Abend"
    hidden.save()
    director = get_user_model().objects.create_user("verband", password="pw-verband-1")
    ClubRole.objects.create(club=lv, user=director, role="director")
    client.force_login(director)
    season = season_create(club=lv, slug="rl", name="Rangliste", rules={"quotas": {"VG 1": 2}})
    return season, shown, hidden


def test_the_director_adds_published_events_of_his_clubs_and_submits_a_file(setting, client, tmp_path):
    season, shown, hidden = setting
    page = client.get("/club/lv/seasons/rl/").content.decode()
    assert shown.name in page and "Geheimer Abend" not in page
    # an unpublished evening the form did not offer, sent anyway: the command's refusal on the page, nothing added
    answer = client.post("/club/lv/seasons/rl/events/", {"tournament": [shown.pk, hidden.pk]}, follow=True,
                         HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 200
    assert ("„Geheimer Abend“ von Skatfreunde west ist nicht veröffentlicht: Der Verein muss das Turnier "
            "veröffentlichen, bevor der Verband es werten kann.") in answer.content.decode()
    assert not SeasonEvent.objects.exists()
    answer = client.post("/club/lv/seasons/rl/events/", {"tournament": [hidden.pk]}, follow=True,
                         HTTP_ACCEPT_LANGUAGE="en")
    assert "“Geheimer Abend” of Skatfreunde west is not published" in answer.content.decode()
    client.post("/club/lv/seasons/rl/events/", {"tournament": [shown.pk]})
    assert list(SeasonEvent.objects.values_list("tournament_id", flat=True)) == [shown.pk]
    page = client.get("/club/lv/seasons/rl/").content.decode()
    assert "Skatfreunde west" in page and "VG 1" in page and "season-qualification" in page
    assert "7,00" not in page and "7.00" not in page  # the club's entry fees are not the association's
    bad = {"event": {"name": "Pokal", "date": "2026-03-01", "club": "SC Nord", "region": "VG 1"},
           "players": [{"name": "Zorn", "series": [{"total": 100, "games": 48}]},
                       {"name": "Ohne", "series": [{"total": "viel", "games": 48}]}]}
    path = tmp_path / "pokal.json"
    path.write_text(json.dumps(bad))
    with path.open("rb") as file:
        answer = client.post("/club/lv/seasons/rl/files/", {"file": file})
    assert answer.status_code == 422 and "series[1].total" in answer.content.decode()
    assert not SubmittedEvent.objects.exists()
    bad["players"][1]["series"][0]["total"] = 250
    path.write_text(json.dumps(bad))
    with path.open("rb") as file:
        assert client.post("/club/lv/seasons/rl/files/", {"file": file}).status_code == 302
    page = client.get("/club/lv/seasons/rl/").content.decode()
    assert "Zorn" in page and "SC Nord" in page and SubmittedEvent.objects.get().submitted_by.username == "verband"


def test_the_director_of_the_association_reads_nothing_of_his_clubs_own_pages(setting, client):
    season, shown, hidden = setting
    for url in ("/club/west/members/", f"/director/{shown.pk}/", f"/director/{hidden.pk}/", "/club/west/seasons/"):
        assert client.get(url).status_code in (403, 404), url


def test_the_association_page_lists_its_clubs_persons_gives_a_number_and_merges(setting, client):
    from clubs.models import Member, Person
    from clubs.persons import persons_touched

    west = Club.objects.get(slug="west")
    ost = Club.objects.create(slug="ost", name="SC Ost", within=west.within, region="VG 2")
    anna = Member.objects.filter(club=west).order_by("pk").first()
    anna.federation_number, anna.birth_year = "P-1", 1950
    anna.save()
    twin = Member.objects.create(club=ost, name=anna.name, federation_number="P-9")
    persons_touched([anna, twin])
    page = client.get("/club/lv/association/").content.decode()
    assert "VG 1" in page and "SC Ost" in page and "P-1" in page and "P-9" in page
    assert client.get("/club/lv/seasons/").content.decode().count("/club/lv/association/") == 1
    bernd = Member.objects.filter(club=west, federation_number="").order_by("pk").first()
    Member.objects.filter(pk=bernd.pk).update(birth_year=1970)
    answer = client.post("/club/lv/association/number/", {"member": bernd.pk, "federation_number": "P-1"})
    assert answer.status_code == 422 and anna.name in answer.content.decode()  # another name and year: refused
    bernd.refresh_from_db()
    assert bernd.federation_number == ""
    assert client.post("/club/lv/association/number/", {"member": bernd.pk, "federation_number": "P-2"}
                       ).status_code == 302
    bernd.refresh_from_db()
    assert bernd.federation_number == "P-2" and Person.objects.filter(federation_number="P-2").exists()
    assert client.post("/club/lv/association/merge/", {"keep": "P-1", "other": "P-9"}).status_code == 302
    twin.refresh_from_db()
    assert twin.federation_number == "P-1" and not Person.objects.filter(federation_number="P-9").exists()
    stranger = Member.objects.create(club=Club.objects.create(slug="fremd", name="Fremd"), name="Fremder")
    assert client.post("/club/lv/association/number/", {"member": stranger.pk, "federation_number": "P-5"}
                       ).status_code == 422
    stranger.refresh_from_db()
    assert stranger.federation_number == ""
    from django.contrib.auth import get_user_model
    client.force_login(get_user_model().objects.create_user("west-leiter", password="pw-west-1"))
    ClubRole.objects.create(club=west, user=get_user_model().objects.get(username="west-leiter"), role="director")
    assert client.get("/club/lv/association/").status_code in (403, 404)


def test_the_association_pages_speak_german(setting, client):
    from tests.german_pages import english_words, visible_text

    season, shown, hidden = setting
    client.post("/club/lv/seasons/rl/events/", {"tournament": [shown.pk]})
    german = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}
    names = tuple(Club.objects.values_list("name", flat=True)) + (season.name, shown.name, "VG 1", "docs/results",
                                                                   "schema.json", "JSON", "CSV")
    names += tuple(m.name for m in shown.players.all())
    for url in ("/club/lv/seasons/rl/", "/club/lv/association/", "/club/lv/seasons/"):
        html = client.get(url, **german).content.decode()
        assert english_words(visible_text(html), names) == [], url


def test_one_event_is_counted_once_the_page_refuses_its_evening_and_its_file_beside_the_forms(setting, client,
                                                                                                tmp_path):
    """A results file of an evening in the season (its club by slug, name in another case) is refused beside the
    file form, nothing taken; and an evening whose file the season holds is refused by the add form, nothing
    added; in German and English, never a 500."""
    from html import unescape

    season, shown, hidden = setting
    day = shown.date
    path = tmp_path / "abend.json"
    path.write_text(json.dumps({"event": {"name": f" {shown.name.upper()} ", "date": day.isoformat(), "club": "West",
                                          "region": "VG 1"},
                                "players": [{"name": "Zorn", "series": [{"total": 100, "games": 48}]}]}))
    with path.open("rb") as file:
        assert client.post("/club/lv/seasons/rl/files/", {"file": file}).status_code == 302
    answer = client.post("/club/lv/seasons/rl/events/", {"tournament": [shown.pk]}, follow=True,
                         HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 200
    assert (f"„{shown.name.upper()}“ von West am {day:%d.%m.%Y} ist schon als Ergebnisdatei in der Wertung: der "
            "Abend des Vereins desselben Turniers würde es doppelt zählen.") in answer.content.decode()
    assert not SeasonEvent.objects.exists()
    answer = client.post("/club/lv/seasons/rl/events/", {"tournament": [shown.pk]}, follow=True,
                         HTTP_ACCEPT_LANGUAGE="en")
    assert (f"“{shown.name.upper()}” of West on {day:%m/%d/%Y} is in the ranking as a results file already: its "
            "club's evening of the same event would count it twice.") in unescape(answer.content.decode())
    assert not SeasonEvent.objects.exists()
    SubmittedEvent.objects.all().delete()
    client.post("/club/lv/seasons/rl/events/", {"tournament": [shown.pk]})
    assert list(SeasonEvent.objects.values_list("tournament_id", flat=True)) == [shown.pk]
    for language, said in (("de", f"„{shown.name}“ von Skatfreunde west am {day:%d.%m.%Y} ist schon als Abend des "
                                  "Vereins in der Wertung: eine Ergebnisdatei desselben Turniers würde es doppelt "
                                  "zählen."),
                           ("en", f"“{shown.name}” of Skatfreunde west on {day:%m/%d/%Y} is in the ranking as its "
                                  "club's evening already: a results file of the same event would count it twice.")):
        with path.open("rb") as file:
            answer = client.post("/club/lv/seasons/rl/files/", {"file": file}, HTTP_ACCEPT_LANGUAGE=language)
        assert answer.status_code == 422 and f"<li>event: {said}</li>" in unescape(answer.content.decode())
        assert not SubmittedEvent.objects.exists()
