"""The demo command: a complete event in one command, in every method."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.models import Deal, Slip
from scoring.results import tournament_results
from seating.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.slow
@pytest.mark.parametrize("players, method", [(12, "up-sides-down-middle"), (13, "n-s-stationary"), (16, "fixed"),
                                             (3, "up-sides-down-middle")])
def test_demo_plays_every_deal_and_prints_the_id_last(players, method):
    out = io.StringIO()
    call_command("demo", "--players", str(players), "--method", method, "--seed", "7", "--play", stdout=out,
                 stderr=io.StringIO())
    tournament = Tournament.objects.get(pk=int(out.getvalue().strip().splitlines()[-1]))
    assert tournament.players.count() == players
    deals = Deal.objects.filter(tournament=tournament)
    assert deals.count() > 0 and not Slip.objects.filter(tournament=tournament, ok_by=None).exists()
    results = tournament_results(tournament)
    assert sum(s.net_points for s in results.standings.values()) == sum(deals.values_list("score", flat=True))


@pytest.mark.slow
def test_demo_is_reproducible_from_its_seed():
    first, again = io.StringIO(), io.StringIO()
    call_command("demo", "--players", "12", "--seed", "5", "--play", stdout=first, stderr=io.StringIO())
    call_command("demo", "--players", "12", "--seed", "5", "--play", stdout=again, stderr=io.StringIO())
    ids = [int(s.getvalue().split()[-1]) for s in (first, again)]
    scores = [list(Deal.objects.filter(tournament_id=i).order_by("table__number", "number").values_list("score", flat=True))
              for i in ids]
    assert scores[0] == scores[1]


def test_demo_refuses_two_players():
    with pytest.raises(CommandError, match="from 3"):
        call_command("demo", "--players", "2")


def test_demo_if_empty_loads_nothing_when_a_tournament_exists():
    call_command("demo", "--players", "12", stdout=io.StringIO())
    out = io.StringIO()
    call_command("demo", "--players", "12", "--if-empty", stdout=out)
    assert "no demo loaded" in out.getvalue() and Tournament.objects.count() == 1


def test_an_isko_demo_seats_tables_of_three_and_four_and_refuses_five_players():
    from seating.models import Table

    with pytest.raises(CommandError, match="5 players cannot be seated"):
        call_command("demo", "--rulebook", "isko", "--players", "5", "--method", "fixed", "--seed", "1",
                     stdout=io.StringIO())
    assert Tournament.objects.count() == 0
    call_command("demo", "--rulebook", "isko", "--players", "13", "--method", "fixed", "--seed", "1",
                 stdout=io.StringIO())
    assert sorted(Table.objects.values_list("size", flat=True)) == [3, 3, 3, 4]


def test_demo_speaks_german_in_its_progress_and_refusals():
    from django.utils import translation

    err = io.StringIO()
    with translation.override("de"):
        call_command("demo", "--players", "8", "--method", "fixed", "--seed", "2", "--play", stdout=io.StringIO(),
                     stderr=err)
        with pytest.raises(CommandError, match="Eine Veranstaltung mit mehreren Serien spielt an festen Tischen"):
            call_command("demo", "--players", "12", "--series", "2", "--method", "up-sides-down-middle",
                         stdout=io.StringIO())
    assert "Tischen gespielt" in err.getvalue() and "played" not in err.getvalue()
