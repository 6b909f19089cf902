"""A table controller enters a whole stay through the table's link, in a real browser: four deals,
one of them refused by the rules engine and then corrected, with the running columns checked; and a deal
entered from the keyboard alone, as on a laptop."""

import pytest

from scoring.entry.access import table_link
from scoring.models import Deal
from seating.models import Table
from tests.browser.screens import shoot
from tests.roles import grant
from tests.scoring.conftest import drawn_tournament

pytestmark = pytest.mark.django_db(transaction=True)


def pick(page, fieldset: str, text: str):
    page.locator(f"#deal-form fieldset.{fieldset} label.pill:visible", has_text=text).first.click()


def enter_game(page, player_index: int, game: str, suit: str, matadores: int, points: str, tricks: str):
    page.locator("#deal-form fieldset.who label.pill").nth(player_index).click()
    pick(page, "picks", game)
    pick(page, "suits", suit)
    pick(page, "mats", "without" if matadores < 0 else "with")
    page.locator("#deal-form fieldset.mats label.chip").nth(abs(matadores) - 1).click()
    page.fill("input[name=points]", points)
    page.fill("input[name=tricks]", tricks)


def save(page, number: int):
    page.click("button.save")
    page.locator("#entry-status", has_text=f"Deal {number} saved").wait_for()


def test_controller_enters_a_whole_stay_with_a_refusal_and_its_correction(page, live_server):
    tournament = drawn_tournament(12)
    table = Table.objects.get(tournament=tournament, number=1)
    page.goto(f"{live_server.url}/t/{table_link(table).token}/")

    enter_game(page, 0, "Solo", "♣", 2, "79", "8")
    page.locator("#preview .explanation").wait_for()
    shoot(page, "table-entry")
    assert "3 × 12 = 36" in page.locator("#preview .explanation").inner_text()  # the count before saving
    assert page.locator("#preview .explanation").is_visible()  # in the bar, beside Save
    save(page, 1)

    enter_game(page, 1, "Solo", "♥", -1, "40", "0")  # no trick but 40 points: refused
    page.click("button.save")
    page.locator("#entry-status.refused").wait_for()
    shoot(page, "table-refused")
    assert "cannot count his Skat" in page.locator("#entry-status").inner_text()
    assert page.locator("#entry-status").is_visible()  # the refusal is in view, next to Save
    assert page.locator("[data-field=points][aria-invalid=true]").count() == 1
    assert Deal.objects.count() == 1
    page.fill("input[name=tricks]", "3")  # the correction
    save(page, 2)

    enter_game(page, 2, "Tournee", "♠", -10, "67", "4")
    save(page, 3)

    pick(page, "kind", "Ramsch")
    for seat, points in zip("vmh", ("2", "17", "88")):
        page.fill(f"input[name=ramsch_{seat}_points]", points)
    for seat, tricks in zip("vm", ("1", "3")):
        page.locator(f"input[name=ramsch_{seat}_tricks][value='{tricks}']").locator("..").click()
    assert page.locator("input[name=ramsch_h_tricks][value='6']").is_checked()  # ten tricks in all
    pick(page, "last-trick", "H")
    save(page, 4)
    shoot(page, "table-sheet")

    scores = list(Deal.objects.filter(table=table).order_by("number").values_list("score", flat=True))
    assert scores == [36, -20, 77, -20]
    assert "won without 10" in page.locator("table.sheet").first.inner_text()
    assert page.locator(".entry h2").inner_text().startswith("Deal 5")  # the next stay's first deal
    assert "dealer" in page.locator(".entry h2").inner_text()

    page.locator("#undo").click()  # the last deal taken back, to be entered again
    page.locator(".entry h2", has_text="Deal 4").wait_for()
    assert list(Deal.objects.filter(table=table).values_list("number", flat=True).order_by("number")) == [1, 2, 3]

    page.reload()
    assert page.locator("table.sheet tr.deal").count() == 3  # the lines shown are the server's
    assert page.locator("#undo").inner_text() == "Undo 3"  # after a reload too


def test_a_deal_from_the_keyboard_alone(page, live_server):
    tournament = drawn_tournament(12)
    table = Table.objects.get(tournament=tournament, number=1)
    page.goto(f"{live_server.url}/t/{table_link(table).token}/")
    page.locator("#deal-form input[name=kind]").first.focus()
    keys = ["Tab", "Space",  # the first player
            "Tab", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight",  # the games: Solo
            "Tab", "Space",  # the suit: ♣
            "Tab", "Tab", "Tab", "ArrowRight",  # (nothing announced) with ... 2
            "Tab", "Space"]  # won
    for key in keys:
        page.keyboard.press(key)
    page.keyboard.press("Enter")  # Enter on a choice sends the form
    page.locator("#entry-status", has_text="Deal 1 saved").wait_for()
    deal = Deal.objects.get(table=table)
    assert (deal.game, deal.matadores, deal.won) == ("club solo", 2, True)


def test_the_director_corrects_a_deal_on_the_tables_picker_with_a_reason(page, live_server, django_user_model):
    """The correction page is the table's picker, opened on the deal as saved; the count shows before
    saving, and the reason is in the deal's history."""
    from scoring.entry.services import deal_enter
    from scoring.entry.sheets import deal_slot
    from scoring.results import DealFacts

    tournament = drawn_tournament(12)
    table = Table.objects.get(tournament=tournament, number=1)
    slot = deal_slot(table, 1)
    deal = deal_enter(table=table, number=1, facts=DealFacts(declarer_id=slot.active[0].player_id, game="club solo",
                                                             matadores=2, points=79, tricks=8))
    grant(django_user_model.objects.create_user("director", password="director-password-1907"))
    page.goto(f"{live_server.url}/deals/{deal.pk}/correct/")
    page.fill("#id_username", "director")
    page.fill("#id_password", "director-password-1907")
    page.click("main button[type=submit]")
    page.locator("#deal-form").wait_for()
    assert page.locator("#deal-form fieldset.picks label.pill:has(input:checked)").inner_text().strip() == "Solo"
    assert page.locator("#deal-form fieldset.suits").is_visible()  # the suit row of the saved Solo, ♣ on
    assert "3 × 12 = 36" in page.locator("#preview .explanation").inner_text()  # the saved count at first

    page.locator("#deal-form fieldset.who label.pill").nth(1).click()
    pick(page, "picks", "Tournee Grand")
    assert page.locator("#deal-form fieldset.suits").is_hidden()  # a Grand has no suit
    pick(page, "mats", "without")
    page.locator("#deal-form fieldset.mats label.chip").nth(0).click()
    page.fill("input[name=points]", "")
    page.fill("input[name=tricks]", "")
    pick(page, "result", "lost")
    page.locator("#preview .explanation", has_text="2 × 12 = 24").wait_for()
    page.fill("input[name=reason]", "slip of M: Tournee Grand lost")
    page.click("button.save")
    page.wait_for_url(f"{live_server.url}/sheets/{table.pk}/")
    deal.refresh_from_db()
    assert (deal.game, deal.matadores, deal.player_id, deal.score) == ("tournee grand", -1, slot.active[1].player_id,
                                                                       -24)
    page.goto(f"{live_server.url}/deals/{deal.pk}/correct/")
    shoot(page, "deal-correction")
    assert page.locator("table.history td.reason").first.inner_text() == "slip of M: Tournee Grand lost"
