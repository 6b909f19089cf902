"""Two clubs on one server: each director, in his own browser, runs a club evening from
the registry to the cash report — members imported, an ISkO evening opened with an entry fee and prize money,
members picked by two letters and a tap, a guest added in one line, the draw, the deals, the fees taken, the prize
list printed and its prizes paid out, the cash report's PDF read back. Club A's director works on a phone in German
(the print language German too), club B's on a laptop in English. Then B's director tries A's pages and gets none.

With ``SCREENSHOTS_DIR=docs/img`` club A's German registry, picker, cash desk and cash report (its PDF's first page)
are kept at 390 px as ``de-club-*.png`` for docs/ANLEITUNG.md and docs/GUIDE.md.

Vocabulary: an *evening* is one club's tournament of the night; *A* and *B* the two clubs.
"""

import subprocess
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from cashdesk.models import Payment
from clubs.models import Club, Member
from seating.models import Player, Table, Tournament
from tests.browser.entry_driver import ISKO_MIX, Controller
from tests.browser.screens import SCREENSHOTS
from tests.browser.test_committee_browser import log_in
from tests.browser.test_german_screens import shoot_small
from tests.roles import director
from tests.scoring.conftest import enter_isko

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "club-director-2026"
FEE, PRIZES = Decimal("10.00"), (Decimal("25.00"), Decimal("15.00"))
PHONE_390 = ((390, 844, "390"),)


@dataclass
class Side:
    """One club's side of the test: who directs it, in which language and on which screen, and its people."""

    slug: str
    name: str
    login: str
    language: str  # the browser's and the evening's print language
    evening: str
    members: list[tuple[str, str]]  # (name, the two letters the director types to find him)
    guest: tuple[str, str]  # (name, his own club)
    viewport: dict
    shots: bool = False  # club A's German pages are the screenshots of docs/ANLEITUNG.md


A = Side("nord", "SC Nord", "leiter-nord", "de", "Dienstagsskat Nord",
         [("Anna Ebert", "eb"), ("Bernd Maier", "ai"), ("Carla Otto", "ot"), ("Dieter Kunz", "ku"),
          ("Erika Vogt", "vo"), ("Fritz Hahn", "ha"), ("Greta Zorn", "zo")],
         ("Gerd Gast", "SC Süd"), {"width": 390, "height": 844}, shots=True)
B = Side("sued", "Skatfreunde Süd", "leiter-sued", "en", "Thursday club evening",
         [("Hanna Weiss", "we"), ("Igor Brandt", "br"), ("Jana Pohl", "po"), ("Kurt Seidel", "se"),
          ("Lena Fuchs", "fu"), ("Moritz Lang", "la"), ("Nina Roth", "ro")],
         ("Otto Fremd", "SV West"), {"width": 1280, "height": 900})


def registry_csv(club: Side, path: Path) -> Path:
    path.write_text("name,club,number,categories,guest,public\n"
                    + "".join(f"{name},{club.name},{100 + n},,no,yes\n" for n, (name, _) in enumerate(club.members)))
    return path


