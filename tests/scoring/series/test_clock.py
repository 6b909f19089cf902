"""The series clock: the time left (a pure function, read at fixed moments), the director's start and
close, the history that records the close, the tables not finished (recomputed here from the deals and the table
sizes), and a closed series' tables refusing entry in English and German."""

from datetime import datetime, timedelta
from datetime import timezone as tz

import pytest
from django.utils import translation

from scoring.entry.services import deal_enter, deal_undo
from scoring.entry.sheets import deal_slot
from scoring.models import Deal, SeriesClock
from scoring.results import DealFacts, EntryError
from scoring.series.clock.reading import DEFAULT_MINUTES, Phase, clock_reading, clock_text, time_left
from scoring.series.clock.selectors import series_clock, tables_not_finished
from scoring.series.services import (
    ClockError,
    event_series_add,
    series_clock_start,
    series_close,
    series_time_set,
)
from scoring.tournaments.selectors import scoring_settings
from seating.event_series import series_draw
from seating.models import Table, Tournament
from tests.scoring.conftest import ISKO_DEALS, enter_isko
from tests.scoring.series.test_views import event

START = datetime(2026, 11, 25, 19, 0, tzinfo=tz.utc)


# --- the time left: pure, at fixed moments ----------------------------------------------------------------------

@pytest.mark.parametrize("after, left, phase", [
    (timedelta(0), 135 * 60, Phase.RUNNING),
    (timedelta(hours=1), 75 * 60, Phase.RUNNING),
    (timedelta(minutes=119, seconds=59), 15 * 60 + 1, Phase.RUNNING),
    (timedelta(minutes=120), 15 * 60, Phase.WARNING),  # the last 15 minutes warn
    (timedelta(minutes=134, seconds=59, microseconds=500_000), 0, Phase.OVER),  # half a second left shows 0
    (timedelta(minutes=134, seconds=58, microseconds=500_000), 1, Phase.WARNING),
    (timedelta(minutes=135), 0, Phase.OVER),
    (timedelta(hours=5), 0, Phase.OVER),  # never below zero
])
def test_time_left_at_fixed_moments(after, left, phase):
    ends = START + timedelta(minutes=135)
    reading = clock_reading(series=1, minutes=135, started_at=START, ends_at=ends, now=START + after)
    assert (reading.seconds_left, reading.phase) == (left, phase)
    assert time_left(ends, START + after) == left


def test_an_unstarted_clock_shows_the_whole_time_and_a_closed_one_none():
    assert clock_reading(series=2, minutes=90, now=START).phase is Phase.NOT_STARTED
    assert clock_reading(series=2, minutes=90, now=START).seconds_left == 90 * 60
    closed = clock_reading(series=2, minutes=90, now=START, started_at=START, ends_at=START + timedelta(minutes=90),
                           closed_at=START + timedelta(minutes=10))
    assert (closed.phase, closed.seconds_left) == (Phase.CLOSED, 0)


@pytest.mark.parametrize("seconds, text", [(0, "0:00"), (59, "0:59"), (61, "1:01"), (3600, "1:00:00"),
                                           (8100, "2:15:00"), (3909, "1:05:09"), (-5, "0:00")])
def test_the_clock_face(seconds, text):
    assert clock_text(seconds) == text


# --- start, close, refusal ----------------------------------------------------------------------------------------

def three_series(**fields):
    tournament = event(players=14, series=3)
    for number in (1, 2, 3):
        series_draw(tournament=tournament, number=number, how="lot", seed=40 + number)
    return tournament


def enter_deals(table: Table, upto: int, start: int = 1) -> None:
    for number in range(start, upto + 1):
        game, matadores, points, tricks = ISKO_DEALS[(number + table.number) % len(ISKO_DEALS)]
        slot = deal_slot(table, number)
        deal_enter(table=table, number=number, facts=DealFacts(
            declarer_id=slot.active[number % len(slot.active)].player_id, game=game, matadores=matadores,
            points=points, tricks=tricks))


@pytest.mark.django_db
def test_the_director_starts_a_series_and_its_clock_ends_the_series_time_later():
    tournament = three_series()
    assert scoring_settings(tournament).series_minutes == DEFAULT_MINUTES == 135

    clock = series_clock_start(tournament=tournament, series=2, now=START)

    assert (clock.started_at, clock.ends_at, clock.minutes) == (START, START + timedelta(hours=2, minutes=15), 135)
    reading = series_clock(tournament, 2, now=START + timedelta(minutes=125))
    assert (reading.phase, reading.seconds_left) == (Phase.WARNING, 600)
    assert series_clock(tournament, 1, now=START).phase is Phase.NOT_STARTED
    with pytest.raises(ClockError, match="started at"):
        series_clock_start(tournament=tournament, series=2, now=START + timedelta(minutes=1))
    assert SeriesClock.objects.get(series=2).started_at == START  # the second click changed nothing


