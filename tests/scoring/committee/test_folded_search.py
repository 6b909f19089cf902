"""Every search for a player of an event ignores case beyond ASCII, on SQLite too (whose LIKE folds ASCII only):
the committee's pick, the cash desk's search and the seating page's find box find "Özdemir" by "öz", "MÜLLER"
by "mül" and "Strauß" by "strauss"."""

import pytest

from cashdesk.selectors import desk_list
from scoring.committee.player_search import player_picked, players_found
from seating.models import Player, Tournament
from seating.selectors import players_named

pytestmark = pytest.mark.django_db

NAMES = [("Ömer Özdemir", "SC Öhringen"), ("HANS MÜLLER", "Kreuz Bube"), ("Eva Strauß", ""), ("Anna Berger", "")]


@pytest.fixture
def hall():
    tournament = Tournament.objects.create(name="Umlaute")
    Player.objects.bulk_create([Player(tournament=tournament, name=name, club=club) for name, club in NAMES])
    return tournament, {p.name: p.pk for p in Player.objects.filter(tournament=tournament)}


@pytest.mark.parametrize("typed, name", [("öz", "Ömer Özdemir"), ("mül", "HANS MÜLLER"), ("strauss", "Eva Strauß"),
                                         ("STRAUSS", "Eva Strauß"), ("öhringen", "Ömer Özdemir")])
def test_each_search_finds_the_player_by_letters_of_any_case(hall, typed, name):
    tournament, ids = hall
    assert [p.pk for p in players_found(tournament, typed)] == [ids[name]]
    assert [row.player.pk for row in desk_list(tournament, search=typed).rows] == [ids[name]]
    assert players_named(tournament, typed) == [ids[name]]
    if typed != "öhringen":  # the committee's pick reads names only
        assert player_picked(tournament, typed) == ids[name]


def test_the_desk_still_finds_by_number_and_membership_number(hall):
    tournament, ids = hall
    Player.objects.filter(pk=ids["Anna Berger"]).update(membership_number="DSKV-77a")
    assert [row.player.pk for row in desk_list(tournament, search="dskv-77A").rows] == [ids["Anna Berger"]]
    assert [row.player.pk for row in desk_list(tournament, search=f"#{ids['Eva Strauß']}").rows] == [ids["Eva Strauß"]]
    assert len(desk_list(tournament, search="").rows) == len(NAMES)
