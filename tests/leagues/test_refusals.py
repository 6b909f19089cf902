"""What a director, a captain or an attacker hands the league that it must refuse clearly, writing nothing: a member
on two teams of one league, hostile rules JSON, digits that are not ASCII, an empty line-up form, and a captain's
save over the director's "did not appear"."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from clubs.models import Club, Member
from leagues import services
from leagues.models import GroupTeam, League, LineUp, RosterEntry, Team
from tests.leagues.test_pages import login

pytestmark = [pytest.mark.django_db]

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.fixture
def club():
    club = Club.objects.create(slug="skv", name="Skatverein")
    for name in ("Anna Albers", "Bernd Bauer", "Carla Conrad", "Dieter Dahl", "Emil Ernst"):
        Member.objects.create(club=club, name=name)
    return club


@pytest.fixture
def league(club):
    return services.league_create(club=club, slug="ll1", name="Landesliga 1", rules={})


# --- one member on two teams of one league ---------------------------------------------------------------------

def test_the_service_refuses_a_member_on_a_second_team_naming_the_first(league):
    services.team_add(league=league, name="Bonn 1", roster=["Anna Albers", "Bernd Bauer", "Gast Eins"])
    with pytest.raises(services.LeagueError) as refused:
        services.team_add(league=league, name="Bonn 2", roster=["Carla Conrad", "anna albers", "Gast Zwei"])
    assert refused.value.field == "roster"
    assert "Anna Albers" in refused.value.message and "Bonn 1" in refused.value.message
    assert list(Team.objects.values_list("name", flat=True)) == ["Bonn 1"]
    assert RosterEntry.objects.count() == 3


def test_a_guest_of_the_same_name_on_two_teams_stays_allowed(league):
    services.team_add(league=league, name="Bonn 1", roster=["Gast Eins", "Anna Albers", "Bernd Bauer"])
    services.team_add(league=league, name="Bonn 2", roster=["Gast Eins", "Carla Conrad", "Dieter Dahl"])
    assert Team.objects.count() == 2


def test_a_member_on_teams_of_two_staffeln_stays_allowed(club, league):
    other = services.league_create(club=club, slug="ll2", name="Landesliga 2", rules={})
    services.team_add(league=league, name="Bonn 1", roster=["Anna Albers", "Bernd Bauer", "Carla Conrad"])
    services.team_add(league=other, name="Bonn 1", roster=["Anna Albers", "Bernd Bauer", "Carla Conrad"])
    assert RosterEntry.objects.filter(member__name="Anna Albers").count() == 2


def test_the_page_refuses_a_member_on_a_second_team_in_german(client, club, league):
    login(client, club, "director", "leiter")
    client.post("/club/skv/leagues/ll1/", {"action": "team", "name": "Bonn 1",
                                           "roster": "Anna Albers\nBernd Bauer\nCarla Conrad"})
    answer = client.post("/club/skv/leagues/ll1/", {"action": "team", "name": "Bonn 2",
                                                    "roster": "Dieter Dahl\nBernd Bauer\nEmil Ernst"}, **GERMAN)
    page = answer.content.decode()
    assert answer.status_code == 422
    assert "Bernd Bauer" in page and "Bonn 1" in page and "Mannschaft" in page
    assert Team.objects.count() == 1


def test_the_command_refuses_a_member_on_a_second_team(league):
    run("league", "team", "ll1", "--name", "Bonn 1", "--roster", "Anna Albers; Bernd Bauer; Carla Conrad")
    with pytest.raises(CommandError, match="roster: Carla Conrad .*Bonn 1"):
        run("league", "team", "ll1", "--name", "Bonn 2", "--roster", "Carla Conrad; Dieter Dahl; Emil Ernst")
    assert Team.objects.count() == 1


# --- hostile rules JSON ------------------------------------------------------------------------------------------

HOSTILE = {
    "a number of 5,000 digits": ('{"days": ' + "9" * 5000 + "}", "days"),
    "nesting thousands deep": ('{"central_days": ' + "[" * 5000 + "]" * 5000 + "}", "central_days"),
    "a megabyte": ('{"days": 5, "x": "' + "a" * 2**20 + '"}', "rules"),
}


@pytest.mark.parametrize("text, field", HOSTILE.values(), ids=HOSTILE.keys())
def test_the_new_staffel_page_refuses_hostile_rules_json(client, club, text, field):
    login(client, club, "director", "leiter")
    answer = client.post("/club/skv/leagues/", {"name": "Landesliga 1", "slug": "ll1", "rules": text}, **GERMAN)
    assert answer.status_code == 422
    assert f"<b>{field}</b>" in answer.content.decode()
    assert not League.objects.exists()


@pytest.mark.parametrize("text, field", HOSTILE.values(), ids=HOSTILE.keys())
def test_the_create_command_refuses_a_hostile_rules_file(tmp_path, club, text, field):
    path = tmp_path / "rules.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        run("league", "create", "ll1", "--club", "skv", "--name", "Landesliga 1", "--rules", str(path))
    assert str(refused.value).startswith(f"{field}: ")
    assert not League.objects.exists()


def test_the_command_refuses_a_rules_file_that_is_not_utf8(tmp_path, club):
    path = tmp_path / "rules.json"
    path.write_bytes(b'{"days": 5, "x": "\xff"}')
    with pytest.raises(CommandError, match="rules: .*UTF-8"):
        run("league", "create", "ll1", "--club", "skv", "--name", "Landesliga 1", "--rules", str(path))
    assert not League.objects.exists()


# --- digits that are not ASCII -----------------------------------------------------------------------------------

@pytest.fixture
def scheduled(client, club, league):
    login(client, club, "director", "leiter")
    for t in range(4):
        services.team_add(league=league, name=f"Team {t}", roster=[f"S{t} P{n}" for n in range(5)])
    services.schedule_make(league=league, seed=1)
    return league


NOT_ASCII_DIGITS = ["²", "³", "٣", "1_0", "１", "-1", "99999999999999999999"]


# a refusal for a form not on the page (a team of none of its forms; a Wechsel before the day is seated), said
# above the forms by its field's label
ABOVE = {"team": "Mannschaft", "from_series": "ab Serie", "from_deal": "ab Spiel (innerhalb der Serie; leer: die ganze Serie)"}


@pytest.mark.parametrize("where, post, field", [
    ("/club/skv/leagues/ll1/", {"action": "schedule", "seed": "{}"}, "seed"),
    ("/club/skv/leagues/ll1/", {"action": "captain", "team": "{}", "captain": "x"}, "team"),
    ("/club/skv/leagues/ll1/day/1/", {"action": "seat", "seed": "{}"}, "seed"),
    ("/club/skv/leagues/ll1/day/1/", {"action": "absent", "team": "{}", "absent": "1"}, "team"),
    ("/club/skv/leagues/ll1/day/1/", {"action": "substitute", "team": "1", "out": "a", "in": "b",
                                      "from_series": "{}"}, "from_series"),
    ("/club/skv/leagues/ll1/day/1/", {"action": "substitute", "team": "1", "out": "a", "in": "b",
                                      "from_series": "2", "from_deal": "{}"}, "from_deal"),
])
def test_a_number_field_refuses_what_int_would_not_take(client, scheduled, where, post, field):
    """Each refused beside its field on the form sent, or above the forms by the field's label (``ABOVE``)."""
    team = Team.objects.get(name="Team 0")
    for value in NOT_ASCII_DIGITS:
        sent = {key: text.replace("{}", value) if key == field else text for key, text in post.items()}
        if "team" in sent and field != "team":
            sent["team"] = str(team.pk)
        answer = client.post(where, sent, **GERMAN)
        assert answer.status_code == 422, (value, answer.status_code)
        page = answer.content.decode()
        if field in ABOVE:
            assert f'role="alert"><b>{ABOVE[field]}</b>: ' in page, value
        else:
            assert f'data-refused="{post["action"]}.{field}">' in page, value