@pytest.mark.django_db
def test_the_series_time_is_the_events_and_a_running_clock_keeps_its_own():
    tournament = three_series()
    series_clock_start(tournament=tournament, series=1, now=START)

    series_time_set(tournament=tournament, minutes=100)
    clock = series_clock_start(tournament=tournament, series=2, now=START)

    assert clock.ends_at - START == timedelta(minutes=100)
    assert SeriesClock.objects.get(series=1).ends_at - START == timedelta(minutes=135)
    for wrong in (0, 9, 601):
        with pytest.raises(ClockError) as refused:
            series_time_set(tournament=tournament, minutes=wrong)
        assert refused.value.field == "minutes"
    assert scoring_settings(tournament).series_minutes == 100


@pytest.mark.django_db
def test_a_series_not_drawn_has_no_clock():
    tournament = event(series=3)
    series_draw(tournament=tournament, number=1, how="lot", seed=1)
    with pytest.raises(ClockError, match="not drawn"):
        series_clock_start(tournament=tournament, series=2, now=START)
    with pytest.raises(ClockError, match="not drawn"):
        series_close(tournament=tournament, series=2, now=START)
    assert not SeriesClock.objects.exists()


def behind_recomputed(tournament, series):
    """The tables not finished, from scratch: ISkO at fixed tables plays 12 rounds, so a table of n players is due
    12 × n deals; its deals entered are its Deal rows."""
    rows = []
    for table in Table.objects.filter(tournament=tournament, series=series).order_by("number"):
        entered, due = Deal.objects.filter(table=table).count(), 12 * table.size
        if entered < due:
            rows.append((table.number, entered, due))
    return rows


@pytest.mark.django_db
def test_the_tables_not_finished_and_the_close_recorded_in_the_history(django_user_model):
    tournament = three_series()
    director = django_user_model.objects.create_user("director", is_staff=True)
    enter_isko(tournament, series=1, deals=5)
    finished = Table.objects.filter(tournament=tournament, series=1).order_by("size", "number").first()
    enter_deals(finished, 12 * finished.size, start=6)  # a table of three plays all its 36 deals
    series_clock_start(tournament=tournament, series=1, now=START)

    behind = [(t.number, t.entered, t.due) for t in tables_not_finished(tournament, 1)]

    assert behind == behind_recomputed(tournament, 1)
    assert finished.number not in [number for number, _entered, _due in behind] and len(behind) == 3
    assert {due for _number, _entered, due in behind} <= {36, 48}

    clock = series_close(tournament=tournament, series=1, user=director, now=START + timedelta(minutes=140))

    assert clock.closed_at == START + timedelta(minutes=140) and clock.closed_by == director
    assert clock.unfinished == [list(row) for row in behind]
    history = clock.history.order_by("history_date")
    assert [row.history_change_reason.split(":")[0] for row in history] == ["started", "closed"]
    closing = history.last()
    assert "the deals not played are not played; the lists are closed as they stand" in closing.history_change_reason
    assert f"table {behind[0][0]}: 5 of {behind[0][2]} deals" in closing.history_change_reason
    assert closing.closed_at == clock.closed_at
    with pytest.raises(ClockError, match="closed already"):
        series_close(tournament=tournament, series=1, now=START + timedelta(minutes=141))
    with pytest.raises(ClockError, match="closed already"):
        series_clock_start(tournament=tournament, series=1, now=START)
    assert series_clock(tournament, 1, now=START).phase is Phase.CLOSED


@pytest.mark.django_db
@pytest.mark.parametrize("language, said", [
    ("en", "Series 1 is closed: the director closed its lists as they stand"),
    ("de", "Serie 1 ist geschlossen"),
])
def test_after_the_close_the_series_tables_refuse_entry_in_the_pages_language(language, said):
    tournament = three_series()
    enter_isko(tournament, series=1, deals=2)
    enter_isko(tournament, series=2, deals=1)
    series_close(tournament=tournament, series=1, now=START)
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, series=1, number=1)
    deals_before = Deal.objects.count()

    with translation.override(language):
        with pytest.raises(EntryError) as refused:
            enter_deals(table, 3, start=3)
        assert said in refused.value.message
        with pytest.raises(EntryError) as refused:
            deal_undo(table=table, number=2)
        assert said in refused.value.message

    assert Deal.objects.count() == deals_before  # nothing saved, nothing taken back
    other = Table.objects.select_related("tournament", "section").get(tournament=tournament, series=2, number=1)
    enter_deals(other, 2, start=2)  # the next series still takes deals
    assert Deal.objects.count() == deals_before + 1


@pytest.mark.django_db
def test_closing_the_last_series_finishes_the_event_and_the_club_lists_it_as_played():
    from public.selectors import coming_and_past

    tournament = three_series()
    settings = scoring_settings(tournament)
    settings.published = True
    settings.save()
    today = tournament.date
    series_close(tournament=tournament, series=2, now=START)
    tournament.refresh_from_db()
    assert tournament.status != Tournament.Status.FINISHED  # one series still to play
    assert coming_and_past(tournament.club, today=today) == ([tournament], [])
    series_close(tournament=tournament, series=3, now=START)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert coming_and_past(tournament.club, today=today) == ([], [tournament])
    event_series_add(tournament=tournament)  # one more series after all: the event is being played again
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.PLAYING
    assert coming_and_past(tournament.club, today=today) == ([tournament], [])
