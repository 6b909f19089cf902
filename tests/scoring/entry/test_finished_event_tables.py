"""The event's end closes every table of it. The event is over once the director closes its last series; a table of
an earlier series he had not closed on its own still took an undo, a new deal and its slips through its link, so
its results could change after the prize list. Now the last series' close closes the tables of every series (a
series added afterwards opens the event again for itself only: tests/scoring/series/test_series_added_after_the_end.py)."""

import pytest

from scoring.entry.access import table_link
from scoring.models import Deal, SeriesClock, Slip
from scoring.series.services import series_close
from seating.models import Table, Tournament
from tests.scoring.committee.test_series_event import demo_event

pytestmark = pytest.mark.django_db


def test_an_earlier_series_table_takes_no_undo_after_the_event_is_over(client):
    event = demo_event(8, 2)
    series_close(tournament=event, series=2)
    assert Tournament.objects.get(pk=event.pk).status == Tournament.Status.FINISHED
    assert not SeriesClock.objects.filter(tournament=event, series=1, closed_at__isnull=False).exists()
    table = Table.objects.get(tournament=event, series=1, number=1)
    Slip.objects.filter(table=table).delete()  # its players had not OK'd their slips yet: the undo was open
    last = Deal.objects.filter(table=table).order_by("-number").first()
    response = client.post(f"/t/{table_link(table).token}/undo/", {"number": last.number}, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert "No deal can be entered or taken back at this table now." in response.content.decode()
    assert Deal.objects.filter(pk=last.pk).exists()
    page = client.get(f"/t/{table_link(table).token}/").content.decode()
    assert 'data-last="' not in page  # no Undo offered
    made = client.post(f"/t/{table_link(table).token}/slips/1/make/", HTTP_HX_REQUEST="true")
    assert made.status_code == 409 and not Slip.objects.filter(table=table).exists()
