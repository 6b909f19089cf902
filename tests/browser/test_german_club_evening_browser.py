"""A German club's evening in a German browser, from the members' workbook to the season board: no English word, no
ISO date, no English number on any page or print, and every date field keeping its value when saved untouched.

The club is German (``Club.language``), so its evening and its season print German without being told. The director
imports the members from an XLSX file (one member's categories typed „Damen; Senioren“), opens the evening on the
director's form (its date left as the form offers it), picks the members, sets the sign-up's deadline and saves the
settings twice, the second time untouched; the seats are drawn on the plan page. The cashier takes the twelve fees at
the door on a phone, at most three actions a fee; a table's controller enters its whole stay on a phone and makes the
stay's slips from its last deal's answer, without a reload; the other tables' deals come from the service
(``enter_isko``); a second evening of the club is played as the season tests play one.
Then the season is made on the new-season form in club words (no JSON, the short name left to the name, 12,5 % held
back, prizes „100; 50; 25“), both evenings added, and its page, its PDF, its workbook and its projector board are
read back in German.
"""

import re
from datetime import date, timedelta
from decimal import Decimal
from io import BytesIO

import pytest
from openpyxl import Workbook, load_workbook

from cashdesk.models import Payment
from clubs.models import Member
from clubs.services import club_create
from scoring.entry.access import table_link
from scoring.entry.sheets import deal_slot
from seasons.models import Season
from seating.models import Player, Table, Tournament
from seating.schedule import schedule_of
from tests.browser.entry_driver import PHONE, Controller, game
from tests.browser.test_cash_desk_browser import take_fees
from tests.browser.test_committee_browser import log_in
from tests.browser.test_german_browser import said
from tests.browser.test_two_clubs_browser import pdf_text
from tests.german_pages import english_words
from tests.roles import director, grant
from tests.scoring.conftest import enter_isko
from tests.seasons.conftest import club_evening

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PASSWORD = "vorstand-asgard-1990"
CLUB, EVENING, SEASON = "Skatfreunde Asgard 1990 e.V.", "Clubabend Asgard", "Jahreswertung 2026"
MEMBERS = [("Bärbel Köhler", "Damen; Senioren"), ("Jürgen Müller", ""), ("Anna Albers", "Damen"),
           ("Bernd Bauer", ""), ("Carla Claus", "Damen"), ("Dieter Dahl", "Senioren"), ("Erika Ebert", "Damen"),
           ("Franz Fink", ""), ("Heinz Hahn", ""), ("Ingrid Imhof", "Damen"), ("Karl Kunz", "Senioren")]
GUEST = ("Gustav Gast", "SC Nachbarort")
NAMES = (CLUB, EVENING, SEASON, "Asgard", *(name for name, _ in MEMBERS), *GUEST)
GERMAN = "de-DE,de;q=0.9"

ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
GERMAN_DATE = re.compile(r"\b\d{1,2}\.\d{1,2}\.\d{2,4}\b")
ENGLISH_NUMBER = re.compile(r"\d\.\d{1,2}(?![\d.])|\d,\d{3}(?![\d])")
"""A decimal point before one or two digits ("100.00", "12.5") or a comma grouping thousands ("2,482"): English;
checked once the German dates (28.11.2026) are taken out of the text."""


def problems(text: str) -> list[str]:
    """English words, ISO dates and English numbers in a page's or a print's text (the names typed allowed)."""
    found = [f"English: {word}" for word in english_words(text, NAMES)]
    found += [f"ISO date: {day}" for day in ISO_DATE.findall(text)]
    found += [f"English number: {n}" for n in ENGLISH_NUMBER.findall(GERMAN_DATE.sub(" ", text))]
    return found


def check(page, what: str) -> None:
    assert page.get_attribute("html", "lang") == "de", what
    assert problems(said(page)) == [], what


def members_workbook(path) -> str:
    book = Workbook()
    sheet = book.active
    sheet.append(["Name", "Verein", "Mitgliedsnummer", "Kategorien", "Gast", "Öffentlich"])
    for number, (name, categories) in enumerate(MEMBERS, start=101):
        sheet.append([name, CLUB, str(number), categories, "nein", "ja"])
    sheet.append([GUEST[0], GUEST[1], "", "", "ja", "ja"])
    book.save(path)
    return str(path)


