"""The players page's teams and categories: the panel that makes and deletes them, the Team and Categories
columns, and the bulk actions on the ticked players, before and after the draw; a refusal changes nothing."""

import re

import pytest

from seating.models import Category, Player, Team
from seating.services import tournament_draw
from seating.teams import category_create, players_add_category, players_set_team, team_create
from tests.seating.test_views import HTMX, make_tournament, url

pytestmark = pytest.mark.django_db


def ids(tournament, *indexes) -> list[str]:
    players = list(tournament.players.order_by("id").values_list("id", flat=True))
    return [str(players[index]) for index in indexes]


def groups_of(tournament) -> list[tuple]:
    """Every player's team and categories: what a refused request must leave as it was."""
    return [(player.name, player.team_id, sorted(c.pk for c in player.categories.all()))
            for player in tournament.players.order_by("id").prefetch_related("categories")]


def names(model, tournament) -> list[str]:
    return sorted(model.objects.filter(tournament=tournament).values_list("name", flat=True))


def refusal(response) -> str:
    return " ".join(re.findall(r'role="alert">(.*?)</', response.content.decode(), flags=re.DOTALL))


# --- The panel ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("drawn", [False, True])
def test_the_panel_makes_a_team_and_a_category_also_after_the_draw(admin_client, drawn):
    tournament = make_tournament(12)
    if drawn:
        tournament_draw(tournament=tournament, seed=1)

    made_team = admin_client.post(url("team_create", tournament.pk), {"team-name": "  Skatfreunde  Berlin "})
    made_category = admin_client.post(url("category_create", tournament.pk), {"category-name": "Ladies"})

    assert made_team.status_code == made_category.status_code == 302
    assert made_team.url == url("players", tournament.pk) + "#teams"
    assert names(Team, tournament) == ["Skatfreunde Berlin"] and names(Category, tournament) == ["Ladies"]
    page = admin_client.get(url("players", tournament.pk)).content.decode()
    assert "Made the team Skatfreunde Berlin." in page and "Skatfreunde Berlin: 0 players" in page
    assert "Ladies: 0 players" in page


@pytest.mark.slow
@pytest.mark.parametrize("address, field, value, message", [
    ("team_create", "team-name", "hearts", "already exists"),
    ("team_create", "team-name", "   ", "This field is required"),
    ("team_create", "team-name", "Club\x00", "Null characters are not allowed"),
    ("team_create", "team-name", "x" * 121, "at most 120 characters"),
    ("category_create", "category-name", "LADIES", "already exists"),
    ("category_create", "category-name", "x" * 61, "at most 60 characters"),
    ("category_create", "category-name", "A\x07B", "control characters"),
])
def test_a_refused_name_says_why_and_makes_nothing(admin_client, address, field, value, message):
    tournament = make_tournament(2)
    team_create(tournament, "Hearts")
    category_create(tournament, "Ladies")

    response = admin_client.post(url(address, tournament.pk), {field: value})

    assert response.status_code == 422
    assert message in refusal(response)
    assert names(Team, tournament) == ["Hearts"] and names(Category, tournament) == ["Ladies"]


def test_the_panel_counts_members_and_deletes_a_team_leaving_its_members_registered(admin_client):
    tournament = make_tournament(3)
    hearts = team_create(tournament, "Hearts")
    ladies = category_create(tournament, "Ladies")
    players_set_team(tournament, [int(i) for i in ids(tournament, 0, 1)], hearts)
    players_add_category(tournament, [int(i) for i in ids(tournament, 0, 1, 2)], ladies)

    page = admin_client.get(url("players", tournament.pk)).content.decode()
    assert "Hearts: 2 players" in page and "Ladies: 3 players" in page and "return confirm(" in page

    assert admin_client.post(url("team_delete", tournament.pk, hearts.pk)).status_code == 302
    assert admin_client.post(url("category_delete", tournament.pk, ladies.pk)).status_code == 302

    assert tournament.players.count() == 3 and not Team.objects.exists() and not Category.objects.exists()
    assert [team for _, team, _ in groups_of(tournament)] == [None, None, None]


