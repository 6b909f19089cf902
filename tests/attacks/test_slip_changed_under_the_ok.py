"""An OK for figures the OK'ing player never saw.

A paper slip not yet OK'd can be copied again by its own player; the OK form another player had open still
pointed at the same slip, so his OK, sent after the change, OK'd the new figures (say +10 became +40) although his
page had shown him the old ones. Now the OK form carries what it showed (``seen``): a slip changed since is
refused with its new figures (409), nothing OK'd; read again, it is OK'd as shown.
"""

import re
from html import unescape

import pytest

from scoring.entry.access import table_link
from scoring.models import Slip
from tests.attacks.test_forged_slips import code_of, paper

pytestmark = pytest.mark.django_db


def ok_form(client, table, slip) -> tuple[str, dict]:
    """The slip's OK form as the table's page shows it now: its address and the fields it sends as they are."""
    page = client.get(f"/t/{table_link(table).token}/").content.decode()
    form = re.search(r'<form method="post" action="([^"]*/slip/%d/ok/)"(.*?)</form>' % slip.pk, page, re.S)
    fields = {name: unescape(value) for name, value in re.findall(
        r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(2)) if name != "csrfmiddlewaretoken"}
    return form.group(1), fields


def test_a_slip_changed_after_the_ok_form_was_shown_is_not_okd(client, table, seat):
    mine, other = seat
    assert paper(client, table, mine, net_points=10, net_games=1).status_code == 200
    slip = Slip.objects.get(player_id=mine)
    url, shown = ok_form(client, table, slip)  # the other player reads +10 and takes the phone to OK it
    assert paper(client, table, mine, net_points=40, net_games=2).status_code == 200  # meanwhile: +40
    response = client.post(url, {**shown, "by_player_id": other, "ok_code": code_of(other)})
    assert response.status_code == 409
    assert ("changed since this page showed it: it now says 40 points, 2 games. Read it again and OK it if it is "
            "right.") in unescape(response.content.decode())
    assert Slip.objects.get(pk=slip.pk).ok_by_id is None
    url, shown = ok_form(client, table, slip)  # read again: +40
    assert client.post(url, {**shown, "by_player_id": other, "ok_code": code_of(other)}).status_code == 200
    assert Slip.objects.filter(pk=slip.pk).values_list("net_points", "ok_by_id").get() == (40, other)
