"""The Spielbericht and the Einzelwertung as pages and prints: the Spielbericht's figures read back from its PDF
(pdftotext) equal the day's (each player's list total per series from the event's own standings, the team's sums
and Wertungspunkte per series from the day's JSON), the absent team named, the signatures there; the Einzelwertung
as the director's page, the public page (a member who did not agree stands without his name), PDF and XLSX."""

import json
import re
import subprocess
from io import BytesIO

import pytest
from django.contrib.auth import get_user_model
from openpyxl import load_workbook

from clubs.models import Club, ClubRole
from leagues import services
from leagues.models import League, RosterEntry, Team
from leagues.play import day_play
from scoring.results import events_series_totals
from seating.models import Player
from tests.leagues.test_league_command import run

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def pdf_text(data: bytes) -> str:
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True,
                          check=True).stdout.decode()


@pytest.fixture
def day(client):
    club = Club.objects.create(slug="skv-bonn", name="Skatverein Bonn")
    league = services.league_create(club=club, slug="ll", name="Landesliga", season="2026",
                                    rules={"series_per_day": 2, "no_show_deduction": 2, "min_games": 20})
    teams = [services.team_add(league=league, name=f"Team {letter}",
                               roster=[f"{letter} Spieler{n}" for n in range(1, 6)]) for letter in "ABCD"]
    services.schedule_make(league=league)
    services.absent_set(league=league, day=1, team=teams[3])
    services.day_seat(league=league, day=1, seed=2)
    day_play(league=league, day=1, seed=5)
    user = get_user_model().objects.create_user("leiter", password="pw-12345-long")
    ClubRole.objects.create(club=club, user=user, role="director")
    client.force_login(user)
    return league, teams


