"""The start cards of a three-series event in a real browser: the director opens the print page, makes
the start cards' PDF and downloads it, in English and then in German (the print language), and every card read back
gives the player's table and seat in all three series as the Seat rows have them."""

from pathlib import Path

import pytest

from common.paper import PAPERS
from seating.models import Player, Tournament
from tests.browser.test_director_browser import PASSWORD
from tests.roles import grant
from tests.seating.printing.test_printing import series_event
from tests.seating.printing.test_start_cards import ROW, card_texts, expected_seats

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def cards_by_name(pdf: Path, tmp_path, names) -> dict[str, list[tuple[int, str, str]]]:
    found = {}
    for text in card_texts(pdf.read_bytes(), tmp_path, PAPERS["A4"]):
        name = next(name for name in names if name in text)
        found[name] = [(int(a), b, c) for a, b, c in (ROW.match(line).groups() for line in text.splitlines()
                                                       if ROW.match(line))]
    return found


def test_the_director_prints_the_start_cards_of_a_three_series_event(page, live_server, django_user_model, tmp_path):
    grant(django_user_model.objects.create_user("director", password=PASSWORD))
    tournament = series_event(3)  # fourteen players, three series drawn by lot
    expected = expected_seats(tournament)
    assert len(expected) == 14 and all(len(rows) == 3 for rows in expected.values())

    page.goto(f"{live_server.url}/director/")
    page.fill("#id_username", "director")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/director/")
    page.goto(f"{live_server.url}/director/{tournament.pk}/print/")

    job = page.locator("#job-start-cards-a4")
    job.locator("button").click()
    download_link = job.locator("a", has_text="Download PDF")
    download_link.wait_for(timeout=60_000)
    with page.expect_download() as download:
        download_link.click()
    assert download.value.suggested_filename == "club-evening-start-cards-a4.pdf"
    assert cards_by_name(Path(download.value.path()), tmp_path, expected) == expected

    # The print language German: the same cards, in German, under a German name
    page.select_option("#print-language select", "de")
    page.click("#print-language button[type=submit]")
    page.locator("text=The documents are printed in").wait_for()
    assert Tournament.objects.get(pk=tournament.pk).language == "de"
    with page.expect_download() as download:
        page.locator("#job-start-cards-a4 a.direct").click()
    assert download.value.suggested_filename == "club-evening-startkarten-alle-serien-a4.pdf"
    german = Path(download.value.path())
    assert cards_by_name(german, tmp_path, expected) == expected
    assert "STARTKARTE" in card_texts(german.read_bytes(), tmp_path, PAPERS["A4"])[0]
    assert Player.objects.filter(tournament=tournament).count() == 14