@pytest.mark.parametrize("value", ["²", "³", "٣"])
def test_the_overview_refuses_a_place_in_other_digits(client, club, league, value):
    login(client, club, "director", "leiter")
    answer = client.get(f"/club/skv/leagues/overview/?place={value}", **GERMAN)
    page = answer.content.decode()
    assert answer.status_code == 422 and 'role="alert"><b>Platz</b>' in page and value in page


# --- the line-up forms -------------------------------------------------------------------------------------------

def test_an_empty_line_up_form_is_refused_not_filled_with_the_rosters_first(client, scheduled):
    team = Team.objects.get(name="Team 0")
    captain = login(client, scheduled.club, None, "kapitaen")
    services.captain_set(league=scheduled, team=team, login="kapitaen")
    answer = client.post(f"/club/skv/leagues/ll1/team/{team.pk}/day/1/", {"player": ["", "", "", ""]}, **GERMAN)
    assert answer.status_code == 422 and "<b>Spieler</b>" in answer.content.decode()
    assert not LineUp.objects.exists()
    login(client, scheduled.club, "director", "leiterin")
    answer = client.post("/club/skv/leagues/ll1/day/1/", {"action": "lineup", "team": team.pk, "players": " \n "},
                         **GERMAN)
    assert answer.status_code == 422
    assert ('<span class="error field-error" data-refused="lineup.players">bitte die Spieler der Mannschaft angeben: '
            "kein Spieler ist gewählt</span>") in answer.content.decode()
    assert not LineUp.objects.exists()
    assert captain.pk


