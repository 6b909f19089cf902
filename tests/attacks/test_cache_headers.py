"""Table-link pages were sent without Cache-Control.

A table link is a password in the address: every page under ``/t/<token>/`` (and the login page) is now sent
``Cache-Control: no-store, private``, so neither a shared cache nor a phone's back button keeps it.
"""

import pytest

from scoring.entry.access import table_link
from scoring.entry.sheets import deal_slot

pytestmark = pytest.mark.django_db


def assert_not_stored(response):
    directives = {part.strip() for part in response.get("Cache-Control", "").split(",")}
    assert {"no-store", "private"} <= directives, response.get("Cache-Control")


def test_every_table_link_page_is_never_stored(client, table):
    token = table_link(table).token
    slot = deal_slot(table, 1)
    data = {"number": 1, "kind": "game", "declarer_id": slot.active[0].player_id, "game": "club solo",
            "matadores": "2", "points": "79", "tricks": "8"}
    assert_not_stored(client.get(f"/t/{token}/"))
    assert_not_stored(client.post(f"/t/{token}/preview/", data, HTTP_HX_REQUEST="true"))
    assert_not_stored(client.post(f"/t/{token}/save/", data, HTTP_HX_REQUEST="true"))
    assert_not_stored(client.post(f"/t/{token}/slips/1/make/"))
    assert_not_stored(client.post(f"/t/{token}/slips/1/paper/", {"player_id": "x"}))  # refused: still not stored
    assert_not_stored(client.get("/t/no-such-token/"))
    assert_not_stored(client.get("/t/sw.js"))  # the sheet's worker: asked for anew, never an old copy


def test_the_login_page_is_never_stored(client):
    assert_not_stored(client.get("/accounts/login/"))
