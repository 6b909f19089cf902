"""The pages added lately, as a club's people see them on a phone (390 px) and a laptop or the hall's projector
(1366 px), in English and in German: the members registry, the people and their roles, the cash desk and its report,
a season's table and its projector board, the public club pages and a player's own page, the public sign-up, the
series page with the whole event's plan and the running series clock. On each page nothing scrolls sideways; the
buttons at the door are a thumb's size; the public figures carry a real minus and no date is left in ISO form; a
series not begun says so. The start cards, the cash report and the season table are printed too, and each start card
keeps its date.

With ``SCREENSHOTS_DIR=docs/img`` the German shots docs/ANLEITUNG.md and docs/GUIDE.md show are kept (``KEPT``: the screen
only, ``de-<page>-<width>.png``; the PDFs' first pages ``de-<document>.png``).

Vocabulary: the *club* is one club with its members, three evenings of a season and a three-series event (series 1
and 2 played, series 2 and 3 planned at once, series 3's clock running); *lang* is the browser's language and the
club's print language.
"""

import re
import subprocess
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from cashdesk.services import payment_take
from clubs.models import ClubRole
from scoring.management.demo import demo_create, demo_play_series
from scoring.models import TournamentScoring
from scoring.series.services import series_clock_start
from scoring.tournaments.services import tournament_open
from seasons.services import season_add, season_create
from seating.event_series import series_draw
from seating.models import SeriesDraw, Tournament
from seating.signups import signup_create
from tests.browser.screens import SCREENSHOTS
from tests.browser.test_committee_browser import log_in
from tests.browser.test_german_screens import shoot_small
from tests.seasons.conftest import club_evening, club_with_members

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PASSWORD = "new-pages-2026"
EVENT_DAY = date(2026, 11, 21)
CARD_DAY = {"de": "21. November 2026", "en": "21 November 2026"}  # as the start cards print it
PHONE, LAPTOP = (390, 844, "390"), (1366, 768, "1366")
SIDEWAYS = "document.scrollingElement.scrollWidth - window.innerWidth"
SMALL_TARGETS = """() => [...document.querySelectorAll('main button, main .button, main input:not([type=hidden])')]
    .filter(el => el.checkVisibility())
    .filter(el => el.getBoundingClientRect().height < 44)
    .map(el => el.outerHTML.slice(0, 80))"""
AT_THE_DOOR = {"cash", "cash-report", "signup", "signup-status", "people"}
"""Pages used standing, on a phone: every button and box at least 44 px high."""
PUBLIC = {"club", "results", "live", "player", "own", "signup", "signup-status"}
KEPT = {"season": (LAPTOP,), "season-board": (LAPTOP,), "series": (LAPTOP,), "people": (PHONE,),
        "own": (PHONE,), "signup": (PHONE,), "member": (PHONE,)}
"""The German pages kept for the docs, at the widths they are shown."""
SCROLLED_TO = {"series": "#plan-quality", "season": "#season-table"}  # the plan and the clock; the table
KEPT_NAMES = {"season": "saison", "season-board": "saison-beamer", "series": "serien-plan", "people": "personen",
              "own": "eigene-seite", "signup": "anmeldung", "member": "mitglied", "start-cards": "startkarten",
              "season-pdf": "saisontabelle"}


@dataclass
class Club:
    """The club's pages' and documents' addresses, filled by ``the_club``."""

    pages: dict[str, str]  # name -> path
    pdfs: dict[str, str]  # name -> path


def the_club(language: str) -> Club:
    club, members = club_with_members("skatfreunde", count=12, guests=2)
    user = User.objects.create_user("leitung", password=PASSWORD)
    for role in ("director", "committee", "cashier"):
        ClubRole.objects.create(club=club, user=user, role=role)
    ClubRole.objects.create(club=club, user=User.objects.create_user("kasse", password=PASSWORD), role="cashier")
    season = season_create(club=club, slug="2026", name="Vereinsmeisterschaft 2026",
                           rules={"best": 2, "min_series": 2, "tie": "more_series"})
    evenings = [club_evening(club, members, seed=seed, absent=0.2, series=2) for seed in (41, 42, 43)]
    season_add(season=season, tournaments=evenings)
    TournamentScoring.objects.filter(tournament__in=evenings).update(published=True)

    event = demo_create(players=14, method="fixed", seed=5, rulebook="isko", series=3, club=club)
    Tournament.objects.filter(pk=event.pk).update(name="Herbstpokal der Skatfreunde 2026", place="Vereinsheim",
                                                  date=EVENT_DAY)
    demo_play_series(event, 1, seed=5)
    series_draw(tournament=event, number=2, how=SeriesDraw.How.PLAN, seed=7)  # series 2 and 3: the whole plan
    demo_play_series(event, 2, seed=7)
    TournamentScoring.objects.filter(tournament=event).update(
        published=True, entry_fee=Decimal("12.50"), per_lost_game=Decimal("0.50"),
        prize_money=[["total", 1, "1250.00"], ["total", 2, "100.00"]])
    event = Tournament.objects.get(pk=event.pk)
    series_clock_start(tournament=event, series=3)
    players = list(event.players.order_by("pk"))
    for player in players[:9]:
        payment_take(tournament=event, player_id=player.pk, kind="fee")

    later = tournament_open(name="Preisskat im Advent", rulebook="isko", method="fixed", club=club)
    Tournament.objects.filter(pk=later.pk).update(signup_open=True, signup_limit=24)
    signup = signup_create(tournament=Tournament.objects.get(pk=later.pk), name="Waltraud Wiesenthal-Obermeier",
                           club="Skatclub Grand Hand Kleinkleckersdorf", contact="waltraud@example.org")
    Tournament.objects.filter(club=club).update(language=language)
    club.language = season.language = language  # the club's language, and its season's print language
    club.save(update_fields=["language"])
    season.save(update_fields=["language"])
    slug, member = club.slug, members[0]
    seasons = f"/club/{slug}/seasons/{season.slug}/"
    return Club(
        pages={"members": f"/club/{slug}/members/", "member": f"/club/{slug}/members/{member.pk}/",
               "member-edit": f"/club/{slug}/members/{member.pk}/edit/",
               "members-import": f"/club/{slug}/members/import/", "duplicates": f"/club/{slug}/members/duplicates/",
               "people": "/accounts/people/",
               "cash": f"/cash/{event.pk}/", "cash-report": f"/cash/{event.pk}/report/",
               "seasons": f"/club/{slug}/seasons/", "season": seasons, "season-board": f"{seasons}board/",
               "series": f"/director/{event.pk}/series/",
               "club": f"/club/{slug}/", "results": f"/club/{slug}/results/{event.pk}/",
               "live": f"/club/{slug}/results/{event.pk}/live/",
               "player": f"/club/{slug}/results/{event.pk}/players/{players[0].pk}/",
               "own": f"/p/{players[0].page_token}/",
               "signup": f"/club/{slug}/signup/{later.pk}/",
               "signup-status": f"/club/{slug}/signup/mine/{signup.cancel_token}/",
               "signups": f"/director/{later.pk}/signups/"},
        pdfs={"start-cards": f"/director/{event.pk}/print/start-cards/a4.pdf",
              "cash-report": f"/cash/{event.pk}/report.pdf", "season-pdf": f"{seasons}season.pdf"})


