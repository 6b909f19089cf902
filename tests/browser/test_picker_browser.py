"""The member picker in a browser: three members picked by typing two letters and tapping each, and a
guest added in one line; every tap and key counted, and the evening's players checked in the database."""

import contextlib

import pytest
from playwright.sync_api import Error as PlaywrightError

from clubs.models import Member
from scoring.tournaments.services import tournament_open
from seating.models import Player
from tests.browser import screens
from tests.roles import grant

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "director-password-1907"
OTHERS = ["Dora Lang", "Emil Koch", "Frieda Stein", "Gustav Wolf", "Hedwig Roth", "Ida Becker", "Karl Braun",
          "Louise Frank", "Max Sommer", "Paul Kurz"]


class Desk:
    """The director's hands: every tap and key goes through here and is counted."""

    def __init__(self, page):
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, selector: str) -> None:
        self.page.click(selector)
        self.taps += 1

    def type(self, text: str) -> None:
        self.page.keyboard.type(text, delay=30)
        self.keys += len(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys += 1


def test_three_members_picked_by_two_letters_and_a_tap_and_a_guest_in_one_line(page, live_server, django_user_model):
    director = grant(django_user_model.objects.create_user("director", password=PASSWORD))
    club = director.club_roles.get().club
    picked = {text: Member.objects.create(club=club, name=name, home_club=home)
              for text, name, home in (("eb", "Anna Ebert", ""), ("ma", "Bernd Maier", "SC Nord"),
                                       ("ot", "Carla Otto", ""))}
    for name in OTHERS:
        Member.objects.create(club=club, name=name)
    tournament = tournament_open(name="Dienstag", rulebook="isko", method="fixed", club=club)
    page.goto(f"{live_server.url}/accounts/login/?next=/director/{tournament.pk}/")
    page.fill("#id_username", "director")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/director/{tournament.pk}/")

    desk = Desk(page)
    desk.tap("#pick-text")
    for count, (text, member) in enumerate(picked.items(), start=1):
        desk.type(text)
        page.locator(f"button[data-member='{member.pk}']").wait_for()
        desk.tap(f"button[data-member='{member.pk}']")
        page.locator(f"#picker .message:has-text('Registered {member.name}')").wait_for()
        page.locator("#player-count", has_text=str(count)).wait_for()
        # Ready for the next, no tap needed: htmx focuses the swapped field once it settles.
        page.wait_for_function("document.activeElement && document.activeElement.id === 'pick-text'", timeout=3000)
    assert (desk.taps, desk.keys) == (4, 6)

    desk.type("Gerd Gast")
    # The answer to the whole name: on a slow machine "Gerd" alone may have been asked and answered first.
    page.locator("#pick-found .pick-list[data-pick='Gerd Gast'] .nobody").wait_for()
    assert page.input_value("#guest-name") == "Gerd Gast"  # the guest line offers the name typed
    desk.tap("#guest-club")
    desk.type("SC Süd")
    desk.press("Enter")
    page.locator("#picker .message:has-text('Registered Gerd Gast')").wait_for()
    page.locator("#player-count", has_text="4").wait_for()
    assert (desk.taps, desk.keys) == (5, 6 + len("Gerd Gast") + len("SC Süd") + 1)
    print(f"picker: 3 members and a guest in {desk.taps} taps and {desk.keys} keys")

    players = {p.name: p for p in Player.objects.filter(tournament=tournament).select_related("member")}
    assert sorted(players) == ["Anna Ebert", "Bernd Maier", "Carla Otto", "Gerd Gast"]
    assert players["Bernd Maier"].club == "SC Nord" and players["Anna Ebert"].club == club.name
    guest = Member.objects.get(club=club, name="Gerd Gast")
    assert guest.guest and guest.home_club == "SC Süd" and players["Gerd Gast"].member == guest
    # On a phone the picker fits the screen and every name in its list is a finger-sized target.
    page.set_viewport_size({"width": 360, "height": 740})
    page.click("#pick-text")
    page.keyboard.type("er")
    page.locator("#pick-found button.pick").first.wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for target in page.locator("#picker button, #picker input:not([type=hidden])").all():
        assert target.bounding_box()["height"] >= 44, target.get_attribute("id") or target.inner_text()
    screens.shoot(page, "director-picker")


def log_in_director(page, live_server, django_user_model):
    director = grant(django_user_model.objects.create_user("director", password=PASSWORD))
    club = director.club_roles.get().club
    tournament = tournament_open(name="Dienstag", rulebook="isko", method="fixed", club=club)
    page.goto(f"{live_server.url}/accounts/login/?next=/director/{tournament.pk}/")
    page.fill("#id_username", "director")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/director/{tournament.pk}/")
    return club, tournament


def test_a_guest_in_one_line_is_his_letters_and_three_actions(page, live_server, django_user_model):
    """Name, Enter, club, Enter: the guest's letters and a tap into the search and two Enters, however long the
    name; Enter with one member found picks him."""
    club, tournament = log_in_director(page, live_server, django_user_model)
    for name in OTHERS:
        Member.objects.create(club=club, name=name)
    desk = Desk(page)
    desk.tap("#pick-text")
    name, home = "Hans-Jürgen Wachtmeister", "SG Grün-Weiß Oberhausen 1920"
    desk.type(name)
    desk.press("Enter")  # nobody in the registry: on to his club, his name already in the guest line
    page.wait_for_function("document.activeElement && document.activeElement.id === 'guest-club'")
    assert page.input_value("#guest-name") == name
    desk.type(home)
    desk.press("Enter")
    page.locator(f"#picker .message:has-text('Registered {name}')").wait_for()
    assert desk.taps + desk.keys <= len(name) + len(home) + 3, (desk.taps, desk.keys)
    guest = Member.objects.get(club=club, name=name)
    assert guest.guest and guest.home_club == home
    assert list(Player.objects.filter(tournament=tournament).values_list("name", "club")) == [(name, home)]

    page.wait_for_function("document.activeElement && document.activeElement.id === 'pick-text'")
    desk.type("Frieda")  # one member found: Enter picks her
    desk.press("Enter")
    page.locator("#picker .message:has-text('Registered Frieda Stein')").wait_for()
    assert Player.objects.filter(tournament=tournament, member__name="Frieda Stein").exists()


def test_the_list_keepers_box_is_a_44_px_target(page, live_server, django_user_model):
    club, tournament = log_in_director(page, live_server, django_user_model)
    player = Player.objects.create(tournament=tournament, name="Otto Kahn")
    page.goto(f"{live_server.url}/director/{tournament.pk}/")
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 800})
        target = page.locator(f"#expert-{player.pk} label").bounding_box()
        assert target["height"] >= 44 and target["width"] >= 44, (width, target)
    # A finger on the target's corner, off the box itself, ticks him.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator(f"#expert-{player.pk} label").scroll_into_view_if_needed()
    target = page.locator(f"#expert-{player.pk} label").bounding_box()
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).tagName", [target["x"] + 2, target["y"] + 2]) == "LABEL"
    page.mouse.click(target["x"] + 2, target["y"] + 2)
    page.locator("#expert-count", has_text="1").wait_for()
    player.refresh_from_db()
    assert player.is_expert


