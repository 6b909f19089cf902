"""A cash desk tap costs what it touches: taking a fee or a series' lost-game money reads that player's due alone
(the same queries at an event of 7 players and one of 28), never the whole event's standings; and each due a tap
reads (``due_of``) is the one the desk's list shows (``dues_of``), fee, lost-game money and prize alike."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cashdesk.models import Payment
from cashdesk.selectors import due_of, dues_of
from cashdesk.services import payment_reverse, payment_take
from scoring.models import TournamentScoring
from tests.scoring.committee.test_series_event import demo_event

pytestmark = [pytest.mark.django_db, pytest.mark.database]


def priced(players: int):
    tournament = demo_event(players, 2)
    TournamentScoring.objects.filter(tournament=tournament).update(
        entry_fee=Decimal("10.00"), per_lost_game=Decimal("0.50"), per_lost_game_at_three=Decimal("0.60"),
        raised_per_lost_game=Decimal("1.00"), raised_from=4,
        prize_money=[["total", 1, "25.00"], ["total", 2, "15.00"]])
    tournament.refresh_from_db()
    return tournament


def tap_queries(tournament) -> tuple[int, int]:
    """The queries of taking one player's fee and of taking one series' lost-game money."""
    due = next(due for due in dues_of(tournament) if due.kind == Payment.Kind.LOST_GAMES and due.open > 0)
    with CaptureQueriesContext(connection) as fee:
        payment_take(tournament=tournament, player_id=due.player, kind=Payment.Kind.FEE)
    with CaptureQueriesContext(connection) as lost:
        payment_take(tournament=tournament, player_id=due.player, kind=Payment.Kind.LOST_GAMES, series=due.series)
    return len(fee), len(lost)


@pytest.mark.slow
def test_a_fee_or_lost_game_tap_reads_the_same_queries_however_big_the_event():
    small, big = priced(7), priced(28)
    assert tap_queries(small) == tap_queries(big)
    fee, lost = tap_queries(priced(12))
    assert fee <= 8 and lost <= 10, (fee, lost)


@pytest.mark.slow
def test_every_due_a_tap_reads_is_the_one_the_desk_lists():
    tournament = priced(7)
    before = dues_of(tournament)
    assert {due.kind for due in before} == {Payment.Kind.FEE, Payment.Kind.LOST_GAMES, Payment.Kind.PRIZE}
    # some paid, one reversed: what the book says is read the same way too
    taken = [payment_take(tournament=tournament, player_id=due.player, kind=due.kind, series=due.series,
                          prize=due.prize) for due in before[::3]]
    payment_reverse(tournament=tournament, payment_id=taken[0].pk)
    for due in dues_of(tournament):
        assert due_of(tournament, due.player, due.kind, due.series, due.prize) == due
    # a key the rules ask nothing for, and the book holds nothing for, is no due
    player = before[0].player
    assert due_of(tournament, player, Payment.Kind.LOST_GAMES, 9, "") is None
    assert due_of(tournament, player, Payment.Kind.PRIZE, None, "total:9") is None
