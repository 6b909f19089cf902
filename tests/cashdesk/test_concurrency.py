"""The cash desk from several phones at once, on real PostgreSQL: one fee taken once, one prize paid out once, one
line reversed once; every other phone told it was done already. Each phone is a process with its own connection;
on SQLite (one writer at a time) these are skipped: .ci/run runs them on PostgreSQL, and
tests/attacks/test_concurrent_office.py races the same taps through the real server on SQLite."""

from decimal import Decimal

import pytest
from django.db import connection  # noqa: F401 - read by the skipif condition below

from cashdesk.models import Payment
from cashdesk.services import CashError, payment_reverse, payment_take
from scoring.models import TournamentScoring
from scoring.results import tournament_results
from tests.races import race, told
from tests.scoring.committee.test_series_event import demo_event

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)"),
]

PHONES = 4
FEE, PRIZE = Decimal("10.00"), Decimal("25.00")


@pytest.fixture
def event():
    tournament = demo_event(7, 1)
    TournamentScoring.objects.filter(tournament=tournament).update(entry_fee=FEE,
                                                                   prize_money=[["total", 1, str(PRIZE)]])
    return tournament


def taps(event, **due):
    return [told(lambda: payment_take(tournament=event, **due), CashError, "taken")] * PHONES


def test_one_fee_tapped_on_four_phones_at_once_is_taken_once(event):
    player = event.players.order_by("pk").first().pk
    answers = race(*taps(event, player_id=player, kind="fee"), hold=(Payment.objects, "create"))
    assert answers == ["refused: This has been paid already; nothing was taken twice."] * (PHONES - 1) + ["taken"]
    assert list(Payment.objects.values_list("player_id", "kind", "amount")) == [(player, "fee", FEE)]


def test_one_prize_paid_out_on_four_phones_at_once_is_paid_once(event):
    winner = tournament_results(event).ranked()[0].standing.player
    answers = race(*taps(event, player_id=winner, kind="prize", prize="total:1"), hold=(Payment.objects, "create"))
    assert answers == ["refused: This prize has been paid out already; nothing was paid twice."] * (PHONES - 1) + [
        "taken"]
    assert list(Payment.objects.values_list("player_id", "prize", "amount")) == [(winner, "total:1", PRIZE)]


def test_one_line_reversed_on_four_phones_at_once_is_reversed_once(event):
    line = payment_take(tournament=event, player_id=event.players.order_by("pk").first().pk, kind="fee")
    reverse = told(lambda: payment_reverse(tournament=event, payment_id=line.pk), CashError, "reversed")
    answers = race(*[reverse] * PHONES, hold=(Payment.objects, "create"))
    assert answers == ["refused: This line has been reversed already."] * (PHONES - 1) + ["reversed"]
    assert sorted(Payment.objects.values_list("amount", flat=True)) == [-FEE, FEE]