def test_a_german_clubs_evening_from_the_members_workbook_to_the_season_board(browser, live_server,
                                                                               django_user_model, tmp_path):
    club = club_create(slug="asgard", name=CLUB, language="de")
    director(django_user_model, "vorstand", PASSWORD, club)
    grant(django_user_model.objects.create_user("kasse", password=PASSWORD), "cashier", club)
    url = live_server.url
    german = {"locale": "de-DE", "extra_http_headers": {"Accept-Language": GERMAN}}
    desk = browser.new_context(**german, viewport={"width": 1280, "height": 900}, accept_downloads=True)
    phones = browser.new_context(**german, **PHONE)  # the door's and a table's phones
    try:
        page = desk.new_page()
        page.set_default_timeout(30_000)
        log_in(page, live_server, "vorstand", PASSWORD)

        # The members, imported from the club's workbook: previewed, confirmed; „Damen; Senioren“ are two.
        page.goto(f"{url}/club/{club.slug}/members/import/")
        check(page, "the import page")
        page.set_input_files("input[type=file]", members_workbook(tmp_path / "mitglieder.xlsx"))
        page.click("main form button[type=submit]")
        page.locator("form[action$='/members/import/confirm/']").wait_for()
        check(page, "the import's preview")
        page.locator("form[action$='/members/import/confirm/'] button[type=submit]").click()
        page.wait_for_url(f"{url}/club/{club.slug}/members/")
        check(page, "the members' list")
        assert club.members.count() == len(MEMBERS) + 1
        assert Member.objects.get(club=club, name="Bärbel Köhler").category_names == ["Damen", "Senioren"]
        forget = Member.objects.get(club=club, name="Bärbel Köhler")
        page.goto(f"{url}/club/{club.slug}/members/{forget.pk}/forget/")
        check(page, "the forget page of a woman")
        assert "seinen Daten" not in said(page)

        # The evening on the director's form: German print by the club's language, the date as the form offers it.
        page.goto(f"{url}/director/")
        check(page, "the director's start page")
        form = page.locator("#new-tournament form[action='/director/']")
        assert form.locator("select[name=language]").input_value() == "de"  # the club's language, not chosen
        assert form.locator("input[name=date]").input_value() == date.today().isoformat()  # shown, not empty
        form.locator("input[name=name]").fill(EVENING)
        form.locator("select[name=rulebook]").select_option("isko")
        form.locator("select[name=method]").select_option("fixed")
        form.locator("button[type=submit]").click()
        page.locator("#picker").wait_for()
        evening = Tournament.objects.get(name=EVENING)
        assert (evening.club_id, evening.language, evening.date) == (club.pk, "de", date.today())
        check(page, "the evening's players page")

        # The sign-up's deadline: set once, then the settings saved untouched keep it.
        deadline = f"{date.today() + timedelta(days=7):%Y-%m-%d}T18:00"
        page.goto(f"{url}/director/{evening.pk}/signups/")
        check(page, "the sign-up settings")
        page.fill("form.signup-settings input[name=deadline]", deadline)
        page.click("form.signup-settings button[type=submit]")
        page.wait_for_load_state()
        evening.refresh_from_db()
        kept = evening.signup_deadline
        assert kept is not None
        page.goto(f"{url}/director/{evening.pk}/signups/")
        assert page.locator("form.signup-settings input[name=deadline]").input_value() == deadline
        page.click("form.signup-settings button[type=submit]")
        page.wait_for_load_state()
        check(page, "the sign-up settings saved again")
        evening.refresh_from_db()
        assert evening.signup_deadline == kept

        # The players: the members picked by a tap each (the guest too), the seats drawn on the plan page.
        page.goto(f"{url}/director/{evening.pk}/")
        picked = [name for name, _ in MEMBERS] + [GUEST[0]]
        for count, name in enumerate(picked, start=1):
            member = Member.objects.get(club=club, name=name)
            page.click("#pick-text")
            page.keyboard.type(name.split()[1][:4], delay=20)
            page.locator(f"button[data-member='{member.pk}']").click()
            page.locator("#player-count", has_text=str(count)).wait_for()
        check(page, "the players picked")
        page.reload()  # fixed tables need a controller at each: three ticked on the players page
        players = list(Player.objects.filter(tournament=evening).order_by("pk"))
        for count, player in enumerate(players[:3], start=1):
            page.click(f"#expert-{player.pk} input")
            page.locator("#expert-count", has_text=str(count)).wait_for()
        Tournament.objects.filter(pk=evening.pk).update(session_rounds=2)  # a short evening: a stay of a few deals
        page.goto(f"{url}/director/{evening.pk}/plan/")
        check(page, "the plan page")
        page.fill("#draw input[name=seed]", "2026")
        page.click("#draw button[type=submit]")
        page.wait_for_url(f"**/director/{evening.pk}/seating/")
        check(page, "the seating")
        assert Table.objects.filter(tournament=evening).count() == 3  # twelve players: three tables of four
        evening.scoring.entry_fee = Decimal("10.00")
        evening.scoring.save()

        # The fees at the door on the cashier's phone: two letters and a tap a person, three actions at most.
        door = phones.new_page()
        door.set_default_timeout(30_000)
        log_in(door, live_server, "kasse", PASSWORD)
        door.goto(f"{url}/cash/{evening.pk}/")
        check(door, "the cash desk at the door")
        actions = take_fees(door, players, "kassieren")
        assert len(players) >= 12 and actions <= 3 * len(players), actions
        assert sorted(Payment.objects.filter(kind="fee").values_list("player_id", flat=True)) == [p.pk for p in players]
        check(door, "the cash desk, every fee taken")

        # A whole stay entered on a table's phone; its last deal's answer brings the slips, made on the same page.
        table = Table.objects.get(tournament=evening, number=1)
        sheet = phones.new_page()
        sheet.set_default_timeout(30_000)
        sheet.goto(f"{url}/t/{table_link(table).token}/")
        sheet.locator("#deal-form").wait_for()
        check(sheet, "the table's sheet on the phone")
        sheet.evaluate("window.samePage = true")  # gone if the page were loaded again
        make = sheet.locator(".slips button", has_text="Zettel für Durchgang 1 aus der Liste erstellen")
        assert make.count() == 0
        per_stay = schedule_of(table).deals_per_stay
        for number in range(1, per_stay + 1):
            c = Controller(sheet, saved="Spiel {n} gespeichert")
            game(c, number % 3, "Null", result="gewonnen")
            c.save(number)
        make.wait_for()
        make.tap()
        sheet.locator("table.slips-table tbody tr").first.wait_for()
        assert sheet.locator("table.slips-table tbody tr").count() == len(deal_slot(table, 1).players)
        assert table.slips.filter(stay=1).count() == len(deal_slot(table, 1).players)
        assert sheet.evaluate("window.samePage") is True  # no reload, no navigation
        check(sheet, "the sheet with the stay's slips")
        enter_isko(evening, deals=6, first_table=2)
        members = list(club.members.filter(guest=False).order_by("pk"))
        second = club_evening(club, members, seed=7, series=1)
        assert second.language == "de"

        # The season in club words: no JSON, the short name made of the name, German numbers.
        page.goto(f"{url}/club/{club.slug}/seasons/")
        check(page, "the seasons' list")
        new = page.locator("#season-new form")
        assert new.locator("textarea[name=rules]").count() == 0
        assert new.locator("select[name=language]").input_value() == "de"
        new.locator("input[name=name]").fill(SEASON)
        new.locator("input[name=best]").fill("2")
        new.locator("input[name=holdback_percent]").fill("12,5")
        new.locator("input[name=prizes]").fill("100; 50; 25")
        new.locator("button[type=submit]").click()
        page.wait_for_url(re.compile(r".*/seasons/jahreswertung-2026/(#.*)?$"))  # the form's anchor carried over
        season = Season.objects.get(club=club)
        assert (season.slug, season.language) == ("jahreswertung-2026", "de")
        assert season.rules == {"best": 2, "holdback_percent": 12.5, "prizes": [100, 50, 25]}
        for tick in page.locator("#season-events input[name=tournament]").all():
            tick.check()
        page.click("#season-events button[type=submit]")
        page.wait_for_load_state()
        page.eval_on_selector_all("details", "all => all.forEach(d => d.open = true)")  # every "Warum" read
        check(page, "the season page, every explanation open")
        text = said(page).replace("\u00a0", " ")
        assert "12,5 % des Startgelds" in text and "Saisonpreis: 100,00 €." in text, text
        assert f"({evening.date:%d.%m.%Y})" in text
        assert "Für die Jahreswertung einbehalten: 15,00 €" in text  # 12,5 % of 12 fees of 10,00 €

        # The rules form saved untouched keeps everything.
        page.locator("#season-rules-change button[type=submit]").click()
        page.wait_for_load_state()
        season.refresh_from_db()
        assert season.rules == {"best": 2, "holdback_percent": 12.5, "prizes": [100, 50, 25]}
        assert season.language == "de"

        # Its prints and its board, in German.
        with page.expect_download() as download:
            page.click(f"a[href$='/seasons/{season.slug}/season.pdf']")
        printed = pdf_text(download.value, tmp_path / "jahreswertung.pdf")
        assert problems(printed) == [], printed
        assert "12,5" in printed and "Jahreswertung" in printed
        with page.expect_download() as download:
            page.click(f"a[href$='/seasons/{season.slug}/season.xlsx']")
        download.value.save_as(tmp_path / "jahreswertung.xlsx")
        workbook = load_workbook(BytesIO((tmp_path / "jahreswertung.xlsx").read_bytes()))
        cells = " ".join(str(cell) for sheet in workbook for row in sheet.iter_rows(values_only=True)
                         for cell in row if isinstance(cell, str))
        assert ISO_DATE.findall(cells) == [] and "Saisonpreis: 100,00 €." in cells
        assert {c.number_format for (c,) in workbook["Gewertet und gestrichen"].iter_rows(min_row=2, min_col=3,
                                                                                          max_col=3)} == {"DD.MM.YYYY"}
        page.goto(f"{url}/club/{club.slug}/seasons/{season.slug}/board/")
        check(page, "the season board")
        assert "Jahreswertung" in said(page) and "Spieler" in said(page)

        # The cash report of the evening says the season's share in German.
        page.goto(f"{url}/cash/{evening.pk}/report/")
        check(page, "the cash report")
        assert "Einbehalt für Jahreswertung 2026: 12,5 % von 120,00 € Startgeld" in said(page).replace("\u00a0", " ")
    finally:
        desk.close()
        phones.close()
