"""Submission keys were global, not per table.

Posting table 2's submission key through table 1's link answered "Deal 1 saved" while nothing was saved at
table 1. Now a key belongs to its table (unique per table in the database), and "saved" is said only for a
deal saved at that table.
"""

import pytest
from django.db import IntegrityError, transaction

from scoring.entry.access import table_link
from scoring.entry.sheets import deal_slot
from scoring.models import Deal
from seating.models import Table
from tests.scoring.conftest import drawn_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tables():
    tournament = drawn_tournament(12)
    return [Table.objects.select_related("tournament", "section").get(tournament=tournament, number=n) for n in (1, 2)]


def entry(slot, key):
    return {"number": slot.number, "submission_key": key, "kind": "game", "declarer_id": slot.active[0].player_id,
            "game": "club solo", "matadores": "2", "points": "79", "tricks": "8"}


def save(client, table, key):
    return client.post(f"/t/{table_link(table).token}/save/", entry(deal_slot(table, 1), key), HTTP_HX_REQUEST="true")


def test_another_tables_key_saves_the_deal_at_this_table(client, tables):
    one, two = tables
    assert save(client, two, "shared-key").status_code == 200
    response = save(client, one, "shared-key")
    assert response.status_code == 200 and "Deal 1 saved" in response.content.decode()
    assert Deal.objects.filter(table=one, number=1).exists()  # "saved" is true now
    assert Deal.objects.filter(submission_key="shared-key").count() == 2


def test_a_double_submit_at_one_table_still_saves_once(client, tables):
    one, _ = tables
    save(client, one, "same-key")
    response = save(client, one, "same-key")
    assert "Deal 1 saved" in response.content.decode()
    assert Deal.objects.filter(table=one).count() == 1


def test_the_database_holds_a_key_once_per_table(client, tables):
    one, _ = tables
    save(client, one, "once")
    deal = Deal.objects.get(table=one)
    with pytest.raises(IntegrityError), transaction.atomic():
        Deal.objects.create(tournament=deal.tournament, table=one, number=2, stay=deal.stay, dealer=deal.dealer,
                            submission_key="once")
