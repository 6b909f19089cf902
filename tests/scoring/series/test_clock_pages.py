"""The series clock on the pages: the director sets the series time, starts the series and closes it
on the series page, which lists the tables not finished; the table's sheet and the live board show the time left;
after the close the table's link refuses a deal over HTTP, in English and German, and saves nothing."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.entry.access import table_link
from scoring.entry.sheets import deal_slot
from scoring.models import Deal, SeriesClock
from scoring.tournaments.selectors import scoring_settings
from seating.models import Table, Tournament
from tests.scoring.conftest import enter_isko
from tests.scoring.entry.test_views import entry_data
from tests.scoring.series.test_clock import three_series

pytestmark = pytest.mark.django_db


def page(client, tournament, query=""):
    return client.get(reverse("director:series", args=[tournament.pk]) + query).content.decode()


def test_the_director_sets_the_time_starts_the_series_and_sees_the_tables_not_finished(admin_client):
    tournament = three_series()
    enter_isko(tournament, series=3, deals=3)
    html = page(admin_client, tournament)
    assert "Series clock · series 3" in html and "Start series 3" in html and "135 minutes" in html

    response = admin_client.post(reverse("director:series-time", args=[tournament.pk]), {"minutes": "9"})
    assert response.status_code == 422 and "greater than or equal to 10" in response.content.decode()
    admin_client.post(reverse("director:series-time", args=[tournament.pk]), {"minutes": "120"})
    assert scoring_settings(Tournament.objects.get(pk=tournament.pk)).series_minutes == 120

    before = timezone.now()
    response = admin_client.post(reverse("director:series-clock-start", args=[tournament.pk]), {"series": "3"})
    assert response.status_code == 302
    clock = SeriesClock.objects.get(tournament=tournament, series=3)
    assert before <= clock.started_at <= timezone.now() and clock.ends_at - clock.started_at == timedelta(minutes=120)

    html = page(admin_client, tournament)
    assert "data-series-clock" in html and "Start series 3" not in html and "Close series 3" in html
    assert html.count("<tr><td class=\"num strong\">") == Table.objects.filter(tournament=tournament, series=3).count()
    assert "Every table has entered all its deals." not in html


def test_closing_a_series_refuses_its_tables_entry_over_http_in_both_languages(admin_client, client):
    tournament = three_series()
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, series=3, number=1)
    token = table_link(table).token
    admin_client.post(reverse("director:series-clock-start", args=[tournament.pk]), {"series": "3"})
    sheet = client.get(f"/t/{token}/").content.decode()
    assert "data-series-clock" in sheet and "Time left" in sheet and "Save deal 1" in sheet

    response = admin_client.post(reverse("director:series-clock-close", args=[tournament.pk]), {"series": "3"})
    assert response.status_code == 302
    assert SeriesClock.objects.get(series=3).closed_by.is_superuser

    sheet = client.get(f"/t/{token}/").content.decode()
    assert "Series 3 is closed" in sheet and "Save deal 1" not in sheet
    slot = deal_slot(table, 1)
    response = client.post(f"/t/{token}/save/", entry_data(slot), HTTP_HX_REQUEST="true")
    # 409, as any refusal of the whole deal (not of a field): the phone shows the notice
    assert response.status_code == 409 and "Series 3 is closed" in response.content.decode()
    response = client.post(f"/t/{token}/save/", entry_data(slot), HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 409 and "Serie 3 ist geschlossen" in response.content.decode()
    assert Deal.objects.count() == 0
    assert "Closed at" in page(admin_client, tournament)


def test_the_live_board_shows_the_current_series_clock(client):
    tournament = three_series()
    settings = scoring_settings(tournament)
    settings.published = True
    settings.save()
    assert 'class="series-clock' not in client.get(f"/live/{tournament.pk}/").content.decode()  # not started
    SeriesClock.objects.create(tournament=tournament, series=3, minutes=135, started_at=timezone.now(),
                               ends_at=timezone.now() + timedelta(minutes=10))

    html = client.get(f"/live/{tournament.pk}/").content.decode()

    assert 'class="series-clock warning"' in html and "Last 15 minutes" in html and "series-clock.js" in html
    assert "ends at" in html
