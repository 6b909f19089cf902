"""A team's captain (Mannschaftsführer): the league director names his login on the league page or with
``league captain``; the captain reaches his own team's pages and sets its line-up, nothing else: another team's
captain, another club's people, the club's committee and anonymous visitors reach nothing of them."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from clubs.models import Club, ClubRole
from leagues import services
from leagues.models import LineUp, Team

pytestmark = [pytest.mark.django_db]
PASSWORD = "pw-12345-long"


def login(client, club, role, name):
    user = get_user_model().objects.create_user(name, password=PASSWORD)
    if role:
        ClubRole.objects.create(club=club, user=user, role=role)
    client.force_login(user)
    return user


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.fixture
def league():
    club = Club.objects.create(slug="skv", name="Skatverein")
    league = services.league_create(club=club, slug="ll1", name="Landesliga 1", rules={})
    for t in range(4):
        services.team_add(league=league, name=f"T{t}", roster=[f"T{t} P{n}" for n in range(5)])
    services.schedule_make(league=league)
    return league


def teams(league):
    return list(league.teams.order_by("number"))


@pytest.mark.slow
def test_the_director_names_a_captain_on_the_league_page(client, league):
    login(client, league.club, "director", "leiter")
    get_user_model().objects.create_user("kapitaen", password=PASSWORD)
    mine = teams(league)[1]
    page = client.get("/club/skv/leagues/ll1/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Mannschaftsführer benennen" in page
    assert client.post("/club/skv/leagues/ll1/", {"action": "captain", "team": mine.pk,
                                                  "captain": "Kapitaen"}).status_code == 302
    mine.refresh_from_db()
    assert mine.captain.get_username() == "kapitaen"
    unknown = client.post("/club/skv/leagues/ll1/", {"action": "captain", "team": mine.pk, "captain": "neu"},
                          HTTP_ACCEPT_LANGUAGE="de")
    assert unknown.status_code == 422 and "neu ist ein neuer Zugang" in unknown.content.decode()
    weak = client.post("/club/skv/leagues/ll1/", {"action": "captain", "team": mine.pk, "captain": "neu",
                                                  "password": "123"})
    assert weak.status_code == 422 and not get_user_model().objects.filter(username="neu").exists()
    assert client.post("/club/skv/leagues/ll1/", {"action": "captain", "team": mine.pk, "captain": "neu",
                                                  "password": PASSWORD}).status_code == 302
    mine.refresh_from_db()
    assert mine.captain.get_username() == "neu" and not ClubRole.objects.filter(user=mine.captain).exists()
    page = client.get("/club/skv/leagues/ll1/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Mannschaftsführer: neu" in page
    client.post("/club/skv/leagues/ll1/", {"action": "captain", "team": mine.pk, "captain": ""})
    mine.refresh_from_db()
    assert mine.captain is None


def test_the_committee_cannot_name_a_captain(client, league):
    login(client, league.club, "committee", "ausschuss")
    mine = teams(league)[0]
    assert client.post("/club/skv/leagues/ll1/", {"action": "captain", "team": mine.pk,
                                                  "captain": "ausschuss"}).status_code == 403
    assert Team.objects.get(pk=mine.pk).captain is None


@pytest.mark.slow
def test_the_command_names_and_unnames_a_captain(league, monkeypatch):
    get_user_model().objects.create_user("kapitaen", password=PASSWORD)
    first, second = teams(league)[:2]
    assert run("league", "captain", "ll1", "--team", str(first.pk), "--login", "kapitaen").strip() == \
        "kapitaen is the captain of T0"
    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD + "\n"))
    run("league", "captain", "ll1", "--team", str(second.pk), "--login", "neu")
    assert Team.objects.get(pk=second.pk).captain.check_password(PASSWORD)
    assert run("league", "captain", "ll1", "--team", str(first.pk), "--off").strip() == "T0 has no captain"
    assert Team.objects.get(pk=first.pk).captain is None
    with pytest.raises(CommandError, match="team: no team 999"):
        run("league", "captain", "ll1", "--team", "999", "--login", "kapitaen")
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))
    with pytest.raises(CommandError, match="password: "):
        run("league", "captain", "ll1", "--team", str(first.pk), "--login", "noch-einer")


def test_a_captain_reaches_his_own_team_only(client, league):
    mine, other = teams(league)[1], teams(league)[0]
    captain = login(client, None, None, "kapitaen")
    services.captain_set(league=league, team=mine, login="kapitaen")
    page = client.get(f"/club/skv/leagues/ll1/team/{mine.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Mannschaftsführer: kapitaen" in page and "Spieltag 5" in page
    assert client.get(f"/club/skv/leagues/ll1/team/{mine.pk}/day/1/").status_code == 200
    for address in (f"/club/skv/leagues/ll1/team/{other.pk}/", f"/club/skv/leagues/ll1/team/{other.pk}/day/1/"):
        assert client.get(address).status_code == 404
    assert client.post(f"/club/skv/leagues/ll1/team/{other.pk}/day/1/",
                       {"player": ["T0 P4", "T0 P3", "T0 P2", "T0 P1"]}).status_code == 404
    # the director's pages are not his: he reads nothing there and changes no line-up
    assert client.get("/club/skv/leagues/ll1/").status_code == 403
    assert client.get("/club/skv/leagues/ll1/day/1/").status_code == 403
    assert client.post("/club/skv/leagues/ll1/day/1/", {"action": "lineup", "team": other.pk,
                                                        "players": "T0 P4; T0 P3; T0 P2; T0 P1"}).status_code == 403
    assert not LineUp.objects.exists()
    assert captain.club_roles.count() == 0


@pytest.mark.slow
def test_nobody_else_reaches_a_captains_pages(client, league):
    mine = teams(league)[1]
    services.captain_set(league=league, team=mine, login=None)
    get_user_model().objects.create_user("kapitaen", password=PASSWORD)
    services.captain_set(league=league, team=mine, login="kapitaen")
    other = Club.objects.create(slug="other", name="Other")
    addresses = [f"/club/skv/leagues/ll1/team/{mine.pk}/", f"/club/skv/leagues/ll1/team/{mine.pk}/day/1/",
                 f"/club/other/leagues/ll1/team/{mine.pk}/", f"/club/other/leagues/ll1/team/{mine.pk}/day/1/"]
    anonymous = client.get(addresses[0])
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    for club, role, name in ((other, "director", "fremd-leiter"), (other, "committee", "fremd-ausschuss"),
                             (league.club, "committee", "ausschuss"), (league.club, "cashier", "kasse")):
        login(client, club, role, name)
        for address in addresses:
            assert client.get(address).status_code == 404, (name, address)
        assert client.post(addresses[1], {"player": ["T1 P4", "T1 P3", "T1 P2", "T1 P1"]}).status_code == 404
    # the captain himself under another club's address finds nothing either
    client.force_login(get_user_model().objects.get(username="kapitaen"))
    assert client.get(addresses[2]).status_code == 404
    assert not LineUp.objects.exists()
    # the league's director reaches every team's page
    login(client, league.club, "director", "leiter")
    assert client.get(addresses[1]).status_code == 200
