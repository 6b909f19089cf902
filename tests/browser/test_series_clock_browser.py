"""The series clock in a real browser, as a German table and the hall's projector see it: the director
starts series 3 on the series page; the table's phone (360 px, German) counts the time left down by itself, warns
in the last 15 minutes and says when the time is up; the live board shows the same clock. The director then closes
the series and the phone's sheet refuses the next deal.

With ``SCREENSHOTS_DIR`` set, the shots are kept (``clock-sheet-de-360.png``, ``clock-live-de-360.png`` ...)."""

from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from scoring.entry.access import table_link
from scoring.models import SeriesClock, TournamentScoring
from seating.models import Table, Tournament
from tests.browser.screens import SCREENSHOTS
from tests.browser.test_director_browser import PASSWORD
from tests.roles import grant
from tests.scoring.series.test_clock import three_series

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def keep(page, name):
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"), full_page=False)


def test_the_clock_counts_down_on_the_phone_and_the_projector(browser, live_server, django_user_model):
    grant(django_user_model.objects.create_user("director", password=PASSWORD))
    tournament = three_series()
    Tournament.objects.filter(pk=tournament.pk).update(language="de")
    TournamentScoring.objects.filter(tournament=tournament).update(published=True)
    table = Table.objects.get(tournament=tournament, series=3, number=1)

    director_context = browser.new_context(viewport={"width": 1280, "height": 900})
    phone_context = browser.new_context(viewport={"width": 360, "height": 740}, locale="de-DE",
                                        extra_http_headers={"Accept-Language": "de"})
    try:
        walk(director_context, phone_context, live_server, tournament, table)
    finally:  # the live board polls the server: closed before the server stops
        phone_context.close()
        director_context.close()


def walk(director_context, phone_context, live_server, tournament, table):
    director = director_context.new_page()
    director.goto(f"{live_server.url}/director/{tournament.pk}/series/")
    director.fill("#id_username", "director")
    director.fill("#id_password", PASSWORD)
    director.click("main button[type=submit]")
    director.click("text=Start series 3")
    director.locator("text=Series 3 started: it ends at").wait_for()
    assert director.locator("#clock .series-clock.running").is_visible()
    assert director.locator("#tables-behind tbody tr").count() == Table.objects.filter(tournament=tournament,
                                                                                       series=3).count()
    keep(director, "clock-series-page-en-1280")

    phone = phone_context.new_page()
    phone.goto(f"{live_server.url}/t/{table_link(table).token}/")
    clock = phone.locator(".series-clock")
    assert "Restzeit" in clock.inner_text() and "Ende um" in clock.inner_text()
    first = clock.locator("[data-left]").inner_text()
    phone.wait_for_function(f"document.querySelector('.series-clock [data-left]').textContent !== '{first}'")
    assert first.startswith("2:14:") or first.startswith("2:15:")
    keep(phone, "clock-sheet-de-360")

    # The last 15 minutes, then the end: the page counts them itself, without reloading
    SeriesClock.objects.filter(series=3).update(ends_at=timezone.now() + timedelta(minutes=14, seconds=30))
    phone.reload()
    phone.locator(".series-clock.warning", has_text="Letzte 15 Minuten").wait_for()
    keep(phone, "clock-sheet-warning-de-360")
    SeriesClock.objects.filter(series=3).update(ends_at=timezone.now() + timedelta(seconds=3))
    phone.reload()
    phone.locator(".series-clock.over", has_text="Die Zeit ist um").wait_for(timeout=10_000)

    projector = phone_context.new_page()
    SeriesClock.objects.filter(series=3).update(ends_at=timezone.now() + timedelta(minutes=42))
    projector.goto(f"{live_server.url}/live/{tournament.pk}/")
    projector.locator(".series-clock.running", has_text="Restzeit").wait_for()
    keep(projector, "clock-live-de-360")
    projector.set_viewport_size({"width": 1920, "height": 1080})
    keep(projector, "clock-live-de-1920")

    director.once("dialog", lambda dialog: dialog.accept())
    director.click("text=Close series 3")
    director.locator("text=Series 3 is closed: the deals not played are not played").wait_for()
    phone.reload()
    assert "Serie 3 ist geschlossen" in phone.locator("#workspace").inner_text()
    assert phone.locator("button.save").count() == 0
    keep(phone, "clock-sheet-closed-de-360")
