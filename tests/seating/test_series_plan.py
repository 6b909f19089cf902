"""The whole event planned at once (draw kind "plan"): every series seated, re-planned after a late entry or a
withdrawal with the played series kept, and refused where seats must stand."""

from itertools import combinations

import pytest

from seating.errors import SeatingError
from seating.event_series import event_plan_quality, planned_from, series_draw, series_replan
from seating.models import Player, Seat, SeriesDraw, Tournament
from seating.replanning import player_withdraw
from seating.services import player_register
from tests.seating.test_series import isko_event, tables_of

pytestmark = pytest.mark.django_db


def meetings_of(tournament, series):
    met = {}
    for number in series:
        for table in tables_of(tournament, number):
            for pair in combinations(sorted(table), 2):
                met[pair] = met.get(pair, 0) + 1
    return met


@pytest.mark.slow
def test_a_plan_seats_every_series_at_once_and_nobody_meets_twice():
    tournament = isko_event(players=14, series=3)

    record = series_draw(tournament=tournament, number=1, how="plan", seed=8)

    assert (record.number, record.how, record.seed) == (1, "plan", 8)
    draws = list(SeriesDraw.objects.filter(tournament=tournament).values_list("number", "how", "seed"))
    assert draws == [(1, "plan", 8), (2, "plan", 8), (3, "plan", 8)]
    players = sorted(tournament.players.values_list("id", flat=True))
    for number in (1, 2, 3):
        tables = tables_of(tournament, number)
        assert sorted(len(t) for t in tables) == [3, 3, 4, 4]
        assert sorted(p for t in tables for p in t) == players
    assert max(meetings_of(tournament, (1, 2, 3)).values()) == 1
    tournament.refresh_from_db()
    assert (tournament.draw_seed, tournament.status) == (8, "drawn")
    quality = event_plan_quality(tournament)
    assert (quality.repeated_pairs, quality.most_meetings) == (0, 1)
    club = dict(tournament.players.values_list("id", "club"))
    assert quality.club_pairs == sum(1 for n in (1, 2, 3) for t in tables_of(tournament, n)
                                     for a, b in combinations(t, 2) if club[a] == club[b])


@pytest.mark.slow
def test_the_same_seed_plans_the_same_event():
    first, second = isko_event(), isko_event()
    for tournament in (first, second):
        series_draw(tournament=tournament, number=1, how="plan", seed=3)
    by_name = lambda t, n: [[Player.objects.get(pk=p).name for p in table] for table in tables_of(t, n)]  # noqa: E731
    assert [by_name(first, n) for n in (1, 2, 3)] == [by_name(second, n) for n in (1, 2, 3)]


def test_a_plan_after_a_series_by_lot_keeps_it_and_avoids_its_meetings():
    tournament = isko_event(players=16, series=4)
    series_draw(tournament=tournament, number=1, how="lot", seed=1)
    first = tables_of(tournament, 1)

    series_draw(tournament=tournament, number=2, how="plan", seed=2)

    assert tables_of(tournament, 1) == first
    assert list(SeriesDraw.objects.filter(tournament=tournament).values_list("how", flat=True)) == [
        "lot", "plan", "plan", "plan"]
    assert max(meetings_of(tournament, (1, 2, 3, 4)).values()) == 1
    assert planned_from(tournament, 2) and not planned_from(tournament, 1)


@pytest.mark.slow
def test_a_withdrawal_after_the_plan_replans_the_series_after_it_keeping_those_before():
    tournament = isko_event(players=15, series=4)
    series_draw(tournament=tournament, number=1, how="plan", seed=4)
    kept = [tables_of(tournament, n) for n in (1, 2)]
    gone = tournament.players.first()

    withdrawn = player_withdraw(tournament=tournament, player_id=gone.pk, after=2)

    assert withdrawn.replanned == 3

    assert [tables_of(tournament, n) for n in (1, 2)] == kept
    for number in (3, 4):
        seated = [p for t in tables_of(tournament, number) for p in t]
        assert gone.pk not in seated and len(seated) == 14
    assert list(SeriesDraw.objects.filter(tournament=tournament).values_list("how", "seed")) == [("plan", 4)] * 4


def test_a_withdrawal_from_a_series_drawn_by_lot_is_refused_as_before():
    tournament = isko_event(players=15, series=3)
    series_draw(tournament=tournament, number=1, how="lot", seed=4)
    gone = tournament.players.first()

    with pytest.raises(SeatingError, match="draw that series again"):
        player_withdraw(tournament=tournament, player_id=gone.pk, after=0)

    gone.refresh_from_db()
    assert gone.last_series is None


def test_a_late_entry_replans_from_his_first_series():
    tournament = isko_event(players=15, series=3)
    series_draw(tournament=tournament, number=1, how="plan", seed=6)
    kept = tables_of(tournament, 1)

    late = player_register(tournament=tournament, name="Late Comer", first_series=2, planned=True)
    series_replan(tournament=tournament, first=2, played=1)

    assert tables_of(tournament, 1) == kept
    for number in (2, 3):
        tables = tables_of(tournament, number)
        assert late.pk in [p for t in tables for p in t]
        assert sorted(len(t) for t in tables) == [4, 4, 4, 4]


@pytest.mark.slow
def test_a_replan_of_a_played_series_is_refused():
    tournament = isko_event(players=14, series=3)
    series_draw(tournament=tournament, number=1, how="plan", seed=6)

    with pytest.raises(SeatingError, match="holds scores"):
        series_replan(tournament=tournament, first=2, played=2)
    with pytest.raises(SeatingError, match="not planned"):
        other = isko_event(players=14, series=3)
        series_draw(tournament=other, number=1, how="lot", seed=1)
        series_replan(tournament=other, first=1, played=0)


def test_an_event_without_a_plan_shows_no_plan_quality():
    tournament = isko_event()
    series_draw(tournament=tournament, number=1, how="lot", seed=1)

    assert event_plan_quality(tournament) is None
    assert Seat.objects.filter(tournament=tournament).count() == 14
    assert Tournament.objects.get(pk=tournament.pk).series_count == 3
