"""A closed series' slips: once the director has closed the series (and with its last series, the event), nothing
at the table changes any more. Every slip action through the table link (make the stay's slips from the sheet,
copy a paper slip, either of its two forms, and OK a slip) is refused with one sentence, saves nothing, and the
table's page offers none of them; the director's own corrections on the staff pages go on as before the close.
Run on SQLite and, with ``DATABASE_URL`` set, on PostgreSQL."""

import pytest
from django.db import connection  # noqa: F401 - read by the race's skipif condition

from scoring.entry.access import table_link
from scoring.entry.services import slip_enter, slip_ok, slips_produce
from scoring.models import Slip
from scoring.results import EntryError
from scoring.series.services import series_close
from seating.models import Tournament
from seating.schedule import schedule_of
from tests.scoring.entry.test_offered_controls import page_offers
from tests.scoring.entry.test_sheet_offers import enter

CLOSED = ("Series 1 is closed: the director closed its lists as they stand. No slip can be made, copied or OK'd "
          "at this table now; only the director can change the slips.")


@pytest.fixture
def closed(table):
    """Two stays played; stay 1's slips made, none OK'd; stay 2's not made; then the series (the event's only one)
    closed."""
    per_stay = schedule_of(table).deals_per_stay
    enter(table, range(1, 2 * per_stay + 1))
    slips_produce(table=table, stay=1)
    series_close(tournament=table.tournament, series=table.series)
    return table


def _slips(table) -> list:
    return list(Slip.objects.filter(table=table).order_by("pk").values_list(
        "stay", "player_id", "net_points", "net_games", "source", "ok_by_id"))


def _other(table, slip):
    return next(seat.player for seat in table.seats.filter(stay=slip.stay).select_related("player")
                if seat.player_id != slip.player_id)


def _link_posts(table) -> dict:
    """Each slip action the table link has, as the page would send it: (address, form)."""
    token = table_link(table).token
    slip = Slip.objects.filter(table=table, stay=1).order_by("pk").first()
    other = _other(table, slip)
    mine = slip.player
    return {
        "make": (f"/t/{token}/slips/2/make/", {}),
        "ok": (f"/t/{token}/slip/{slip.pk}/ok/", {"by_player_id": other.pk, "ok_code": other.ok_code}),
        "paper": (f"/t/{token}/slips/1/paper/", {"player_id": mine.pk, "net_points": "10", "net_games": "1",
                                                 "player_code": mine.ok_code}),
        "paper chosen": (f"/t/{token}/slips/paper/", {"slip_of": f"1-{mine.pk}", "net_points": "10",
                                                      "net_games": "1", "player_code": mine.ok_code}),
    }


