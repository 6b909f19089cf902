"""The association's published ranking for everyone, in German on a 390 px phone: found by taps from the public
list of clubs (a club's page names its association's rankings), the page never scrolling sideways, every row
(rank, public name, clubs, region, total) and every region's qualification list equal to the API's, for all players
and for a category chosen by its link; the person hidden by one of his clubs is nowhere on the page; then the same page in English. With
``SCREENSHOTS_DIR=docs/img`` it takes the guide's picture ``de-rangliste-oeffentlich-390.png``."""

import pytest

from tests.browser.screens import shoot
from tests.browser.test_league_season_browser import no_sideways_scrolling, submit
from tests.public.test_season_page import association_ranking

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def too_wide(page) -> list[str]:
    """The page's elements reaching past the screen's right edge (none: no sideways scrolling)."""
    return page.evaluate("[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right"
                         " > document.documentElement.clientWidth + 1).map(e => e.tagName + '.' + e.className)")


def page_rows(page) -> list[tuple]:
    """(member, rank, name, clubs, region, total) of each row of the page's table, as written."""
    return [(row.get_attribute("data-member"), row.locator("td.rank").inner_text().strip(),
             row.locator(".player").inner_text().strip(),
             row.locator(".clubs").inner_text().strip() if row.locator(".clubs").count() else "",
             row.locator(".region").inner_text().strip() if row.locator(".region").count() else "",
             row.locator("td.total").inner_text().strip())
            for row in page.locator("table.season-public tbody tr").all()]


def api_rows(rows: list[dict], synthetic: list[str]) -> list[tuple]:
    """The API's rows as the page writes them (a rank's "—", a total's real minus; a row known only from results
    files has no member in the API, and the page's own negative id: ``synthetic``, in order)."""
    ids = iter(synthetic)
    return [(str(row["member"]) if row["member"] is not None else next(ids), str(row["rank"] or "—"), row["name"],
             ", ".join(row["clubs"]), row["region"] or "", str(row["total"]).replace("-", "\u2212")) for row in rows]


def page_lists(page) -> list[tuple]:
    """(region, qualified, reserves) of each region's list on the page, each person "rank. name" (tie marked)."""
    return [(one.get_attribute("data-region"),
             [item.inner_text().strip() for item in one.locator("ul.qualified li:not(.muted)").all()],
             [item.inner_text().strip() for item in one.locator("ul.reserves li:not(.muted)").all()])
            for one in page.locator("section.region-list").all()]


def said_lists(lists: list[dict]) -> list[tuple]:
    return [(one["region"], [f"{q['rank']}. {q['name']}" + (" (punktgleich)" if q["tie"] else "")
                             for q in one["qualified"]],
             [f"{q['rank']}. {q['name']}" for q in one["reserves"]]) for one in lists]


def agrees_with_the_api(page, api, table: list[dict], lists_address: str) -> None:
    shown = page_rows(page)
    synthetic = [member for member in (row[0] for row in shown) if member.startswith("-")]
    assert shown == api_rows(table, synthetic)
    assert page_lists(page) == said_lists(api.get(lists_address).json())


def playwright_api(context):
    """The API read as a German phone reads it: a public name says "Spieler N" there as on the page."""
    class German:
        @staticmethod
        def get(address):
            return context.request.get(address, headers={"Accept-Language": "de-DE,de;q=0.9"})
    return German


def test_the_public_ranking_on_a_phone_equals_the_api_row_by_row(browser, live_server, tmp_path):
    association_ranking(tmp_path)
    context = browser.new_context(locale="de-DE", viewport=PHONE, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    api = playwright_api(context)
    url = live_server.url
    try:
        page.goto(f"{url}/club/")  # the public list of clubs: from here on only taps
        submit(page, "main a:text-is('Skatfreunde west')")
        assert "Verband: Landesverband" in page.locator("#association-seasons").inner_text()
        submit(page, "#association-seasons + ul a:text-is('Rangliste 2026')")
        assert page.url == f"{url}/club/lv/season/rl/"
        assert page.locator("h2#table").inner_text() == "Rangliste"
        assert no_sideways_scrolling(page), too_wide(page)
        # every column on the screen: the table does not scroll inside its box either
        assert page.evaluate("(() => { const t = document.querySelector('table.season-public');"
                             " return t.scrollWidth <= t.clientWidth && t.getBoundingClientRect().right <= 390; })()")
        table = api.get(f"{url}/api/v1/clubs/lv/seasons/rl/").json()
        agrees_with_the_api(page, api, table["rows"], f"{url}/api/v1/clubs/lv/seasons/rl/qualification/")
        assert "Bernd Bauer" not in page.content() and "Spieler " in page.locator("main").inner_text()
        # a hidden person: "Spieler N", and neither his clubs nor his region (they would tell who he is)
        hidden = [row for row in page_rows(page) if row[2].startswith("Spieler ")]
        assert hidden and all(row[3] == "" and row[4] == "" for row in hidden)
        assert "(punktgleich)" in page.locator("#qualification + .region-lists").inner_text()
        assert "Nachrücker" in page.locator("main").inner_text()
        shoot(page, "de-rangliste-oeffentlich", sizes=((390, 844, "390"),))

        submit(page, "nav.categories a:text-is('Junioren')")
        assert page.locator("nav.categories a[aria-current=page]").inner_text() == "Junioren"
        assert page.locator("h2#table").inner_text() == "Kategorie: Junioren"
        assert no_sideways_scrolling(page), too_wide(page)
        agrees_with_the_api(page, api, table["categories"]["Junioren"],
                            f"{url}/api/v1/clubs/lv/seasons/rl/qualification/?category=Junioren")
        assert page.locator("table.season-public tbody tr").count() == 3
        assert "Bernd Bauer" not in page.content()
        submit(page, "nav.categories a:text-is('Alle Spieler')")
        assert page.url == f"{url}/club/lv/season/rl/"
        submit(page, "footer button[value=en]")  # the same page in English, on the same phone
        assert page.locator("h2#table").inner_text() == "Ranking" and "Reserves" in page.locator("main").inner_text()
        assert no_sideways_scrolling(page), too_wide(page)
    finally:
        context.close()
