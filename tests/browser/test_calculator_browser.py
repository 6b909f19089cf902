"""The deal calculator in a real browser: count a deal, see a refusal beside its field, correct it."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_calculator_counts_refuses_and_corrects_in_place(page, live_server):
    page.goto(f"{live_server.url}/score/")
    page.fill("input[name=game]", "spade tournee")
    page.select_option("select[name=matadores]", label="without 10")
    page.select_option("select[name=announced]", "schneider")
    page.fill("input[name=points]", "67")
    page.fill("input[name=tricks]", "4")
    page.click("button[type=submit]")
    refusal = page.locator(".refused")
    refusal.wait_for()
    assert "only in games played without the Skat" in refusal.inner_text()

    page.select_option("select[name=announced]", "")
    page.click("button[type=submit]")
    page.locator(".count").wait_for()
    assert page.locator(".count .score").inner_text() == "+77"
    assert "11 × 7 = 77" in page.locator(".explanation").inner_text()
    assert page.url.endswith("/score/")  # counted in place, no page load
