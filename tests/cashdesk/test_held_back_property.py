"""Held back, for any fees, percentages and seasons: the cash report's balance is what was taken less what was paid
out less what the seasons hold back, to the cent, and each season's share is its percent of the fees taken, half a
cent up, recomputed here apart from the code: in whole cents with exact fractions. The season's prize pot is the sum
of what its evenings' cash reports hold back for it."""

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cashdesk.models import Payment
from cashdesk.selectors import cash_summary
from clubs.models import Club
from scoring.tournaments.services import tournament_open
from seasons.models import Season
from seasons.selectors import season_reading
from seasons.services import season_add, season_create
from seating.models import Player

pytestmark = [pytest.mark.django_db, pytest.mark.database]

CENTS = st.integers(1, 10**7)  # 0.01 to 100,000.00 a line
PERCENT = st.one_of(st.integers(0, 100), st.decimals(0, 100, places=2).map(float),
                    st.floats(0, 100, allow_nan=False, allow_infinity=False))


@pytest.fixture
def evenings():
    club = Club.objects.create(slug="skatfreunde", name="Skatfreunde")
    made = []
    for name in ("Clubabend 1", "Clubabend 2"):
        tournament = tournament_open(name=name, rulebook="isko", method="fixed", series_count=2, club=club)
        Player.objects.bulk_create([Player(tournament=tournament, name=f"Spieler {n}") for n in range(1, 4)])
        made.append(tournament)
    return club, made


def _held_by_hand(fee_cents: int, percent) -> int:
    """``percent`` of the fees in whole cents, half a cent up (as the rules read a JSON number: its decimal text)."""
    exact = Fraction(fee_cents) * Fraction(str(percent)) / 100
    return math.floor(exact + Fraction(1, 2))


def _book(tournament, fees: list[int], reversed_fees: int, lost: list[int], prizes: list[int]) -> None:
    players = list(tournament.players.order_by("pk"))
    lines = [Payment(tournament=tournament, player=players[n % 3], kind="fee", amount=Decimal(c) / 100)
             for n, c in enumerate(fees)]
    lines += [Payment(tournament=tournament, player=players[0], kind="lost_games", series=1, amount=Decimal(c) / 100)
              for c in lost]
    lines += [Payment(tournament=tournament, player=players[1], kind="prize", prize=f"total:{n + 1}",
                      amount=Decimal(c) / 100) for n, c in enumerate(prizes)]
    Payment.objects.bulk_create(lines)
    for line in Payment.objects.filter(tournament=tournament, kind="fee").order_by("pk")[:reversed_fees]:
        Payment.objects.create(tournament=tournament, player=line.player, kind="fee", amount=-line.amount,
                               reverses=line)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(fees=st.lists(st.lists(CENTS, max_size=6), min_size=2, max_size=2), reversed_fees=st.integers(0, 2),
       lost=st.lists(CENTS, max_size=3), prizes=st.lists(CENTS, max_size=3),
       percents=st.lists(st.one_of(st.none(), PERCENT), max_size=3))
def test_the_balance_is_taken_less_paid_out_less_held_back_to_the_cent(evenings, fees, reversed_fees, lost, prizes,
                                                                      percents):
    club, (first, second) = evenings
    Payment.objects.filter(reverses__isnull=False).delete()
    Payment.objects.all().delete()
    Season.objects.all().delete()
    _book(first, fees[0], reversed_fees, lost, prizes)
    _book(second, fees[1], 0, [], [])
    seasons = [season_create(club=club, slug=f"s{n}", name=f"Saison {n}",
                             rules={} if percent is None else {"holdback_percent": percent})
               for n, percent in enumerate(percents)]
    for season in seasons:
        season_add(season=season, tournaments=[first, second])

    fee_cents = sum(fees[0][reversed_fees:]) if reversed_fees <= len(fees[0]) else 0
    held = [_held_by_hand(fee_cents, percent) for percent in percents if percent]
    taken = fee_cents + sum(lost)
    cash = cash_summary(first)
    assert cash.fees * 100 == fee_cents
    assert [held_back.amount * 100 for held_back in cash.holdbacks] == held
    assert cash.taken * 100 == taken and cash.paid_out * 100 == sum(prizes)
    assert cash.balance * 100 == taken - sum(prizes) - sum(held)
    for season, percent in zip(seasons, percents):  # the pot: each evening's share, as its report holds it back
        pot = season_reading(season).table.held_back
        expected = 0 if not percent else _held_by_hand(fee_cents, percent) + _held_by_hand(sum(fees[1]), percent)
        assert pot * 100 == expected, (percent, pot)
