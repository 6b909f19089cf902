"""What the engine says, in any language: a message id with its parameters.

Vocabulary:
    message id   the English sentence with named ``{placeholders}``, e.g. ``"{game} lost: {count}"``. It is
                 the key of the translation catalogues (locale/<language>/LC_MESSAGES/django.po).
    context      a word that tells two identical English ids apart when other languages need two words
                 (``pmsg("suit", "Club")`` is Kreuz; a club of players is a Verein).
    Text         a ``str`` whose value is the English sentence, carrying its message id, context and
                 parameters, so any other layer can say it again in another language with ``render``.
                 Parameters may themselves be ``Text`` (a game's name inside a refusal), rendered first.
    words        what ``render`` is given: any object with gettext's ``gettext(id)`` and ``pgettext(context,
                 id)`` (Django's ``django.utils.translation`` module is one); ``ENGLISH`` says the ids as they are.

Why message ids and parameters, not the standard library's ``gettext`` here: the language is chosen per
request (the browser's, or the tournament's for what it prints), and only the Django side knows it. One
server answers an English phone and prints a German sheet at the same moment; stdlib ``gettext`` would need
the language passed into every engine call or kept in a global the threads would fight over. With ids the
engine stays pure and language-free, says English by itself (``str(text)``: the command line, the logs, the
stored explanation), and the Django side renders the same ``Text`` with Django's catalogue
(``common.i18n.say``), which ``makemessages`` fills from the ``msg``/``pmsg`` calls below (the keywords are
added in ``scoring/management/commands/makemessages.py``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable


class _English:
    """gettext's interface, saying every message id as it is (the engine's own language)."""

    @staticmethod
    def gettext(message_id: str) -> str:
        return message_id

    @staticmethod
    def pgettext(context: str, message_id: str) -> str:
        return message_id


ENGLISH = _English()
_LISTS = (list, tuple)


class Text(str):
    """A sentence in English (its ``str`` value) that can be rendered again in another language."""

    message_id: str
    context: str | None
    params: dict

    def __new__(cls, message_id: str, context: str | None = None, /, **params) -> "Text":
        # Said in English at once (every Text the engine makes, several a valuation, goes through here): a
        # parameter that is a str (a Text is one, in English) or a number goes in as it is; a list is said
        # item by item.
        for value in params.values():
            if isinstance(value, _LISTS):
                english = _render(message_id, None, params, ENGLISH)
                break
        else:
            english = message_id.format_map(params)
        self = str.__new__(cls, english)
        self.message_id, self.context, self.params = message_id, context, params
        return self

    def render(self, words) -> str:
        return _render(self.message_id, self.context, self.params, words)

    def __reduce__(self):
        return (_rebuild, (self.message_id, self.context, self.params))


def _rebuild(message_id, context, params):
    return Text(message_id, context, **params)


class Joined(Text):
    """Parts said one after another with a separator (itself a ``Text`` or plain punctuation)."""

    def __new__(cls, parts: Iterable, separator: str = "") -> "Joined":
        parts = tuple(parts)
        if isinstance(separator, str) and all(isinstance(p, str) for p in parts):  # a Text is its English
            english = separator.join(parts)
        else:
            english = _value(separator, ENGLISH).join(_value(p, ENGLISH) for p in parts)
        self = str.__new__(cls, english)
        self.message_id, self.context, self.params = "", None, {}
        self.parts, self.separator = parts, separator
        return self

    def render(self, words) -> str:
        return _value(self.separator, words).join(_value(p, words) for p in self.parts)

    def __reduce__(self):
        return (Joined, (self.parts, self.separator))


def said_in_turn(parts: Iterable) -> str:
    """Parts said one after another, the empty ones left out: the one part itself when only one is left (it
    says the same in every language), else their ``Joined``. A valuation's explanation is mostly one part."""
    parts = [part for part in parts if part]
    if len(parts) == 1:
        return parts[0]
    return Joined(parts) if parts else ""


def _value(value, words) -> str:
    if isinstance(value, Text):
        # A Text's own value is its English already: said again only in another language (rendering a nested
        # Text anew at every level made each valuation's explanation cost its depth over again: 8x slower).
        return value if words is ENGLISH else value.render(words)
    if isinstance(value, (list, tuple)):
        return ", ".join(_value(v, words) for v in value)
    return value if isinstance(value, str) else str(value)


def _render(message_id: str, context: str | None, params: dict, words) -> str:
    if not message_id:
        template = message_id
    else:
        template = words.pgettext(context, message_id) if context else words.gettext(message_id)
    return template.format(**{name: _value(value, words) for name, value in params.items()})


def msg(message_id: str, /, **params) -> Text:
    """A sentence of the engine: ``msg("{game} lost: {count}", game=..., count=...)``."""
    return Text(message_id, None, **params) if params else _word(None, message_id)


def pmsg(context: str, message_id: str, /, **params) -> Text:
    """A sentence with a context, for English words other languages say in two ways."""
    return Text(message_id, context, **params) if params else _word(context, message_id)


@functools.lru_cache(maxsize=1024)
def _word(context: str | None, message_id: str) -> Text:
    """A Text without parameters ("for game", "with"), made once: a valuation names several, and a Text is
    never changed once made, so one of each serves every valuation."""
    return Text(message_id, context)


def or_list(items: list) -> Text:
    """"a, b or c" in any language."""
    items = list(items)
    if len(items) == 1:
        return items[0] if isinstance(items[0], Text) else msg("{item}", item=items[0])
    return msg("{items} or {last}", items=Joined(items[:-1], ", "), last=items[-1])


def and_list(items: list) -> Text:
    """"a, b and c" in any language."""
    items = list(items)
    if len(items) == 1:
        return items[0] if isinstance(items[0], Text) else msg("{item}", item=items[0])
    return msg("{items} and {last}", items=Joined(items[:-1], ", "), last=items[-1])


def N_(message_id: str) -> str:
    """Marks a plain string (a game's or a rulebook's name, kept as data) for the catalogue; said in another
    language by its id (``common.i18n.say``)."""
    return message_id
