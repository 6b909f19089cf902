"""Held back, recomputed by hand: an event in a season whose rules keep a share of the entry fees holds back that
share of the fees its book says were taken, to the cent, half a cent up, for each season; the balance is taken
less paid out less held back; the report says why, on the page, in the PDF and the workbook (German); the season's
prize pot is the sum of what its evenings' cash reports hold back for it."""

import subprocess
from decimal import Decimal
from io import BytesIO

import pytest
from django.contrib.auth import get_user_model
from openpyxl import load_workbook

from cashdesk.holdbacks import _providers, holdback_provider
from cashdesk.models import Payment
from cashdesk.selectors import cash_summary
from cashdesk.services import payment_reverse, payment_take
from clubs.models import Club
from scoring.tournaments.services import tournament_open
from seasons.holdbacks import season_holdbacks
from seasons.selectors import season_reading
from seasons.services import season_add, season_create
from seating.models import Player
from tests.cashdesk.test_cash_desk import _report_figures
from tests.roles import grant

pytestmark = pytest.mark.django_db

LEAGUE = "Vereinsmeisterschaft 2026"


@pytest.fixture
def club():
    return Club.objects.create(slug="skatfreunde", name="Skatfreunde")


def evening(club, players: int, fee: str, *, name: str = "Clubabend", language: str = "en", paid: int | None = None):
    """An evening of ``players`` players at ``fee`` each, the fee taken from the first ``paid`` (all) at the desk."""
    tournament = tournament_open(name=name, rulebook="isko", method="fixed", series_count=2, club=club,
                                 language=language)
    tournament.scoring.entry_fee = Decimal(fee)
    tournament.scoring.save()
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Spieler {n}", club=club.name)
                                for n in range(1, players + 1)])
    for player in list(tournament.players.order_by("pk"))[:players if paid is None else paid]:
        payment_take(tournament=tournament, player_id=player.pk, kind="fee")
    return tournament


def season(club, slug: str, name: str, percent, *events):
    made = season_create(club=club, slug=slug, name=name,
                         rules={"holdback_percent": percent} if percent is not None else {})
    season_add(season=made, tournaments=list(events))
    return made


@pytest.fixture
def cashier(client, club):
    client.force_login(grant(get_user_model().objects.create_user("kasse", password="x"), "cashier", club))
    return client


def test_a_quarter_of_twelve_fees_of_ten_euros_is_thirty_and_the_balance_follows(cashier, club):
    # Thirteen fees taken, one of them reversed (a mistake): twelve of 10.00 are in the book.
    event = evening(club, 13, "10.00")
    payment_reverse(tournament=event, payment_id=Payment.objects.filter(tournament=event).first().pk)
    players = list(event.players.order_by("pk"))
    Payment.objects.create(tournament=event, player=players[0], kind="lost_games", series=1, amount=Decimal("3.50"))
    Payment.objects.create(tournament=event, player=players[1], kind="prize", prize="total:1", amount=Decimal("25.00"))
    season(club, "2026", LEAGUE, 25, event)

    fees, lost, prizes = 12 * Decimal("10.00"), Decimal("3.50"), Decimal("25.00")
    held = Decimal("30.00")  # 120.00 / 4
    figures = _report_figures(cashier, event)
    assert figures["Entry fees"] == fees
    why = f"Held back for the season {LEAGUE}: 25 % of €120.00 entry fees taken"
    assert figures[why] == held
    assert figures["Held back in total"] == held
    assert figures["Balance"] == fees + lost - prizes - held == Decimal("68.50")
    cash = cash_summary(event)
    assert (cash.held_back, cash.balance) == (held, Decimal("68.50"))


def test_without_a_season_holding_back_nothing_is_held_back(cashier, club):
    alone = evening(club, 12, "10.00", name="Ohne Saison")
    in_a_season_without_holdback = evening(club, 12, "10.00", name="Pokalabend")
    season(club, "pokal", "Pokal", None, in_a_season_without_holdback)
    season(club, "null", "Ohne Rücklage", 0, in_a_season_without_holdback)
    for event in (alone, in_a_season_without_holdback):
        figures = _report_figures(cashier, event)
        assert figures["Held back"] == Decimal("0.00")
        assert "Held back in total" not in figures
        assert figures["Balance"] == Decimal("120.00")
        assert cash_summary(event).holdbacks == ()


