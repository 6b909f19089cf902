"""A NUL byte (``\\x00``) in a paper slip's remarks gave a 500 on PostgreSQL (422 elsewhere).

The slip path once read the remarks straight from ``request.POST``, past the form field whose
``ProhibitNullCharactersValidator`` refuses NUL; now every text reaches the services through a form (and the
slip service refuses NUL itself). Every text field of the pages a table or the director types into is tried
here; the ``database`` marker runs this module again on PostgreSQL, where NUL cannot be stored at all.
"""

import pytest

from scoring.entry.access import table_link
from scoring.entry.services import slip_enter
from scoring.entry.sheets import deal_slot, seated_by_stay
from scoring.models import Deal, Slip
from scoring.results import EntryError
from seating.models import Player

pytestmark = pytest.mark.django_db

NUL = "before\x00after"


def slip_data(table, **changes):
    """A paper slip that would be taken (its player's own code included) but for the NUL put into it."""
    player_id = seated_by_stay(table)[1][0].player_id
    data = {"player_id": player_id, "net_points": "0", "net_games": "0", "remarks": NUL,
            "player_code": Player.objects.get(pk=player_id).ok_code}
    data.update(changes)
    return data


def test_nul_in_a_paper_slips_remarks_through_the_link_is_refused_with_a_message(client, table):
    response = client.post(f"/t/{table_link(table).token}/slips/1/paper/", slip_data(table))
    assert response.status_code == 422
    assert "Remarks: Null characters are not allowed" in response.content.decode()
    assert not Slip.objects.exists()


def test_nul_in_a_paper_slips_remarks_on_the_staff_page_is_refused(director, table):
    response = director.post(f"/sheets/{table.pk}/slips/1/paper/", slip_data(table), HTTP_HX_REQUEST="true")
    assert response.status_code == 422 and not Slip.objects.exists()


def test_the_slip_service_refuses_nul_itself(table):
    with pytest.raises(EntryError) as refused:
        slip_enter(table=table, stay=1, player_id=seated_by_stay(table)[1][0].player_id, net_points=0, net_games=0,
                   remarks=NUL)
    assert refused.value.field == "remarks"


@pytest.mark.parametrize("field", ["net_points", "net_games", "player_id", "player_code"])
def test_nul_in_a_slips_figures_is_refused(client, table, field):
    response = client.post(f"/t/{table_link(table).token}/slips/1/paper/", slip_data(table, remarks="",
                                                                                     **{field: "1\x00"}))
    assert response.status_code == 422 and not Slip.objects.exists()


@pytest.mark.parametrize("field", ["game", "submission_key", "announced", "result"])
def test_nul_in_a_deals_text_is_refused(client, table, field):
    slot = deal_slot(table, 1)
    data = {"number": 1, "kind": "game", "declarer_id": slot.active[0].player_id, "game": "club solo",
            "matadores": "2", "points": "79", "tricks": "8", field: NUL}
    response = client.post(f"/t/{table_link(table).token}/save/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 422 and not Deal.objects.exists()


def test_nul_in_an_ok_code_is_refused(client, table):
    first, second, *_ = seated_by_stay(table)[1]
    client.post(f"/t/{table_link(table).token}/slips/1/paper/", slip_data(table, remarks=""))
    slip = Slip.objects.get()
    response = client.post(f"/t/{table_link(table).token}/slip/{slip.pk}/ok/",
                           {"by_player_id": second.player_id, "ok_code": "12\x0034"})
    assert response.status_code == 422
    slip.refresh_from_db()
    assert slip.ok_by_id is None


def test_nul_in_a_table_links_address_is_no_link(client, table):
    assert client.get(f"/t/{table_link(table).token}%00/").status_code == 404


def test_nul_in_the_login_form_is_refused_with_a_message(client):
    for data in ({"username": NUL, "password": "x"}, {"username": "director", "password": NUL}):
        response = client.post("/accounts/login/", data)
        assert response.status_code == 200 and "Null characters are not allowed" in response.content.decode()


def test_nul_in_a_players_name_is_refused(director, table):
    response = director.post(f"/director/{table.tournament_id}/players/register/", {"name": NUL, "club": NUL})
    assert response.status_code == 422
    assert not Player.objects.filter(name__contains="before").exists()
