"""A table controller enters a whole stay through the table's link, in a real browser: four deals,
one of them refused by the rules engine and then corrected, with the running columns checked."""

import pytest

from scoring.entry.access import table_link
from scoring.models import Deal
from seating.models import Table
from tests.browser.screens import shoot
from tests.scoring.conftest import drawn_tournament

pytestmark = pytest.mark.django_db(transaction=True)


def enter_game(page, player_index: int, game: str, matadores: str, points: str, tricks: str):
    page.locator("#deal-form fieldset.who label.pill").nth(player_index).click()
    page.fill("input[name=game]", game)
    page.select_option("select[name=matadores]", matadores)
    page.fill("input[name=points]", points)
    page.fill("input[name=tricks]", tricks)


def save(page, number: int):
    page.click("button.save")
    page.wait_for_function(f"document.querySelector('.notice') && document.querySelector('.notice').innerText.includes('Deal {number} saved')")


def test_controller_enters_a_whole_stay_with_a_refusal_and_its_correction(page, live_server):
    tournament = drawn_tournament(12)
    table = Table.objects.get(tournament=tournament, number=1)
    page.goto(f"{live_server.url}/t/{table_link(table).token}/")

    enter_game(page, 0, "club solo", "2", "79", "8")
    page.locator("#preview .explanation").wait_for()
    shoot(page, "table-entry")
    assert "3 × 12 = 36" in page.locator("#preview .explanation").inner_text()  # the count before saving
    save(page, 1)

    enter_game(page, 1, "heart solo", "-1", "40", "0")  # no trick but 40 points: refused
    page.click("button.save")
    page.locator("#field-points .field-error").wait_for()
    shoot(page, "table-refused")
    assert "cannot count his Skat" in page.locator("#field-points .field-error").inner_text()
    assert Deal.objects.count() == 1
    page.fill("input[name=tricks]", "3")  # the correction
    save(page, 2)

    enter_game(page, 2, "spade tournee", "-10", "67", "4")
    save(page, 3)

    page.locator("#deal-form label.pill", has_text="Ramsch").click()
    page.fill("input[name=ramsch_v_points]", "2")
    page.fill("input[name=ramsch_m_points]", "17")
    page.fill("input[name=ramsch_h_points]", "88")
    page.fill("input[name=ramsch_v_tricks]", "1")
    page.fill("input[name=ramsch_m_tricks]", "3")
    page.fill("input[name=ramsch_h_tricks]", "6")
    page.select_option("select[name=ramsch_last_trick]", "H")
    save(page, 4)
    shoot(page, "table-sheet")

    scores = list(Deal.objects.filter(table=table).order_by("number").values_list("score", flat=True))
    assert scores == [36, -20, 77, -20]
    assert "won without 10" in page.locator("table.sheet").first.inner_text()
    assert page.locator(".entry h2").inner_text().startswith("Deal 5")  # the next stay's first deal
