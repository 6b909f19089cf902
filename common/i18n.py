"""Saying things in the reader's language: the engine's sentences, names kept as data, money.

Vocabulary:
    sentence     a ``str`` from a pure core whose value is English and that can say itself again with
                 ``render(words)``, ``words`` being gettext's interface: the engine's ``Text``
                 (``scoring.engine.text``), a movement's ``Note`` (``seating.movements.notes``). ``say`` renders
                 it with Django's catalogue in the active language; anything else is returned as it is (a
                 player's name is never translated). ``common`` imports neither app, so a sentence is recognised
                 by its ``render``.
    words        what a sentence is rendered with (``Words``): the catalogue's gettext, and the language's way of
                 writing a figure, an amount or a day that a sentence holds (a season's "Saisonpreis: 100,00 €").
    name id      a plain string kept as data and marked for the catalogue (a rulebook's name, a game's
                 English name): ``say_id`` looks it up.
    language of a document   a tournament prints in its own language (``Tournament.language``), whatever
                 the browser: ``in_language`` wraps the rendering of a PDF or a workbook.
    points       a whole figure of the lists (a total, a deal's score) with the typographic minus: "−168", never
                 the hyphen of "-168" (``points``).
    day          a date, or a date kept as ISO text in a public payload ("2026-11-25"), in the language's short
                 format: 25.11.2026 in German, 11/25/2026 in English (``day``).
    file slug    a name made fit for a download's file name (``file_slug``): lower case, hyphens, and the German
                 letters written out as a German writes them without them (Außen → aussen, Müller → mueller);
                 Django's ``slugify`` alone drops an ß and an umlaut's dots ("auen", "muller").
    money        an amount in the language's own format with the currency's sign: 1.234,50 € in German,
                 €1,234.50 in English (``money``). Numbers in a workbook stay numbers: only cells of text
                 are translated there.
"""

from __future__ import annotations

import datetime
from contextlib import contextmanager
from decimal import Decimal

from django.utils import translation
from django.utils.formats import date_format, get_format, number_format
from django.utils.text import slugify
from django.utils.translation import gettext

CURRENCY_SIGNS = {"EUR": "€", "USD": "$", "GBP": "£", "CHF": "CHF", "CAD": "CA$", "AUD": "A$"}


class Words:
    """gettext's interface for a sentence's ``render`` (Django's catalogue in the active language), and the values
    inside a sentence (a figure, money, a day: ``formatted``) written as the active language writes them."""

    def __init__(self, currency: str = "EUR"):
        self.currency = currency

    def __getattr__(self, name):  # gettext, pgettext, ngettext, npgettext, ...: Django's, as a sentence asks
        return getattr(translation, name)

    def formatted(self, kind: str, value, english: str) -> str:
        if kind == "money":
            return money(value, self.currency)
        if kind == "day":
            return day(value)
        if kind == "figure":  # the same digits as the English, the language's decimal mark
            return english.replace(".", get_format("DECIMAL_SEPARATOR"))
        return english


WORDS = Words()


def say(value, currency: str | None = None):
    """A pure core's sentence in the active language (money in it in ``currency``, EUR by default); any other
    value as it is."""
    if isinstance(value, str) and callable(getattr(value, "render", None)):
        return value.render(Words(currency) if currency else WORDS)
    return value


def say_id(value: str) -> str:
    """A name kept as data and marked for the catalogue (``N_``), in the active language."""
    return gettext(value) if value else value


def points(value) -> str:
    """A whole figure with the typographic minus ("−168"); anything not a whole number (None, "") as it is."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return ("\u2212" if value < 0 else "") + str(abs(value))


def day(value) -> str:
    """A date or an ISO date's text in the active language's short format; anything else as it is."""
    if isinstance(value, str):
        try:
            value = datetime.date.fromisoformat(value)
        except ValueError:
            return value
    if isinstance(value, datetime.date):
        return date_format(value, "SHORT_DATE_FORMAT")
    return value


def amount(value) -> str:
    """An amount of money without its currency, in the active language's format: 1.234,50 or 1,234.50."""
    if value is None or value == "":
        return ""
    return number_format(Decimal(value), 2, force_grouping=True)


def money(value, currency: str = "EUR") -> str:
    """An amount with its currency sign, in the active language's format (grouped thousands, two decimals)."""
    if value is None or value == "":
        return ""
    sign = CURRENCY_SIGNS.get((currency or "").upper(), currency or "")
    value = Decimal(value)
    # A debt is written with the typographic minus before the whole amount ("−1.110,00 €", "−€1,110.00"),
    # not a hyphen squeezed between the currency and the figure.
    minus = "\u2212" if value < 0 else ""
    # Translators: where the currency sign goes; German writes "1.234,50 €".
    return minus + gettext("{sign}{amount}").format(sign=sign, amount=amount(abs(value)))


@contextmanager
def in_language(code: str | None):
    """Render a document in a tournament's language (an empty code: the active one)."""
    if not code:
        yield
        return
    with translation.override(code):
        yield


GERMAN_LETTERS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
                                "ẞ": "SS"})


def file_slug(text) -> str:
    """``text`` (a tournament's name, a word of a download's name) as a part of a file name: see the module's
    vocabulary."""
    return slugify(str(text).translate(GERMAN_LETTERS))
