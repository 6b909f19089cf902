"""Template filters loaded on every page (``TEMPLATES`` builtins): ``say``, ``say_id`` and ``money``.

    {{ result.explanation|say }}     an engine sentence in the reader's language
    {{ rulebook.name|say_id }}       a name kept as data, translated by its id
    {{ amount|money:"EUR" }}         1.234,50 € in German, €1,234.50 in English
    {{ amount|amount }}              1.234,50 in German, 1,234.50 in English (the currency said beside it)
"""

from django import template

from common import i18n

register = template.Library()


@register.filter
def say(value):
    return i18n.say(value)


@register.filter
def say_id(value):
    return i18n.say_id(value)


@register.filter
def money(value, currency="EUR"):
    return i18n.money(value, currency)


@register.filter
def amount(value):
    return i18n.amount(value)
