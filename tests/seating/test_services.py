"""Seating services: register, plan and draw, and refusals that change nothing."""

import pytest

from seating.errors import SeatingError
from seating.models import Player, Seat, SitOut, Table, Tournament
from seating.services import player_register, tournament_clear_draw, tournament_draw, tournament_layout

pytestmark = pytest.mark.django_db


def make_tournament(players: int, **fields) -> Tournament:
    tournament = Tournament.objects.create(name="Test", **fields)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Player {n}", club="Club") for n in range(players)])
    return tournament


@pytest.mark.parametrize("method, players", [("up-sides-down-middle", 12), ("up-sides-down-middle", 41),
                                             ("n-s-stationary", 60), ("n-s-stationary", 23)])
def test_draw_seats_every_player_once_in_every_stay(method, players):
    tournament = make_tournament(players, method=method)
    plan = tournament_draw(tournament=tournament, seed=7)
    tournament.refresh_from_db()
    assert tournament.draw_seed == 7 and tournament.status == "drawn"
    fixed_players = set(Seat.objects.filter(tournament=tournament, table__section=None).values_list("player", flat=True))
    for section in plan.sections:
        for stay in section.stays:
            seated = set(Seat.objects.filter(tournament=tournament, stay=stay.number, table__section__number=section.layout.number)
                         .values_list("player", flat=True))
            out = set(SitOut.objects.filter(tournament=tournament, stay=stay.number, section__number=section.layout.number)
                      .values_list("player", flat=True))
            members = {p for pair in section.pairs if pair for p in pair}
            assert seated | out == members and not seated & out
    assert len(fixed_players) + sum(len([p for pair in s.pairs if pair for p in pair]) for s in plan.sections) == players


def test_draw_with_the_same_seed_gives_the_same_seats():
    tournament = make_tournament(20)
    tournament_draw(tournament=tournament, seed=99)
    first = list(Seat.objects.filter(tournament=tournament).values_list("stay", "table__number", "seat", "player"))
    tournament_draw(tournament=tournament, seed=99)
    again = list(Seat.objects.filter(tournament=tournament).values_list("stay", "table__number", "seat", "player"))
    assert first == again


def test_fixed_method_needs_one_expert_per_table_and_changes_nothing_otherwise():
    tournament = make_tournament(16, method="fixed")
    with pytest.raises(SeatingError) as refused:
        tournament_draw(tournament=tournament, seed=1)
    assert "4 more" in refused.value.message
    assert Table.objects.filter(tournament=tournament).count() == 0
    Player.objects.filter(id__in=list(tournament.players.values_list("id", flat=True)[:4])).update(is_expert=True)
    tournament_draw(tournament=tournament, seed=1)
    controllers = set(Table.objects.filter(tournament=tournament).values_list("controller__is_expert", flat=True))
    assert controllers == {True}


def test_draw_without_players_is_refused():
    with pytest.raises(SeatingError) as refused:
        tournament_draw(tournament=Tournament.objects.create(name="Empty"))
    assert refused.value.message == "No players are registered yet."


def test_draw_with_two_players_is_refused():
    with pytest.raises(SeatingError) as refused:
        tournament_draw(tournament=make_tournament(2))
    assert "at least 3" in refused.value.message


def test_section_of_eleven_tables_is_refused():
    tournament = make_tournament(88, method="n-s-stationary", section_split="11,11")
    with pytest.raises(SeatingError) as refused:
        tournament_layout(tournament)
    assert refused.value.field == "section_split"


def test_the_same_player_twice_is_refused():
    tournament = make_tournament(0)
    player_register(tournament=tournament, name="Otto Kahn", club="Chicago")
    with pytest.raises(SeatingError) as refused:
        player_register(tournament=tournament, name="otto  kahn", club="chicago")
    assert refused.value.field == "name"
    assert tournament.players.count() == 1


def test_redraw_after_scores_is_refused_and_changes_nothing():
    tournament = make_tournament(12)
    tournament_draw(tournament=tournament, seed=3)
    before = list(Seat.objects.filter(tournament=tournament).values_list("id", flat=True))
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.PLAYING)
    tournament.refresh_from_db()
    with pytest.raises(SeatingError):
        tournament_draw(tournament=tournament, seed=4)
    with pytest.raises(SeatingError):
        tournament_clear_draw(tournament=tournament)
    assert list(Seat.objects.filter(tournament=tournament).values_list("id", flat=True)) == before


def test_registering_after_the_draw_asks_to_clear_it_first():
    tournament = make_tournament(12)
    tournament_draw(tournament=tournament, seed=3)
    with pytest.raises(SeatingError) as refused:
        player_register(tournament=tournament, name="Late Comer")
    assert "clear the draw" in refused.value.message
    tournament_clear_draw(tournament=tournament)
    player_register(tournament=tournament, name="Late Comer")
    assert tournament.players.count() == 13
