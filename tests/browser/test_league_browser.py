"""League play in a real browser, in German: the league director makes a Staffel of 16 teams and its schedule, names
a captain, who sets his line-up on a phone, the host's group plays day 1 with one team short (tables of 3), a
substitute comes in for series 2, and the table is read provisional, confirmed, and read on the public page and in
the API.

The deals themselves are entered by the demo's dealer (``demo_play_series``, the table's own service), as the host's
tables would enter them; everything else is done on the pages."""

import json
import os

import pytest
from django.contrib.auth.models import User

from clubs.models import Club, ClubRole
from leagues.models import GroupTeam, League, LineUp, Substitution, Team
from leagues.selectors import league_reading
from leagues.sheets import table_rows
from scoring.management.demo import demo_play_series
from seating.models import Table
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_committee_browser import log_in

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

SHOTS = os.environ.get("LEAGUE_SCREENSHOTS")  # a folder: the guide's screenshots are taken there


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name), full_page=True)


def submit(page, target):
    """Click a form's button and wait for the page it answers with."""
    with page.expect_navigation():
        (page.locator(target) if isinstance(target, str) else target).click()


def test_a_staffel_from_the_teams_to_the_public_table(browser, live_server):
    club = Club.objects.create(slug="skv-nord", name="Skatverband Nord")
    User.objects.create_user("leiter", password="pw-for-tests")
    ClubRole.objects.create(club=club, user=User.objects.get(username="leiter"), role="director")
    captain = User.objects.create_user("kapitaen", password="pw-for-tests")
    desk = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    page = desk.new_page()
    page.set_default_timeout(60_000)
    try:
        log_in(page, live_server, "leiter", "pw-for-tests")
        page.goto(f"{live_server.url}/club/skv-nord/leagues/")
        page.fill("#league-name", "Landesliga Nord")
        page.fill("#league-slug", "ll-nord")
        for key, value in (("series_per_day", "2"), ("promote", "2"), ("relegate", "3")):
            page.fill(f"#rule-{key}", value)
        submit(page, "text=Liga anlegen")
        for number in range(1, 17):  # the rosters typed (the advanced way; the season test picks them)
            page.fill("#team-name", f"Nord {number}")
            page.locator("#team-new details summary").click()
            page.fill("#team-roster", "\n".join(f"Spieler {number}-{n}" for n in range(1, 6)))
            submit(page, "text=Mannschaft anlegen")
        assert page.locator("#teams ol > li").count() == 16
        page.locator("#schedule-form details summary").click()
        page.fill("#seed", "7")
        submit(page, "text=Spielplan erstellen")
        page.wait_for_selector("text=Spieltag 5")
        shot(page, "de-liga-1366.png")
        league = League.objects.get(slug="ll-nord")

        # The captain of one team of a group of day 1 sets his line-up on his phone; another team comes with 3.
        entries = list(GroupTeam.objects.filter(group__day__number=1, group__number=1).order_by("order")
                       .select_related("team", "group"))
        mine, short = entries[0].team, entries[1].team
        page.locator(f"#team-{mine.pk} details summary").click()
        page.fill(f"#captain-{mine.pk}", "kapitaen")  # the director names the captain's login
        submit(page, page.locator(f"#team-{mine.pk} .captain-form button"))
        assert "Mannschaftsführer: kapitaen" in page.locator(f"#team-{mine.pk}").inner_text()
        assert Team.objects.get(pk=mine.pk).captain == captain
        phone = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844}, has_touch=True)
        hand = phone.new_page()
        hand.set_default_timeout(60_000)
        log_in(hand, live_server, "kapitaen", "pw-for-tests")
        hand.goto(f"{live_server.url}/club/skv-nord/leagues/ll-nord/team/{mine.pk}/")  # his team's days
        assert "Beim Ausrichter" in hand.content()
        submit(hand, f"a[href$='/team/{mine.pk}/day/1/']")
        assert "Aufstellung" in hand.content()
        order = [f"Spieler {mine.number}-{n}" for n in (5, 1, 2, 3)]
        for position, name in enumerate(order, start=1):
            hand.select_option(f"#position-{position}", name)
        assert hand.locator("text=Aufstellung speichern").bounding_box()["height"] >= 44
        assert hand.locator("#position-1").bounding_box()["height"] >= 44
        submit(hand, "text=Aufstellung speichern")
        hand.wait_for_selector("text=Die Aufstellung ist gespeichert.")
        shot(hand, "de-liga-aufstellung-390.png")
        phone.close()
        assert [line.roster.name for line in LineUp.objects.filter(entry=entries[0]).order_by("position")] == order

        page.goto(f"{live_server.url}/club/skv-nord/leagues/ll-nord/day/1/")
        block = page.locator(f"#entry-{entries[1].pk}")
        block.locator("details summary").first.click()
        for position in (1, 2, 3):
            block.locator(f"#lineup-{entries[1].pk}-{position}").select_option(f"Spieler {short.number}-{position}")
        submit(page, block.locator(".lineup-form button"))
        submit(page, "text=Die Veranstaltungen des Spieltags anlegen und jede Serie setzen")
        page.wait_for_selector("text=Wechsel eintragen")
        group = entries[0].group
        group.refresh_from_db()
        event = group.tournament
        for number in (1, 2):  # the short team: one table of 3 in each series
            assert sorted(Table.objects.filter(tournament=event, series=number).values_list("size", flat=True)) \
                == [3, 4, 4, 4]

        demo_play_series(event, 1, seed=11)  # the host's tables enter series 1
        page.reload()
        team_block = page.locator(f"#entry-{entries[0].pk} form.wechsel")
        team_block.locator("select[name=out]").select_option(f"Spieler {mine.number}-3")
        team_block.locator("select[name=in]").select_option(f"Spieler {mine.number}-4")
        team_block.locator("select[name=from_series]").select_option("2")
        submit(page, team_block.locator("button"))
        page.wait_for_selector(f"text=Wechsel: Spieler {mine.number}-4 für Spieler {mine.number}-3 ab Serie 2")
        assert Substitution.objects.filter(entry=entries[0], from_series=2).count() == 1
        demo_play_series(event, 2, seed=12)  # and series 2

        page.goto(f"{live_server.url}/club/skv-nord/leagues/ll-nord/")
        assert "Vorläufig" in page.locator("#table").inner_text()
        expected = table_rows(league_reading(league))
        rows = page.locator("#table tbody tr")
        assert rows.count() == 16
        for index, row in enumerate(expected[:4]):
            cells = rows.nth(index).locator("td")
            assert cells.nth(1).inner_text().startswith(row["name"])
            assert cells.nth(3).inner_text() == str(row["game_points"])
        shot(page, "de-liga-tabelle-1366.png")

        page.goto(f"{live_server.url}/club/skv-nord/leagues/ll-nord/day/1/")
        submit(page, "text=Ergebnisse bestätigen")
        page.wait_for_selector("text=Verbindlich.")
        page.goto(f"{live_server.url}/club/skv-nord/leagues/ll-nord/")
        assert "Vorläufig" not in page.locator("#table").inner_text()
        submit(page, "text=Die Liga veröffentlichen")
        page.wait_for_selector("text=Die öffentliche Seite")

        page.goto(f"{live_server.url}/league/ll-nord/")
        assert "Tabelle" in page.content() and "Wertungspunkte" in page.content()
        public_rows = page.locator("table.league-table tbody tr")
        assert public_rows.count() == 16 and public_rows.nth(0).locator("td").nth(1).inner_text().startswith(
            expected[0]["name"])
        shot(page, "de-liga-oeffentlich-1366.png")
        api = json.loads(page.request.get(f"{live_server.url}/api/v1/leagues/ll-nord/").text())
        assert api["rows"] == expected and api["provisional"] == []
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "league_browser.png"), full_page=True)
        raise
    finally:
        desk.close()