def test_a_late_answer_keeps_what_was_typed_in_the_guest_line(page, live_server, django_user_model):
    """The search's answer comes after the director has gone on to the guest's club (a slow hall network): the
    list arrives, and the club typed, the name and the cursor stay; Enter adds him with his club."""
    club, tournament = log_in_director(page, live_server, django_user_model)
    held = []  # the search's requests, answered when the test lets them go

    def hold(route):
        held.append(route)

    page.route("**/players/pick/search/**", hold)
    page.click("#pick-text")
    page.keyboard.type("Gerd Gast", delay=30)
    page.wait_for_function("document.querySelector('#pick-text.htmx-request') !== null")
    page.click("#guest-club")
    page.keyboard.type("SC Süd", delay=30)
    for request in held:
        with contextlib.suppress(PlaywrightError):  # one the page gave up for the next (htmx: replaced)
            request.continue_()
    page.unroute("**/players/pick/search/**", hold)
    page.locator("#pick-found .pick-list[data-pick='Gerd Gast'] .nobody").wait_for()
    assert page.input_value("#guest-club") == "SC Süd"
    assert page.input_value("#guest-name") == "Gerd Gast"
    assert page.evaluate("document.activeElement.id") == "guest-club"
    page.keyboard.press("Enter")
    page.locator("#picker .message:has-text('Registered Gerd Gast')").wait_for()
    guest = Member.objects.get(club=club, name="Gerd Gast")
    assert guest.guest and guest.home_club == "SC Süd"
    assert list(Player.objects.filter(tournament=tournament).values_list("name", "club")) == [("Gerd Gast", "SC Süd")]
