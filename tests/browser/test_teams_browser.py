"""Teams and categories on a phone (360 px wide), after the draw: make them, tick players, put them in."""

import pytest

from seating.models import Player, Tournament
from seating.services import tournament_draw
from tests.browser import screens
from tests.roles import grant

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "director-password-1907"
PHONE = {"width": 360, "height": 740}


def test_director_on_a_phone_makes_teams_and_categories_after_the_draw(browser, live_server, django_user_model):
    grant(django_user_model.objects.create_user("director", password=PASSWORD))
    tournament = Tournament.objects.create(name="Phone test")
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Player {n:02d}") for n in range(12)])
    tournament_draw(tournament=tournament, seed=1)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{live_server.url}/accounts/login/?next=/director/{tournament.pk}/")
        page.fill("#id_username", "director")
        page.fill("#id_password", PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url(f"{live_server.url}/director/{tournament.pk}/")

        page.fill("input[name=team-name]", "Hearts")
        page.click("text=Make the team")
        page.locator("text=Made the team Hearts.").wait_for()
        page.fill("input[name=category-name]", "Ladies")
        page.click("text=Make the category")
        page.locator("text=Made the category Ladies.").wait_for()

        first, second = Player.objects.filter(tournament=tournament).order_by("name")[:2]
        for player in (first, second):
            page.check(f"input[name=selected][value='{player.pk}']")
        page.select_option("#grouping-team", label="Hearts")
        page.click("button[value=team]")
        page.locator("text=2 players were put in the team Hearts.").wait_for()
        page.check(f"input[name=selected][value='{first.pk}']")
        page.select_option("#grouping-category", label="Ladies")
        page.click("button[value=add_category]")
        page.locator("text=1 player was given the category Ladies.").wait_for()

        assert list(Player.objects.filter(team__name="Hearts").order_by("name").values_list("name", flat=True)) == [
            "Player 00", "Player 01"]
        assert list(Player.objects.filter(categories__name="Ladies").values_list("name", flat=True)) == ["Player 00"]
        # The page fits the phone (only the players' table scrolls, inside its own box) and every target of the
        # panel and the bulk actions is finger-sized.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        for target in page.locator("#teams button, #teams input[type=text], #experts-form button, #experts-form select").all():
            assert target.bounding_box()["height"] >= 44, target.inner_text()
        screens.shoot(page, "director-teams")
    finally:
        context.close()
