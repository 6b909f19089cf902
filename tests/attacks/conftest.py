"""What the attacks start from: a drawn Foster tournament's table 1 (four players, four deals a stay) and a
logged-in director."""

import pytest
from django.contrib.auth.models import User

from scoring.entry.sheets import seated_by_stay
from seating.models import Table
from tests.roles import grant
from tests.scoring.conftest import drawn_tournament


@pytest.fixture
def table(db):
    tournament = drawn_tournament(12)
    return Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)


@pytest.fixture
def director(client):
    client.force_login(grant(User.objects.create_user("director", password="x")))
    return client


@pytest.fixture
def seat(table):
    """(the slip's player, another player at the table) in stay 1."""
    first, second, *_ = seated_by_stay(table)[1]
    return first.player_id, second.player_id
