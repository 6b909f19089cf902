"""The movements' sentences in any language, with no Django: gettext's interface passed in.

Vocabulary:
    words     any object with gettext's ``gettext``, ``ngettext``, ``pgettext`` and ``npgettext`` (Django's
              ``django.utils.translation`` module is one); ``ENGLISH`` says every message as written.
    Note      a ``str`` in English that can say itself again: ``render(words)`` builds the sentence once more
              with other ``words``. Layout notes and the director's refusals (``MovementUserError``) are Notes,
              so the plan page says them in the reader's language while the command line stays English.
``makemessages`` reads the ``w.gettext(...)`` calls that build them.
"""

from collections.abc import Callable


class _English:
    """gettext's interface, saying every message as written (the movements' own language)."""

    @staticmethod
    def gettext(message: str) -> str:
        return message

    @staticmethod
    def ngettext(singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural

    @staticmethod
    def pgettext(context: str, message: str) -> str:
        return message

    @staticmethod
    def npgettext(context: str, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural


ENGLISH = _English()


class Note(str):
    """A sentence: English as a ``str``; ``render(words)`` in any language."""

    def __new__(cls, say: Callable[[object], str]) -> "Note":
        note = super().__new__(cls, say(ENGLISH))
        note.say = say
        return note

    def render(self, words) -> str:
        return self.say(words)