def test_two_seasons_each_hold_back_their_share(cashier, club):
    event = evening(club, 12, "10.00")
    season(club, "2026", LEAGUE, 25, event)
    season(club, "pokal", "Pokal 2026", 12.5, event)
    figures = _report_figures(cashier, event)
    assert figures[f"Held back for the season {LEAGUE}: 25 % of €120.00 entry fees taken"] == Decimal("30.00")
    assert figures["Held back for the season Pokal 2026: 12.5 % of €120.00 entry fees taken"] == Decimal("15.00")
    assert figures["Held back in total"] == Decimal("45.00")
    assert figures["Balance"] == Decimal("120.00") - Decimal("45.00")
    assert [held.name for held in cash_summary(event).holdbacks] == [LEAGUE, "Pokal 2026"]  # the older first


def test_half_a_cent_is_rounded_up_for_each_season(club):
    event = evening(club, 7, "3.50")  # 24.50 taken
    season(club, "2026", LEAGUE, 25, event)  # 6.125 -> 6.13
    season(club, "pokal", "Pokal", 12.5, event)  # 3.0625 -> 3.06
    season(club, "drittel", "Drittel", 33.33, event)  # 8.165850 -> 8.17
    cash = cash_summary(event)
    assert [held.amount for held in cash.holdbacks] == [Decimal("6.13"), Decimal("3.06"), Decimal("8.17")]
    assert cash.held_back == Decimal("17.36")
    assert cash.balance == Decimal("24.50") - Decimal("17.36")


def test_what_is_held_back_is_of_the_fees_taken_not_of_those_owed(club):
    event = evening(club, 12, "10.00", paid=5)
    season(club, "2026", LEAGUE, 25, event)
    cash = cash_summary(event)
    assert (cash.fees, cash.open_fees, cash.held_back) == (Decimal("50.00"), Decimal("70.00"), Decimal("12.50"))


def test_the_seasons_prize_pot_is_what_its_evenings_hold_back(client, club):
    first, second = evening(club, 7, "3.50", name="Abend 1"), evening(club, 12, "10.00", name="Abend 2")
    other = evening(club, 10, "10.00", name="Abend eines anderen Wettbewerbs")
    league = season(club, "2026", LEAGUE, 25, first, second)
    season(club, "pokal", "Pokal", 50, second, other)
    pot = season_reading(league).table.held_back
    assert pot == Decimal("6.13") + Decimal("30.00")  # 25 % of 24.50 and of 120.00, each to the cent
    assert pot == sum(held.amount for event in (first, second) for held in cash_summary(event).holdbacks
                      if held.name == LEAGUE)
    client.force_login(grant(get_user_model().objects.create_user("leiter", password="x"), "director", club))
    page = client.get(f"/club/{club.slug}/seasons/2026/").content.decode()
    assert "Held back for the season's prizes" in page and "€36.13" in page


def test_the_seasons_register_with_the_cash_desk_once():
    assert _providers.count(season_holdbacks) == 1
    holdback_provider(season_holdbacks)  # an app made ready again
    assert _providers.count(season_holdbacks) == 1


@pytest.mark.slow
def test_the_german_pdf_and_workbook_say_why(cashier, club, tmp_path):
    event = evening(club, 7, "3.50", language="de")
    season(club, "2026", LEAGUE, 25, event)
    season(club, "pokal", "Pokal", 12.5, event)
    response = cashier.get(f"/cash/{event.pk}/report.pdf")
    assert response.status_code == 200
    path = tmp_path / "report.pdf"
    path.write_bytes(response.content)
    # -raw: a cell's text before the next cell's, however a long label wraps on the page
    text = " ".join(subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    assert f"Einbehalt für {LEAGUE}: 25 % von 24,50 € Startgeld 6,13 €" in text
    assert "Einbehalt für Pokal: 12,5 % von 24,50 € Startgeld 3,06 €" in text
    assert "Einbehalten gesamt 9,19 €" in text
    assert "Saldo 15,31 €" in text  # 24.50 - 9.19
    assert "Held back" not in text
    subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", str(path), str(tmp_path / "page")],
                   check=True)

    workbook = load_workbook(BytesIO(cashier.get(f"/cash/{event.pk}/report.xlsx").content))
    figures = {row[0]: row[1] for row in workbook["Kassenbericht"].iter_rows(min_row=2, values_only=True)}
    # "25 %" never broken apart: a no-break space between the figure and its sign
    assert Decimal(str(figures[f"Einbehalt für {LEAGUE}: 25\u00a0% von 24,50 € Startgeld"])) \
        == Decimal("6.13")
    assert Decimal(str(figures["Einbehalten gesamt"])) == Decimal("9.19")
    assert Decimal(str(figures["Saldo"])) == Decimal("15.31")
    assert figures["Einbehalt für die Jahreswertung"] is None  # the heading