@pytest.mark.parametrize("action", ["make", "ok", "paper", "paper chosen"])
@pytest.mark.parametrize("htmx", [False, True])
def test_every_slip_action_through_the_link_is_refused_in_a_closed_series(client, closed, action, htmx):
    assert Tournament.objects.get(pk=closed.tournament_id).status == Tournament.Status.FINISHED
    before = _slips(closed)
    url, data = _link_posts(closed)[action]
    response = client.post(url, data, **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
    assert response.status_code == 409, response.content.decode()[-1500:]
    assert CLOSED in response.content.decode().replace("&#x27;", "'")
    assert _slips(closed) == before


@pytest.mark.parametrize("action", ["make", "ok", "paper"])
def test_every_slip_service_refuses_the_table_in_a_closed_series_and_takes_the_director(closed, action):
    slip = Slip.objects.filter(table=closed, stay=1).select_related("player").order_by("pk").first()
    other = _other(closed, slip)
    calls = {
        "make": lambda by_director: slips_produce(table=closed, stay=2, by_director=by_director),
        "ok": lambda by_director: slip_ok(slip=slip, by_player_id=other.pk, ok_code=other.ok_code,
                                          by_director=by_director),
        "paper": lambda by_director: slip_enter(table=closed, stay=1, player_id=slip.player_id, net_points=10,
                                                net_games=1, player_code=slip.player.ok_code,
                                                by_director=by_director),
    }
    before = _slips(closed)
    with pytest.raises(EntryError, match="Series 1 is closed"):
        calls[action](False)
    assert _slips(closed) == before
    calls[action](True)  # the director's correction, as before the close
    assert _slips(closed) != before


def test_the_closed_series_page_offers_no_slip_action_through_the_link_and_every_one_on_the_staff_page(
        client, admin_client, closed):
    link = page_offers(client, f"/t/{table_link(closed).token}/")
    assert (link["ok_forms"], link["make"], link["paper"], link["save"]) == ([], [], {}, False)
    staff = page_offers(admin_client, f"/sheets/{closed.pk}/")
    assert sorted(staff["ok_forms"]) == sorted(Slip.objects.filter(table=closed).values_list("pk", flat=True))
    assert staff["make"] == [2] and sorted(staff["paper"]) == [1, 2]


def test_the_director_ok_on_the_staff_page_is_taken_in_a_closed_series(admin_client, closed):
    slip = Slip.objects.filter(table=closed, stay=1).order_by("pk").first()
    other = _other(closed, slip)
    response = admin_client.post(f"/sheets/{closed.pk}/slip/{slip.pk}/ok/", {"by_player_id": other.pk})
    assert response.status_code == 200
    assert Slip.objects.get(pk=slip.pk).ok_by_id == other.pk


def _ok_through_the_link(slip_id: int, by_player_id: int, held: float, start, queue) -> None:
    """A player's OK through the table link; ``held``: the moment between his code's check and the OK's write,
    made long (the close comes in there)."""
    import time
    from unittest import mock

    from django.db import connections

    from scoring.entry import services
    from seating.models import Player

    connections.close_all()
    slip = Slip.objects.select_related("table").get(pk=slip_id)
    code = Player.objects.get(pk=by_player_id).ok_code
    checked = services.check_ok_code

    def held_check(**kwargs):
        checked(**kwargs)
        time.sleep(held)

    start.wait(timeout=30)
    try:
        with mock.patch.object(services, "check_ok_code", held_check):
            slip_ok(slip=slip, by_player_id=by_player_id, ok_code=code)
        queue.put("ok")
    except EntryError:
        queue.put("refused")
    connections.close_all()


def _close(tournament_id: int, delay: float, start, queue) -> None:
    import time

    from django.db import connections

    connections.close_all()
    tournament = Tournament.objects.get(pk=tournament_id)
    start.wait(timeout=30)
    time.sleep(delay)
    series_close(tournament=tournament, series=1)
    queue.put("closed")
    connections.close_all()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)")
@pytest.mark.parametrize("held", [0.0, 0.5])
def test_an_ok_racing_the_close_is_written_before_it_or_refused(held):
    from scoring.models import SeriesClock
    from seating.models import Table
    from tests.scoring.conftest import drawn_tournament
    from tests.scoring.entry.test_concurrency import _race

    table = Table.objects.select_related("tournament", "section").get(tournament=drawn_tournament(), number=1)
    enter(table, range(1, schedule_of(table).deals_per_stay + 1))
    slip = slips_produce(table=table, stay=1)[0][0]
    other = _other(table, slip)
    results = _race((_ok_through_the_link, (slip.pk, other.pk, held)), (_close, (table.tournament_id, held / 5)))
    slip.refresh_from_db()
    closed_at = SeriesClock.objects.get(tournament=table.tournament, series=1).closed_at
    assert results in (["closed", "ok"], ["closed", "refused"]), results
    assert (slip.ok_by_id is not None) == ("ok" in results)
    if held:  # the code checked before the close, the OK's write after it: the write is refused
        # (at once, the close's time is taken before it waits for the tables: an OK it waited for may be later)
        assert results == ["closed", "refused"]
        assert slip.ok_at is None or slip.ok_at <= closed_at  # never an OK written after the close
