"""A league match day's money at its event's cash desk: the team fees and the no-show fines of the group's teams
listed for the cashier, taken there with one tap (once), counted in that desk's cash exactly once, and said alike
on the report's page, its PDF and its workbook."""

import re
import subprocess
from decimal import Decimal
from io import BytesIO

import pytest
from django.contrib.auth import get_user_model
from openpyxl import load_workbook

from cashdesk.outside import OutsideLine
from cashdesk.selectors import CashSummary, cash_summary
from cashdesk.services import payment_take
from clubs.models import Club
from leagues import services
from leagues.models import Charge
from leagues.selectors import cash_book
from scoring.tournaments.services import tournament_open
from tests.cashdesk.test_cash_desk import _report_figures
from tests.roles import grant

TEAM_FEE, FINE, ENTRY = Decimal("120.00"), Decimal("50.00"), Decimal("2.50")


def _line(what, amount, *, taken=False, here=False):
    return OutsideLine(key="league:1", team="T", book="L", what=what, amount=Decimal(amount), taken=taken, here=here)


def test_only_the_league_money_taken_here_is_in_the_balance():
    cash = CashSummary(currency="EUR", fees=Decimal("10.00"), fees_paid_by=4, lost_games={1: Decimal("3.00")},
                       prizes=Decimal("5.00"), holdbacks=(), open_fees=Decimal("0"), open_lost_games=Decimal("0"),
                       open_prizes=Decimal("0"), lines=[],
                       outside=(_line("fee", "120", taken=True, here=True), _line("fine", "50", taken=True),
                                _line("fee", "80"), _line("fine", "25.50")))
    assert cash.outside_taken == Decimal("120")
    assert cash.outside_open == Decimal("105.50")  # 80 + 25.50; the fine taken elsewhere is neither
    assert cash.taken == Decimal("133.00")  # 10 + 3 + 120
    assert cash.balance == Decimal("128.00")  # 133 - 5


@pytest.fixture
def club(db):
    return Club.objects.create(slug="verband", name="Landesverband")


def four_teams(club):
    """Landesliga (team fee 120, no-show fine 50, one day) of four teams, team 4 absent on day 1."""
    league = services.league_create(club=club, slug="ll", name="Landesliga", season="2026",
                                    rules={"team_fee": "120", "no_show_fine": "50", "series_per_day": 1, "days": 1})
    teams = [services.team_add(league=league, name=f"Team {t}", roster=[f"T{t} P{n}" for n in range(1, 6)])
             for t in range(1, 5)]
    services.schedule_make(league=league, seed=1)
    services.absent_set(league=league, day=1, team=teams[3])
    return league, teams


