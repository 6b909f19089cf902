"""The whole German journey in one browser run: an ISkO event of three series in German, from the public
sign-up to the prizes paid out.

The director (a German browser, locale de-DE) opens the event with three series and German print, opens the
public sign-up; players sign up on the public form in a second, logged-out German browser (a few by hand, the
rest through the same form by Django's test client, each from its own address so the hourly limit never bites);
the director checks them in, sets the entry fee and the prizes with German decimal commas ("10,00"), draws
series 1 by lot, 2 by the standings and 3 by lot; a controller enters a deal through his table's link in German,
the other deals come from the service (``enter_isko``); then the prize list PDF, the cash desk (every fee taken,
every prize paid out) and the cash report PDF, both read back in German. Every page the test opens is checked
for English words (``tests/german_pages.py``).

Vocabulary: the *hall* is the logged-out browser of the players and the controller.
"""

from datetime import date
from decimal import Decimal

import pytest
from django.test import Client
from playwright.sync_api import expect

from cashdesk.models import Payment
from clubs.models import Club
from scoring.entry.access import table_link
from scoring.models import Deal
from seating.models import Player, Seat, SeriesDraw, SignUp, Table, Tournament
from tests.browser.test_committee_browser import log_in
from tests.browser.test_german_browser import said
from tests.browser.test_two_clubs_browser import pdf_text
from tests.german_pages import english_words
from tests.roles import director
from tests.scoring.conftest import enter_isko

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PASSWORD = "turnierleiter-2026"
EVENT, CLUB = "Herbstpreis Skat", "SC Kreuz Bube"
PEOPLE = [(f"{first} {last}", club) for first, last, club in (
    ("Anna", "Ebert", "SC Kreuz Bube"), ("Bernd", "Maier", "Grand Hand Köln"), ("Carla", "Otto", "SC Kreuz Bube"),
    ("Dieter", "Kunz", "Skatfreunde Süd"), ("Erika", "Vogt", "Grand Hand Köln"), ("Fritz", "Hahn", "SC Kreuz Bube"),
    ("Greta", "Zorn", "Skatfreunde Süd"), ("Heinz", "Lange", "Grand Hand Köln"), ("Ilse", "Brandt", "SC Kreuz Bube"),
    ("Jens", "Pohl", "Skatfreunde Süd"), ("Karin", "Seidel", "Grand Hand Köln"), ("Lutz", "Fuchs", "SC Kreuz Bube"),
    ("Maria", "Roth", "Skatfreunde Süd"), ("Norbert", "Weiss", "Grand Hand Köln"))]
BY_BROWSER = 3  # the first three sign up by hand, the rest through the same form by the test client
FEE, PRIZES = Decimal("10.00"), (Decimal("40.00"), Decimal("25.00"), Decimal("15.00"))
GERMAN = "de-DE,de;q=0.9"


def comma(amount: Decimal) -> str:
    return f"{amount:.2f}".replace(".", ",")


def assert_german(page, what: str) -> None:
    """The page is German and says no English word (the names the test typed allowed)."""
    allowed = tuple(sorted({EVENT, CLUB, *(n for p in PEOPLE for n in p)}, key=len, reverse=True))
    assert page.get_attribute("html", "lang") == "de", what
    assert english_words(said(page), allowed) == [], what


def sign_up_by_hand(hall, url: str, name: str, club: str, number: int) -> None:
    hall.goto(url)
    assert_german(hall, "the public sign-up form")
    form = hall.locator("form:has(input[name=contact])")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=club]").fill(club)
    form.locator("input[name=contact]").fill(f"0170 55{number:03d}")
    form.locator("button[type=submit]").click()
    hall.wait_for_url("**/signup/mine/**")
    assert_german(hall, "a sign-up's own page")


def draw(page, how: str, number: int, pk: int) -> None:
    page.goto(page.url.split("#")[0])
    page.locator("#draw-next select[name=how]").select_option(how)
    if how == "lot":
        page.locator("#draw-next input[name=seed]").fill(str(2026 + number))
    page.click("#draw-next button[type=submit]")
    page.wait_for_load_state()
    assert Seat.objects.filter(tournament_id=pk, series=number).count() == len(PEOPLE), number
    assert_german(page, f"the series page after series {number}")


