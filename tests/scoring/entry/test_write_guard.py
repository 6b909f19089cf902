"""The entry views' write guard, written once (``scoring.entry.views._writes``): every view that writes at a
table answers a visitor who may only read the sheets (the prize committee) with 403, and writes nothing."""

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.entry.services import deal_enter, slips_produce
from scoring.entry.sheets import deal_slot
from scoring.models import Deal, Slip
from scoring.results import DealFacts
from seating.schedule import schedule_of
from tests.roles import grant

WRITING_VIEWS = ["staff-preview", "staff-save", "staff-undo", "staff-slips-make", "staff-slip-paper", "staff-slip-ok"]


def test_every_writing_view_refuses_a_reader_and_writes_nothing(client, table):
    per_stay = schedule_of(table).deals_per_stay
    for number in range(1, per_stay + 1):  # a whole stay, with its slips: every view has something to write
        declarer = deal_slot(table, number).active[0].player_id
        deal_enter(table=table, number=number, facts=DealFacts(declarer_id=declarer, game="club solo", matadores=2,
                                                               points=79, tricks=8))
    slip = slips_produce(table=table, stay=1)[0][0]
    slot = deal_slot(table, per_stay + 1)
    sent = {"number": slot.number, "submission_key": "k", "kind": "game", "player_id": slip.player_id,
            "net_points": "0", "net_games": "0", "by_player_id": slot.active[1].player_id}
    user = User.objects.create_user("reader", password="pw")
    grant(user, "committee")
    client.force_login(user)
    before = (list(Deal.objects.values_list("id", "version", "voided")),
              list(Slip.objects.values_list("id", "ok_by_id", "net_points")))
    args = {"staff-slips-make": (table.pk, 1), "staff-slip-paper": (table.pk, 1), "staff-slip-ok": (table.pk, slip.pk)}
    for name in WRITING_VIEWS:
        with CaptureQueriesContext(connection) as queries:
            response = client.post(reverse(f"scoring:{name}", args=args.get(name, (table.pk,))), sent,
                                   HTTP_HX_REQUEST="true")
        assert response.status_code == 403, name
        assert "only the director enters and corrects scores" in response.content.decode(), name
        assert not [q["sql"] for q in queries.captured_queries
                    if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))], name
    assert (list(Deal.objects.values_list("id", "version", "voided")),
            list(Slip.objects.values_list("id", "ok_by_id", "net_points"))) == before


def test_a_table_link_still_writes(client, table):
    from scoring.entry.access import table_link

    slot = deal_slot(table, 1)
    response = client.post(f"/t/{table_link(table).token}/save/", {
        "number": 1, "submission_key": "k1", "kind": "game", "declarer_id": slot.active[0].player_id,
        "game": "club solo", "matadores": "2", "points": "79", "tricks": "8"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and Deal.objects.count() == 1


pytestmark = pytest.mark.django_db


def test_the_readers_refusal_is_german_for_a_german_browser(client, table):
    from tests.german_pages import english_words, visible_text

    user = User.objects.create_user("leser", password="pw")
    grant(user, "committee")
    client.force_login(user)
    response = client.post(reverse("scoring:staff-undo", args=(table.pk,)), {}, HTTP_ACCEPT_LANGUAGE="de")
    page = response.content.decode()
    assert response.status_code == 403
    assert "Spiele eintragen und berichtigen darf allein die Turnierleitung" in page
    assert english_words(visible_text(page), (table.tournament.name,)) == []