@pytest.mark.slow
def test_the_match_days_desk_lists_takes_and_reports_the_league_lines(client, club, tmp_path):
    league, teams = four_teams(club)
    fee_of = {team.pk: Charge.objects.get(team=team, kind="fee").pk for team in teams}
    services.charge_take(league=league, charge=fee_of[teams[0].pk])  # at the league's own desk, before the day
    (group,) = services.day_seat(league=league, day=1, seed=1)
    event = group.tournament
    fine = Charge.objects.get(kind="fine")
    services.charge_take(league=league, charge=fine.pk)  # the fine taken at the league's desk: not this cash
    event.scoring.entry_fee = ENTRY
    event.scoring.save()
    players = list(event.players.order_by("pk"))[:3]
    for player in players:
        payment_take(tournament=event, player_id=player.pk, kind="fee")

    client.force_login(grant(get_user_model().objects.create_user("kasse", password="x"), "cashier", club))
    desk = client.get(f"/cash/{event.pk}/").content.decode()
    assert desk.count('name="line"') == 3  # the open fees of teams 2, 3 and 4; team 1 paid before
    assert "Team 4 (Landesliga)" in desk and "taken elsewhere" in desk
    assert client.post(f"/cash/{event.pk}/take-league/", {"line": f"league:{fee_of[teams[1].pk]}"}).status_code \
        == 302
    assert client.post(f"/cash/{event.pk}/take-league/", {"line": f"league:{fee_of[teams[1].pk]}"}).status_code \
        == 409  # once
    assert client.post(f"/cash/{event.pk}/take-league/", {"line": "league:x"}).status_code == 422
    evening = tournament_open(name="Clubabend", rulebook="isko", method="fixed", series_count=1, club=club)
    assert client.post(f"/cash/{evening.pk}/take-league/", {"line": f"league:{fee_of[teams[2].pk]}"}).status_code \
        == 409  # not that evening's line
    taken = Charge.objects.get(pk=fee_of[teams[1].pk])
    assert taken.taken_event_id == event.pk and taken.taken_at is not None

    cash = cash_summary(event)
    assert {(line.team, line.what, line.amount, line.taken, line.here) for line in cash.outside} == {
        ("Team 2", "fee", TEAM_FEE, True, True), ("Team 3", "fee", TEAM_FEE, False, False),
        ("Team 4", "fee", TEAM_FEE, False, False), ("Team 4", "fine", FINE, True, False)}
    by_hand_taken = 3 * ENTRY + TEAM_FEE  # 127.50: the entry fees and the one team fee taken here
    assert cash.taken == by_hand_taken and cash.balance == by_hand_taken
    assert cash.outside_open == 2 * TEAM_FEE
    assert cash_book(league).taken == 2 * TEAM_FEE + FINE  # the league's book: every line taken, wherever

    page = _report_figures(client, event)
    assert page["League money taken here"] == TEAM_FEE
    assert page["Taken in total"] == by_hand_taken and page["Balance"] == by_hand_taken
    assert page["League money open"] == 2 * TEAM_FEE
    assert page["Team fee: Team 2"] == TEAM_FEE and page["No-show fine: Team 4"] == FINE

    path = tmp_path / "report.pdf"
    path.write_bytes(client.get(f"/cash/{event.pk}/report.pdf").content)
    text = " ".join(subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    assert re.search(r"League money taken here €?120\.00", text), text
    assert re.search(r"Balance €?127\.50", text)
    assert re.search(r"Team fee: Team 2 \(Landesliga\), taken here €?120\.00", text)
    assert re.search(r"No-show fine: Team 4 \(Landesliga\), taken elsewhere €?50\.00", text)
    subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", str(path), str(tmp_path / "page")],
                   check=True)

    workbook = load_workbook(BytesIO(client.get(f"/cash/{event.pk}/report.xlsx").content))
    figures = {row[0]: row[1] for row in workbook["Cash report"].iter_rows(min_row=2, values_only=True)}
    assert Decimal(str(figures["League money taken here"])) == page["League money taken here"]
    assert Decimal(str(figures["Balance"])) == page["Balance"]
    assert Decimal(str(figures["Team fee: Team 3 (Landesliga), open"])) == TEAM_FEE
    assert Decimal(str(figures["League money open"])) == page["League money open"]

    event.language = "de"
    event.save(update_fields=["language"])
    german = load_workbook(BytesIO(client.get(f"/cash/{event.pk}/report.xlsx").content))
    said = {row[0]: row[1] for row in german["Kassenbericht"].iter_rows(min_row=2, values_only=True)}
    assert Decimal(str(said["Startgeld: Team 3 (Landesliga), offen"])) == TEAM_FEE
    assert Decimal(str(said["Strafe Nichtantreten: Team 4 (Landesliga), anderswo kassiert"])) == FINE
    assert Decimal(str(said["Ligagelder hier kassiert"])) == TEAM_FEE

    director = grant(get_user_model().objects.create_user("leiter", password="x"), "director", club)
    client.force_login(director)
    book = client.get("/club/verband/leagues/ll/cash/").content.decode()
    assert f"· {event.name}" in book  # the league's book says where the fee was taken