def test_another_tournaments_team_or_category_cannot_be_deleted_from_this_page(admin_client):
    ours, theirs = make_tournament(0), make_tournament(0)
    hearts, ladies = team_create(theirs, "Hearts"), category_create(theirs, "Ladies")

    assert admin_client.post(url("team_delete", ours.pk, hearts.pk)).status_code == 404
    assert admin_client.post(url("category_delete", ours.pk, ladies.pk)).status_code == 404
    assert Team.objects.count() == Category.objects.count() == 1


# --- The bulk actions on the ticked players -------------------------------------------------------------

@pytest.mark.parametrize("drawn", [False, True])
def test_ticked_players_are_put_in_a_team_and_categories_also_after_the_draw(admin_client, drawn):
    tournament = make_tournament(12)
    hearts, ladies = team_create(tournament, "Hearts"), category_create(tournament, "Ladies")
    if drawn:
        tournament_draw(tournament=tournament, seed=1)
    address = url("players_grouping", tournament.pk) + "?sort=name"

    put = admin_client.post(address, {"action": "team", "team": str(hearts.pk), "selected": ids(tournament, 0, 1)})
    given = admin_client.post(address, {"action": "add_category", "category": str(ladies.pk),
                                        "selected": ids(tournament, 1, 2)})
    relieved = admin_client.post(address, {"action": "remove_category", "category": str(ladies.pk),
                                           "selected": ids(tournament, 2)})
    left = admin_client.post(address, {"action": "team", "team": "", "selected": ids(tournament, 1)})

    assert [r.status_code for r in (put, given, relieved, left)] == [302] * 4
    assert put.url == url("players", tournament.pk) + "?sort=name"
    assert groups_of(tournament)[:3] == [("Player 0", hearts.pk, []), ("Player 1", None, [ladies.pk]),
                                         ("Player 2", None, [])]
    page = admin_client.get(url("players", tournament.pk)).content.decode()
    assert "1 player was put in no team." in page
    assert 'id="experts-form"' in page and 'value="add_category"' in page
    assert ('value="mark"' in page) is not drawn  # experts still change only before the draw


def test_the_team_and_categories_columns_show_each_players(admin_client):
    tournament = make_tournament(2)
    players_set_team(tournament, [int(ids(tournament, 0)[0])], team_create(tournament, "Hearts"))
    for name in ("Seniors", "Ladies"):
        players_add_category(tournament, [int(ids(tournament, 0)[0])], category_create(tournament, name))

    page = admin_client.get(url("players", tournament.pk)).content.decode()

    row = page[page.index("<td", page.index("Player 0")) - 200:page.index("</tr>", page.index("Player 0"))]
    assert ">Hearts<" in row and "Ladies, Seniors" in row
    assert "sort=team" in page and re.search(r">\s*Categories\s*</th>", page)
    players_set_team(tournament, [int(ids(tournament, 1)[0])], team_create(tournament, "Aces"))
    by_team = admin_client.get(url("players", tournament.pk), {"sort": "team"}).content.decode()
    assert by_team.index("Player 1") < by_team.index("Player 0")  # Aces before Hearts


def test_the_columns_are_left_out_while_the_tournament_has_no_teams_or_categories(admin_client):
    page = admin_client.get(url("players", make_tournament(2).pk)).content.decode()

    assert "sort=team" not in page and not re.search(r">\s*Categories\s*</th>", page)
    assert 'id="grouping-team"' not in page and 'id="grouping-category"' not in page