def pdf_text(download, path: Path) -> str:
    download.save_as(path)
    assert path.read_bytes().startswith(b"%PDF")
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def run_the_evening(page, live_server, club: Side, tmp_path: Path) -> Tournament:
    """The director's whole evening in his browser (selectors by form names and links, so both languages run it)."""
    url = live_server.url
    registry = f"{url}/club/{club.slug}/members/"
    log_in(page, live_server, club.login, PASSWORD)

    # The registry: the club's member list imported, previewed, confirmed.
    page.goto(f"{registry}import/")
    page.set_input_files("input[type=file]", str(registry_csv(club, tmp_path / f"{club.slug}.csv")))
    page.click("main form button[type=submit]")
    page.locator("form[action$='/members/import/confirm/'] button[type=submit]").click()
    page.wait_for_url(registry)
    for name, _ in club.members:
        page.locator("main", has_text=name).wait_for()
    if club.shots:
        shoot_small(page, "de-club-mitglieder", PHONE_390)

    # A new ISkO evening, fixed tables; the money rules in the committee's settings.
    page.goto(f"{url}/director/")
    form = page.locator("#new-tournament form[action='/director/']")
    form.locator("input[name=name]").fill(club.evening)
    form.locator("input[name=date]").fill(date.today().isoformat())
    form.locator("select[name=rulebook]").select_option("isko")
    form.locator("select[name=method]").select_option("fixed")
    form.locator("select[name=language]").select_option(club.language)
    form.locator("button[type=submit]").click()
    page.locator("#picker").wait_for()
    evening = Tournament.objects.get(name=club.evening)
    assert evening.club.slug == club.slug and evening.language == club.language
    page.goto(f"{url}/committee/{evening.pk}/")
    settings = page.locator(f"form[action='/committee/{evening.pk}/settings/']")
    settings.locator("input[name=entry_fee]").fill("10")
    settings.locator("textarea[name=prize_money]").fill("total 1 25\ntotal 2 15")
    settings.locator("button[type=submit]").click()
    page.wait_for_load_state()

    # The players: each member by two letters and a tap, then a guest in one line.
    page.goto(f"{url}/director/{evening.pk}/")
    for count, (name, letters) in enumerate(club.members, start=1):
        member = Member.objects.get(club__slug=club.slug, name=name)
        page.click("#pick-text")
        page.keyboard.type(letters, delay=20)
        page.locator(f"button[data-member='{member.pk}']").wait_for()
        if club.shots and count == 1:
            shoot_small(page, "de-club-auswahl", PHONE_390)
        page.click(f"button[data-member='{member.pk}']")
        page.locator("#player-count", has_text=str(count)).wait_for()
    page.click("#pick-text")
    page.keyboard.type(club.guest[0], delay=10)
    # The answer to the whole name, not to its first word asked while it was typed.
    page.locator(f"#pick-found .pick-list[data-pick='{club.guest[0]}'] .nobody").wait_for()
    page.fill("#guest-club", club.guest[1])
    page.press("#guest-club", "Enter")
    page.locator("#player-count", has_text=str(len(club.members) + 1)).wait_for()
    players = {player.name: player for player in Player.objects.filter(tournament=evening).select_related("member")}
    assert sorted(players) == sorted([name for name, _ in club.members] + [club.guest[0]])
    assert all(players[name].member.club.slug == club.slug for name, _ in club.members)
    guest = players[club.guest[0]].member
    assert guest.guest and guest.home_club == club.guest[1] and guest.club.slug == club.slug  # kept for next time

    # Fixed tables need a controller at each: the first two ticked on the players page.
    page.reload()
    for count, (name, _) in enumerate(club.members[:2], start=1):
        page.click(f"#expert-{players[name].pk} input")
        page.locator("#expert-count", has_text=str(count)).wait_for()

    # The draw, then the deals: one at the first table in the browser (English only: the driver reads its
    # message), the rest by the service, as the other tables' phones would send them.
    page.goto(f"{url}/director/{evening.pk}/plan/")
    page.fill("#draw input[name=seed]", "2026")
    page.click("#draw button[type=submit]")
    page.wait_for_url(f"**/director/{evening.pk}/seating/")
    tables = list(Table.objects.filter(tournament=evening).order_by("number"))
    assert len(tables) == 2
    first_by_service = 1
    if club.language == "en":
        page.goto(f"{url}/sheets/{tables[0].pk}/")
        page.locator("#deal-form").wait_for()
        controller = Controller(page)
        ISKO_MIX[0][1](controller)
        controller.save(1)
        first_by_service = 2
    enter_isko(evening, deals=6, first_table=first_by_service)

    # The prize list, printed (its PDF read back), names the winners the cash desk pays.
    page.goto(f"{url}/committee/{evening.pk}/")
    with page.expect_download() as download:
        page.click(f"a[href='/committee/{evening.pk}/prizes.pdf']")
    prize_list = pdf_text(download.value, tmp_path / f"{club.slug}-prizes.pdf")
    assert club.evening in prize_list

    # The cash desk: every fee taken with one tap, then every prize paid out.
    page.goto(f"{url}/cash/{evening.pk}/")
    for player in players.values():
        page.locator(f"#player-{player.pk} form:has(input[name=kind][value=fee]) button").click()
        page.locator(f"#player-{player.pk} .paid").first.wait_for()
    page.goto(f"{url}/cash/{evening.pk}/?show=prize")
    payout = page.locator("form:has(input[name=kind][value=prize]) button")
    for left in range(len(PRIZES) - 1, -1, -1):
        payout.first.click()
        expect(payout).to_have_count(left)  # the desk shown again, that prize paid: never tapped twice
    if club.shots:
        page.goto(f"{url}/cash/{evening.pk}/")
        shoot_small(page, "de-club-kasse", PHONE_390)
    book = Payment.objects.filter(tournament=evening)
    assert sorted(book.filter(kind="fee").values_list("amount", flat=True)) == [FEE] * len(players)
    assert sorted(book.filter(kind="prize").values_list("amount", flat=True), reverse=True) == list(PRIZES)
    by_pk = {player.pk: name for name, player in players.items()}
    winners = {by_pk[pk] for pk in book.filter(kind="prize").values_list("player_id", flat=True)}
    assert all(name in prize_list for name in winners), (winners, prize_list)

    # The cash report: taken, paid out, balance — on the page and in its PDF.
    page.goto(f"{url}/cash/{evening.pk}/report/")
    with page.expect_download() as download:
        page.click(f"a[href='/cash/{evening.pk}/report.pdf']")
    pdf = tmp_path / f"{club.slug}-cash.pdf"
    report = pdf_text(download.value, pdf)
    assert club.evening in report
    taken, paid_out = FEE * len(players), sum(PRIZES)
    said = (lambda amount: f"{amount:.2f}".replace(".", ",")) if club.language == "de" else (
        lambda amount: f"{amount:.2f}")
    for amount in (taken, paid_out, taken - paid_out):
        assert said(amount) in report, (amount, report)
    if club.shots and SCREENSHOTS:
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-singlefile", str(pdf),
                        str(Path(SCREENSHOTS) / "de-club-kassenbericht")], check=True)
    return evening


