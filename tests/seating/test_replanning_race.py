"""Late entries at the same moment after a whole-event plan, from two desks by two
ways in (typed in on the series page, a member picked on the players page), and a withdrawal beside them. Every
way takes the tournament's row lock before it decides the series, so the second waits and plans again with the
first: nobody is lost. Each worker is a process of its own with its own connection; skipped on SQLite."""

import time
from unittest import mock

import pytest
from django.db import connection, connections  # noqa: F401 - read by the skipif condition below

from clubs.models import Member
from seating.event_series import series_replan
from seating.member_entry import player_pick
from seating.models import Seat, Tournament
from seating.replanning import player_enter, player_withdraw
from tests.scoring.entry.test_concurrency import _race
from tests.seating.test_replanning import club, most_meetings, planned  # noqa: F401 - club is a fixture

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)"),
]

HELD = 0.5


def _held_replan(**arguments):  # the moment between deciding the series and writing the plan, made long
    time.sleep(HELD)
    return series_replan(**arguments)


def _desk(tournament_id: int, act, said: str, start, queue) -> None:
    """One desk: ``act(tournament)`` once every desk is ready, then ``said`` on the queue."""
    connections.close_all()
    tournament = Tournament.objects.get(pk=tournament_id)
    start.wait(timeout=30)
    act(tournament)
    queue.put(said)
    connections.close_all()


def typed(held: bool):
    def act(tournament):
        with mock.patch("seating.replanning.series_replan", _held_replan if held else series_replan):
            player_enter(tournament=tournament, offered=2, name="Typed Late")
    return act


def picked(member_id: int):
    def act(tournament):
        time.sleep(0.1)
        player_pick(tournament=tournament, member=member_id)
    return act


def withdrawn(player_id: int):
    def act(tournament):
        time.sleep(0.1)
        player_withdraw(tournament=tournament, player_id=player_id, after=1)
    return act


def seated(tournament, player) -> list[int]:
    return list(Seat.objects.filter(tournament=tournament, player=player).order_by("series")
                .values_list("series", flat=True))


@pytest.mark.parametrize("held", [True, False])
def test_two_late_entries_at_once_are_both_seated_in_every_series_not_played(club, held):  # noqa: F811
    tournament = planned(club)
    anna = Member.objects.create(club=club, name="Anna Ebert")

    results = _race((_desk, (tournament.pk, typed(held), "typed")), (_desk, (tournament.pk, picked(anna.pk), "picked")))

    assert results == ["picked", "typed"]
    for late in (tournament.players.get(name="Typed Late"), tournament.players.get(member=anna)):
        assert late.first_series == 2 and seated(tournament, late) == [2, 3]
    assert Seat.objects.filter(tournament=tournament, series=3).count() == 14
    assert most_meetings(tournament) == 1


def test_a_late_entry_and_a_withdrawal_at_once_both_count(club):  # noqa: F811
    tournament = planned(club, players=16)
    gone = tournament.players.get(name="P03")

    results = _race((_desk, (tournament.pk, typed(True), "typed")),
                    (_desk, (tournament.pk, withdrawn(gone.pk), "withdrawn")))

    assert results == ["typed", "withdrawn"]
    assert seated(tournament, gone) == [1]
    assert seated(tournament, tournament.players.get(name="Typed Late")) == [2, 3]
    assert Seat.objects.filter(tournament=tournament, series=2).count() == 16