def pdf_of(page, live_server, path: str, out: Path) -> Path:
    response = page.request.get(f"{live_server.url}{path}")
    assert response.status == 200 and response.body().startswith(b"%PDF"), (path, response.status)
    out.write_bytes(response.body())
    return out


def pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_new_pages_fit_a_phone_and_a_laptop(browser, live_server, lang, tmp_path):
    club = the_club(lang)
    context = browser.new_context(locale="de-DE" if lang == "de" else "en-US", viewport={"width": 390, "height": 844},
                                  has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        log_in(page, live_server, "leitung", PASSWORD)
        sideways, small, hyphens, iso_dates = {}, {}, {}, {}
        for name, path in club.pages.items():
            response = page.goto(f"{live_server.url}{path}")
            assert response.status == 200, (path, response.status)
            assert page.get_attribute("html", "lang") == lang, path
            for width, height, _label in (PHONE, LAPTOP):
                page.set_viewport_size({"width": width, "height": height})
                if page.evaluate(SIDEWAYS) > 0:
                    sideways[(name, width)] = page.evaluate(SIDEWAYS)
                if width == PHONE[0] and name in AT_THE_DOOR and page.evaluate(SMALL_TARGETS):
                    small[name] = page.evaluate(SMALL_TARGETS)
            shown = page.inner_text("main")
            if name in PUBLIC and re.search(r"(?<![\w.–-])-\d", shown):  # "-168": a hyphen for the minus
                hyphens[name] = re.findall(r".{12}(?<![\w.–-])-\d+", shown)[:3]
            if re.search(r"\b\d{4}-\d\d-\d\d\b", shown):
                iso_dates[name] = re.findall(r"\b\d{4}-\d\d-\d\d\b", shown)[:3]
            if lang == "de" and name in KEPT:
                width, height, _label = KEPT[name][0]
                page.set_viewport_size({"width": width, "height": height})
                if name in SCROLLED_TO:
                    page.evaluate("selector => document.querySelector(selector).scrollIntoView()", SCROLLED_TO[name])
                shoot_small(page, f"de-{KEPT_NAMES[name]}", KEPT[name])
        assert sideways == {}  # nothing scrolls sideways, at 390 px nor at 1366 px
        assert small == {}  # a thumb's size at the door
        assert hyphens == {}  # the public figures' minus is "−"
        assert iso_dates == {}  # a date as the language writes it

        page.goto(f"{live_server.url}{club.pages['member']}")
        assert page.locator(f"main a.button[href='{club.pages['member-edit']}']").inner_text().strip() == (
            "Ändern" if lang == "de" else "Change")  # the verb, not the noun ("Änderung")
        page.goto(f"{live_server.url}{club.pages['member-edit']}")
        labels = page.locator("main label.field > span:first-child").all_inner_texts()
        assert labels and [label for label in labels if not label[0].isupper()] == []  # "year of birth" was not
        page.goto(f"{live_server.url}{club.pages['results']}")
        assert page.locator("main > p.muted").count() == 1  # series 3, not begun: said so, not all 1st with 0
        page.goto(f"{live_server.url}{club.pages['player']}")
        ranks = page.locator("main table tbody tr td:nth-child(2)").all_inner_texts()
        assert len(ranks) == 3 and ranks[2] == "—" and all(rank.isdigit() for rank in ranks[:2]), ranks
        page.goto(f"{live_server.url}{club.pages['own']}")
        scores = page.locator("main table td.num:last-child").all_inner_texts()
        assert any(score.startswith("\u2212") for score in scores)  # his lists hold lost games

        for name, path in club.pdfs.items():
            pdf = pdf_of(page, live_server, path, tmp_path / f"{name}.pdf")
            if name == "start-cards":  # the date first on every card: a long name is cut, the date never
                text = pdf_text(pdf)
                cards = text.count("START CARD" if lang == "en" else "STARTKARTE")
                assert cards and text.count(CARD_DAY[lang]) >= cards, text[:600]
            if lang == "de" and SCREENSHOTS and name in KEPT_NAMES:
                subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-singlefile", str(pdf),
                                str(Path(SCREENSHOTS) / f"de-{KEPT_NAMES[name]}")], check=True)
    finally:
        context.close()