def test_two_clubs_each_run_an_evening_and_neither_reaches_the_others(browser, live_server, django_user_model,
                                                                      tmp_path):
    call_command("club", "create", A.slug, "--name", A.name)
    Club.objects.create(slug=B.slug, name=B.name)
    for club in (A, B):
        director(django_user_model, club.login, PASSWORD, Club.objects.get(slug=club.slug))
    pages, evenings = {}, {}
    try:
        for club in (A, B):
            context = browser.new_context(locale="de-DE" if club.language == "de" else "en-US",
                                          viewport=club.viewport, accept_downloads=True, has_touch=True)
            pages[club.slug] = context.new_page()
            pages[club.slug].set_default_timeout(15_000)
            evenings[club.slug] = run_the_evening(pages[club.slug], live_server, club, tmp_path)

        # B's director, in his browser, tries every page of A's evening and A's registry: none is his.
        page, theirs = pages[B.slug], evenings[A.slug]
        member = Member.objects.filter(club__slug=A.slug).order_by("pk").first()
        for path in (f"/director/{theirs.pk}/", f"/director/{theirs.pk}/plan/", f"/director/{theirs.pk}/seating/",
                     f"/committee/{theirs.pk}/", f"/committee/{theirs.pk}/prizes.pdf", f"/cash/{theirs.pk}/",
                     f"/cash/{theirs.pk}/report/", f"/cash/{theirs.pk}/report.pdf",
                     f"/club/{A.slug}/members/", f"/club/{A.slug}/members/{member.pk}/"):
            try:
                response = page.goto(f"{live_server.url}{path}")
                status, shown = response.status, page.inner_text("body")
            except Exception as error:  # a download would start: the page was served, which it must not be
                pytest.fail(f"{path}: B's director got a download of A's ({error})")
            assert status in (403, 404), (path, status)
            assert A.evening not in shown and member.name not in shown, path
        # His own pages list his evening and his members, never A's.
        for path, his in (("/", B.evening), ("/director/", B.evening), (f"/club/{B.slug}/members/", B.members[0][0])):
            page.goto(f"{live_server.url}{path}")
            shown = page.inner_text("body")
            assert his in shown and A.evening not in shown, path
            assert not any(name in shown for name, _ in A.members), path
        assert Payment.objects.filter(tournament=theirs).count() == len(A.members) + 1 + len(PRIZES)  # unchanged
    finally:
        for page in pages.values():
            page.context.close()
