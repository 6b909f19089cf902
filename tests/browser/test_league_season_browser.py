"""A whole Staffel season in a real browser, in German, from the pages alone: the league director finds the leagues
from the menu, makes a Staffel from the DSkV Landesliga preset with the Sportordnung's rules filled in, picks the
rosters of 8 teams of 5 from the members (two letters and a tap each, a guest in one line), makes the schedule,
dates the days and names two captains. One captain sets his line-up on his phone before the deadline, the other is
refused after it and the director sets it with a reason. On day 1 a team comes short and one does not appear (its
fine booked, its deduction shown), a Wechsel comes in from series 2; a group of day 2 is moved; day 1 is
confirmed; the public table is read on a 390 px phone without sideways scrolling. Every tap and key of the rosters
is counted and printed.

The deals are entered by the demo's dealer (``demo_play_series``, the table's own service), as the host's tables
would enter them; everything else is done on the pages."""

import datetime
import json
import os

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from clubs.models import Club, ClubRole, Member
from leagues.models import Charge, DayNote, GroupTeam, League, LineUp, RosterEntry, Substitution, Team
from leagues.selectors import league_reading
from leagues.sheets import table_rows
from scoring.management.demo import demo_play_series
from tests.browser.conftest import ARTIFACTS

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

SHOTS = os.environ.get("LEAGUE_SCREENSHOTS")  # a folder: the guide's screenshots are taken there
PASSWORD = "Staffelleiter-Passwort-2026"
CAPTAIN_PASSWORD = "Kapitaen-Passwort-2026"
TEAMS = ["Kreuz", "Pik", "Herz", "Karo", "Grand", "Null", "Ramsch", "Schneider"]
MEMBERS = ["Anna Ebert", "Bernd Maier", "Carla Otto", "Dora Lang", "Emil Koch", "Frieda Stein", "Gustav Wolf",
           "Hedwig Roth", "Ida Becker", "Karl Braun", "Louise Frank", "Max Sommer", "Paul Kurz", "Quirin Vogt",
           "Rita Hahn", "Sven Jung", "Tina Berg", "Uwe Fuchs", "Vera Lorenz", "Walter Busch", "Xaver Engel",
           "Yvonne Graf", "Zoltan Pohl", "Agnes Winter", "Bruno Seidel", "Clara Kuhn", "Dieter Arnold",
           "Elke Zimmer", "Franz Haas", "Gisela Dietrich", "Heinz Schulte", "Inge Ludwig", "Jonas Brandt",
           "Kurt Ziegler", "Lena Kraft", "Moritz Albrecht", "Nina Schuster", "Otto Vollmer", "Petra Jaeger"]
GUEST = "Gerd Gast"


class Hands:
    """The director's hands on the rosters: every tap and key goes through here and is counted."""

    def __init__(self, page):
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, target) -> None:
        (self.page.locator(target) if isinstance(target, str) else target).click()
        self.taps += 1

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.keys += len(text)

    def enter(self) -> None:
        with self.page.expect_navigation():
            self.page.keyboard.press("Enter")
        self.keys += 1

    def tap_and_wait(self, target) -> None:
        with self.page.expect_navigation():
            self.tap(target)

    @property
    def actions(self) -> int:
        return self.taps + self.keys


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name), full_page=True)


def submit(page, target):
    with page.expect_navigation():
        (page.locator(target) if isinstance(target, str) else target).click()


def focused(page, element_id):
    page.wait_for_function(f"document.activeElement && document.activeElement.id === '{element_id}'", timeout=5000)


def two_letters(name: str, others: list[str]) -> str:
    """Two letters of ``name`` that find at most a dozen of the members still free (the picker's list)."""
    low = name.lower()
    for i in range(len(low) - 1):
        pair = low[i:i + 2]
        if " " in pair:
            continue
        if sum(1 for other in others if pair in other.lower()) <= 12:
            return pair
    raise AssertionError(name)


def no_sideways_scrolling(page):
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def log_in_phone(browser, live_server, username, password):
    """A captain's phone: he logs in from the login page (no address typed but the site's) and lands where the
    site sends him."""
    phone = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844}, has_touch=True)
    hand = phone.new_page()
    hand.set_default_timeout(60_000)
    hand.goto(f"{live_server.url}/accounts/login/")
    for selector in ("input[name=username]", "input[name=password]", "main button[type=submit]"):
        assert hand.locator(selector).bounding_box()["height"] >= 44, selector
    hand.fill("input[name=username]", username)
    hand.fill("input[name=password]", password)
    submit(hand, "main button[type=submit]")
    return phone, hand


