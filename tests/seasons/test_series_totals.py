"""``scoring.results.events_series_totals`` (a season's evenings read at once) gives exactly what each
evening's own standings show: each series' rows (player, ``total``, ``deals_played``) of ``event_results`` and of
``manage.py standings T --format json``'s ``series`` block (those with a deal or a total), each player's overall rank, the currency; and it
reads with as many queries for four evenings as for one."""

import io
import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.models import PrizeCut
from scoring.results import event_results, events_series_totals
from scoring.standings import ScoringSystem
from scoring.standings.prizes import STANDINGS_CATEGORY
from tests.seasons.conftest import club_evening, club_with_members

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture
def evenings():
    """Two ISkO (Seeger-Fabian) evenings and two Foster evenings of one club, members absent, one of one series."""
    club, members = club_with_members()
    return [club_evening(club, members, seed=31, absent=0.25),
            club_evening(club, members, seed=32, absent=0.1, series=3, fee="7.50"),
            club_evening(club, members, seed=33, absent=0.25, rulebook="foster-1922"),
            club_evening(club, members, seed=34, series=1, rulebook="foster-1922")]


def standings_json(tournament) -> dict:
    out = io.StringIO()
    call_command("standings", str(tournament.pk), "--format", "json", stdout=out)
    return json.loads(out.getvalue())


def played(rows) -> list[tuple[int, int, int]]:
    """A series' rows as the season reads them: (player, total, deals played) of each player with a deal or a
    total, by player id."""
    return sorted((row["player"], row["total"], row["deals_played"]) for row in rows
                  if row["deals_played"] or row["total"])


def test_each_series_row_and_rank_is_the_evenings_own(evenings):
    systems = set()
    for tournament, totals in zip(evenings, events_series_totals(evenings)):
        event = event_results(tournament)
        systems.add(event.overall.system)
        assert totals.tournament.pk == tournament.pk
        assert totals.series_numbers == event.series_numbers
        assert [[tuple(row) for row in part] for part in totals.series] == \
            [played(part.rows()) for part in event.series]
        assert totals.ranks == {row["player"]: row["rank"] for row in event.overall.rows()}
        assert totals.currency == event.cash.currency
        shown = standings_json(tournament)
        assert [block["number"] for block in shown["series"]] == totals.series_numbers
        assert [[tuple(row) for row in part] for part in totals.series] == \
            [played(block["standings"]) for block in shown["series"]]
        assert totals.ranks == {row["player"]: row["rank"] for row in shown["standings"]}
        assert all(part for part in totals.series)
    assert systems == {ScoringSystem.SEEGER_FABIAN, ScoringSystem.FOSTER}


def test_a_recorded_cut_orders_the_tied_ranks_as_the_standings_do(evenings):
    tournament = evenings[0]
    first, second = event_results(tournament).overall.ranked()[:2]
    # A cut recorded for the first two places (as if tied): the overall rows and the batched ranks both take it.
    PrizeCut.objects.create(tournament=tournament, category=STANDINGS_CATEGORY[ScoringSystem.SEEGER_FABIAN],
                            place=1, order=[second.standing.player, first.standing.player])
    [totals] = events_series_totals([tournament])
    assert totals.ranks == {row["player"]: row["rank"] for row in event_results(tournament).overall.rows()}


def test_without_ranks_no_rank_is_read_and_the_series_are_the_same(evenings):
    with_ranks, without = events_series_totals(evenings), events_series_totals(evenings, ranks=False)
    assert [t.series for t in without] == [t.series for t in with_ranks]
    assert all(t.ranks == {} for t in without)


def test_four_evenings_read_with_the_queries_of_one(evenings):
    with CaptureQueriesContext(connection) as one:
        events_series_totals(evenings[:1])
    with CaptureQueriesContext(connection) as all_of_them:
        events_series_totals(evenings)
    assert len(all_of_them) == len(one)
    assert events_series_totals([]) == []
