"""What the cash desk writes: a line taking a due's open amount (fee, lost-game money) or paying it out (a prize),
and a counter-entry reversing a mistaken line (a league's line too, ``cashdesk.outside``). Both under the tournament's lock, so two taps (two phones, a double
submit) never take or pay the same due twice: the second finds it settled and is refused."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext_lazy as _

from cashdesk.models import Payment
from cashdesk.outside import outside_reverse, outside_take
from cashdesk.selectors import due_of
from seating.locks import lock_tournament
from seating.models import Tournament


class CashError(ValueError):
    """A payment the desk refuses; the message says why (nothing was written)."""

    def __init__(self, message):
        super().__init__(str(message))
        self.message = message


def payment_take(*, tournament: Tournament, player_id: int, kind: str, series: int | None = None, prize: str = "",
                 by=None) -> Payment:
    """Record the open amount of one due: the fee or a series' lost-game money taken from the player, or his
    prize paid out to him. Refused when the rules ask nothing of him there or it is paid already."""
    if kind not in Payment.Kind.values:
        raise CashError(_("There is no such kind of payment."))
    series = series if kind == Payment.Kind.LOST_GAMES else None
    prize = prize if kind == Payment.Kind.PRIZE else ""
    with transaction.atomic():
        lock_tournament(tournament.pk)
        due = due_of(tournament, player_id, kind, series, prize)  # that due alone: a tap costs what it touches
        if due is None or (due.amount == 0 and due.paid == 0):
            raise CashError(_("Under the event's money rules this player owes or is owed nothing here."))
        if due.open == 0:
            if kind == Payment.Kind.PRIZE:
                raise CashError(_("This prize has been paid out already; nothing was paid twice."))
            raise CashError(_("This has been paid already; nothing was taken twice."))
        if due.open < 0:
            raise CashError(_("The book holds more than the rules ask: reverse the line, then record it again."))
        if kind == Payment.Kind.PRIZE and Payment.objects.filter(tournament=tournament, kind=kind, prize=prize).exclude(
                player_id=player_id).aggregate(total=Sum("amount"))["total"]:
            # A corrected result gave the prize to another: it is paid once, so the first payout is taken back first.
            raise CashError(_("This prize was paid out to another player: reverse that line first."))
        return Payment.objects.create(tournament=tournament, player_id=player_id, kind=kind, series=series,
                                      prize=prize, amount=due.open, by=by)


def payment_reverse(*, tournament: Tournament, payment_id: int, by=None, note: str = "") -> Payment:
    """Take back a mistaken line with a counter-entry (the amount negated); both stay in the book. A line is
    reversed once, and a counter-entry is never reversed itself (record the payment again instead)."""
    with transaction.atomic():
        lock_tournament(tournament.pk)
        original = Payment.objects.filter(tournament=tournament, pk=payment_id).first()
        if original is None:
            raise CashError(_("There is no such line in this event's book."))
        if original.reverses_id is not None:
            raise CashError(_("A reversal is not reversed; record the payment again instead."))
        if Payment.objects.filter(reverses=original).exists():
            raise CashError(_("This line has been reversed already."))
        return Payment.objects.create(tournament=tournament, player_id=original.player_id, kind=original.kind,
                                      series=original.series, prize=original.prize, amount=-original.amount,
                                      by=by, note=note[:200], reverses=original)


def outside_line_take(*, tournament: Tournament, key: str, by=None) -> None:
    """A league's line of the event (``cashdesk.outside``) taken at its desk: the league's cash book records it,
    with this event as where it was taken, and the event's cash counts it."""
    if not outside_take(tournament, key, by):
        raise CashError(_("There is no such line in this event's book."))


def outside_line_reverse(*, tournament: Tournament, key: str, by=None, note: str = "") -> None:
    """A league's line taken at this event's desk by mistake, given back there with a reason (the rules of
    ``payment_reverse``: once, never a counter-line; ``cashdesk.outside``): the league's cash book has it open
    again, and the event's cash counts it no more."""
    if not outside_reverse(tournament, key, by, note[:200]):
        raise CashError(_("There is no such line in this event's book."))