def test_the_spielbericht_pdf_reads_back_the_days_figures(client, day):
    league, teams = day
    (group,) = json.loads(run("league", "day", "ll", "--day", "1", "--format", "json"))["groups"]
    names = {team.pk: team.name for team in teams}
    pdf = client.get("/club/skv-bonn/leagues/ll/day/1/group/1/report.pdf")
    assert pdf.status_code == 200
    text = pdf_text(pdf.content)
    lines = [line.split() for line in text.splitlines()]
    # each player's list totals per series, from the event's own standings
    tournament = league.days.get(number=1).groups.get().tournament
    (event,) = events_series_totals([tournament], ranks=False)
    named = dict(Player.objects.filter(tournament=tournament).values_list("pk", "name"))
    by_player = {}
    for number, rows in zip(event.series_numbers, event.series):
        for row in rows:
            by_player.setdefault(named[row.player], {})[number] = row.total
    for name, totals in by_player.items():
        found = [words for words in lines if " ".join(words[:2]) == name]
        assert len(found) == 1, name
        figures = [int(word) for word in found[0][2:]]
        assert figures == [totals.get(1), totals.get(2), totals.get(1, 0) + totals.get(2, 0)], name
    # the team's sums and Wertungspunkte per series, as the day's JSON has them
    sums = [line for line in lines if line[:1] == ["Mannschaftssumme"]]
    points = [line for line in lines if line[:1] == ["Wertungspunkte"]]
    present = [team for team in teams if team.pk != teams[3].pk]
    assert len(sums) == len(points) == len(present)
    for team, sum_line, point_line in zip(present, sums, points):
        per_series = [next(t for t in series["teams"] if t["team"] == team.pk) for series in group["series"]]
        assert [int(w) for w in sum_line[1:]] == [t["sum"] for t in per_series] + [sum(t["sum"] for t in per_series)]
        won = [t["points"] for t in per_series]
        shown = [float(w.replace(",", ".")) for w in point_line[1:3]]
        assert shown == won and re.fullmatch(r"[\d,]+:[\d,]+", "".join(point_line[3:]))
        # and the team's sum is its players' totals added
        players = [p for p in by_player if p.startswith(team.name[-1] + " ")]
        assert sum(by_player[p].get(1, 0) for p in players) == per_series[0]["sum"]
    assert f"{names[teams[3].pk]} — nicht angetreten" in text and "Nicht angetreten: 0 : 6 Wertungspunkte" in text
    for team in teams:
        assert f"Mannschaftsführer von {team.name}" in text
    assert "Staffelleiter" in text
    page = client.get("/club/skv-bonn/leagues/ll/day/1/group/1/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Mannschaftssumme" in page and "nicht angetreten" in page
    assert client.get("/club/skv-bonn/leagues/ll/day/1/group/7/").status_code == 404


def test_the_einzelwertung_pages_and_files(client, day):
    league, teams = day
    page = client.get("/club/skv-bonn/leagues/ll/players/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Einzelwertung" in page and "ab 20 Spielen" in page and "A Spieler1" in page
    sheet = load_workbook(BytesIO(client.get("/club/skv-bonn/leagues/ll/players.xlsx").content)).active
    rows = list(sheet.iter_rows(values_only=True))
    ranking = json.loads(run("league", "players", "ll", "--format", "json"))
    assert [(r[1], r[4], r[5]) for r in rows[1:1 + len(ranking)]] == [(p["name"], p["games"], p["total"])
                                                                      for p in ranking]
    pdf = pdf_text(client.get("/club/skv-bonn/leagues/ll/players.pdf").content)
    assert "Einzelwertung" in pdf and all(p["name"] in pdf for p in ranking)
    # the public page once published; a member who did not agree stands without his name
    assert client.get("/league/ll/players/").status_code == 404
    services.league_publish(league=league)
    from clubs.models import Member

    hidden = Member.objects.create(club=league.club, name="A Spieler1", public=False)
    RosterEntry.objects.filter(team=teams[0], name="A Spieler1").update(member=hidden)
    public = client.get("/league/ll/players/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Einzelwertung" in public and "A Spieler1" not in public and "(Name nicht veröffentlicht)" in public
    home = client.get("/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "/league/ll/" in home and "/league/ll/players/" in home and f"/league/ll/team/{teams[0].pk}/" in home


def test_the_league_page_takes_deductions_and_the_cash_desk(client, day):
    league, teams = day
    answer = client.post("/club/skv-bonn/leagues/ll/", {"action": "deduction", "team": teams[1].pk, "points": "1,5",
                                                        "note": "Spielbericht zu spät"})
    assert answer.status_code == 302
    page = client.get("/club/skv-bonn/leagues/ll/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "−1,5 Spielbericht zu spät" in page and "−2 am 1. Spieltag nicht angetreten" in page
    bad = client.post("/club/skv-bonn/leagues/ll/", {"action": "deduction", "team": teams[1].pk, "points": "²",
                                                     "note": "x"}, HTTP_ACCEPT_LANGUAGE="de")
    assert bad.status_code == 422
    table = json.loads(run("league", "table", "ll", "--format", "json"))
    row = next(r for r in table if r["team"] == teams[1].pk)
    assert row["deducted"] == 1.5 and row["deductions"] == [{"points": 1.5, "note": "Spielbericht zu spät",
                                                              "day": None}]
    sheet = load_workbook(BytesIO(client.get("/club/skv-bonn/leagues/ll/table.xlsx").content)).active
    xlsx = {r[1]: r for r in sheet.iter_rows(values_only=True)}
    assert xlsx[teams[1].name][7] == 1.5 and xlsx[teams[1].name][8] == "−1,5 Spielbericht zu spät"
    pdf = pdf_text(client.get("/club/skv-bonn/leagues/ll/table.pdf").content)
    assert "Spielbericht zu spät" in pdf and "0 : max" in pdf
    assert Team.objects.filter(league=league).count() == 4 and League.objects.count() == 1


def test_the_club_cashier_takes_the_team_fees_at_the_leagues_cash_desk(client):
    club = Club.objects.create(slug="skv-bonn", name="Skatverein Bonn")
    league = services.league_create(club=club, slug="ll", name="Landesliga", rules={"team_fee": "120",
                                                                                  "no_show_fine": "50"})
    teams = [services.team_add(league=league, name=f"Team {letter}", roster=[f"{letter} {n}" for n in range(4)])
             for letter in "ABC"]
    services.schedule_make(league=league)
    services.absent_set(league=league, day=1, team=teams[2])
    cashier = get_user_model().objects.create_user("kasse", password="pw-12345-long")
    ClubRole.objects.create(club=club, user=cashier, role="cashier")
    client.force_login(cashier)
    page = client.get("/club/skv-bonn/leagues/ll/cash/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Gebucht 410,00 · kassiert 0,00 · offen 410,00" in page and "Ordnungsgeld" in page
    fee = league.charges.filter(team=teams[0], kind="fee").get()
    assert client.post("/club/skv-bonn/leagues/ll/cash/", {"charge": fee.pk}).status_code == 302
    again = client.post("/club/skv-bonn/leagues/ll/cash/", {"charge": fee.pk}, HTTP_ACCEPT_LANGUAGE="de")
    assert again.status_code == 422 and "schon kassiert" in again.content.decode()
    page = client.get("/club/skv-bonn/leagues/ll/cash/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Gebucht 410,00 · kassiert 120,00 · offen 290,00" in page
    sheet = load_workbook(BytesIO(client.get("/club/skv-bonn/leagues/ll/cash.xlsx").content)).active
    rows = [r for r in sheet.iter_rows(values_only=True) if any(r)]
    assert [r[0] for r in rows[-3:]] == ["Gebucht", "Kassiert", "Offen"]
    assert [float(r[2]) for r in rows[-3:]] == [410.0, 120.0, 290.0]
    assert client.get("/club/skv-bonn/leagues/ll/").status_code == 403  # the cashier reads no more than the book


@pytest.mark.slow
def test_a_league_s_files_are_named_in_the_language_they_are_printed_in(client, day):
    saved = {path: client.get(f"/club/skv-bonn/leagues/ll/{path}")["Content-Disposition"]
             for path in ("day/1/group/1/report.pdf", "table.xlsx", "players.pdf", "cash.xlsx", "table.pdf?language=en",
                          "players.xlsx?language=en", "cash.xlsx?language=en")}
    assert saved == {path: f'attachment; filename="{name}"' for path, name in (
        ("day/1/group/1/report.pdf", "ll-spielbericht-1-1.pdf"), ("table.xlsx", "ll-tabelle.xlsx"),
        ("players.pdf", "ll-einzelwertung.pdf"), ("cash.xlsx", "ll-kassenbericht.xlsx"),
        ("table.pdf?language=en", "ll-table.pdf"), ("players.xlsx?language=en", "ll-individual-ranking.xlsx"),
        ("cash.xlsx?language=en", "ll-cash-report.xlsx"))}
