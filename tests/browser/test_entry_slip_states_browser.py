"""Nothing offered that the server will refuse: once a stay's slips are OK'd on the phone, its Undo is gone (a line
says that only the director can change the stay's deals now), as is every other action the slips forbid; the
director's page still corrects the deal, and the phone then says who corrected it."""

import pytest

from scoring.entry.access import table_link
from scoring.entry.services import deal_enter
from scoring.entry.sheets import deal_slot
from scoring.models import Deal
from scoring.results import DealFacts
from seating.models import Player
from seating.schedule import schedule_of
from tests.browser.entry_driver import PHONE, Controller, game
from tests.browser.screens import shoot
from tests.browser.test_committee_browser import log_in
from tests.browser.test_entry_phone_browser import drawn
from tests.roles import grant

pytestmark = pytest.mark.django_db(transaction=True)

OKD = "Stay 1's slips are OK'd: only the director can change its deals now."


def offered_actions(page) -> list[str]:
    """Every button, OK form and paper slip shown on the phone, in words."""
    return page.evaluate("""() => [...document.querySelectorAll('button, summary, form.ok-form')]
        .filter(el => el.checkVisibility())
        .map(el => el.matches('form') ? 'OK form' : el.innerText.trim())""")


def ok_slip(page, row: int) -> None:
    """The slip in ``row`` OK'd by the first player offered, with his OK code from his entry ticket."""
    form = page.locator("table.slips-table tbody tr").nth(row).locator("form.ok-form")
    by = form.locator("select[name=by_player_id]").input_value()
    form.locator("input[name=ok_code]").fill(Player.objects.get(pk=by).ok_code)
    form.locator("button").tap()


def test_once_the_slips_are_okd_no_undo_is_offered_and_the_director_still_corrects(browser, live_server,
                                                                                   django_user_model):
    table = drawn("foster-1922")
    per_stay = schedule_of(table).deals_per_stay
    for number in range(1, per_stay):
        deal_enter(table=table, number=number, facts=DealFacts(
            declarer_id=deal_slot(table, number).active[0].player_id, game="nullo", result="lost"))
    context = browser.new_context(**PHONE)
    phone = context.new_page()
    phone.set_default_timeout(15_000)
    url = f"{live_server.url}/t/{table_link(table).token}/"
    phone.goto(url)
    c = Controller(phone)
    game(c, 0, "Nullo", result="lost")  # the stay's last deal, on the phone
    c.save(per_stay)
    assert phone.locator("#undo").inner_text() == f"Undo {per_stay}"
    phone.locator(".slips button", has_text="Make stay 1 slips from the sheet").tap()
    phone.locator("table.slips-table tbody tr").first.wait_for()
    phone.locator("#undo", has_text=f"Undo {per_stay}").wait_for()  # made, not OK'd: still the controller's

    ok_slip(phone, 0)
    phone.locator("#workspace .notice, #entry-status", has_text="slip OK'd").first.wait_for()
    assert phone.locator("#undo").is_hidden()  # one OK'd slip bars the stay's Undo, without a reload
    assert phone.locator("#undo-barred").inner_text() == OKD
    for row in range(1, phone.locator("table.slips-table tbody tr").count()):
        ok_slip(phone, row)
        phone.locator("table.slips-table tbody tr").nth(row).locator("td", has_text="OK'd by").wait_for()
    phone.reload()
    actions = offered_actions(phone)
    assert not [a for a in actions if a.startswith("Undo") or a == "OK form" or "stay 1" in a], actions
    assert phone.locator("#undo-barred").inner_text() == OKD
    shoot(phone, "entry-slips-okd", ((390, 844, "phone"),), full_page=False)
    assert phone.locator(".slips", has_text="Stay 1: every slip is OK'd; only the director can change them now."
                         ).is_visible()

    # The director's page offers no Undo either, and corrects the deal on its line.
    director = browser.new_context(viewport={"width": 1280, "height": 900})
    desk = director.new_page()
    desk.set_default_timeout(15_000)
    grant(django_user_model.objects.create_user("director", password="director-password-1907"))
    log_in(desk, live_server, "director", "director-password-1907")
    desk.goto(f"{live_server.url}/sheets/{table.pk}/")
    desk.locator("#deal-form").wait_for()
    assert desk.locator("#undo").is_hidden() and desk.locator("#undo-barred").inner_text() == OKD
    desk.locator(f"#deal-{per_stay} a", has_text="correct").click()
    desk.locator("#deal-form fieldset.result label.pill", has_text="won").click()
    desk.fill("input[name=reason]", "the Nullo was won")
    desk.click("button.save")
    desk.wait_for_url(f"{live_server.url}/sheets/{table.pk}/")
    deal = Deal.objects.get(table=table, number=per_stay)
    assert (deal.won, deal.version) == (True, 2)
    director.close()

    phone.reload()
    assert phone.locator("#undo").is_hidden()
    assert phone.locator("#undo-barred").inner_text() == (
        f"Deal {per_stay} was corrected by the director: only the director can change it now.")

    # The next stay's first deal is the controller's again: its Undo is offered, the line is gone.
    c = Controller(phone)
    game(c, 0, "Nullo", result="lost")
    c.save(per_stay + 1)
    assert phone.locator("#undo").inner_text() == f"Undo {per_stay + 1}" and phone.locator("#undo-barred").is_hidden()
    context.close()
