"""The league director's pages and the captain's line-up page: who may do what, and the changes they make."""

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Club, ClubRole
from leagues.forms import preset_values
from leagues.models import DayNote, GroupTeam, League, LineUp, Team

pytestmark = [pytest.mark.django_db]


def login(client, club, role, name):
    user = get_user_model().objects.create_user(name, password="pw-12345-long")
    if role:
        ClubRole.objects.create(club=club, user=user, role=role)
    client.force_login(user)
    return user


@pytest.fixture
def club():
    return Club.objects.create(slug="skv", name="Skatverein")


def test_the_director_makes_a_league_teams_and_schedule_in_german(client, club):
    login(client, club, "director", "leiter")
    form = client.get("/club/skv/leagues/?preset=ispa", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Wertungspunkte je geschlagene Mannschaft" in form and 'value="09:00"' in form and "JSON" not in form
    answer = client.post("/club/skv/leagues/", {"name": "Landesliga 1", "slug": "ll1", "per_beaten": "²"},
                         HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 422 and "Wertungspunkte je geschlagene Mannschaft" in answer.content.decode()
    answer = client.post("/club/skv/leagues/", {"name": "Landesliga 1", "slug": "ll1", "lineup_corrections_until":
                                                "9 Uhr"}, HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 422 and 'value="9 Uhr"' in answer.content.decode()  # what was sent stays
    assert not League.objects.exists()
    answer = client.post("/club/skv/leagues/", {**preset_values("dskv-landesliga"), "name": "Landesliga 1",
                                                "slug": "ll1", "season": "2026", "no_show_fine": "25,50"})
    assert answer.status_code == 302
    made = League.objects.get()
    assert (made.season, made.parsed_rules.series_per_day, made.parsed_rules.central_days,
            str(made.parsed_rules.no_show_fine)) == ("2026", 2, (5,), "25.50")
    for t in range(4):
        client.post("/club/skv/leagues/ll1/", {"action": "team", "name": f"Team {t}",
                                               "roster": "\n".join(f"S{t} P{n}" for n in range(5))})
    too_many = client.post("/club/skv/leagues/ll1/", {"action": "team", "name": "Team X",
                                                      "roster": "\n".join(f"X{n}" for n in range(7))},
                           HTTP_ACCEPT_LANGUAGE="de")
    assert too_many.status_code == 422 and Team.objects.count() == 4
    client.post("/club/skv/leagues/ll1/", {"action": "schedule", "seed": "3"})
    page = client.get("/club/skv/leagues/ll1/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Spieltag 5" in page and "Mannschaft" in page
    team = Team.objects.get(name="Team 0")
    client.post("/club/skv/leagues/ll1/day/1/", {"action": "lineup", "team": team.pk,
                                                 "players": "S0 P4; S0 P3; S0 P2; S0 P1"})
    assert [line.roster.name for line in LineUp.objects.filter(entry__team=team).order_by("position")] == [
        "S0 P4", "S0 P3", "S0 P2", "S0 P1"]
    client.post("/club/skv/leagues/ll1/day/1/", {"action": "absent", "team": Team.objects.get(name="Team 3").pk,
                                                 "absent": "1"})
    assert GroupTeam.objects.get(group__day__number=1, team__name="Team 3").absent
    bad = client.post("/club/skv/leagues/ll1/day/1/", {"action": "lineup", "team": "abc", "players": "x"})
    assert bad.status_code == 422
    client.post("/club/skv/leagues/ll1/day/1/", {"action": "seat"})
    day = client.get("/club/skv/leagues/ll1/day/1/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "nicht angetreten" in day
    client.post("/club/skv/leagues/ll1/day/1/", {"action": "confirm", "text": ""})
    client.post("/club/skv/leagues/ll1/day/1/", {"action": "protest", "text": "Team 2 legt Protest ein"})
    assert list(DayNote.objects.values_list("kind", flat=True)) == ["confirmed", "protest"]


def test_the_committee_reads_but_does_not_change(client, club):
    League.objects.create(club=club, slug="ll1", name="Landesliga 1")
    login(client, club, "committee", "ausschuss")
    assert client.get("/club/skv/leagues/ll1/").status_code == 200
    assert client.post("/club/skv/leagues/ll1/", {"action": "schedule"}).status_code == 403


def test_another_club_sees_nothing(client, club):
    League.objects.create(club=club, slug="ll1", name="Landesliga 1")
    other = Club.objects.create(slug="other", name="Other")
    login(client, other, "director", "fremd")
    assert client.get("/club/skv/leagues/ll1/").status_code == 404


def test_the_captain_sets_his_line_up_on_his_own_page(client, club):
    from leagues import services

    league = services.league_create(club=club, slug="ll1", name="Landesliga 1", rules={})
    teams = [services.team_add(league=league, name=f"T{t}", roster=[f"T{t} P{n}" for n in range(5)])
             for t in range(4)]
    services.schedule_make(league=league)
    captain = login(client, None, None, "kapitaen")
    teams[1].captain = captain
    teams[1].save()
    assert client.get(f"/club/skv/leagues/ll1/team/{teams[0].pk}/day/1/").status_code == 404  # not his team
    page = client.get(f"/club/skv/leagues/ll1/team/{teams[1].pk}/day/1/", HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 200 and "Aufstellung" in page.content.decode()
    answer = client.post(f"/club/skv/leagues/ll1/team/{teams[1].pk}/day/1/",
                         {"player": ["T1 P2", "T1 P0", "T1 P4", ""]})
    assert answer.status_code == 302
    assert [line.roster.name for line in LineUp.objects.filter(entry__team=teams[1]).order_by("position")] == [
        "T1 P2", "T1 P0", "T1 P4"]
    refused = client.post(f"/club/skv/leagues/ll1/team/{teams[1].pk}/day/1/", {"player": ["T1 P2", "T1 P2"]})
    assert refused.status_code == 422


def test_a_captains_login_lands_on_his_team_and_the_leagues_are_found_from_the_menu(client, club):
    from leagues import services

    league = services.league_create(club=club, slug="ll1", name="Landesliga 1", rules={})
    team = services.team_add(league=league, name="Kreuz", roster=["K1", "K2", "K3", "K4"])
    services.captain_set(league=league, team=team, login="kapitaen", password="Kapitaen-Passwort-2026")
    answer = client.post("/accounts/login/", {"username": "kapitaen", "password": "Kapitaen-Passwort-2026"},
                         follow=True)
    assert answer.redirect_chain[-1][0] == f"/club/skv/leagues/ll1/team/{team.pk}/"
    client.logout()
    get_user_model().objects.create_user("leiter", password="pw-12345-long")
    ClubRole.objects.create(club=club, user=get_user_model().objects.get(username="leiter"), role="director")
    answer = client.post("/accounts/login/", {"username": "leiter", "password": "pw-12345-long"}, follow=True,
                         HTTP_ACCEPT_LANGUAGE="de")
    assert answer.redirect_chain[-1][0] == "/"
    assert 'href="/club/skv/leagues/"' in answer.content.decode()  # the menu's Ligen
    start = client.get("/director/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'href="/club/skv/leagues/"' in start and "Ligen (Staffeln)" in start


def test_a_deduction_taken_back_is_shown_struck_with_who_and_when(client, club):
    from leagues.models import Deduction

    league = League.objects.create(club=club, slug="ll1", name="Landesliga 1")
    team = Team.objects.create(league=league, club=club, name="Team 1", number=1)
    login(client, club, "director", "leiter")
    client.post("/club/skv/leagues/ll1/", {"action": "deduction", "team": team.pk, "points": "2",
                                            "note": "Spielbericht zu spät"})
    deduction = Deduction.objects.get()
    assert client.post("/club/skv/leagues/ll1/", {"action": "deduction-remove",
                                                   "deduction": deduction.pk}).status_code == 302
    page = client.get("/club/skv/leagues/ll1/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    section = page[page.index('id="deductions"'):page.index('id="deduction-form"')]
    assert "<s>Team 1: −2 · Spielbericht zu spät</s>" in section
    assert "zurückgenommen am" in section and "von leiter" in section
    assert 'name="deduction"' not in section  # nothing left to take back
    assert Deduction.objects.get().removed_by.username == "leiter"
