"""Teams and categories (seating.teams): made, renamed, deleted and given to players, also after the draw; refusals
change nothing, and another tournament's players are never touched."""

import pytest

from seating.errors import SeatingError
from seating.models import Category, Player, Team, Tournament
from seating.services import tournament_draw
from seating.teams import (
    category_create,
    category_delete,
    players_add_category,
    players_remove_category,
    players_set_team,
    team_create,
    team_delete,
    team_rename,
)

pytestmark = pytest.mark.django_db


def make_tournament(players: int, name: str = "Test") -> Tournament:
    tournament = Tournament.objects.create(name=name)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Player {n}") for n in range(players)])
    return tournament


def ids(tournament, *indexes) -> list[int]:
    players = list(tournament.players.order_by("id").values_list("id", flat=True))
    return [players[index] for index in indexes]


def teams_of(tournament) -> list[tuple[str, str | None]]:
    return list(tournament.players.order_by("id").values_list("name", "team__name"))


def categories_of(tournament) -> dict[str, list[str]]:
    return {player.name: sorted(c.name for c in player.categories.all())
            for player in tournament.players.order_by("id").prefetch_related("categories")}


# --- Names ----------------------------------------------------------------------------------------------

def test_team_create_squeezes_spaces_like_player_names():
    tournament = make_tournament(0)

    team = team_create(tournament, "  Skatfreunde \t Berlin ")

    assert Team.objects.get(pk=team.pk).name == "Skatfreunde Berlin"


@pytest.mark.parametrize("create, model", [(team_create, Team), (category_create, Category)])
@pytest.mark.parametrize("existing, typed", [("Hearts", "hearts"), ("Hearts", " HEARTS "), ("Über 60", "über  60")])
def test_a_name_twice_is_refused_without_regard_to_case(create, model, existing, typed):
    tournament = make_tournament(0)
    create(tournament, existing)

    with pytest.raises(SeatingError) as refused:
        create(tournament, typed)

    assert refused.value.field == "name" and "already exists" in refused.value.message
    assert list(model.objects.values_list("name", flat=True)) == [existing]


@pytest.mark.parametrize("create, model", [(team_create, Team), (category_create, Category)])
def test_the_same_name_in_another_tournament_is_allowed(create, model):
    create(make_tournament(0, "One"), "Hearts")

    create(make_tournament(0, "Two"), "Hearts")

    assert model.objects.filter(name="Hearts").count() == 2


# Team names hold 120 characters, category names 60 (the models' max_length).
@pytest.mark.parametrize("create, longest", [(team_create, 120), (category_create, 60)])
@pytest.mark.parametrize("name, message", [("", "required"), ("   \t ", "required"), ("Club\x00", "control"),
                                           ("A\x07B", "control"), (None, "required")])
def test_bad_names_are_refused(create, longest, name, message):
    tournament = make_tournament(0)

    with pytest.raises(SeatingError) as refused:
        create(tournament, name)

    assert refused.value.field == "name" and message in refused.value.message
    assert not Team.objects.exists() and not Category.objects.exists()


@pytest.mark.parametrize("create, longest", [(team_create, 120), (category_create, 60)])
def test_a_name_over_the_max_length_is_refused_and_one_at_it_kept(create, longest):
    tournament = make_tournament(0)

    with pytest.raises(SeatingError) as refused:
        create(tournament, "x" * (longest + 1))
    made = create(tournament, "x" * longest)

    assert refused.value.field == "name" and f"at most {longest}" in refused.value.message
    assert len(made.name) == longest


def test_team_rename_keeps_the_members_and_refuses_another_teams_name():
    tournament = make_tournament(2)
    hearts, spades = team_create(tournament, "Hearts"), team_create(tournament, "Spades")
    players_set_team(tournament, ids(tournament, 0), hearts)

    team_rename(tournament, hearts, "Red Hearts")
    team_rename(tournament, spades, "SPADES")  # its own name in other letters
    with pytest.raises(SeatingError) as refused:
        team_rename(tournament, spades, "red hearts")

    assert refused.value.field == "name"
    assert sorted(Team.objects.values_list("name", flat=True)) == ["Red Hearts", "SPADES"]
    assert teams_of(tournament) == [("Player 0", "Red Hearts"), ("Player 1", None)]


def test_another_tournaments_team_cannot_be_renamed_or_deleted():
    theirs = team_create(make_tournament(0, "Theirs"), "Hearts")
    ours = make_tournament(0, "Ours")

    for act in (lambda: team_rename(ours, theirs, "Mine"), lambda: team_delete(ours, theirs.pk)):
        with pytest.raises(SeatingError) as refused:
            act()
        assert "not in this tournament" in refused.value.message

    assert list(Team.objects.values_list("name", flat=True)) == ["Hearts"]


# --- Members --------------------------------------------------------------------------------------------

def test_players_set_team_moves_the_players_and_counts_only_those_that_changed():
    tournament = make_tournament(4)
    hearts, spades = team_create(tournament, "Hearts"), team_create(tournament, "Spades")

    assert players_set_team(tournament, ids(tournament, 0, 1, 2), hearts) == 3
    assert players_set_team(tournament, ids(tournament, 1, 2, 3), spades.pk) == 3
    assert players_set_team(tournament, ids(tournament, 3), spades) == 0
    assert players_set_team(tournament, ids(tournament, 2, 0), None) == 2

    assert teams_of(tournament) == [("Player 0", None), ("Player 1", "Spades"), ("Player 2", None),
                                    ("Player 3", "Spades")]


