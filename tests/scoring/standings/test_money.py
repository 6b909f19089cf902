"""Entry fees, lost-game money and the cash report, with every amount worked out by hand."""

from decimal import Decimal as D

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.standings.money import MoneyError, MoneyRules, amount, cash_report, lost_game_money

RULES = MoneyRules(entry_fee="15.00", per_lost_game="0.50", per_lost_game_at_three="0.60",
                   raised_per_lost_game="1.00", raised_from=4)


@pytest.mark.parametrize("lost, size, owed", [
    (0, 4, "0.00"),
    (3, 4, "1.50"),  # 3 × 0.50, the raise not reached
    (5, 4, "3.50"),  # 3 × 0.50 + 2 × 1.00 from the fourth lost game
    (5, 3, "3.80"),  # 3 × 0.60 + 2 × 1.00
    (4, 3, "2.80"),  # 3 × 0.60 + 1 × 1.00
])
def test_lost_game_money_at_the_table(lost, size, owed):
    assert lost_game_money(lost, size, RULES) == D(owed)


def test_without_a_raise_or_a_rate_at_three_every_lost_game_costs_the_same():
    plain = MoneyRules(per_lost_game="0.50")
    assert lost_game_money(7, 3, plain) == D("3.50") and lost_game_money(7, 4, plain) == D("3.50")


@pytest.mark.parametrize("text, expected", [("0,50", "0.50"), (" 2 ", "2.00"), ("0.5", "0.50"), (D("1.25"), "1.25")])
def test_amounts_are_exact(text, expected):
    assert amount(text, "fee") == D(expected) and str(amount(text, "fee")) == expected


@pytest.mark.parametrize("bad", [0.5, True, "-1", "0.505", "abc", "NaN", "Infinity", "1e9", ""])
def test_an_amount_that_cannot_be_money_is_refused_naming_the_field(bad):
    with pytest.raises(MoneyError) as refused:
        amount(bad, "entry_fee")
    assert refused.value.field == "entry_fee"


def test_rules_refuse_a_raise_from_no_game():
    with pytest.raises(MoneyError) as refused:
        MoneyRules(raised_from=0)
    assert refused.value.field == "raised_from"


def test_the_cash_report_of_an_event():
    report = cash_report(RULES, entries=14, lost_games={
        2: [(4, 4), (0, 3)],  # 3 × 0.50 + 1.00 = 2.50, and nothing
        1: [(2, 4), (5, 4), (5, 3)],  # 1.00 + 3.50 + 3.80 = 8.30
    }, prizes_paid=[D("100.00"), "50"])

    assert [(s.number, s.lost_game_money, s.lost_games) for s in report.series] == [
        (1, D("8.30"), 12), (2, D("2.50"), 4)]
    assert report.entry_fees == D("210.00")  # 14 × 15.00
    assert report.lost_game_money == D("10.80")
    assert report.collected == D("220.80")
    assert report.prizes_paid == D("150.00")
    assert report.balance == D("70.80")


@given(lost=st.integers(0, 60), size=st.sampled_from([3, 4]),
       cents=st.tuples(st.integers(0, 500), st.integers(0, 500), st.integers(0, 500)), start=st.integers(1, 10))
def test_lost_game_money_is_the_sum_of_each_lost_games_rate(lost, size, cents, start):
    rate, at_three, raised = (D(c) / 100 for c in cents)
    rules = MoneyRules(per_lost_game=rate, per_lost_game_at_three=at_three, raised_per_lost_game=raised,
                       raised_from=start)
    one_by_one = sum((raised if game >= start else (at_three if size == 3 else rate) for game in range(1, lost + 1)),
                     D("0"))
    assert lost_game_money(lost, size, rules) == one_by_one
