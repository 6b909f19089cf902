""""Make stay N slips" answers a refusal with a 4xx status and one sentence, as the other slip actions do: a stay
the table does not have, a stay not over yet, a stay nobody sat in (422: what the request asked for), a closed
series (409: tests/scoring/entry/test_closed_series_slips.py); nothing is made."""

import pytest

from scoring.entry.access import table_link
from seating.models import Seat
from seating.schedule import schedule_of
from tests.scoring.entry.test_sheet_offers import enter


def _make(client, table, stay, htmx):
    return client.post(f"/t/{table_link(table).token}/slips/{stay}/make/",
                       **({"HTTP_HX_REQUEST": "true"} if htmx else {}))


def _said(response) -> str:
    return response.content.decode().replace("&#x27;", "'")


@pytest.mark.parametrize("htmx", [False, True])
def test_a_stay_nobody_sat_in_is_refused_with_422_and_one_sentence(client, table, htmx):
    enter(table, range(1, schedule_of(table).deals_per_stay + 1))
    Seat.objects.filter(table=table, stay=1).delete()  # the stay's seats gone: the sheet gives nobody a slip
    response = _make(client, table, 1, htmx)
    assert response.status_code == 422, response.status_code
    assert f"Nobody sat at table {table.number} in stay 1." in _said(response)
    assert not table.slips.exists()


@pytest.mark.parametrize("stay", [0, 99])
def test_a_stay_the_table_does_not_have_is_refused_with_422_and_one_sentence(client, table, stay):
    enter(table, range(1, schedule_of(table).deals_per_stay + 1))
    response = _make(client, table, stay, True)
    assert response.status_code == 422
    stays = schedule_of(table).stays
    assert (f"Table {table.number} plays stay 1 only: there is no stay {stay}." if stays == 1 else
            f"Table {table.number} plays stays 1 to {stays}: there is no stay {stay}.") in _said(response)
    assert not table.slips.exists()


def test_the_refusals_are_said_in_german(client, table):
    from tests.scoring.entry.test_german_entry import GERMAN

    enter(table, range(1, schedule_of(table).deals_per_stay + 1))
    token = table_link(table).token
    beyond = client.post(f"/t/{token}/slips/99/make/", **GERMAN)
    assert beyond.status_code == 422
    assert (f"Tisch {table.number} spielt die Durchgänge 1 bis {schedule_of(table).stays}: Einen Durchgang 99 gibt "
            "es nicht.") in _said(beyond)
    Seat.objects.filter(table=table, stay=1).delete()
    nobody = client.post(f"/t/{token}/slips/1/make/", **GERMAN)
    assert nobody.status_code == 422 and f"An Tisch {table.number} saß in Durchgang 1 niemand." in _said(nobody)
