"""Figures, money and dates inside the season's sentences, said as the reader's language writes them.

Vocabulary:
    formatted    a parameter of a sentence (``scoring.engine.text.Text``) that is a value, not a word: a figure
                 ("12.5", German "12,5"), an amount of money ("100.00", German "100,00 €") or a day ("2026-11-28",
                 German "28.11.2026"). Its ``str`` is the English the command line and the JSON show; rendered in
                 a language, it asks the renderer's ``words`` for ``formatted(kind, value)`` (the Django side's,
                 ``common.i18n``) and keeps its English when the words have none. The core stays free of Django.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from scoring.engine.text import Text


class Formatted(Text):
    """A value inside a sentence: see the module's vocabulary."""

    kind = ""

    def __new__(cls, value, english: str):
        self = str.__new__(cls, english)
        self.message_id, self.context, self.params = "", None, {}
        self.value = value
        return self

    def render(self, words) -> str:
        formatted = getattr(words, "formatted", None)
        return formatted(self.kind, self.value, str.__str__(self)) if formatted else str.__str__(self)

    def __reduce__(self):
        return (type(self), (self.value, str.__str__(self)))


class Figure(Formatted):
    """A figure written as ``shown`` writes it ("12.5", "−3"), its decimal mark the language's."""

    kind = "figure"


class Money(Formatted):
    """An amount to the cent, with the reader's currency sign and format when rendered."""

    kind = "money"


class Day(Formatted):
    """A date (ISO in English text), in the language's short format when rendered."""

    kind = "day"


def money_said(amount: Decimal) -> Money:
    return Money(amount, f"{amount:.2f}")


def day_said(date: datetime.date) -> Day:
    return Day(date, date.isoformat())
