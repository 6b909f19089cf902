"""The season pages' filter: ``{{ figure|season_figure }}``, a total, an average or a score in the active language
(whole numbers as they are, others to two places with the language's decimal mark; a real minus; "—" for none)."""

from fractions import Fraction

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def season_figure(value) -> str:
    if value is None or value == "":
        return "—"
    value = Fraction(value)
    text = str(abs(int(value))) if value.denominator == 1 else number_format(round(float(abs(value)), 2), 2)
    return ("\u2212" if value < 0 else "") + text
