"""Numbers typed on the pages, read in the page's language, or refused when they could mean two things.

Vocabulary:
    decimal mark   what separates the decimals in the active language: "," in German, "." in English
                   (Django's ``DECIMAL_SEPARATOR``).
    group mark     what separates the thousands: "." in German, "," in English (``THOUSAND_SEPARATOR``); a
                   space (also a no-break or a thin space) groups them in either language.
    whole number   digits with an optional sign, written as they are ("1200") or grouped in threes ("1.200" in
                   German, "1,200" in English).
    amount         an amount of money: a whole number part, then at most two decimals after the decimal mark
                   ("1.200,50" in German, "1,200.50" in English; ",50" or ".50" for less than one).
    sent number    a number the page sends by itself, never typed (a ticked row's id, a link's ``?series=2``):
                   digits only, read by ``sent_number``.

The rule for what could mean two things: a mark is read only as the page's language uses it, and any other
use is refused, never guessed. In German "1.000" is one thousand, "1,5" or "1,000" in a whole number is refused
(it has decimals), "1.00" is refused (a group mark not followed by three digits). In English "1,000" is one
thousand, "1.000" is refused in a whole number (decimals) and in an amount (three decimals), "1,00" is refused.
Digits are 0 to 9 only (Python's ``int`` would also read "1_000" and Arabic-Indic digits); no exponent ("1e309"),
no NaN, no infinity; a text longer than ``MAX_CHARACTERS`` is refused unread.

``WholeNumberField`` and ``AmountField`` are the form fields for every number a user types. Their inputs are text
inputs with a numeric keypad (``inputmode``): an ``<input type="number">`` reads the typed text in the browser's
own language, not the page's, and sends the server another figure or nothing at all. A value that is a number
already (an ``int``, a ``Decimal``: an import's JSON) is taken as it is, not read as text.
"""

from __future__ import annotations

import re
from decimal import Decimal

from django import forms
from django.utils.formats import get_format
from django.utils.translation import gettext

from common.i18n import amount as amount_said

MAX_CHARACTERS = 40
BIGGEST_ID = 2**63 - 1  # a number beyond any database's id names nothing (and breaks SQLite's int)
CENT = Decimal("0.01")
SPACES = " \u00a0\u202f"  # a space, a no-break space, a narrow no-break space (what 1 000 is printed with)
MINUS_SIGNS = "\u2212\u2013"  # the minus sign and the en dash a phone's keyboard may give for "-"


class NumberRefused(ValueError):
    """Typed text that is not a number of the kind asked for; ``message`` says how to write it."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _marks() -> tuple[str, str]:
    """(decimal mark, group mark) of the active language."""
    return get_format("DECIMAL_SEPARATOR"), get_format("THOUSAND_SEPARATOR")


def _integer_part(group: str) -> str:
    """A regex for digits ungrouped, or grouped in threes by ``group`` or by one kind of space."""
    grouped = "|".join(rf"[0-9]{{1,3}}(?:{re.escape(mark)}[0-9]{{3}})+" for mark in {group, *SPACES})
    return rf"(?:{grouped}|[0-9]+)"


def _prepared(text: str) -> str:
    text = str(text).strip()
    if len(text) > MAX_CHARACTERS:
        return ""  # matches nothing: refused with the kind's own message
    for minus in MINUS_SIGNS:
        text = text.replace(minus, "-")
    return text


def _example(figure: str) -> str:
    """An English example figure ("1,200.50") in the active language's marks."""
    decimal, group = _marks()
    return figure.replace(",", "\0").replace(".", decimal).replace("\0", group)


def whole_number(text: str) -> int:
    """``text`` as a whole number in the active language (see the module doc), or ``NumberRefused``."""
    decimal, group = _marks()
    text = _prepared(text)
    found = re.fullmatch(rf"([+-]?)({_integer_part(group)})", text)
    if found is None:
        if decimal in text:
            raise NumberRefused(gettext("write a whole number without decimals, e.g. 1200 or {grouped}").format(
                grouped=_example("1,200")))
        raise NumberRefused(gettext("write a whole number, e.g. 1200 or {grouped}").format(grouped=_example("1,200")))
    value = int(re.sub("[^0-9]", "", found.group(2)))
    return -value if found.group(1) == "-" else value


