"""The movements' sentences in any language, with no Django: gettext's interface passed in.

Vocabulary:
    words     any object with gettext's ``gettext``, ``ngettext``, ``pgettext`` and ``npgettext`` (Django's
              ``django.utils.translation`` module is one); ``ENGLISH`` says every message as written.
    Note      a ``str`` in English that can say itself again: ``render(words)`` builds the sentence once more
              with other ``words``. Layout notes and the director's refusals (``MovementUserError``) are Notes,
              so the plan page says them in the reader's language while the command line stays English.
    command words   the command line's language (``python -m seating.movements``), chosen as Django's commands
              choose theirs (``common/commands.py``): ``SKAT_LANGUAGE``, else the terminal's locale (``LANGUAGE``,
              ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); said from the compiled catalogue (``locale/<code>/LC_MESSAGES/
              django.mo``) with the standard library's gettext, English when there is none.
``makemessages`` reads the ``w.gettext(...)`` calls that build them.
"""

import gettext
from collections.abc import Callable, Mapping
from pathlib import Path

LANGUAGE_VARIABLES = ("SKAT_LANGUAGE", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"


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


def command_words(environ: Mapping[str, str], locale_dir: Path = LOCALE_DIR):
    """The words of the command line's language (see the module docstring): the first variable naming English or
    a language with a compiled catalogue decides."""
    for name in LANGUAGE_VARIABLES:
        for value in environ.get(name, "").split(":"):
            code = value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
            if code == "en":
                return ENGLISH
            catalogue = locale_dir / code / "LC_MESSAGES" / "django.mo"
            if code and catalogue.is_file():
                with catalogue.open("rb") as compiled:
                    return gettext.GNUTranslations(compiled)
    return ENGLISH
