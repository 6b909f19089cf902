"""The cash desk on a phone at the door: the cashier logs in, finds a player by two letters, takes his entry fee in
one tap and sees him paid, the search empty and ready for the next; twenty fees in at most three actions each; every
target is at least 44 px and nothing scrolls sideways on a 360 px phone."""

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model

from cashdesk.models import Payment
from scoring.models import TournamentScoring
from tests.browser.test_committee_browser import log_in
from tests.browser.test_entry_phone_browser import phone  # noqa: F401  (the fixture: a touch phone, no 5xx)
from tests.roles import grant
from tests.scoring.committee.test_series_event import demo_event

pytestmark = pytest.mark.django_db(transaction=True)

SMALL_TARGETS = """() => [...document.querySelectorAll('.cash-desk button, .cash-desk input:not([type=hidden]), .cash-desk nav a')]
    .filter(el => el.checkVisibility())
    .filter(el => { const r = el.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
    .map(el => el.outerHTML.slice(0, 80))"""


def test_the_fee_is_taken_at_the_door_in_one_tap_on_a_phone(phone, live_server):
    event = demo_event(7, 2)
    TournamentScoring.objects.filter(tournament=event).update(entry_fee=Decimal("10.00"), per_lost_game=Decimal("0.50"))
    get_user_model().objects.create_user("kasse", password="kasse-secret-1")
    grant(get_user_model().objects.get(username="kasse"), "cashier", event.club)
    player = event.players.order_by("pk").first()

    log_in(phone, live_server, "kasse", "kasse-secret-1")
    phone.goto(f"{live_server.url}/")
    phone.locator(f'a[href="/cash/{event.pk}/"]').click()
    phone.fill(".search input[name=q]", player.name[:2])
    phone.locator(".cash-desk .search button").click()
    row = phone.locator(f"#player-{player.pk}")
    row.locator("button", has_text="Take €10.00").click()
    phone.locator(f"#player-{player.pk} .paid").wait_for()
    assert "paid €10.00" in phone.locator(f"#player-{player.pk}").inner_text()
    assert phone.locator(".search input[name=q]").input_value() == ""  # emptied for the next person at the door
    assert list(Payment.objects.values_list("player_id", "amount")) == [(player.pk, Decimal("10.00"))]

    phone.goto(f"{live_server.url}/cash/{event.pk}/")
    for width, height in ((360, 640), (390, 844)):
        phone.set_viewport_size({"width": width, "height": height})
        assert phone.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scrolling
        assert phone.evaluate(SMALL_TARGETS) == [], width
    phone.goto(f"{live_server.url}/cash/{event.pk}/report/")
    assert "Taken in total" in phone.inner_text("main")


ARRIVALS = ["Zimmermann", "Becker", "Özdemir", "Wagner", "Hoffmann", "Schulz", "Krüger", "Neumann", "Lange", "Fischer",
            "Richter", "Klein", "Wolf", "Yilmaz", "Jung", "Vogel", "Engel", "Arnold", "Peters", "Graf"]


def take_fees(phone, players, take: str) -> int:
    """Each person arriving: two letters of his name typed into the search (ready and empty after the last fee,
    no tap to reach it, no letters to delete), one tap on his fee button (its words ``take``). The actions counted:
    every tap and every key."""
    actions = 0
    for player in sorted(players, key=lambda p: p.name[::-1]):  # an order of arrival that is not the list's
        search = phone.locator(".search input[name=q]")
        if phone.evaluate("document.activeElement.name") != "q":  # a tap to reach the search
            search.tap()
            actions += 1
        for _ in search.input_value():  # the last person's letters deleted
            phone.keyboard.press("Backspace")
            actions += 1
        letters = player.name[:2]
        phone.keyboard.type(letters)
        actions += len(letters)
        if phone.locator("form.search[hx-trigger]").count():
            phone.locator(f'#desk-list[data-search="{letters}"]').wait_for(timeout=30_000)  # follows the letters
        else:  # a search sent with Enter
            with phone.expect_navigation():
                phone.keyboard.press("Enter")
            actions += 1
        with phone.expect_navigation():
            phone.locator(f"#player-{player.pk} button", has_text=take).tap()
        actions += 1
        phone.locator(f"#player-{player.pk} .paid").wait_for(timeout=30_000)
    return actions


def test_twenty_fees_at_the_door_take_at_most_sixty_taps_and_keys(phone, live_server):
    """Twenty people arriving at the door, each taken as ``take_fees`` counts it."""
    event = demo_event(20, 1)
    TournamentScoring.objects.filter(tournament=event).update(entry_fee=Decimal("10.00"))
    players = list(event.players.order_by("pk"))
    assert len(players) == len(ARRIVALS)
    for player, name in zip(players, ARRIVALS):
        player.name = f"{name}, Kai"
        player.save(update_fields=["name"])
    get_user_model().objects.create_user("kasse", password="kasse-secret-1")
    grant(get_user_model().objects.get(username="kasse"), "cashier", event.club)
    log_in(phone, live_server, "kasse", "kasse-secret-1")
    phone.goto(f"{live_server.url}/cash/{event.pk}/")
    actions = take_fees(phone, players, "Take €10.00")
    assert actions <= 60, actions
    assert sorted(Payment.objects.values_list("player_id", flat=True)) == sorted(p.pk for p in players)
    assert sum(Payment.objects.values_list("amount", flat=True)) == Decimal("200.00")
