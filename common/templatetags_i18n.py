"""Template filters loaded on every page (``TEMPLATES`` builtins): ``say``, ``say_id``, ``money``, ``amount``,
``points`` and ``day``.

    {{ result.explanation|say }}     an engine sentence in the reader's language
    {{ rulebook.name|say_id }}       a name kept as data, translated by its id
    {{ amount|money:"EUR" }}         1.234,50 € in German, €1,234.50 in English
    {{ amount|amount }}              1.234,50 in German, 1,234.50 in English (the currency said beside it)
    {{ total|points }}               −168 with the typographic minus, never "-168"
    {{ played.date|day }}            25.11.2026 in German, from a date or its ISO text
"""

from django import template

from common import i18n

register = template.Library()

# each filter is the function of common.i18n of the same name (``money`` takes the currency as its argument)
for _name in ("say", "say_id", "money", "amount", "points", "day"):
    register.filter(_name, getattr(i18n, _name))
