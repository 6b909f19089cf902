"""Two directors planning the series not played again at the same moment, on real PostgreSQL, each with his own
seed: one waits for the other (the tournament's lock), so both plans are made one after the other and the event
ends with the later one whole: every series not played seats every player once, with one seed. Skipped on
SQLite."""

import pytest
from django.db import connection  # noqa: F401 - read by the skipif condition below

import seating.event_series
from seating.errors import SeatingError
from seating.models import Seat, SeriesDraw
from seating.replanning import plan_again
from tests.races import race, told
from tests.seating.test_replanning import SERIES, club, planned  # noqa: F401 - club is a fixture

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)"),
]


def test_two_directors_planning_again_at_once_end_with_one_whole_plan(club):  # noqa: F811
    tournament = planned(club, players=16, played=1)
    again = [told(lambda seed=seed: plan_again(tournament=tournament, seed=seed, offered=2), SeatingError,
                  f"planned with {seed}") for seed in (11, 12)]
    assert race(*again, hold=(seating.event_series, "_plan")) == ["planned with 11", "planned with 12"]
    seeds = set(SeriesDraw.objects.filter(tournament=tournament, number__gte=2).values_list("seed", flat=True))
    assert len(seeds) == 1 and seeds <= {11, 12}
    for number in range(2, SERIES + 1):
        seated = list(Seat.objects.filter(tournament=tournament, series=number).values_list("player_id", flat=True))
        assert sorted(seated) == sorted(tournament.players.values_list("pk", flat=True)), number
