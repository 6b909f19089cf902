"""A second browser with no login follows a published ISkO event while a table enters: the
live page updates without a reload, a player's own page (his start card's QR) shows his seat and rank, and the
API's standings are the committee's (``manage.py standings --format json``)."""

import io
import json

import pytest
from django.core.management import call_command

from scoring.entry.access import table_link
from scoring.tournaments.services import tournament_open
from seating.models import Player, Seat, Table
from seating.services import tournament_draw
from tests.browser.entry_driver import ISKO_MIX, PHONE, enter_mix

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_second_browser_follows_a_published_isko_event_while_a_table_enters(browser, live_server):
    tournament = tournament_open(rulebook="isko", name="Open evening", method="fixed")
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Player {n:02d}", is_expert=n <= 3)
                                for n in range(1, 13)])
    tournament_draw(tournament=tournament, seed=3)
    call_command("publish", str(tournament.pk), stdout=io.StringIO())
    table = Table.objects.get(tournament=tournament, number=1)

    home = browser.new_context()  # a reader at home: no login, nothing shared with the hall
    reader = home.new_page()
    reader.set_default_timeout(30_000)
    live = f"{live_server.url}/club/{tournament.club.slug}/results/{tournament.pk}/live/"
    reader.goto(live)
    totals = "[...document.querySelectorAll('#live td.total')].map(td => td.textContent)"
    assert set(reader.evaluate(totals)) == {"0"}  # seated, nothing entered yet
    reader.evaluate("document.body.dataset.loaded = 'once'")  # gone if the page reloads instead of updating

    hall = browser.new_context(**PHONE)  # the table's controller
    controller = hall.new_page()
    controller.set_default_timeout(15_000)
    enter_mix(controller, f"{live_server.url}/t/{table_link(table).token}/", ISKO_MIX[:3])

    reader.wait_for_function(f"{totals}.some(total => total !== '0')", timeout=30_000)  # htmx polls every 10 s
    assert reader.evaluate("document.body.dataset.loaded") == "once"

    player = Seat.objects.filter(table=table).select_related("player").order_by("seat").first()
    own = home.new_page()
    own.goto(f"{live_server.url}/p/{player.player.page_token}/")
    text = own.locator("main").inner_text()
    assert f"table {table.number}, seat {player.seat}" in text
    assert "Rank " in text and " of 12 players" in text

    out = io.StringIO()
    call_command("standings", str(tournament.pk), stdout=out)
    api = json.loads(own.goto(f"{live_server.url}/api/v1/events/{tournament.pk}/standings/").text())
    assert api["standings"] == json.loads(out.getvalue())["standings"]
    home.close()
    hall.close()
