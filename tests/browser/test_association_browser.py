"""An association's director in German, his whole path: he sees his clubs' published events (not their
unpublished evening), makes the ranking on the season form with categories and places per region, adds the events
and a results file (one bad row refused and named, then corrected), and the ranking is public once its events are;
a club's director finds his players in it; the public board and the API say the same."""

import json

import pytest
from django.contrib.auth.models import User

from clubs.models import Club, ClubRole, Member
from clubs.persons import persons_touched
from seasons.models import Season, SubmittedEvent
from tests.browser.test_committee_browser import log_in
from tests.seasons.conftest import club_evening, club_with_members

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_association_director_makes_the_ranking_from_the_clubs_evenings_and_a_file(browser, live_server,
                                                                                       tmp_path):
    lv = Club.objects.create(slug="lv", name="Landesverband", language="de")
    evenings = {}
    for slug, region, seed in (("west", "VG 1", 61), ("ost", "VG 2", 62)):
        club, members = club_with_members(slug, count=8, guests=0)
        club.within, club.region = lv, region
        club.save()
        for number, member in enumerate(members[:3]):
            member.federation_number, member.birth_year = f"P-{number}", 1950 + 30 * number
            member.save()
        evening = club_evening(club, members, seed=seed, series=1)
        evening.scoring.published = True
        evening.scoring.save()
        evenings[slug] = evening
    persons_touched(Member.objects.exclude(federation_number="").order_by("pk"))
    secret = club_evening(Club.objects.get(slug="west"), list(Member.objects.filter(club__slug="west")), seed=63,
                          series=1)
    secret.name = "Unveröffentlichter Abend"
    secret.save()
    director = User.objects.create_user("verband", password="pw-for-tests")
    ClubRole.objects.create(club=lv, user=director, role="director")
    west_director = User.objects.create_user("west-leiter", password="pw-for-tests")
    ClubRole.objects.create(club=Club.objects.get(slug="west"), user=west_director, role="director")

    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    url = live_server.url
    try:
        log_in(page, live_server, "verband", "pw-for-tests")
        page.goto(f"{url}/club/lv/seasons/")
        page.fill("input[name=name]", "Rangliste 2026")
        page.fill("input[name=slug]", "rl")
        page.fill("textarea[name=categories]", "Junioren: unter 21\nSenioren: ab 60")
        page.fill("textarea[name=quotas]", "VG 1: 2\nVG 2: 1")
        page.fill("input[name=year]", "2026")
        page.click("form[action$='#season-new'] button[type=submit]")
        page.wait_for_url(f"{url}/club/lv/seasons/rl/**")  # the form's #season-new stays on the address
        season = Season.objects.get(club=lv, slug="rl")
        assert season.rules["quotas"] == {"VG 1": 2, "VG 2": 1}
        assert season.rules["categories"] == {"Junioren": {"under": 21}, "Senioren": {"from": 60}}
        events = page.locator("#season-events form").inner_text()
        assert "Skatfreunde west" in events and "Skatfreunde ost" in events
        assert "Unveröffentlichter Abend" not in page.content()
        for evening in evenings.values():
            page.check(f"#season-events input[value='{evening.pk}']")
        page.click("#season-events button[type=submit]")
        assert page.locator("#season-events .season-events li").count() == 2

        data = {"event": {"name": "Pokal Nord", "date": "2026-03-01", "club": "SC Nord", "region": "VG 1"},
                "players": [{"federation_number": "P-0", "name": "Anna Albers", "birth_year": 1950,
                             "series": [{"total": 3000, "games": 48}]},
                            {"name": "Zacharias Zorn", "birth_year": 2010, "series": [{"total": "viel",
                                                                                       "games": 48}]}]}
        path = tmp_path / "pokal-nord.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        page.set_input_files("#season-files input[name=file]", str(path))
        page.click("#season-files button[type=submit]")
        refusal = page.locator("#season-files .refused").inner_text()
        assert "Nichts wurde übernommen" in refusal and "Zeile 2, series[1].total" in refusal
        assert not SubmittedEvent.objects.exists()
        data["players"][1]["series"][0]["total"] = 400
        path.write_text(json.dumps(data), encoding="utf-8")
        page.set_input_files("#season-files input[name=file]", str(path))
        page.click("#season-files button[type=submit]")
        page.wait_for_selector("#season-files .season-files li:has-text('Pokal Nord')")
        table = page.locator("#season-table").inner_text()
        assert "Zacharias Zorn" in table and "SC Nord" in table and "P-0" in table
        assert "Qualifikation" in page.locator("#season-qualification").inner_text()
        assert page.locator("#season-qualification h3", has_text="Junioren").count() == 1
        context.clear_cookies()

        # a club's director finds his players in the public ranking, and the API says the same
        log_in(page, live_server, "west-leiter", "pw-for-tests")
        page.goto(f"{url}/club/lv/seasons/rl/board/?rows=60")
        board = {line.get_attribute("data-member"): line.locator("td.name").inner_text().strip()
                 for line in page.locator("#board tbody tr").all()}
        api = json.loads(page.goto(f"{url}/api/v1/clubs/lv/seasons/rl/").text())
        assert {str(row["member"]) if row["member"] else None: row["name"] for row in api["rows"]
                if row["member"]} == {m: n for m, n in board.items() if not m.startswith("-")}
        west_names = set(Member.objects.filter(club__slug="west").values_list("name", flat=True))
        mine = [row for row in api["rows"] if "west" in row["clubs"]]
        assert mine and {row["name"] for row in mine} <= west_names
        assert page.goto(f"{url}/club/lv/seasons/rl/").status == 404  # the association's own pages are not his
    finally:
        context.close()
