"""A league line taken by mistake at a match day's event desk is reversed there, as the club's own lines are: by
the event's cashier (or director), with a reason, once, only where it was taken; both lines stay in the history
(the league's cash book and the event's report), the event's cash counts the money exactly once (none after the
reversal, once when it is taken again), and the league's cash book shows the line open again. Figures by hand."""

import re
import subprocess
from decimal import Decimal
from io import BytesIO

import pytest
from django.contrib.auth import get_user_model
from django.db import connection  # noqa: F401 - read by the race's skipif condition
from openpyxl import load_workbook

from cashdesk.selectors import cash_summary
from cashdesk.services import payment_take
from clubs.models import Club
from leagues import services
from leagues.models import Charge
from leagues.selectors import cash_book
from tests.cashdesk.test_cash_desk import _report_figures
from tests.cashdesk.test_league_lines import four_teams
from tests.roles import grant

TEAM_FEE, FINE, ENTRY = Decimal("120.00"), Decimal("50.00"), Decimal("2.50")


@pytest.fixture
def day(db):
    """Landesliga's day 1: four teams, team 4 absent (a fine of 50), the event seated, three entry fees of 2.50
    taken at its desk; team 2's fee and team 4's fine taken there too."""
    club = Club.objects.create(slug="verband", name="Landesverband")
    league, teams = four_teams(club)
    (group,) = services.day_seat(league=league, day=1, seed=1)
    event = group.tournament
    event.scoring.entry_fee = ENTRY
    event.scoring.save()
    for player in list(event.players.order_by("pk"))[:3]:
        payment_take(tournament=event, player_id=player.pk, kind="fee")
    fee = Charge.objects.get(team=teams[1], kind="fee")
    fine = Charge.objects.get(kind="fine")
    for charge in (fee, fine):
        services.charge_take(league=league, charge=charge.pk, event=event)
    cashier = get_user_model().objects.create_user("kasse", password="x")
    grant(cashier, "cashier", club)
    return {"club": club, "league": league, "teams": teams, "event": event, "fee": fee, "fine": fine,
            "cashier": cashier}


def _reverse(client, event, charge, note="wrong team"):
    return client.post(f"/cash/{event.pk}/reverse-league/", {"line": f"league:{charge.pk}", "note": note})


