"""An event's money: entry fees, lost-game money collected at the table, prizes paid, and the balance.

Plain Python, no Django; every amount is a ``Decimal`` in the event's currency, never a float.

Vocabulary:
    entry fee         what each player pays once for the event.
    lost-game money   what a player pays at his table for each game he lost in a series (ISkO practice): a
                      rate per lost game, which may be higher at a table of three, and may rise from a given
                      lost game of the series on (usually the fourth).
                      Ruling: the raised rate, when set, applies from that lost game on at any table size; below
                      it the table's rate applies (the rate at three, else the rate).
    amount            an exact sum of money: from 0.00 to ``MOST`` (what the money columns hold: nine digits, two
                      of them decimals), at most two decimals. As text (a file's, a script's) it is written with a
                      decimal point or comma and nothing else: "1234.50", "0,50"; never grouped, no sign, no
                      exponent, so "1,000" or "1.000" (three decimals) is refused rather than read as 1.00. A page
                      reads typed amounts in its own language first (``common.numbers``).
    cash report       per series: the lost-game money collected; for the event: the entry fees, the lost-game
                      money, the prizes paid out and the balance (collected less paid out).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

CENT = Decimal("0.01")
MOST = Decimal("9999999.99")
_AMOUNT_TEXT = re.compile(r"[0-9]{1,20}(?:[.,][0-9]{1,2})?")


class MoneyError(ValueError):
    """A money rule that cannot be right: ``field`` names it, the message says what to change."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


def amount(value: object, field: str) -> Decimal:
    """``value`` as an amount of money (see the module doc), or a ``MoneyError`` naming ``field``."""
    if isinstance(value, float) or isinstance(value, bool):
        raise MoneyError(field, f"give {field} as an exact amount such as 0.50, not {value!r}")
    if isinstance(value, str) and _AMOUNT_TEXT.fullmatch(value.strip()):
        result = Decimal(value.strip().replace(",", "."))
    elif isinstance(value, (int, Decimal)):
        result = Decimal(value)
    else:
        raise MoneyError(field, f"{field} must be an amount such as 0.50, got {value!r:.40}")
    # The bounds first: quantizing a huge figure (1e309) to cents overflows the decimal context.
    if not result.is_finite() or not 0 <= result <= MOST or result != result.quantize(CENT):
        raise MoneyError(field, f"{field} must be an amount from 0.00 to {MOST} with at most two decimals,"
                                f" got {value!r:.40}")
    return result.quantize(CENT) if result else Decimal("0.00")  # never "-0.00"


@dataclass(frozen=True)
class MoneyRules:
    currency: str = "EUR"
    entry_fee: Decimal = Decimal("0.00")
    per_lost_game: Decimal = Decimal("0.00")
    per_lost_game_at_three: Decimal | None = None  # None: the same as at a table of four
    raised_per_lost_game: Decimal | None = None  # None: no raise
    raised_from: int = 4  # the lost game of a series from which the raised rate applies

    def __post_init__(self):
        for name in ("entry_fee", "per_lost_game", "per_lost_game_at_three", "raised_per_lost_game"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, amount(value, name))
        if isinstance(self.raised_from, bool) or not isinstance(self.raised_from, int) or self.raised_from < 1:
            raise MoneyError("raised_from", f"the raise starts at a lost game from 1 on, got {self.raised_from!r}")


def lost_game_money(games_lost: int, table_size: int, rules: MoneyRules) -> Decimal:
    """What a player owes at his table for ``games_lost`` games lost in one series at a table of ``table_size``."""
    if isinstance(games_lost, bool) or not isinstance(games_lost, int) or games_lost < 0:
        raise MoneyError("games_lost", f"games lost must be a whole number ≥ 0, got {games_lost!r}")
    rate = rules.per_lost_game_at_three if table_size == 3 and rules.per_lost_game_at_three is not None \
        else rules.per_lost_game
    if rules.raised_per_lost_game is None:
        return rate * games_lost
    before_raise = min(games_lost, rules.raised_from - 1)
    return rate * before_raise + rules.raised_per_lost_game * (games_lost - before_raise)


@dataclass(frozen=True)
class SeriesCash:
    number: int
    lost_game_money: Decimal
    lost_games: int


@dataclass(frozen=True)
class CashReport:
    currency: str
    entries: int
    entry_fees: Decimal
    series: tuple[SeriesCash, ...]
    prizes_paid: Decimal

    @property
    def lost_game_money(self) -> Decimal:
        return sum((s.lost_game_money for s in self.series), Decimal("0.00"))

    @property
    def collected(self) -> Decimal:
        return self.entry_fees + self.lost_game_money

    @property
    def balance(self) -> Decimal:
        return self.collected - self.prizes_paid


def cash_report(rules: MoneyRules, *, entries: int,
                lost_games: Mapping[int, Iterable[tuple[int, int]]],
                prizes_paid: Iterable[Decimal] = ()) -> CashReport:
    """The event's cash: ``entries`` players paid the fee; ``lost_games`` maps each series number to each of its
    players' (games lost, table size); ``prizes_paid`` are the money prizes awarded."""
    series = tuple(
        SeriesCash(number, sum((lost_game_money(lost, size, rules) for lost, size in rows), Decimal("0.00")),
                   sum(lost for lost, _ in rows))
        for number, rows in sorted((number, list(rows)) for number, rows in lost_games.items()))
    paid = sum((amount(prize, "prize") for prize in prizes_paid), Decimal("0.00"))
    return CashReport(rules.currency, entries, rules.entry_fee * entries, series, paid)
