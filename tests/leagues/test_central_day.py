"""A central match day (the rule ``central_days``): every group plays at the venue the league director names,
the other days at each group's host; the schedule, the pages, the day's events and the Spielbericht say where."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.template.loader import render_to_string

from clubs.models import Club, ClubRole
from leagues.core import RulesError, parse_rules
from leagues.models import League, Team
from seating.models import Tournament

pytestmark = [pytest.mark.django_db]


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.mark.parametrize("value", ["5", 5, [0], [6], [5, 5], [True], [2.5], None])
def test_bad_central_days_are_refused_naming_the_key(value):
    with pytest.raises(RulesError) as refused:
        parse_rules({"days": 5, "central_days": value})
    assert refused.value.field == "central_days"


def test_central_days_read_back_and_default_to_none():
    assert parse_rules({}).central_days == () and not parse_rules({}).central(5)
    rules = parse_rules({"central_days": [5, 1]})
    assert rules.central_days == (1, 5) and rules.central(5) and not rules.central(4)
    assert parse_rules(rules.as_json()) == rules and rules.as_json() == {"central_days": [1, 5]}


@pytest.fixture
def league(tmp_path):
    Club.objects.create(slug="skv", name="Skatverein")
    Club.objects.create(slug="gast", name="Gastverein")
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"days": 2, "series_per_day": 1, "central_days": [2]}), encoding="utf-8")
    run("league", "create", "ll", "--club", "skv", "--name", "Landesliga", "--rules", str(rules))
    ids = [int(run("league", "team", "ll", "--name", f"Team {t}", "--roster",
                   "; ".join(f"{t} Spieler{n}" for n in range(1, 5)), "--club", "gast" if t == "C" else "skv"))
           for t in "ABCD"]
    run("league", "schedule", "ll", "--seed", "1")
    return ids


def test_create_refuses_a_central_day_beyond_the_season(tmp_path, league):
    rules = tmp_path / "bad.json"
    rules.write_text(json.dumps({"days": 4, "central_days": [5]}), encoding="utf-8")
    with pytest.raises(CommandError, match="central_days: match days from 1 to 4, not \\[5\\]"):
        run("league", "create", "x", "--club", "skv", "--name", "X", "--rules", str(rules))
    assert not League.objects.filter(slug="x").exists()


def test_the_schedule_and_the_events_say_where_each_group_plays(league):
    host_club = lambda pk: Team.objects.get(pk=pk).club.name  # noqa: E731
    days = json.loads(run("league", "schedule", "ll", "--format", "json"))["days"]
    (day1,), (day2,) = days[0]["groups"], days[1]["groups"]
    assert day1["venue"] == host_club(day1["host"]) and day2["venue"] is None
    with pytest.raises(CommandError, match="venue: day 2 is a central match day: name its venue first"):
        run("league", "seat", "ll", "--day", "2")
    with pytest.raises(CommandError, match="venue: day 1 is played at the groups' hosts"):
        run("league", "venue", "ll", "--day", "1", "--venue", "Stadthalle")
    with pytest.raises(CommandError, match="day: no match day 3"):
        run("league", "venue", "ll", "--day", "3", "--venue", "Stadthalle")
    with pytest.raises(CommandError, match="venue: at most 200 characters"):
        run("league", "venue", "ll", "--day", "2", "--venue", "x" * 201)
    assert run("league", "venue", "ll", "--day", "2", "--venue", " Stadthalle  Kassel ").strip() == \
        "match day 2 is played at Stadthalle Kassel"
    run("league", "seat", "ll", "--day", "1")
    run("league", "seat", "ll", "--day", "2")
    days = json.loads(run("league", "schedule", "ll", "--format", "json"))["days"]
    (day1,), (day2,) = days[0]["groups"], days[1]["groups"]
    assert day2["venue"] == "Stadthalle Kassel"
    assert set(day2) == {"group", "host", "teams", "event", "venue", "date", "moved"}
    assert Tournament.objects.get(pk=day1["event"]).place == host_club(day1["host"])
    assert Tournament.objects.get(pk=day2["event"]).place == "Stadthalle Kassel"
    with pytest.raises(CommandError, match="venue: day 2 is seated"):
        run("league", "venue", "ll", "--day", "2", "--venue", "")


def test_the_pages_and_the_spielbericht_say_where(client, league, monkeypatch):
    from django.contrib.auth import get_user_model

    league_row = League.objects.get(slug="ll")
    director = get_user_model().objects.create_user("leiter", password="pw-12345-long")
    ClubRole.objects.create(club=league_row.club, user=director, role="director")
    client.force_login(director)
    page = client.get("/club/skv/leagues/ll/day/2/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Zentraler Spieltag: der Spielort steht noch nicht fest" in page
    assert client.post("/club/skv/leagues/ll/day/2/", {"action": "seat"}, HTTP_ACCEPT_LANGUAGE="de").status_code == 422
    assert client.post("/club/skv/leagues/ll/day/2/", {"action": "venue", "venue": "Stadthalle Kassel"}) \
        .status_code == 302
    refused = client.post("/club/skv/leagues/ll/day/1/", {"action": "venue", "venue": "Irgendwo"},
                          HTTP_ACCEPT_LANGUAGE="de")
    assert refused.status_code == 422 and "nur ein zentraler Spieltag hat einen Spielort" in refused.content.decode()
    page = client.get("/club/skv/leagues/ll/day/2/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Zentraler Spieltag: Stadthalle Kassel" in page
    day1 = client.get("/club/skv/leagues/ll/day/1/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    host = league_row.days.get(number=1).groups.get().host
    assert f"Beim Ausrichter {host.name} ({host.club.name})" in day1
    assert "zentraler Spieltag: Stadthalle Kassel" in client.get("/club/skv/leagues/ll/",
                                                                 HTTP_ACCEPT_LANGUAGE="de").content.decode()
    client.post("/club/skv/leagues/ll/day/2/", {"action": "seat"})
    client.post("/club/skv/leagues/ll/", {"action": "publish", "published": "1"})
    public = client.get("/league/ll/day/2/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Zentraler Spieltag: Stadthalle Kassel" in public
    assert f"Beim Ausrichter {host.name}" in client.get("/league/ll/day/1/", HTTP_ACCEPT_LANGUAGE="de") \
        .content.decode()
    monkeypatch.setattr("leagues.prints.render_template_pdf",
                        lambda name, context: render_to_string(name, context).encode())
    report = client.get("/club/skv/leagues/ll/day/2/group/1/report.pdf").content.decode()
    assert "Zentraler Spieltag: Stadthalle Kassel" in report and "Spielbericht" in report