def money_amount(text: str) -> Decimal:
    """``text`` as an amount in the active language (see the module doc), or ``NumberRefused``; the sign is kept,
    the range is the caller's."""
    decimal, group = _marks()
    text = _prepared(text)
    integer = _integer_part(group)
    found = re.fullmatch(rf"([+-]?)({integer})?(?:{re.escape(decimal)}([0-9]+))?", text)
    if found is None or not (found.group(2) or found.group(3)):
        raise _not_an_amount()
    if found.group(3) and len(found.group(3)) > 2:
        raise _too_many_decimals()
    digits = re.sub("[^0-9]", "", found.group(2) or "0")
    value = Decimal(f"{digits}.{found.group(3)}" if found.group(3) else digits)
    return -value if found.group(1) == "-" and value else value


def amount_within(value: str | int | Decimal, least: Decimal, most: Decimal) -> Decimal:
    """``value`` (typed text, or a number already) as an amount from ``least`` to ``most`` with at most two
    decimals, or ``NumberRefused`` naming the bounds in the page's language."""
    if isinstance(value, str):
        number = money_amount(value)
    elif isinstance(value, (int, Decimal)) and not isinstance(value, bool):
        number = Decimal(value)
    else:
        raise _not_an_amount()
    if not number.is_finite() or not least <= number <= most:
        raise NumberRefused(gettext("an amount from {least} to {most}").format(
            least=amount_said(least), most=amount_said(most)))
    if number != number.quantize(CENT):  # within the bounds, so a few digits: quantizing cannot overflow
        raise _too_many_decimals()
    return number.quantize(CENT) if number else Decimal("0.00")  # never "-0.00"


def _not_an_amount() -> NumberRefused:
    return NumberRefused(gettext("write an amount such as {example}").format(example=_example("1,234.50")))


def _too_many_decimals() -> NumberRefused:
    return NumberRefused(gettext("an amount has at most two decimals, e.g. {example}").format(
        example=_example("1,234.50")))


def digits_number(text: object, *, least: int = 0, most: int = 10**9) -> int:
    """A number written with the digits 0 to 9 only, from ``least`` to ``most`` (a number a page sends, a seed, a
    place asked for in an address), or ``NumberRefused`` saying how to write it. The one reading of such a number
    for every view: ``str.isdigit`` passes "²" and "³", which ``int`` refuses with a ``ValueError`` (a 500 if
    nobody catches it), and ``int`` itself reads "1_000", " 7 " and Arabic-Indic digits."""
    if not (isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= len(str(most))
            and least <= int(text) <= most):
        shown = str(text)[:20]
        raise NumberRefused(gettext("a whole number from {least} to {most} in the digits 0 to 9, not {value!r}")
                            .format(least=least, most=most, value=shown))
    return int(text)


def sent_number(text: object, most: int) -> int | None:
    """A number a page sends by itself (a ticked row's id, a link's ``?series=2``): digits 0 to 9 making a number
    from 1 to ``most`` (``digits_number``), else None."""
    try:
        return digits_number(text, least=1, most=most)
    except NumberRefused:
        return None


class NumericKeypadInput(forms.TextInput):
    """A text input that opens a phone's keypad of digits; the text typed reaches the server as it was typed."""

    inputmode = "numeric"

    def __init__(self, attrs=None):
        super().__init__({"inputmode": self.inputmode, **(attrs or {})})


class DecimalKeypadInput(NumericKeypadInput):
    """The same, with the keypad's decimal mark (an amount of money)."""

    inputmode = "decimal"


class WholeNumberField(forms.IntegerField):
    """An ``IntegerField`` that reads typed text by ``whole_number``; its bounds and messages are Django's."""

    widget = NumericKeypadInput

    def __init__(self, **kwargs):
        kwargs.setdefault("localize", True)  # a value shown again is written in the page's language
        super().__init__(**kwargs)

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if not isinstance(value, str):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        try:
            return whole_number(value)
        except NumberRefused as refused:
            # A field's own wording (e.g. "write the rounds as a whole number, e.g. 20") comes first.
            own = str(self.error_messages["invalid"]) != str(forms.IntegerField.default_error_messages["invalid"])
            raise forms.ValidationError(self.error_messages["invalid"] if own else refused.message,
                                        code="invalid") from None


class AmountField(forms.DecimalField):
    """An amount of money from ``least`` to ``most`` with at most two decimals, typed as ``money_amount`` reads
    it; a refusal names the bounds in the page's language."""

    widget = DecimalKeypadInput

    def __init__(self, *, least: Decimal = Decimal("0.00"), most: Decimal, max_digits: int | None = None, **kwargs):
        kwargs.setdefault("localize", True)
        kwargs["decimal_places"] = 2  # a model's column may say so too (``Field.formfield``)
        super().__init__(max_digits=max_digits, **kwargs)
        self.least, self.most = least, most

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            return amount_within(value, self.least, self.most)
        except NumberRefused as refused:
            raise forms.ValidationError(refused.message, code="invalid") from None
