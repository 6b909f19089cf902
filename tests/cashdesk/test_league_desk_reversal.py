"""A league line taken by mistake at the league's own cash desk (not a match day's) is reversed there, as at a match
day's desk (tests/cashdesk/test_league_line_reversal.py): a Reverse button with its reason on each line taken at
this desk, a counter-line in the league's book, the line booked again open; refused once reversed, not taken,
taken at a match day's desk, or a counter-line itself; the cashier's and the director's, not the committee's.
Figures by hand."""

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Club
from leagues import services
from leagues.models import Charge
from leagues.selectors import cash_book
from tests.cashdesk.test_league_lines import four_teams
from tests.roles import grant

TEAM_FEE, FINE = Decimal("120.00"), Decimal("50.00")
DESK = "/club/verband/leagues/ll/cash/"


@pytest.fixture
def desk(db, client):
    """Landesliga of four teams (fees 4 × 120, team 4's no-show fine 50: booked 530); at the league's desk the
    cashier took team 1's fee and the fine."""
    club = Club.objects.create(slug="verband", name="Landesverband")
    league, teams = four_teams(club)
    cashier = grant(get_user_model().objects.create_user("kasse", password="x"), "cashier", club)
    client.force_login(cashier)
    fee = Charge.objects.get(team=teams[0], kind="fee")
    fine = Charge.objects.get(kind="fine")
    for charge in (fee, fine):
        assert client.post(DESK, {"action": "take", "charge": charge.pk}).status_code == 302
    return {"club": club, "league": league, "teams": teams, "fee": fee, "fine": fine, "cashier": cashier}


def _reverse(client, charge, note="wrong team", **headers):
    return client.post(DESK, {"action": "reverse", "charge": charge.pk, "note": note}, **headers)


def _reverse_forms(client) -> int:
    return client.get(DESK).content.decode().count('name="action" value="reverse"')


def test_a_line_taken_at_the_league_desk_is_reversed_there_with_its_reason(client, desk):
    league, fee = desk["league"], desk["fee"]
    assert _reverse_forms(client) == 2  # the two lines taken here, each offered once
    book = cash_book(league)
    assert (book.booked, book.taken, book.open) == (Decimal("530.00"), Decimal("170.00"), Decimal("360.00"))

    assert _reverse(client, fee).status_code == 302
    counter = Charge.objects.get(reverses=fee)
    assert (counter.amount, counter.note, counter.taken_event_id, counter.taken_by_id) == (
        -TEAM_FEE, "wrong team", None, desk["cashier"].pk)
    fee.refresh_from_db()
    assert fee.taken_at is not None and fee.taken_event_id is None  # the take stays in the book
    # by hand: booked 4 × 120 + 50 − 120 (the counter-line) + 120 (team 1's fee booked again) = 530;
    # taken 120 + 50 − 120 = 50; open 530 − 50 = 480 (the four fees)
    book = cash_book(league)
    assert (book.booked, book.taken, book.open) == (Decimal("530.00"), FINE, Decimal("480.00"))
    again = Charge.objects.get(team=desk["teams"][0], kind="fee", taken_at__isnull=True)
    assert [line.pk for line in book.lines if line.open and line.team_id == desk["teams"][0].pk] == [again.pk]
    page = client.get(DESK).content.decode()
    assert "given back: wrong team" in page and "Booked 530.00 · taken 50.00 · open 480.00" in page
    assert _reverse_forms(client) == 1  # the fine only: neither the reversed line nor its counter-line

    assert client.post(DESK, {"action": "take", "charge": again.pk}).status_code == 302  # taken again: once
    book = cash_book(league)
    assert (book.taken, book.open) == (TEAM_FEE + FINE, 4 * TEAM_FEE - TEAM_FEE)


def test_the_refusals_at_the_league_desk(client, desk):
    league, teams, fee = desk["league"], desk["teams"], desk["fee"]
    assert _reverse(client, fee).status_code == 302
    twice = _reverse(client, fee)
    assert twice.status_code == 409 and "this line has been reversed already" in twice.content.decode()
    counter = Charge.objects.get(reverses=fee)
    back = _reverse(client, counter)
    assert back.status_code == 422
    assert "a reversal is not reversed: take the line booked again instead" in back.content.decode()
    open_fee = Charge.objects.get(team=teams[1], kind="fee")
    not_taken = _reverse(client, open_fee)
    assert not_taken.status_code == 409 and "there is nothing to give back" in not_taken.content.decode()
    (group,) = services.day_seat(league=league, day=1, seed=1)
    services.charge_take(league=league, charge=open_fee.pk, event=group.tournament)  # at the match day's desk
    elsewhere = _reverse(client, open_fee)
    assert elsewhere.status_code == 409 and "it is given back there" in elsewhere.content.decode()
    assert client.post(DESK, {"action": "reverse", "charge": "x", "note": ""}).status_code == 422
    german = _reverse(client, open_fee, HTTP_ACCEPT_LANGUAGE="de")
    assert "diese Zeile wurde an einer anderen Kasse kassiert" in german.content.decode()
    assert list(Charge.objects.filter(amount__lt=0).values_list("reverses_id", flat=True)) == [fee.pk]
    book = cash_book(league)  # by hand: 50 (the fine) + 120 (team 2's fee at the day's desk)
    assert book.taken == FINE + TEAM_FEE


def test_only_the_cashier_and_the_director_reverse(client, desk):
    committee = grant(get_user_model().objects.create_user("preise", password="x"), "committee", desk["club"])
    client.force_login(committee)
    assert _reverse(client, desk["fee"]).status_code == 403
    assert not Charge.objects.filter(amount__lt=0).exists()
    client.force_login(grant(get_user_model().objects.create_user("leiter", password="x"), "director",
                             desk["club"]))
    assert _reverse_forms(client) == 2
    assert _reverse(client, desk["fee"]).status_code == 302
    assert Charge.objects.filter(reverses=desk["fee"]).count() == 1


def test_the_league_page_offers_no_reversal(client, desk):
    client.force_login(grant(get_user_model().objects.create_user("leiter", password="x"), "director",
                             desk["club"]))
    assert 'value="reverse"' not in client.get("/club/verband/leagues/ll/").content.decode()
