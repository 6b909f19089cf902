"""Issue 26, item 2, on real PostgreSQL: a late entry registered while his series is drawn was left unseated, and
two draws of one series at once both said "drawn". Each worker is a process of its own with its own connection, as
the server's workers are; on SQLite (one writer at a time) these are skipped: .ci/run runs them on PostgreSQL."""

import time
from unittest import mock

import pytest
from django.db import connection, connections  # noqa: F401 - read by the skipif condition below

from scoring.series.services import next_series_draw
from seating.errors import SeatingError
from seating.models import Player, Seat, SeriesDraw, Tournament
from seating.services import player_register
from seating.series import series_draw
from tests.scoring.entry.test_concurrency import _race
from tests.scoring.series.test_views import event

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)"),
]

HELD = 0.4
RACES = 8


def _late_entry(tournament_id: int, name: str, held: bool, start, queue) -> None:
    connections.close_all()
    tournament = Tournament.objects.get(pk=tournament_id)
    original = Player.objects.create

    def held_create(**fields):  # the moment between the entry's checks and its write, made long
        time.sleep(HELD)
        return original(**fields)

    start.wait(timeout=30)
    try:
        with mock.patch.object(Player.objects, "create", held_create if held else original):
            player_register(tournament=tournament, name=name, first_series=2)
        queue.put("entered")
    except SeatingError:
        queue.put("refused")
    connections.close_all()


def _draw(tournament_id: int, delay: float, start, queue) -> None:
    connections.close_all()
    tournament = Tournament.objects.get(pk=tournament_id)
    start.wait(timeout=30)
    time.sleep(delay)
    try:
        next_series_draw(tournament=tournament, how="lot", number=2)
        queue.put("drawn")
    except SeatingError:
        queue.put("refused")
    connections.close_all()


def _undo_series_2(tournament):
    Seat.objects.filter(tournament=tournament, series=2).delete()
    tournament.tables.filter(series=2).delete()
    SeriesDraw.objects.filter(tournament=tournament, number=2).delete()


def test_a_late_entry_racing_the_draw_of_his_series_is_seated_or_refused_never_left_unseated():
    tournament = event(series=2)
    series_draw(tournament=tournament, number=1, how="lot", seed=1)
    for race in range(RACES + 1):
        name = f"Late {race}"
        held = race == 0
        results = _race((_late_entry, (tournament.pk, name, held)), (_draw, (tournament.pk, 0.1 if held else 0)))
        assert "drawn" in results, results
        late = Player.objects.filter(tournament=tournament, name=name).first()
        if late is not None:
            assert results == ["drawn", "entered"]
            assert Seat.objects.filter(player=late, series=2).exists(), f"race {race}: {name} entered, not seated"
        else:
            assert results == ["drawn", "refused"]
        if held:  # the entry held the event first: the draw waited and seated him
            assert late is not None
        _undo_series_2(tournament)
        Player.objects.filter(tournament=tournament, first_series=2).delete()


def test_two_draws_of_one_series_at_once_one_draws_the_other_is_told():
    tournament = event(series=2)
    series_draw(tournament=tournament, number=1, how="lot", seed=1)
    for _ in range(RACES):
        results = _race((_draw, (tournament.pk, 0)), (_draw, (tournament.pk, 0)))
        assert results == ["drawn", "refused"]
        assert SeriesDraw.objects.filter(tournament=tournament, number=2).count() == 1
        _undo_series_2(tournament)