@pytest.mark.slow
@pytest.mark.parametrize("data, message", [
    ({"action": "team", "team": "1"}, "Tick the players first"),
    ({"action": "add_category", "category": "", "selected": ["FIRST"]}, "Choose the category"),
    ({"action": "team", "team": "abc", "selected": ["FIRST"]}, "team was not understood"),
    ({"action": "team", "team": "OTHER_TEAM", "selected": ["FIRST"]}, "not in this tournament"),
    ({"action": "add_category", "category": "OTHER_CATEGORY", "selected": ["FIRST"]}, "not in this tournament"),
    ({"action": "team", "team": "TEAM", "selected": ["OTHER_PLAYER"]}, "None of the ticked players"),
    ({"action": "team", "team": "TEAM", "selected": ["-1"]}, "selection was not understood"),
    ({"action": "explode", "team": "TEAM", "selected": ["FIRST"]}, "Select a valid choice"),
])
def test_a_refused_bulk_action_says_why_and_changes_nothing(admin_client, data, message):
    tournament, other = make_tournament(3), make_tournament(1)
    team, category = team_create(tournament, "Hearts"), category_create(tournament, "Ladies")
    players_add_category(tournament, [int(ids(tournament, 1)[0])], category)
    stand_ins = {"FIRST": ids(tournament, 0)[0], "OTHER_PLAYER": ids(other, 0)[0], "TEAM": str(team.pk),
                 "OTHER_TEAM": str(team_create(other, "Clubs").pk),
                 "OTHER_CATEGORY": str(category_create(other, "Seniors").pk)}
    data = {key: [stand_ins.get(v, v) for v in value] if isinstance(value, list) else stand_ins.get(value, value)
            for key, value in data.items()}
    before = groups_of(tournament), groups_of(other)

    response = admin_client.post(url("players_grouping", tournament.pk), data)

    assert response.status_code == 422
    assert message in refusal(response)
    assert (groups_of(tournament), groups_of(other)) == before


def test_registration_import_and_experts_stay_refused_after_the_draw(admin_client):
    tournament = make_tournament(12)
    tournament_draw(tournament=tournament, seed=1)

    marked = admin_client.post(url("players_experts", tournament.pk), {"action": "mark", "selected": ids(tournament, 0)})
    registered = admin_client.post(url("player_register", tournament.pk), {"name": "Late Larry"})

    assert marked.status_code == registered.status_code == 422
    assert not Player.objects.filter(is_expert=True).exists() and not Player.objects.filter(name="Late Larry").exists()


@pytest.mark.slow
def test_hostile_team_and_category_input_never_fails_the_server(admin_client):
    tournament = make_tournament(2)
    for value in ["", "\x00", "9" * 30, str(2**64), "<script>x</script>", "a" * 10_000, "-1", "1e308"]:
        for address, data in [
            (url("team_create", tournament.pk), {"team-name": value}),
            (url("category_create", tournament.pk), {"category-name": value}),
            (url("players_grouping", tournament.pk), {"action": value, "team": value, "category": value,
                                                      "selected": [value]}),
            (url("players_grouping", tournament.pk), {"action": "team", "team": value, "selected": ids(tournament, 0)}),
        ]:
            for headers in ({}, HTMX):
                assert admin_client.post(address, data, **headers).status_code < 500, (address, value)


@pytest.mark.slow
@pytest.mark.parametrize("players", [24, 404])
def test_the_players_page_with_teams_and_categories_keeps_its_queries_few(admin_client, django_assert_max_num_queries,
                                                                        players):
    tournament = make_tournament(players)
    every = [int(pk) for pk in tournament.players.values_list("id", flat=True)]
    for number in range(3):
        players_set_team(tournament, every[number::3], team_create(tournament, f"Team {number}"))
        players_add_category(tournament, every[number::2], category_create(tournament, f"Category {number}"))

    # session, user, tournament, the page count, teams, categories, the scoring link, players, their categories
    with django_assert_max_num_queries(11):
        response = admin_client.get(url("players", tournament.pk))

    assert response.status_code == 200 and "Category 0, Category 2" in response.content.decode()