def test_a_whole_staffel_season_from_the_pages_alone(browser, live_server):
    club = Club.objects.create(slug="skv-nord", name="Skatverband Nord")
    director = User.objects.create_user("leiter", password=PASSWORD)
    ClubRole.objects.create(club=club, user=director, role="director")
    members = {name: Member.objects.create(club=club, name=name) for name in MEMBERS}
    desk = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    page = desk.new_page()
    page.set_default_timeout(60_000)
    today = timezone.localdate()
    try:
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("input[name=username]", "leiter")
        page.fill("input[name=password]", PASSWORD)
        submit(page, "main button[type=submit]")
        submit(page, "nav >> text=Ligen")  # found from the menu, not typed
        assert "Neue Liga (Staffel)" in page.content() and "JSON" not in page.locator("#league-new").inner_text()

        # The preset fills every rule; the Sportordnung's administration is set on the same form.
        page.select_option("#league-preset", "dskv-landesliga")
        submit(page, "#preset-fill")
        assert page.input_value("#rule-series_per_day") == "2" and page.input_value("#rule-central_days") == "5"
        page.fill("#league-name", "Landesliga Nord")
        page.fill("#league-slug", "ll-nord")
        page.fill("#league-season", "2026")
        for key, value in (("lineup_due_days", "2"), ("lineup_corrections_until", "09:00"),
                           ("substitutions_per_series", "1"), ("no_show_deduction", "2"),
                           ("no_show_fine", "50"), ("team_fee", "120"), ("promote", "1"), ("relegate", "2")):
            page.fill(f"#rule-{key}", value)
        shot(page, "de-staffel-neu-1280.png")
        submit(page, "#league-make")
        league = League.objects.get(slug="ll-nord")
        rules = league.parsed_rules
        assert (rules.series_per_day, rules.central_days, rules.lineup_due_days, rules.no_show_deduction,
                str(rules.no_show_fine), rules.substitutions_per_series) == (2, (5,), 2, 2, "50.00", 1)

        # Rosters picked from the members: a team's name and Enter, then two letters, Enter and a tap a player.
        hands = Hands(page)
        free = list(MEMBERS)
        queue = list(MEMBERS) + [GUEST]
        for index, team_name in enumerate(TEAMS):
            if index:
                hands.tap("#team-name")
            else:
                focused(page, "team-name")
            hands.type(team_name)
            hands.enter()
            focused(page, "pick-text")
            for _player in range(5):
                name = queue.pop(0)
                if name == GUEST:  # a guest: his name typed once, found nowhere, taken in one tap
                    hands.type(name)
                    hands.enter()
                    assert page.input_value("#guest-name") == GUEST
                    hands.tap_and_wait(".guest-line button")
                    continue
                hands.type(two_letters(name, free))
                hands.enter()
                hands.tap_and_wait(f"button[data-member='{members[name].pk}']")
                free.remove(name)
                focused(page, "pick-text")
            if index == 0:
                shot(page, "de-staffel-kader-1280.png")
        print(f"rosters: 8 teams of 5 in {hands.actions} actions ({hands.taps} taps, {hands.keys} keys)")
        assert hands.actions <= 250
        teams = {team.name: team for team in Team.objects.filter(league=league)}
        assert sorted(teams) == sorted(TEAMS)
        assert all(team.roster.count() == 5 for team in teams.values())
        assert RosterEntry.objects.get(team__league=league, name=GUEST).guest
        assert Charge.objects.filter(league=league, kind="fee").count() == 8  # the team fees booked

        submit(page, "#schedule")  # no seed asked
        page.wait_for_selector("text=Spieltag 5")
        entries = list(GroupTeam.objects.filter(group__day__number=1, group__number=1).order_by("order")
                       .select_related("team", "group"))
        # a team short and a team absent sit in different groups: 4 + 3 + 4 players of three teams cannot keep
        # two of one team from a table
        second = list(GroupTeam.objects.filter(group__day__number=1, group__number=2).order_by("order")
                      .select_related("team", "group"))
        mine, away, short = entries[0].team, entries[2].team, second[1].team
        late = GroupTeam.objects.filter(group__day__number=2).exclude(team=mine).select_related("team") \
            .order_by("group__number", "order").first().team

        # Dates: day 1 in ten days; day 2 tomorrow, its line-up due the day before yesterday's end.
        for number, date in ((1, today + datetime.timedelta(days=10)), (2, today + datetime.timedelta(days=1))):
            submit(page, f"#days >> text=Spieltag {number}")
            page.fill("#day-date-input", date.isoformat())
            submit(page, "#day-date button")
            submit(page, page.locator(".director > p a").first)

        # Two captains named, each a new login.
        for team, login in ((mine, "kapitaen-a"), (late, "kapitaen-b")):
            page.locator(f"#team-{team.pk} details summary").click()
            page.fill(f"#captain-{team.pk}", login)
            page.fill(f"#captain-password-{team.pk}", CAPTAIN_PASSWORD)
            submit(page, page.locator(f"#team-{team.pk} .captain-form button"))

        # Captain A on his phone: lands on his team's page, sees date, venue, group, opponents and deadline.
        phone, hand = log_in_phone(browser, live_server, "kapitaen-a", CAPTAIN_PASSWORD)
        assert hand.url.endswith(f"/team/{mine.pk}/")
        first = hand.locator(".captain-days li").first.inner_text()
        due = today + datetime.timedelta(days=8)
        assert "Gruppe 1" in first and entries[1].team.name in first and away.name in first
        assert "Aufstellung abzugeben bis" in first and due.strftime("%d.%m.%Y") in first
        assert no_sideways_scrolling(hand)
        shot(hand, "de-staffel-kapitaen-390.png")
        submit(hand, f"a[href$='/team/{mine.pk}/day/1/']")
        order = [line.name for line in mine.roster.order_by("order")][:4]
        for position, name in enumerate(order, start=1):
            hand.select_option(f"#position-{position}", name)
        submit(hand, "text=Aufstellung speichern")
        hand.wait_for_selector("text=Die Aufstellung ist gespeichert.")
        phone.close()

        # Captain B is too late for day 2: refused; the director sets it with a reason kept in the history.
        phone, hand = log_in_phone(browser, live_server, "kapitaen-b", CAPTAIN_PASSWORD)
        assert hand.url.endswith(f"/team/{late.pk}/")
        submit(hand, f"a[href$='/team/{late.pk}/day/2/']")
        names = [line.name for line in late.roster.order_by("order")][:4]
        for position, name in enumerate(names, start=1):
            hand.select_option(f"#position-{position}", name)
        submit(hand, "text=Aufstellung speichern")
        assert "war bis" in hand.locator(".error").inner_text() and "Staffelleiter" in hand.content()
        shot(hand, "de-staffel-zu-spaet-390.png")
        phone.close()
        assert not LineUp.objects.filter(entry__team=late, entry__group__day__number=2).exists()
        page.goto(page.url)  # the league page again
        submit(page, "#days >> text=Spieltag 2")
        late_entry = GroupTeam.objects.get(team=late, group__day__number=2)
        block = page.locator(f"#entry-{late_entry.pk}")
        block.locator("details summary").first.click()
        for position, name in enumerate(names, start=1):
            block.locator(f"#lineup-{late_entry.pk}-{position}").select_option(name)
        block.locator(f"#lineup-reason-{late_entry.pk}").fill("Meldung per Telefon am Donnerstag")
        submit(page, block.locator(".lineup-form button"))
        assert "Meldung per Telefon am Donnerstag" in page.locator("#history").inner_text()

        # A group of day 2 moved (Spielverlegung): the history keeps the old date.
        moved_to = today + datetime.timedelta(days=8)
        page.locator("#group-1 details.move summary").click()
        page.fill("#move-date-1", moved_to.isoformat())
        page.fill("#move-reason-1", "Spiellokal belegt")
        submit(page, "#move-1 button")
        history = page.locator("#history").inner_text()
        assert "verlegt" in history and (today + datetime.timedelta(days=1)).isoformat() in history \
            and moved_to.isoformat() in history
        assert moved_to.strftime("%d.%m.%Y") in page.locator("#group-1 .venue").inner_text()

        # Day 1: one team short (3 players), one did not appear; seated and played, a Wechsel from series 2.
        submit(page, page.locator(".director > p a").first)
        submit(page, "#days >> text=Spieltag 1")
        block = page.locator(f"#entry-{second[1].pk}")
        block.locator("details summary").first.click()
        for position, name in enumerate([line.name for line in short.roster.order_by("order")][:3], start=1):
            block.locator(f"#lineup-{second[1].pk}-{position}").select_option(name)
        submit(page, block.locator(".lineup-form button"))
        submit(page, page.locator(f"#entry-{entries[2].pk} .absent-button"))
        assert Charge.objects.filter(league=league, team=away, kind="fine", amount=50).count() == 1
        submit(page, "text=Die Veranstaltungen des Spieltags anlegen und jede Serie setzen")
        assert page.locator(f"#entry-{entries[2].pk} form.wechsel").count() == 0  # absent: no Wechsel form
        groups = list(league.days.get(number=1).groups.select_related("tournament").order_by("number"))
        for group in groups:
            demo_play_series(group.tournament, 1, seed=11 + group.number)
        page.reload()
        form = page.locator(f"#entry-{entries[0].pk} form.wechsel")
        offered = form.locator("select[name=in] option").all_inner_texts()
        assert offered == [line.name for line in mine.roster.order_by("order")][4:]  # the bench only
        form.locator("select[name=out]").select_option(order[2])
        form.locator("select[name=in]").select_option(offered[0])
        form.locator("select[name=from_series]").select_option("2")
        submit(page, form.locator("button"))
        page.wait_for_selector(f"text=Wechsel: {offered[0]} für {order[2]} ab Serie 2")
        assert Substitution.objects.filter(entry=entries[0], from_series=2).count() == 1
        for group in groups:
            demo_play_series(group.tournament, 2, seed=21 + group.number)
        page.reload()
        shot(page, "de-staffel-spieltag-1280.png")
        submit(page, "text=Ergebnisse bestätigen")
        page.wait_for_selector("text=Verbindlich.")

        # The table: the deduction shown under the absent team; the league's figures on the page.
        submit(page, page.locator(".director > p a").first)
        expected = table_rows(league_reading(league))
        rows = page.locator("#table tbody tr")
        assert rows.count() == 8
        for index, row in enumerate(expected):
            cells = rows.nth(index).locator("td")
            assert cells.nth(1).inner_text().startswith(row["name"])
            assert cells.nth(3).inner_text() == str(row["game_points"])
        away_row = next(row for row in expected if row["team"] == away.pk)
        assert away_row["deducted"] == 2 and away_row["points"] == -2
        assert "−2 am 1. Spieltag nicht angetreten" in page.locator("#table").inner_text()
        assert "0 : max" in page.locator("#table .footnote").inner_text()
        assert "Ordnungsgeld" in page.locator("#cash").inner_text()
        shot(page, "de-staffel-tabelle-1280.png")
        page.set_viewport_size({"width": 390, "height": 844})  # the director's table on a phone, too
        assert no_sideways_scrolling(page)
        assert page.evaluate("(() => { const t = document.querySelector('#table table.league-table');"
                             " return t.getBoundingClientRect().right <= 390; })()")
        page.set_viewport_size({"width": 1280, "height": 900})
        submit(page, "#publish")

        # The public table on a phone: found from the home page, no sideways scrolling.
        public = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844}, has_touch=True)
        visitor = public.new_page()
        visitor.goto(f"{live_server.url}/")
        submit(visitor, "#leagues-public >> text=Landesliga Nord")
        assert visitor.locator("table.league-table tbody tr").count() == 8
        assert "0 : max" in visitor.content() and "nicht angetreten" in visitor.content()
        assert no_sideways_scrolling(visitor)
        # every column on the screen: the table itself does not scroll either
        assert visitor.evaluate("(() => { const t = document.querySelector('table.league-table');"
                                " return t.scrollWidth <= t.clientWidth && t.getBoundingClientRect().right <= 390; })()")
        assert visitor.locator("table.league-table th.col-days_played").is_visible()
        shot(visitor, "de-staffel-oeffentlich-390.png")
        api = json.loads(visitor.request.get(f"{live_server.url}/api/v1/leagues/ll-nord/").text())
        assert api["rows"] == expected
        schedule_day2 = league_reading(league).days[1]
        assert schedule_day2.notes.filter(kind=DayNote.Kind.MOVED).exists()
        public.close()
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "league_season_browser.png"), full_page=True)
        raise
    finally:
        desk.close()
