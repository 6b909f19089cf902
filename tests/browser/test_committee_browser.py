"""The prize committee in a real browser: standings, prizes, sorting, the live page, PDF and XLSX downloads
opened and checked."""

import io
import subprocess
from io import BytesIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from openpyxl import load_workbook

from scoring.models import TournamentScoring
from seating.models import Tournament
from tests.browser.screens import shoot

pytestmark = pytest.mark.django_db(transaction=True)


def log_in(page, live_server, username, password):
    page.goto(f"{live_server.url}/accounts/login/?next=/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")


def test_committee_reads_prizes_sorts_standings_and_downloads_pdf_and_xlsx(page, live_server, tmp_path):
    out = io.StringIO()
    call_command("demo", "--players", "16", "--seed", "3", "--play", stdout=out, stderr=io.StringIO())
    tournament = Tournament.objects.get(pk=int(out.getvalue().split()[-1]))
    User.objects.create_superuser("boss", "", "pw-for-tests")
    log_in(page, live_server, "boss", "pw-for-tests")

    page.set_viewport_size({"width": 1366, "height": 768})  # a committee laptop
    page.goto(f"{live_server.url}/committee/{tournament.pk}/")
    page.screenshot(path="/tmp/committee-1366.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366, "the committee page scrolls sideways"
    scrolled = page.evaluate("[...document.querySelectorAll('main *')].filter(e => e.scrollWidth > e.clientWidth + 1"
                             " && getComputedStyle(e).overflowX !== 'visible').map(e => e.className || e.tagName)")
    assert scrolled == [], f"parts of the committee page scroll sideways: {scrolled}"
    shoot(page, "committee")
    assert page.locator("table.prizes").inner_text().count("Greatest net") == 2
    page.locator("table.standings th", has_text="Net games").locator("a").click()
    page.wait_for_url("**s-sort=net_games**")
    net_games = [int(v) for v in page.locator("table.standings tbody tr td:nth-child(6)").all_inner_texts()]
    assert net_games == sorted(net_games)

    with page.expect_download() as pdf_download:
        page.click("text=Prize list PDF")
    pdf = tmp_path / "prizes.pdf"
    pdf_download.value.save_as(pdf)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Greatest net points" in text and tournament.name in text

    with page.expect_download() as xlsx_download:
        page.click("text=Download XLSX")
    workbook = load_workbook(BytesIO(open(xlsx_download.value.path(), "rb").read()))
    assert workbook.sheetnames == ["Standings", "Prizes", "Deals"]
    assert workbook["Standings"].max_row == 16 + 2

    page.select_option("select[name=published]", "true") if page.locator("select[name=published]").count() else \
        page.check("input[name=published]")
    page.click("text=Save settings")
    assert TournamentScoring.objects.get(tournament=tournament).published is True
    page.context.clear_cookies()
    page.goto(f"{live_server.url}/live/{tournament.pk}/?seconds=5")
    assert page.locator("table.standings tbody tr").count() == 15 and "page 1 of 2" in page.inner_text("#board")
    shoot(page, "live")
    page.evaluate("window.stillTheSamePage = true")
    page.wait_for_selector('#board[data-page="2"]', timeout=15_000)  # the board turns its page by itself
    assert page.locator("table.standings tbody tr").count() == 1
    assert page.evaluate("window.stillTheSamePage === true")  # new results came without a reload
    page.wait_for_selector('#board[data-page="1"]', timeout=15_000)  # and round to the first page again