def test_a_captains_save_does_not_clear_the_directors_absence(client, scheduled):
    team = Team.objects.get(name="Team 0")
    services.absent_set(league=scheduled, day=1, team=team)
    login(client, scheduled.club, None, "kapitaen")
    services.captain_set(league=scheduled, team=team, login="kapitaen")
    page = client.get(f"/club/skv/leagues/ll1/team/{team.pk}/day/1/", **GERMAN).content.decode()
    assert "nicht antretend" in page or "nicht angetreten" in page
    answer = client.post(f"/club/skv/leagues/ll1/team/{team.pk}/day/1/",
                         {"player": ["S0 P0", "S0 P1", "S0 P2", "S0 P3"]}, **GERMAN)
    assert answer.status_code == 409 and "<b>Spieler</b>" in answer.content.decode()
    assert GroupTeam.objects.get(group__day__number=1, team=team).absent
    assert not LineUp.objects.exists()


def test_the_directors_line_up_takes_the_absence_back(scheduled):
    team = Team.objects.get(name="Team 0")
    services.absent_set(league=scheduled, day=1, team=team)
    services.lineup_set(league=scheduled, day=1, team=team, names=["S0 P0", "S0 P1", "S0 P2", "S0 P3"])
    assert not GroupTeam.objects.get(group__day__number=1, team=team).absent
    assert json.dumps(list(LineUp.objects.values_list("roster__name", flat=True))) == json.dumps(
        ["S0 P0", "S0 P1", "S0 P2", "S0 P3"])


def test_a_change_meeting_what_another_made_first_answers_409_with_a_sentence(client, scheduled):
    assert client.post("/club/skv/leagues/ll1/day/1/", {"action": "seat", "seed": "2"}).status_code == 302
    again = client.post("/club/skv/leagues/ll1/day/1/", {"action": "seat", "seed": "3"}, **GERMAN)
    assert again.status_code == 409 and 'role="alert">Spieltag 1 ist schon gesetzt</p>' in again.content.decode()
    absent = client.post("/club/skv/leagues/ll1/day/1/", {"action": "absent", "team": Team.objects.first().pk,
                                                          "absent": "1"}, **GERMAN)
    assert absent.status_code == 409 and not GroupTeam.objects.filter(absent=True).exists()


def test_the_new_staffel_page_refuses_a_null_character_beside_its_field(client, club):
    login(client, club, "director", "leiter")
    answer = client.post("/club/skv/leagues/", {"name": "Landes\x00liga", "slug": "ll1"})
    assert answer.status_code == 422
    assert "<b>name</b>: Null characters are not allowed." in answer.content.decode()
    assert not League.objects.exists()


def picker(page: str) -> str:
    """The league page's picker: the roster of the team being filled and the forms that change it."""
    return page[page.index('<div id="pick" class="panel">'):page.index('<form method="post" id="team-new">')]


@pytest.mark.parametrize("language, on_another, full", [
    ("de", "Anna Albers steht schon im Kader von Bonn 1", "ein Kader hat höchstens 6 Spieler"),
    ("en", "Anna Albers is on the roster of Bonn 1 already", "a roster holds at most 6 players")])
def test_a_refused_pick_is_said_in_the_refused_teams_picker(client, club, league, language, on_another, full):
    login(client, club, "director", "leiter")
    services.team_add(league=league, name="Bonn 1", roster=["Anna Albers"])
    second = services.team_add(league=league, name="Bonn 2", roster=["Carla Conrad"])
    third = services.team_add(league=league, name="Bonn 3", roster=[f"Gast {n}" for n in range(6)])
    anna = Member.objects.get(name="Anna Albers")
    for team, field, said in ((second, "pick.member", on_another), (third, "pick", full)):
        # sent from the picker's list of members found, as the browser sends it: to the page of that search
        answer = client.post(f"/club/skv/leagues/ll1/?pick={team.pk}&q=an",
                             {"action": "pick", "team": team.pk, "member": anna.pk}, HTTP_ACCEPT_LANGUAGE=language)
        page = answer.content.decode()
        assert answer.status_code == 422
        assert f'<span class="error field-error" data-refused="{field}">{said}</span>' in picker(page)
        assert f"{team.name}: " in picker(page)  # the refused team's picker
        assert page.count(said) == 2  # above the forms and beside the picker, once each
    assert list(RosterEntry.objects.filter(member=anna).values_list("team__name", flat=True)) == ["Bonn 1"]