def test_a_german_isko_event_of_three_series_from_sign_up_to_paid_out_prizes(browser, live_server, django_user_model,
                                                                             tmp_path):
    club = Club.objects.create(slug="kreuzbube", name=CLUB)
    director(django_user_model, "leitung", PASSWORD, club)
    url = live_server.url
    desk = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900}, accept_downloads=True)
    hall = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page, phone = desk.new_page(), hall.new_page()
        for one in (page, phone):
            one.set_default_timeout(15_000)

        # The director opens the event: ISkO, three series, printed in German.
        log_in(page, live_server, "leitung", PASSWORD)
        page.goto(f"{url}/director/")
        assert_german(page, "the director's start page")
        form = page.locator("#new-tournament form[action='/director/']")
        form.locator("input[name=name]").fill(EVENT)
        form.locator("input[name=date]").fill(date.today().isoformat())
        form.locator("select[name=rulebook]").select_option("isko")
        form.locator("select[name=method]").select_option("fixed")
        form.locator("input[name=series_count]").fill("3")
        form.locator("select[name=language]").select_option("de")
        form.locator("button[type=submit]").click()
        page.wait_for_url("**/director/*/**")
        event = Tournament.objects.get(name=EVENT)
        assert (event.club_id, event.series_count, event.language) == (club.pk, 3, "de")
        assert_german(page, "the new event's players page")

        # Public sign-up opened.
        page.goto(f"{url}/director/{event.pk}/signups/")
        assert_german(page, "the sign-up settings")
        page.locator("form.signup-settings input[name=open]").check()
        page.click("form.signup-settings button[type=submit]")
        page.locator("form.signup-settings a[href$='/signup/%d/']" % event.pk).wait_for()
        assert_german(page, "the sign-up settings, open")
        form_url = f"{url}/club/{club.slug}/signup/{event.pk}/"

        # The players sign up: a few in the hall's browser, the rest by the same form from the test client.
        for number, (name, their_club) in enumerate(PEOPLE[:BY_BROWSER]):
            sign_up_by_hand(phone, form_url, name, their_club, number)
        for number, (name, their_club) in enumerate(PEOPLE[BY_BROWSER:], start=BY_BROWSER):
            response = Client(REMOTE_ADDR=f"10.0.0.{number}").post(
                f"/club/{club.slug}/signup/{event.pk}/",
                {"name": name, "club": their_club, "contact": f"0170 55{number:03d}", "website": ""},
                HTTP_ACCEPT_LANGUAGE=GERMAN)
            assert response.status_code == 302, (name, response.status_code)
        assert SignUp.objects.filter(tournament=event).count() == len(PEOPLE)

        # The check-in: everyone came; each sign-up becomes a player.
        page.goto(f"{url}/director/{event.pk}/signups/")
        assert_german(page, "the check-in list")
        for box in page.locator("input[name=signup]").all():
            box.check()
        page.click("button[name=check_in]")
        page.wait_for_load_state()
        assert_german(page, "the check-in list, checked in")
        players = list(Player.objects.filter(tournament=event))
        assert sorted(p.name for p in players) == sorted(name for name, _ in PEOPLE)

        # The committee's money, typed the German way.
        page.goto(f"{url}/committee/{event.pk}/")
        assert_german(page, "the committee page")
        settings = page.locator(f"form[action='/committee/{event.pk}/settings/']")
        settings.locator("input[name=entry_fee]").fill(comma(FEE))
        settings.locator("textarea[name=prize_money]").fill(
            "\n".join(f"gesamt {place} {comma(amount)}" for place, amount in enumerate(PRIZES, start=1)))
        settings.locator("button[type=submit]").click()
        page.wait_for_load_state()
        assert_german(page, "the committee page, money saved")
        event.scoring.refresh_from_db()
        assert event.scoring.entry_fee == FEE
        assert [Decimal(a) for _, _, a in event.scoring.prize_money] == list(PRIZES)

        # Series 1 by lot; deal 1 at table 1 entered through the table's link on a German phone.
        page.goto(f"{url}/director/{event.pk}/series/")
        assert_german(page, "the series page")
        draw(page, "lot", 1, event.pk)
        table = Table.objects.get(tournament=event, series=1, number=1)
        phone.goto(f"{url}/t/{table_link(table).token}/")
        assert_german(phone, "the table's sheet by its link")
        phone.locator("#deal-form fieldset.who label.pill").nth(0).click()
        phone.locator("#deal-form fieldset.picks label.pill", has_text="Grand").click()
        phone.locator("#deal-form fieldset.mats label.chip", has_text="2").first.click()
        phone.fill("input[name=points]", "75")
        phone.fill("input[name=tricks]", "6")
        phone.click("button.save")
        phone.locator("#entry-status", has_text="Spiel 1 gespeichert").wait_for()
        assert Deal.objects.get(table=table, number=1).score == 72  # Grand, mit 2: 3 × 24
        assert_german(phone, "the table's sheet after a deal")
        enter_isko(event, series=1, deals=4, first_table=2)

        # Series 2 by the standings, series 3 by lot, each played as it comes.
        draw(page, "standings", 2, event.pk)
        enter_isko(event, series=2, deals=4)
        draw(page, "lot", 3, event.pk)
        enter_isko(event, series=3, deals=4)
        assert list(SeriesDraw.objects.filter(tournament=event).order_by("number").values_list("number", "how")) == [
            (1, "lot"), (2, "standings"), (3, "lot")]

        # The prize list, printed in German.
        page.goto(f"{url}/committee/{event.pk}/")
        assert_german(page, "the committee page after series 3")
        with page.expect_download() as download:
            page.click(f"a[href='/committee/{event.pk}/prizes.pdf']")
        prize_list = pdf_text(download.value, tmp_path / "preisliste.pdf")
        assert EVENT in prize_list and "Platz" in prize_list and "€" in prize_list, prize_list
        assert all(f"{comma(amount)} €" in prize_list for amount in PRIZES), prize_list
        assert english_words(prize_list, (EVENT, CLUB, *(n for p in PEOPLE for n in p))) == []

        # The cash desk: every fee taken, every prize paid out.
        page.goto(f"{url}/cash/{event.pk}/")
        assert_german(page, "the cash desk")
        for player in players:
            page.locator(f"#player-{player.pk} form:has(input[name=kind][value=fee]) button").click()
            page.locator(f"#player-{player.pk} .paid").first.wait_for()
        assert_german(page, "the cash desk, fees taken")
        page.goto(f"{url}/cash/{event.pk}/?show=prize")
        assert_german(page, "the cash desk's prizes")
        payout = page.locator("form:has(input[name=kind][value=prize]) button")
        for left in range(len(PRIZES) - 1, -1, -1):
            payout.first.click()
            expect(payout).to_have_count(left)  # that prize paid, the desk shown again: never tapped twice
        assert_german(page, "the cash desk, prizes paid out")
        book = Payment.objects.filter(tournament=event)
        assert sorted(book.filter(kind="fee").values_list("amount", flat=True)) == [FEE] * len(PEOPLE)
        assert sorted(book.filter(kind="prize").values_list("amount", flat=True), reverse=True) == list(PRIZES)
        winners = set(Player.objects.filter(pk__in=book.filter(kind="prize").values("player_id"))
                      .values_list("name", flat=True))
        assert len(winners) == len(PRIZES) and all(name in prize_list for name in winners), (winners, prize_list)

        # The cash report, on the page and in its German PDF: taken, paid out, the balance.
        page.goto(f"{url}/cash/{event.pk}/report/")
        assert_german(page, "the cash report")
        with page.expect_download() as download:
            page.click(f"a[href='/cash/{event.pk}/report.pdf']")
        report = pdf_text(download.value, tmp_path / "kassenbericht.pdf")
        taken, paid_out = FEE * len(PEOPLE), sum(PRIZES)
        assert EVENT in report and "€" in report, report
        for amount in (taken, paid_out, taken - paid_out):
            assert comma(amount) in report, (amount, report)
        assert english_words(report, (EVENT, CLUB, *(n for p in PEOPLE for n in p))) == []
    finally:
        desk.close()
        hall.close()
