"""On real PostgreSQL: a late entry registered while his series is drawn was left unseated, and
two draws of one series at once both said "drawn". Each worker is a process of its own with its own connection, as
the server's workers are; on SQLite (one writer at a time) these are skipped: .ci/run runs them on PostgreSQL."""

import time
from unittest import mock

import pytest
from django.db import connection, connections  # noqa: F401 - read by the skipif condition below

from scoring.series.services import next_series_draw
from seating.errors import SeatingError
from seating.event_series import series_draw
from seating.models import Player, Seat, SeriesDraw, Tournament
from seating.services import player_register
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


# --- the whole event planned, the series clock: two directors' clicks at once ----------------------------------

def test_two_directors_planning_the_whole_event_at_once_plan_it_once():
    from seating import event_series as seating_series
    from tests.races import race, told

    tournament = event(series=3)
    series_draw(tournament=tournament, number=1, how="lot", seed=1)
    plan = told(lambda: next_series_draw(tournament=tournament, how="plan", number=2), SeatingError, "planned")
    answers = race(plan, plan, hold=(seating_series, "_plan"))
    assert answers == ["planned", "refused: Series 2 was drawn a moment ago (from another desk?): that draw stands."]
    assert list(SeriesDraw.objects.filter(tournament=tournament).order_by("number").values_list("number", "how")) == [
        (1, "lot"), (2, "plan"), (3, "plan")]
    for number in (2, 3):  # everyone seated once a series
        seated = list(Seat.objects.filter(tournament=tournament, series=number).values_list("player_id", flat=True))
        assert sorted(seated) == sorted(tournament.players.values_list("pk", flat=True))


def _clock_race(tournament, change, done: str) -> list[str]:
    from scoring.series import services
    from tests.races import race, told

    click = told(lambda: change(tournament=tournament, series=1), services.ClockError, done)
    return race(click, click, click, hold=(services, "_saved"))


def test_three_directors_starting_the_clock_at_once_start_it_once():
    from scoring.models import SeriesClock
    from scoring.series.services import series_clock_start

    tournament = event(series=2)
    series_draw(tournament=tournament, number=1, how="lot", seed=1)
    answers = _clock_race(tournament, series_clock_start, "started")
    assert answers.count("started") == 1 and len(answers) == 3
    for refusal in answers[:-1]:  # sorted: "refused: ..." before "started"  # the second read the clock after the first wrote it, or met it being written
        assert "Series 1's clock was started at" in refusal or "Series 1's clock was changed a moment ago" in refusal
    assert [row.history_change_reason for row in SeriesClock.history.filter(tournament=tournament)] == ["started"]


@pytest.mark.parametrize("started", [True, False], ids=["started", "never-started"])
def test_three_directors_closing_a_series_at_once_close_it_once(started):
    from scoring.models import SeriesClock
    from scoring.series.services import series_clock_start, series_close

    tournament = event(series=2)
    series_draw(tournament=tournament, number=1, how="lot", seed=1)
    if started:
        series_clock_start(tournament=tournament, series=1)
    answers = _clock_race(tournament, series_close, "closed")
    assert answers.count("closed") == 1 and len(answers) == 3
    for refusal in answers[1:]:  # sorted: "closed" before "refused: ..."
        assert "Series 1 is closed already." in refusal or "Series 1's clock was changed a moment ago" in refusal
    reasons = [row.history_change_reason.split(":")[0] for row in SeriesClock.history.filter(tournament=tournament)
               .order_by("history_id")]
    assert reasons == ["started", "closed"] if started else ["closed"]


def test_a_series_closed_while_a_deal_is_saved_keeps_on_record_what_its_tables_hold():
    """The close and a save at one table: the save lands before the close reads the tables (and the record counts
    it) or after (and is refused: the series is closed); never a deal saved that the close's record misses."""
    from scoring.entry.services import deal_enter
    from scoring.entry.sheets import deal_slot
    from scoring.models import Deal, SeriesClock
    from scoring.results import DealFacts, EntryError
    from scoring.series.services import ClockError, series_clock_start
    from scoring.series.services import series_close as close
    from seating.models import Table
    from tests.races import race, told

    tournament = event(series=2)
    series_draw(tournament=tournament, number=1, how="lot", seed=1)
    series_clock_start(tournament=tournament, series=1)
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, series=1, number=1)
    slot = deal_slot(table, 1)
    facts = DealFacts(declarer_id=slot.active[0].player_id, game="club solo", matadores=2, points=79, tricks=8)

    def close_a_moment_later():
        time.sleep(0.1)  # the save has taken its table first
        close(tournament=tournament, series=1)

    answers = race(told(lambda: deal_enter(table=table, number=1, facts=facts), EntryError, "saved"),
                   told(close_a_moment_later, ClockError, "closed"), hold=(Deal, "save"))
    assert answers == ["closed", "saved"]
    on_record = {number: entered for number, entered, _due in SeriesClock.objects.get(tournament=tournament).unfinished}
    assert on_record[1] == Deal.objects.filter(table=table).count() == 1