def test_team_delete_leaves_its_members_playing_in_no_team():
    tournament = make_tournament(3)
    hearts = team_create(tournament, "Hearts")
    players_set_team(tournament, ids(tournament, 0, 2), hearts)

    assert team_delete(tournament, hearts) == 2

    assert teams_of(tournament) == [("Player 0", None), ("Player 1", None), ("Player 2", None)]
    assert not Team.objects.exists()


def test_players_of_another_tournament_are_never_touched():
    ours, theirs = make_tournament(2, "Ours"), make_tournament(2, "Theirs")
    hearts, ladies = team_create(ours, "Hearts"), category_create(ours, "Ladies")
    mixed = ids(ours, 0) + ids(theirs, 0, 1)

    assert players_set_team(ours, mixed, hearts) == 1
    assert players_add_category(ours, mixed, ladies) == 1

    assert teams_of(ours) == [("Player 0", "Hearts"), ("Player 1", None)]
    assert teams_of(theirs) == [("Player 0", None), ("Player 1", None)]
    assert categories_of(theirs) == {"Player 0": [], "Player 1": []}


def test_ticking_only_another_tournaments_players_is_refused():
    ours, theirs = make_tournament(1, "Ours"), make_tournament(1, "Theirs")
    hearts, ladies = team_create(ours, "Hearts"), category_create(ours, "Ladies")

    for act in (lambda: players_set_team(ours, ids(theirs, 0), hearts),
                lambda: players_add_category(ours, ids(theirs, 0), ladies),
                lambda: players_remove_category(ours, [], ladies)):
        with pytest.raises(SeatingError) as refused:
            act()
        assert "None of the ticked players" in refused.value.message

    assert teams_of(theirs) == [("Player 0", None)] and categories_of(theirs) == {"Player 0": []}


def test_another_tournaments_team_or_category_is_refused_and_nothing_changes():
    ours, theirs = make_tournament(2, "Ours"), make_tournament(0, "Theirs")
    their_team, their_category = team_create(theirs, "Hearts"), category_create(theirs, "Ladies")

    for act, field in ((lambda: players_set_team(ours, ids(ours, 0, 1), their_team), "team"),
                       (lambda: players_set_team(ours, ids(ours, 0), 10**12), "team"),
                       (lambda: players_add_category(ours, ids(ours, 0), their_category), "category"),
                       (lambda: players_remove_category(ours, ids(ours, 0), their_category.pk), "category"),
                       (lambda: category_delete(ours, their_category), "category")):
        with pytest.raises(SeatingError) as refused:
            act()
        assert refused.value.field == field

    assert teams_of(ours) == [("Player 0", None), ("Player 1", None)]
    assert categories_of(ours) == {"Player 0": [], "Player 1": []}
    assert Category.objects.count() == 1


def test_categories_are_added_and_removed_in_bulk_counting_only_changes():
    tournament = make_tournament(3)
    ladies, seniors = category_create(tournament, "Ladies"), category_create(tournament, "Seniors")

    assert players_add_category(tournament, ids(tournament, 0, 1), ladies) == 2
    assert players_add_category(tournament, ids(tournament, 1, 2), ladies) == 1  # player 1 carries it already
    assert players_add_category(tournament, ids(tournament, 1), seniors.pk) == 1
    assert players_remove_category(tournament, ids(tournament, 0, 1), ladies) == 2
    assert players_remove_category(tournament, ids(tournament, 0), seniors) == 0

    assert categories_of(tournament) == {"Player 0": [], "Player 1": ["Seniors"], "Player 2": ["Ladies"]}


def test_category_delete_leaves_its_players_registered():
    tournament = make_tournament(2)
    ladies, seniors = category_create(tournament, "Ladies"), category_create(tournament, "Seniors")
    players_add_category(tournament, ids(tournament, 0, 1), ladies)
    players_add_category(tournament, ids(tournament, 1), seniors)

    assert category_delete(tournament, ladies) == 2

    assert categories_of(tournament) == {"Player 0": [], "Player 1": ["Seniors"]}
    assert tournament.players.count() == 2


def test_teams_and_categories_change_after_the_draw_and_move_no_seat():
    tournament = make_tournament(12)
    tournament_draw(tournament=tournament, seed=3)
    seats = list(tournament.seats.order_by("id").values_list("table_id", "seat", "player_id"))

    hearts, ladies = team_create(tournament, "Hearts"), category_create(tournament, "Ladies")
    players_set_team(tournament, ids(tournament, 0, 1), hearts)
    players_add_category(tournament, ids(tournament, 2), ladies)
    team_rename(tournament, hearts, "Red Hearts")

    assert teams_of(tournament)[:2] == [("Player 0", "Red Hearts"), ("Player 1", "Red Hearts")]
    assert categories_of(tournament)["Player 2"] == ["Ladies"]
    assert list(tournament.seats.order_by("id").values_list("table_id", "seat", "player_id")) == seats
    assert team_delete(tournament, hearts) == 2 and category_delete(tournament, ladies) == 1
