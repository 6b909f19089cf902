"""A published league's match day through the API: every player who sat is named as the league's public pages name
him (none who may not be published), and every id the answer sends leads to a published answer, not a 404. The
names are recomputed from the event's seats and players, not from the league's reading."""

import json

import pytest
from jsonschema import Draft202012Validator

from clubs.models import Club, Member
from seating.models import Player, Seat
from tests.leagues.test_league_command import make_league, run
from tests.public.test_api_schema import json_schema

pytestmark = [pytest.mark.django_db, pytest.mark.slow]  # each plays a match day


@pytest.fixture
def day_one(tmp_path):
    """Landesliga of four teams, day 1 played and the league published (its day's event is not); Team A's
    first player a member who did not agree to be published, its second one who did."""
    club = Club.objects.create(slug="skv-bonn", name="Skatverein Bonn")
    Member.objects.create(club=club, name="A Spieler1", public=False)
    Member.objects.create(club=club, name="A Spieler2", public=True)
    teams = make_league(tmp_path, 4, {"series_per_day": 2})
    for command in (("schedule", "ll"), ("seat", "ll", "--day", "1"), ("play", "ll", "--day", "1", "--seed", "3"),
                    ("publish", "ll")):
        run("league", *command)
    return teams


def test_the_day_names_every_player_who_sat_and_not_a_member_who_may_not_be_published(client, day_one):
    answer = client.get("/api/v1/leagues/ll/days/1/")
    assert answer.status_code == 200
    day = json.loads(answer.content)
    (group,) = day["groups"]
    schedule = json.loads(run("league", "schedule", "ll", "--format", "json"))
    event = schedule["days"][0]["groups"][0]["event"]
    team_names = {team: f"Team {chr(ord('A') + i)}" for i, team in enumerate(day_one)}
    assert [series["number"] for series in group["series"]] == [1, 2]
    for series in group["series"]:
        seated = Player.objects.filter(pk__in=Seat.objects.filter(tournament_id=event, series=series["number"])
                                       .values("player"))
        for entry in series["teams"]:
            names = sorted(p.name for p in seated if p.club == team_names[entry["team"]])
            assert len(names) == 4
            expected = sorted((None if name == "A Spieler1" else name for name in names), key=str)
            assert sorted(entry["players"], key=str) == expected
    named = [name for series in group["series"] for entry in series["teams"] for name in entry["players"]]
    assert "A Spieler1" not in named and None in named and "A Spieler2" in named
    schema = json.loads(client.get("/api/v1/schema/").content)
    documented = schema["paths"]["/api/v1/leagues/{slug}/days/{day}/"]["get"]["responses"]["200"]["content"]
    expected = json_schema(documented["application/json"]["schema"], schema["components"]["schemas"])
    assert list(Draft202012Validator(expected).iter_errors(day)) == []  # the unnamed member's null is documented


def test_no_id_in_the_day_answers_404(client, day_one):
    day = json.loads(client.get("/api/v1/leagues/ll/days/1/").content)
    table = json.loads(client.get("/api/v1/leagues/ll/").content)
    in_table = {row["team"] for row in table["rows"]}
    (group,) = day["groups"]
    assert group["event"] is None  # the day's event is not published on its own
    for series in group["series"]:
        assert {entry["team"] for entry in series["teams"]} <= in_table
        for entry in series["teams"]:
            assert all(player is None or isinstance(player, str) for player in entry["players"])
    run("publish", str(json.loads(run("league", "schedule", "ll", "--format", "json"))
                       ["days"][0]["groups"][0]["event"]))
    (group,) = json.loads(client.get("/api/v1/leagues/ll/days/1/").content)["groups"]
    assert group["event"] is not None
    assert client.get(f"/api/v1/events/{group['event']}/").status_code == 200


def test_the_command_names_every_player_the_member_too(day_one):
    """The director's command is the same answer with every name and the event's id."""
    day = json.loads(run("league", "day", "ll", "--day", "1", "--format", "json"))
    (group,) = day["groups"]
    assert group["event"] is not None
    named = [name for series in group["series"] for entry in series["teams"] for name in entry["players"]]
    assert "A Spieler1" in named and None not in named


def test_the_public_day_page_names_the_players_as_the_api_does(client, day_one):
    page = client.get("/league/ll/day/1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    day = json.loads(client.get("/api/v1/leagues/ll/days/1/").content)
    named = {name for series in day["groups"][0]["series"] for entry in series["teams"] for name in entry["players"]}
    assert all(name in page for name in named if name is not None)
    assert "A Spieler1" not in page and "(name not published)" in page
