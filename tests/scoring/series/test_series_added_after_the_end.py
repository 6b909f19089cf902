"""A series added after the event's end. The end (the director closing the last series) closes the tables of every
series; a series added then opens the event again for that series only: the earlier series stay closed, as the
end closed them (their clocks closed at the end's moment, the rule on their history rows), so no table of theirs
takes a deal, an undo or a slip through its link, and the prize list of what was played cannot change behind it.
On SQLite and, with ``DATABASE_URL`` set, on PostgreSQL (a deal saved at an earlier table while the series is
added is refused either way)."""

from datetime import datetime
from datetime import timezone as tz

import pytest
from django.db import connection  # noqa: F401 - read by the race's skipif condition
from django.utils import translation

from scoring.entry.access import table_link
from scoring.entry.services import SeriesClosed, deal_undo, slips_produce
from scoring.models import Deal, SeriesClock
from scoring.results import EntryError
from scoring.series.services import series_close
from seating.errors import SeatingError
from seating.event_series import series_add, series_draw
from seating.models import Table, Tournament
from tests.scoring.series.test_clock import enter_deals, three_series
from tests.scoring.series.test_views import url

END = datetime(2026, 11, 25, 23, 0, tzinfo=tz.utc)


@pytest.fixture
def ended(db):
    """Three series drawn; table 1 of series 1 and of series 2 halfway through (neither series closed on its own);
    then the director closes series 3: the event is over."""
    tournament = three_series()
    for series in (1, 2):
        enter_deals(Table.objects.get(tournament=tournament, series=series, number=1), 4)
    series_close(tournament=tournament, series=3, now=END)
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED
    return tournament


def _table(tournament, series):
    return Table.objects.select_related("tournament", "section").get(tournament=tournament, series=series, number=1)


def _earlier_tables_refuse_everything(client, tournament) -> None:
    for series in (1, 2):
        table = _table(tournament, series)
        with pytest.raises(EntryError, match=f"Series {series} is closed"):
            enter_deals(table, 5, start=5)
        with pytest.raises(EntryError, match=f"Series {series} is closed"):
            deal_undo(table=table, number=4)
        token = table_link(table).token
        undo = client.post(f"/t/{token}/undo/", {"number": 4}, HTTP_HX_REQUEST="true")
        assert undo.status_code == 409, undo.content.decode()[-500:]
        with pytest.raises(SeriesClosed, match=f"Series {series} is closed"):
            slips_produce(table=table, stay=1)
        assert not table.slips.exists()
        assert Deal.objects.filter(table=table).count() == 4


def test_a_series_added_on_the_page_after_the_end_opens_it_alone(client, admin_client, ended):
    response = admin_client.post(url("series-add", ended))
    assert response.status_code == 302
    tournament = Tournament.objects.get(pk=ended.pk)
    assert (tournament.series_count, tournament.status) == (4, Tournament.Status.PLAYING)
    _earlier_tables_refuse_everything(client, tournament)
    clocks = {clock.series: clock for clock in SeriesClock.objects.filter(tournament=tournament)}
    assert sorted(clocks) == [1, 2, 3]
    assert [clocks[n].closed_at for n in (1, 2, 3)] == [END] * 3  # closed when the end closed them
    # by hand: a table of 14 players by lot is of 4 or 3; table 1 entered 4 of its deals, the rest none
    assert clocks[1].unfinished[0][:2] == [1, 4] and all(row[1] == 0 for row in clocks[1].unfinished[1:])
    assert "closed with the event's end" in clocks[1].history.first().history_change_reason
    page = admin_client.get(response.url).content.decode()
    assert "Series 1 to 3 stay closed as the end of the event closed them; series 4 is open." in page

    series_draw(tournament=tournament, number=4, how="lot", seed=9)
    enter_deals(_table(tournament, 4), 2)  # the new series is played
    assert Deal.objects.filter(table=_table(tournament, 4)).count() == 2
    series_close(tournament=tournament, series=4)
    assert Tournament.objects.get(pk=ended.pk).status == Tournament.Status.FINISHED


def test_a_series_added_before_the_end_closes_nothing(db):
    from scoring.series.services import event_series_add

    tournament = three_series()
    event_series_add(tournament=tournament)
    assert not SeriesClock.objects.filter(tournament=tournament).exists()
    enter_deals(_table(tournament, 1), 2)  # series 1 is still being played


def test_seating_alone_refuses_to_open_an_ended_event(ended):
    with pytest.raises(SeatingError) as refused:
        series_add(tournament=ended)
    assert refused.value.message == ("The event is over (its last series is closed): a series is added on the "
                                     "series page, which keeps the earlier series closed.")
    with translation.override("de"):
        with pytest.raises(SeatingError) as refused:
            series_add(tournament=ended)
    assert refused.value.message == ("Die Veranstaltung ist beendet (ihre letzte Serie ist geschlossen): Eine "
                                     "Serie wird auf der Seite „Serien“ hinzugefügt, die die früheren Serien "
                                     "geschlossen hält.")
    assert Tournament.objects.get(pk=ended.pk).series_count == 3


def _save_at_series_1(tournament_id: int) -> str:
    table = Table.objects.select_related("tournament", "section").get(tournament_id=tournament_id, series=1,
                                                                      number=1)
    try:
        enter_deals(table, 5, start=5)
    except EntryError as refused:
        return f"refused: {refused.message.split(':')[0]}"
    return "saved"


def _add(tournament_id: int) -> str:
    from scoring.series.services import event_series_add

    event_series_add(tournament=Tournament.objects.get(pk=tournament_id))
    return "added"


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)")
@pytest.mark.parametrize("hold", ["clock", "deal"])
def test_a_deal_saved_while_the_series_is_added_is_refused(hold):
    from tests.races import race

    tournament = three_series()
    enter_deals(_table(tournament, 1), 4)
    series_close(tournament=tournament, series=3, now=END)
    # the add's clocks written slowly, or the deal's write: either way in every worker
    held = (SeriesClock, "save") if hold == "clock" else (Deal.objects, "create")
    answers = race(lambda: _add(tournament.pk), lambda: _save_at_series_1(tournament.pk), hold=held)
    assert answers == ["added", "refused: Series 1 is closed"]
    assert Deal.objects.filter(table=_table(tournament, 1)).count() == 4
    assert Tournament.objects.get(pk=tournament.pk).series_count == 4


def test_the_page_says_which_series_stay_closed_in_german(admin_client, ended):
    response = admin_client.post(url("series-add", ended), HTTP_ACCEPT_LANGUAGE="de")
    page = admin_client.get(response.url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert ("Die Serien 1 bis 3 bleiben geschlossen, wie das Ende der Veranstaltung sie geschlossen hat; Serie 4 ist "
            "offen.") in page


def _close_the_last(tournament_id: int) -> str:
    series_close(tournament=Tournament.objects.get(pk=tournament_id), series=3, now=END)
    return "closed"


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)")
def test_a_series_added_while_the_last_one_is_closed_leaves_the_event_being_played():
    """The close read the event's three series before the add's fourth was written: its end must not be written
    over the added series (the event listed as played while series 1 and 2 take deals)."""
    from tests.races import race

    tournament = three_series()
    answers = race(lambda: _add(tournament.pk), lambda: _close_the_last(tournament.pk), hold=(Tournament, "save"))
    assert answers == ["added", "closed"]
    after = Tournament.objects.get(pk=tournament.pk)
    assert after.series_count == 4 and after.status != Tournament.Status.FINISHED  # series 4 is to be played
