"""The statistics in a real browser: a member's page on a phone in German and in English (the three pictures
there, nothing scrolling sideways), the club's statistics page and head to head; and a member who may not be
published is on no public page (the club's statistics, head to head, the API). Screenshots for docs/GUIDE.md
when SCREENSHOTS_DIR is set."""

import json

import pytest
from django.contrib.auth.models import User

from clubs.models import ClubRole
from scoring.models import TournamentScoring
from seating.models import Player
from stats.selectors import Scope, member_figures
from tests.browser.screens import shoot
from tests.browser.test_committee_browser import log_in
from tests.seasons.conftest import club_evening, club_with_members
from tests.stats.conftest import evening_with_withdrawal

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def no_sideways_scrolling(page) -> bool:
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
        .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).slice(0, 8)""")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), wide
    return True


def test_a_member_reads_his_figures_on_a_phone_and_the_public_never_sees_a_hidden_one(browser, live_server):
    club, members = club_with_members(count=8, guests=0)
    evenings = [evening_with_withdrawal(club, members, seed=21), club_evening(club, members, seed=22, series=2)]
    TournamentScoring.objects.filter(tournament__in=evenings).update(published=True)
    hidden = members[1]
    hidden.public = False
    hidden.save()
    user = User.objects.create_user("leiter", password="pw-for-tests")
    ClubRole.objects.create(club=club, user=user, role="director")
    member = members[0]
    f = member_figures(member)

    for locale, words in (("de-DE", ("Was die Listen sagen", "Schnitt je 48 Spiele", "Eigene Spiele nach Spielart")),
                          ("en-US", ("What the lists say", "Per 48 deals", "Own games by kind"))):
        context = browser.new_context(locale=locale, viewport=PHONE, has_touch=True)
        page = context.new_page()
        try:
            log_in(page, live_server, "leiter", "pw-for-tests")
            page.goto(f"{live_server.url}/club/{club.slug}/stats/members/{member.pk}/")
            text = page.locator("main").inner_text()
            for word in words:
                assert word in text
            per_48 = f"{float(f.per_48):.2f}"
            assert (per_48.replace(".", ",") if locale == "de-DE" else per_48) in text.replace("\u202f", "")
            pictures = page.locator("figure.chart svg")
            assert pictures.count() == 3
            for n in range(3):
                box = pictures.nth(n).bounding_box()
                assert box["width"] > 300 and box["x"] >= 0 and box["x"] + box["width"] <= 390
            assert page.locator("figure.chart table").count() == 3  # the same figures for a screen reader
            assert no_sideways_scrolling(page)
            if locale == "de-DE":
                shoot(page, "de-statistik-mitglied", sizes=((390, 844, "390"),))

                page.goto(f"{live_server.url}/club/{club.slug}/stats/?by=own_games")
                assert "Jahresrückblick" in page.locator("main").inner_text()
                assert page.locator("table.grid tbody tr").first.is_visible()
                assert no_sideways_scrolling(page)
                shoot(page, "de-statistik-verein", sizes=((390, 844, "390"),))

                page.goto(f"{live_server.url}/club/{club.slug}/stats/versus/")
                page.select_option("select[name=a]", str(members[0].pk))
                page.select_option("select[name=b]", str(members[2].pk))
                page.click("form.stats-scope button[type=submit]")
                assert "Direkter Vergleich" in page.locator("main").inner_text()
                assert page.locator("text=Serien an einem Tisch").count() + page.locator(
                    "text=noch nicht an einem Tisch").count() == 1
                assert no_sideways_scrolling(page)
                shoot(page, "de-statistik-vergleich", sizes=((390, 844, "390"),))
        finally:
            context.close()

    # the public: the club's statistics, head to head and the API never name the hidden member nor his figures
    assert member_figures(hidden, Scope(published=True)).series  # he has figures: they are simply not shown
    context = browser.new_context(locale="de-DE", viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/club/{club.slug}/statistics/?by=points")
        text = page.locator("main").inner_text()
        assert members[0].name in text and hidden.name not in text
        assert page.locator("figure.chart svg").count() == 2 and no_sideways_scrolling(page)  # games, share
        shoot(page, "de-statistik-oeffentlich", sizes=((390, 844, "390"),))
        page.goto(f"{live_server.url}/club/{club.slug}/statistics/versus/")
        assert hidden.name not in page.content()
        page.goto(f"{live_server.url}/club/{club.slug}/statistics/versus/?a={members[0].pk}&b={hidden.pk}")
        assert "Serien an einem Tisch" not in page.locator("main").inner_text()
        answer = page.goto(f"{live_server.url}/api/v1/clubs/{club.slug}/members/{hidden.pk}/statistics/")
        assert answer.status == 404
        his = set(Player.objects.filter(member=hidden).values_list("pk", flat=True))
        for event in evenings:
            rows = page.goto(f"{live_server.url}/api/v1/events/{event.pk}/statistics/").json()
            assert rows and not {row["member"] for row in rows} & his
            assert hidden.name not in json.dumps(rows, ensure_ascii=False)
    finally:
        context.close()
