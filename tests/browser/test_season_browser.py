"""Four evenings of one club, with absences and guests, and after each the committee
reads the season table: who is ranked, the series each played, what counted and what was dropped, and why; at the
end the XLSX download, opened and checked."""

from io import BytesIO

import pytest
from django.contrib.auth.models import User
from openpyxl import load_workbook

from clubs.models import ClubRole
from seasons.selectors import season_reading
from seasons.services import season_add, season_create
from tests.browser.test_committee_browser import log_in
from tests.seasons.conftest import club_evening, club_with_members

pytestmark = pytest.mark.django_db(transaction=True)


def test_four_evenings_and_the_season_table_after_each(page, live_server):
    club, members = club_with_members(count=12, guests=2)
    season = season_create(club=club, slug="2026", name="Vereinsmeisterschaft 2026",
                           rules={"best": 3, "min_series": 2, "tie": "more_series"})
    user = User.objects.create_user("kommission", password="pw-for-tests")
    ClubRole.objects.create(club=club, user=user, role="committee")
    log_in(page, live_server, "kommission", "pw-for-tests")
    url = f"{live_server.url}/club/{club.slug}/seasons/{season.slug}/"
    for evening in range(1, 5):
        tournament = club_evening(club, members, seed=40 + evening, absent=0.25, series=1)
        season_add(season=season, tournaments=[tournament])
        expected = season_reading(season).table
        page.goto(url)
        rows = page.locator("#season-table table tbody tr")
        assert rows.count() == len(expected.rows)
        for index, row in enumerate(expected.rows):
            line = rows.nth(index)
            assert line.get_attribute("data-member") == str(row.member)
            cells = line.locator("td")
            assert cells.nth(0).inner_text().strip() == (str(row.rank) if row.rank else "—")
            assert cells.nth(2).inner_text().strip() == str(row.series_played)
            assert cells.nth(5).inner_text().strip().replace(",", "") == str(int(row.total)).replace("-", "\u2212")
            assert line.locator("s.dropped").count() == (1 if row.dropped else 0)
        assert rows.filter(has_text="(guest)").count() == sum(1 for r in expected.rows if r.member in
                                                              {m.pk for m in members if m.guest})
        if evening == 1:  # one series each: nobody has the two needed
            assert rows.filter(has_text="(not ranked)").count() == len(expected.rows)
    dropped = next(row for row in expected.rows if row.dropped)
    line = page.locator(f"#season-table tr[data-member='{dropped.member}']")
    line.locator("summary").click()
    assert "dropped, not one of the best 3" in line.locator("details").inner_text()

    with page.expect_download() as download:
        page.click("text=Download XLSX")
    workbook = load_workbook(BytesIO(open(download.value.path(), "rb").read()))
    assert workbook.sheetnames[:2] == ["Season table", "Counted and dropped"]
    assert workbook["Season table"].max_row == 1 + len(expected.rows)


@pytest.mark.slow
def test_a_german_director_sets_the_rules_on_a_phone(browser, live_server):
    """At 390 px in German: the director types the club's rules in the form ("25; 20; 16", "12,5"), a bad figure is
    refused under its German label with everything typed kept, then saved and the table follows at once."""
    from tests.browser.conftest import ARTIFACTS

    club, members = club_with_members(count=8, guests=0)
    season = season_create(club=club, slug="2026", name="Vereinsmeisterschaft 2026", rules={"best": 3})
    season_add(season=season, tournaments=[club_evening(club, members, seed=51, series=1)])
    user = User.objects.create_user("leiter", password="pw-for-tests")
    ClubRole.objects.create(club=club, user=user, role="director")
    context = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    try:
        log_in(page, live_server, "leiter", "pw-for-tests")
        page.goto(f"{live_server.url}/club/{club.slug}/seasons/{season.slug}/#season-rules-change")
        page.select_option("select[name=score]", "placement")
        page.fill("input[name=placement_points]", "25; 20; 16")
        page.fill("input[name=holdback_percent]", "12,5")
        page.fill("input[name=min_series]", "-1")
        page.click("#season-rules-change button[type=submit]")
        alert = page.locator("#season-rules-change .refused")
        assert "Mindestanzahl Serien" in alert.inner_text()
        assert page.input_value("input[name=placement_points]") == "25; 20; 16"
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#season-rules-change").screenshot(path=str(ARTIFACTS / "season-rules-form-de-390.png"))
        page.fill("input[name=min_series]", "1")
        page.click("#season-rules-change button[type=submit]")
        page.wait_for_selector("#season-table")
        assert "Punkte für die Plätze 1, 2, 3, …: 25; 20; 16" in page.locator("#season-rules").inner_text()
        winner = page.locator("#season-table table tbody tr").first.locator("td")
        assert winner.nth(0).inner_text().strip() == "1" and winner.nth(5).inner_text().strip() == "25"
        season.refresh_from_db()
        assert season.rules == {"score": "placement", "placement_points": [25, 20, 16], "min_series": 1,
                                "holdback_percent": 12.5, "best": 3}
    finally:
        context.close()


@pytest.mark.slow
def test_a_german_director_takes_an_evening_out_of_the_season_on_a_phone(browser, live_server):
    """At 390 px in German: the evening added by mistake is taken out with two taps (the question first), the list
    and the table follow, and every button on the way is a thumb's target (44 px)."""
    from seasons.models import SeasonEvent

    club, members = club_with_members(count=8, guests=0)
    right, wrong = (club_evening(club, members, seed=seed, series=1) for seed in (61, 62))
    season = season_create(club=club, slug="2026", name="Vereinsmeisterschaft 2026", rules={"best": 3})
    season_add(season=season, tournaments=[right, wrong])
    user = User.objects.create_user("leiter", password="pw-for-tests")
    ClubRole.objects.create(club=club, user=user, role="director")
    context = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        log_in(page, live_server, "leiter", "pw-for-tests")
        page.goto(f"{live_server.url}/club/{club.slug}/seasons/{season.slug}/#season-events")
        line = page.locator("#season-events li", has_text=wrong.name)
        take_out = line.get_by_role("link", name="Aus der Saison nehmen")
        assert take_out.bounding_box()["height"] >= 44
        take_out.click()
        page.wait_for_selector("h1:has-text('Das Turnier aus der Saison nehmen?')")
        yes = page.get_by_role("button", name="Ja, herausnehmen")
        no = page.get_by_role("link", name="Nein, behalten")
        assert yes.bounding_box()["height"] >= 44 and no.bounding_box()["height"] >= 44
        assert SeasonEvent.objects.filter(season=season).count() == 2  # asking took nothing out
        yes.click()
        page.wait_for_selector("#season-events .messages")
        assert f"{wrong.name} wurde aus der Saison genommen." in page.locator("#season-events").inner_text()
        assert page.locator("#season-events li", has_text=wrong.name).count() == 0
        assert list(SeasonEvent.objects.filter(season=season).values_list("tournament_id", flat=True)) == [right.pk]
        assert season_reading(season).table.season_series == 1
    finally:
        context.close()
