"""The product in German in a real browser: a German browser (Accept-Language de) walks the director's pages,
the table's sheet (by its link and as staff), the committee's, slips and live pages,
the calculator and the login and finds no English word left (tests/german_pages.py: proper names allowed); an
English browser switches to German with the switch at the foot of the page and every later page stays German."""

import re

import pytest

from scoring.management.demo import demo_create
from tests.german_pages import english_words
from tests.roles import grant

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "turnierleiter-2026"


def names(tournament) -> tuple[str, ...]:
    found = {tournament.name, tournament.place}
    for name, club in tournament.players.values_list("name", "club"):
        found |= {name, club}
    return tuple(sorted((n for n in found if n), key=len, reverse=True))


BROKEN_WORDS = """els => els.flatMap(cell => {
    const text = cell.firstChild, broken = [];
    if (!text || text.nodeType !== Node.TEXT_NODE) return broken;
    for (const word of text.data.matchAll(/[^\\s-]+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        if (range.getClientRects().length > 1) broken.push(word[0]);
    }
    return broken;
})"""
"""The words of the cells that a line break cuts in two (a word drawn on two lines has two boxes); a double
name may break at its hyphen."""


def said(page) -> str:
    """What a reader sees and hears: the body's text, and the labels, titles and placeholders."""
    extra = page.eval_on_selector_all(
        "[aria-label], [title], [placeholder]",
        "els => els.map(e => [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('placeholder')]"
        ".filter(Boolean).join(' '))")
    return page.inner_text("body") + " " + " ".join(extra)


def log_in(page, live_server):
    page.goto(f"{live_server.url}/accounts/login/?next=/director/")
    page.fill("#id_username", "leitung")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/director/")


def test_german_browser_finds_no_english_on_the_main_pages(browser, live_server, django_user_model):
    from scoring.management.demo import demo_play
    from scoring.models import TableLink, TournamentScoring

    grant(django_user_model.objects.create_user("leitung", password=PASSWORD))
    tournament = demo_create(players=14, method="up-sides-down-middle", seed=3, rulebook="isko")
    demo_play(tournament, seed=3)
    TournamentScoring.objects.filter(tournament=tournament).update(published=True)
    type(tournament).objects.filter(pk=tournament.pk).update(language="de")  # the live board's print language
    link = TableLink.objects.filter(table__tournament=tournament).first()
    allowed = names(tournament)  # the money prizes' box speaks German too ("gesamt 1 50,00")
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{live_server.url}/accounts/login/")
        assert page.get_attribute("html", "lang") == "de"
        assert english_words(said(page)) == []
        log_in(page, live_server)
        pk = tournament.pk
        for path in ("/", "/score/", "/director/", f"/director/{pk}/", f"/director/{pk}/plan/",
                     f"/director/{pk}/seating/", f"/director/{pk}/series/", f"/director/{pk}/print/",
                     f"/tournaments/{pk}/tables/", f"/sheets/{link.table_id}/", f"/t/{link.token}/",
                     f"/committee/{pk}/", f"/committee/{pk}/slips/", f"/live/{pk}/", f"/live/{pk}/?show=prizes"):
            page.goto(f"{live_server.url}{path}")
            assert page.get_attribute("html", "lang") == "de", path
            assert english_words(said(page), allowed) == [], path

        page.goto(f"{live_server.url}/score/")
        page.select_option("select[name=rulebook]", "isko")
        page.fill("input[name=game]", "grand")
        page.check("input[name=hand]")
        page.select_option("select[name=matadores]", "2")
        page.fill("input[name=points]", "95")
        page.fill("input[name=tricks]", "8")
        page.click("main form button[type=submit]")
        page.locator("#result .explanation").wait_for()
        assert page.inner_text("#result .explanation") == "Grand Hand, mit 2, Spiel 3, Hand 4, Schneider 5 = 5 × 24 = 120"
        assert english_words(said(page)) == []
    finally:
        context.close()
    # German words are longer: the table's sheet must still fit a 360 px phone without sideways scrolling
    # ("verloren" heading the lost columns once pushed it to 374 px).
    phone = browser.new_context(locale="de-DE", viewport={"width": 360, "height": 640}, has_touch=True)
    try:
        sheet = phone.new_page()
        sheet.goto(f"{live_server.url}/t/{link.token}/")
        assert sheet.get_attribute("html", "lang") == "de"
        assert sheet.evaluate("document.documentElement.scrollWidth") <= 360
        # The live board's German heading ("Spiele gewonnen / verloren") once squeezed the names until they broke
        # mid-word ("Zimm/erma/nn"): a name may wrap between its words, never inside one.
        sheet.goto(f"{live_server.url}/live/{tournament.pk}/")
        assert sheet.inner_text("th:last-child") == "Sp. gew./verl."
        assert sheet.eval_on_selector_all("td.name", BROKEN_WORDS) == []
    finally:
        phone.close()


def test_switch_turns_every_page_german_and_back(page, live_server):
    page.goto(f"{live_server.url}/score/")
    assert page.get_attribute("html", "lang") == "en"
    page.click("form.language button[value=de]")
    page.wait_for_url(re.compile(r".*/score/$"))
    assert page.get_attribute("html", "lang") == "de"
    assert page.inner_text("h1") == "Spielwert berechnen"
    page.goto(f"{live_server.url}/")
    assert page.get_attribute("html", "lang") == "de"  # remembered
    page.click("form.language button[value=en]")
    page.wait_for_url(f"{live_server.url}/")
    assert page.get_attribute("html", "lang") == "en"
