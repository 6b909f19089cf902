"""Fixtures for score entry: a drawn tournament and its tables."""

import pytest

from seating.models import Player, Table, Tournament
from seating.services import tournament_draw


def drawn_tournament(players: int = 12, **fields) -> Tournament:
    tournament = Tournament.objects.create(name="Entry test", **fields)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Player {n:02d}") for n in range(1, players + 1)])
    tournament_draw(tournament=tournament, seed=11)
    return tournament


@pytest.fixture
def tournament(db):
    return drawn_tournament()


@pytest.fixture
def table(tournament):
    return Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
