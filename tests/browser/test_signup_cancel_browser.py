"""A sign-up cancelled from a phone on its own page (the cancel link): the browser's POST must pass Django's CSRF
check. With ``Referrer-Policy: no-referrer`` a browser sends that POST with ``Origin: null`` and the check refuses it
("the page was too old"); the test client sends no Origin, so only a real browser shows it. A table's phone posts
its deals from /t/<token>/ (sent with Django's "same-origin") the same way: that page is held to the same rule."""

import pytest

from scoring.entry.access import table_link
from scoring.tournaments.services import tournament_open
from seating.models import Player, SignUp, Table, Tournament
from seating.services import tournament_draw
from seating.signups import signup_create
from tests.browser.entry_driver import PHONE

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_a_sign_up_is_cancelled_from_a_phone_on_its_own_page(browser, live_server):
    event = Tournament.objects.create(name="Preisskat", signup_open=True, signup_limit=10)
    anna = signup_create(tournament=event, name="Anna Albers", club="SC Nord", contact="0171 234567")
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    page.set_default_timeout(60_000)
    answer = page.goto(f"{live_server.url}/club/{event.club.slug}/signup/mine/{anna.cancel_token}/")
    with page.expect_navigation() as sent:
        page.get_by_role("button", name="Cancel my sign-up").click()
    assert sent.value.status == 200, page.locator("body").inner_text()  # on "no-referrer": 403, the page too old
    assert "sign-up cancelled" in page.locator("main").inner_text()
    assert SignUp.objects.get(pk=anna.pk).cancelled_at is not None
    assert answer.headers["referrer-policy"] == "same-origin"
    phone.close()


def test_no_page_a_phone_posts_from_is_sent_without_its_origin(browser, live_server):
    """The table's sheet posts deals: its policy lets the browser send the Origin (never "no-referrer")."""
    tournament = tournament_open(rulebook="isko", name="Open evening", method="fixed")
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Player {n:02d}", is_expert=n <= 3) for n in range(1, 13)])
    tournament_draw(tournament=tournament, seed=3)
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    page.set_default_timeout(60_000)
    answer = page.goto(f"{live_server.url}/t/{table_link(Table.objects.filter(tournament=tournament).first()).token}/")
    assert answer.status == 200 and page.locator("form[method=post]").count() > 0
    assert answer.headers.get("referrer-policy") == "same-origin"
    phone.close()