@pytest.mark.slow
def test_a_league_line_taken_here_is_reversed_with_its_reason_and_counted_once(client, day, tmp_path):
    event, league, fee = day["event"], day["league"], day["fee"]
    client.force_login(day["cashier"])
    before = cash_summary(event)
    assert before.outside_taken == TEAM_FEE + FINE and before.balance == 3 * ENTRY + TEAM_FEE + FINE  # 177.50
    desk = client.get(f"/cash/{event.pk}/").content.decode()
    assert desk.count(f"/cash/{event.pk}/reverse-league/") == 2  # the two lines taken here, each offered once

    assert _reverse(client, event, fee).status_code == 302
    assert _reverse(client, event, fee).status_code == 409  # once
    counter = Charge.objects.get(reverses=fee)
    assert (counter.amount, counter.note, counter.taken_event_id, counter.taken_by_id) == (
        -TEAM_FEE, "wrong team", event.pk, day["cashier"].pk)
    assert _reverse(client, event, counter).status_code == 409  # a reversal is not reversed
    fee.refresh_from_db()
    assert fee.taken_event_id == event.pk and fee.taken_at is not None  # the take stays in the history

    # by hand: taken here 3 × 2.50 + the fine 50 (the team fee taken and given back: 0) = 57.50; open: the fees of
    # teams 1, 2 (again), 3 and 4 = 480
    cash = cash_summary(event)
    assert cash.outside_taken == FINE and cash.taken == cash.balance == Decimal("57.50")
    assert cash.outside_open == 4 * TEAM_FEE
    book = cash_book(league)  # booked 4 × 120 + 50 = 530 (120 − 120 + 120 for team 2); taken 50; open 480
    assert (book.booked, book.taken, book.open) == (Decimal("530.00"), FINE, Decimal("480.00"))
    again = Charge.objects.get(team=day["teams"][1], kind="fee", taken_at__isnull=True)
    assert [line.pk for line in book.lines if line.open and line.team_id == day["teams"][1].pk] == [again.pk]

    page = _report_figures(client, event)
    assert page["League money taken here"] == FINE and page["Balance"] == Decimal("57.50")
    assert page["League money open"] == 4 * TEAM_FEE
    html = client.get(f"/cash/{event.pk}/report/").content.decode()
    for said in ("Team fee: Team 2 (Landesliga), taken here", "Team fee: Team 2 (Landesliga), given back here: "
                 "wrong team", "Team fee: Team 2 (Landesliga), open"):
        assert said in html, said

    path = tmp_path / "report.pdf"
    path.write_bytes(client.get(f"/cash/{event.pk}/report.pdf").content)
    text = " ".join(subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    assert re.search(r"League money taken here €?50\.00", text), text
    assert re.search(r"Balance €?57\.50", text)
    assert re.search(r"Team fee: Team 2 \(Landesliga\), given back here: wrong team [−-]€?120\.00", text), text
    workbook = load_workbook(BytesIO(client.get(f"/cash/{event.pk}/report.xlsx").content))
    figures = {row[0]: row[1] for row in workbook["Cash report"].iter_rows(min_row=2, values_only=True)}
    assert Decimal(str(figures["League money taken here"])) == FINE
    assert Decimal(str(figures["Balance"])) == Decimal("57.50")
    assert Decimal(str(figures["Team fee: Team 2 (Landesliga), given back here: wrong team"])) == -TEAM_FEE
    assert Decimal(str(figures["Team fee: Team 2 (Landesliga), taken here"])) == TEAM_FEE
    assert Decimal(str(figures["Team fee: Team 2 (Landesliga), open"])) == TEAM_FEE

    director = grant(get_user_model().objects.create_user("leiter", password="x"), "director", day["club"])
    client.force_login(director)
    assert "given back" in client.get("/club/verband/leagues/ll/cash/").content.decode()

    # taken again at the desk: counted once, 57.50 + 120 = 177.50
    client.force_login(day["cashier"])
    assert client.post(f"/cash/{event.pk}/take-league/", {"line": f"league:{again.pk}"}).status_code == 302
    cash = cash_summary(event)
    assert cash.outside_taken == TEAM_FEE + FINE and cash.balance == Decimal("177.50")
    assert cash_book(league).taken == TEAM_FEE + FINE


def test_a_league_line_is_reversed_only_at_the_desk_that_took_it_and_only_by_its_cashier(client, day):
    event, league = day["event"], day["league"]
    fee_3 = Charge.objects.get(team=day["teams"][2], kind="fee")
    fee_1 = Charge.objects.get(team=day["teams"][0], kind="fee")
    services.charge_take(league=league, charge=fee_1.pk)  # at the league's own desk
    client.force_login(day["cashier"])
    assert _reverse(client, event, fee_3).status_code == 409  # not taken: nothing to give back
    assert _reverse(client, event, fee_1).status_code == 409  # taken elsewhere
    assert client.post(f"/cash/{event.pk}/reverse-league/", {"line": "league:x"}).status_code == 422
    committee = grant(get_user_model().objects.create_user("preise", password="x"), "committee", day["club"])
    client.force_login(committee)
    assert _reverse(client, event, day["fee"]).status_code == 403
    other = Club.objects.create(slug="andere", name="Anderer Skatclub")
    client.force_login(grant(get_user_model().objects.create_user("fremd", password="x"), "cashier", other))
    assert not 200 <= _reverse(client, event, day["fee"]).status_code < 400
    assert not Charge.objects.filter(amount__lt=0).exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)")
def test_one_league_line_reversed_on_four_phones_at_once_is_given_back_once(day):
    from cashdesk.services import CashError, outside_line_reverse
    from tests.races import race, told

    event, fee = day["event"], day["fee"]
    reverse = told(lambda: outside_line_reverse(tournament=event, key=f"league:{fee.pk}", note="twice?"), CashError,
                   "reversed")
    answers = race(*[reverse] * 4, hold=(Charge.objects, "create"))
    assert answers == ["refused: this line has been reversed already"] * 3 + ["reversed"]
    assert sorted(Charge.objects.filter(team=fee.team, kind="fee").values_list("amount", flat=True)) == [
        -TEAM_FEE, TEAM_FEE, TEAM_FEE]
    assert cash_summary(event).outside_taken == FINE
