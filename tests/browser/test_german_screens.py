"""docs/ANLEITUNG.md shows the main pages as a German director and a German table see them: an ISkO
event of 3 series (two played, the third drawn), the print language German, a German browser at 360 px (a phone)
and 1366 px (a laptop). With ``SCREENSHOTS_DIR=docs/img`` the shots are written there (``de-<page>-<width>.png``);
without it the test still walks the pages and holds them to what docs/ANLEITUNG.md says they show."""

from pathlib import Path

import pytest

from scoring.entry.access import table_link
from scoring.management.demo import demo_create, demo_play_series
from scoring.models import TournamentScoring
from seating.event_series import series_draw
from seating.models import SeriesDraw, Table, Tournament
from tests.browser.screens import SCREENSHOTS, shoot
from tests.browser.test_german_browser import PASSWORD, log_in
from tests.roles import grant

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

GERMAN_SIZES = ((360, 740, "360"), (1366, 768, "1366"))
"""A small phone upright and a laptop: the screen only, so each shot stays small."""


def shoot_small(page, name: str, sizes=GERMAN_SIZES) -> None:
    """``shoot`` at the two widths (or ``sizes``), each PNG cut to 128 colours (a page has few) so it stays under ~150 KB in
    the repository. Pillow comes with WeasyPrint."""
    shoot(page, name, sizes, full_page=False)
    if SCREENSHOTS:
        from PIL import Image

        for _width, _height, label in sizes:
            path = Path(SCREENSHOTS) / f"{name}-{label}.png"
            Image.open(path).convert("RGB").quantize(colors=128).save(path, optimize=True)


def german_event() -> Tournament:
    event = demo_create(players=14, method="fixed", seed=5, rulebook="isko", series=3)
    Tournament.objects.filter(pk=event.pk).update(name="Vereinsmeisterschaft 2026", place="Vereinsheim",
                                                  language="de")
    demo_play_series(event, 1, seed=5)
    series_draw(tournament=event, number=2, how=SeriesDraw.How.LOT, seed=7)
    demo_play_series(event, 2, seed=7)
    series_draw(tournament=event, number=3, how=SeriesDraw.How.LOT, seed=8)
    TournamentScoring.objects.filter(tournament=event).update(published=True)
    return Tournament.objects.get(pk=event.pk)


def test_the_readmes_german_pages(browser, live_server, django_user_model):
    grant(django_user_model.objects.create_user("leitung", password=PASSWORD))
    event = german_event()
    table = Table.objects.filter(tournament=event, series=3).order_by("number").first()
    token = table_link(table).token
    context = browser.new_context(locale="de-DE", viewport={"width": 1366, "height": 768}, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{live_server.url}/t/{token}/")
        assert page.get_attribute("html", "lang") == "de"
        shoot_small(page, "de-eingabe")
        log_in(page, live_server)
        for path, name, heading in ((f"/director/{event.pk}/series/", "de-serien", "Ausscheiden lassen"),
                                    (f"/committee/{event.pk}/", "de-preisausschuss", "Preise"),
                                    (f"/live/{event.pk}/", "de-live", "Sp. gew./verl.")):
            page.goto(f"{live_server.url}{path}")
            assert heading in page.inner_text("body"), path
            shoot_small(page, name)
    finally:
        context.close()
