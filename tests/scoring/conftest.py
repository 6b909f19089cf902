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


ISKO_DEALS = [("grand", 2, 75, 6), ("clubs", 1, 40, 3), ("hearts", -2, 88, 8), ("grand", 1, 52, 4)]
"""(game, matadores, card points, tricks): won, lost, won, lost under ISkO."""


def enter_isko(tournament: Tournament, *, series: int = 1, deals: int = 4, first_table: int = 1) -> None:
    """Enter ``deals`` ISkO games at every table of a series (from ``first_table``), each declared by the next
    active player."""
    from scoring.entry.services import deal_enter
    from scoring.entry.sheets import deal_slot
    from scoring.results import DealFacts

    for table in (Table.objects.filter(tournament=tournament, series=series, number__gte=first_table)
                  .select_related("tournament", "section")):
        for number in range(1, deals + 1):
            game, matadores, points, tricks = ISKO_DEALS[(number + table.number) % len(ISKO_DEALS)]
            slot = deal_slot(table, number)
            deal_enter(table=table, number=number, facts=DealFacts(
                declarer_id=slot.active[number % len(slot.active)].player_id, game=game, matadores=matadores,
                points=points, tricks=tricks))
