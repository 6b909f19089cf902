"""A projector's pages: what the boards in the hall (the tournament's live board, the season's board) share.

Pure: no Django, so each board passes in what it knows (its languages, its ranges).

Vocabulary:
    range      (default, least, most) of a whole-number setting, e.g. the lines a page (``rows``) or the seconds a
               page stays up (``seconds``).
    clamped    a setting out of its range brought into it, a missing or unreadable one its default: a projector has
               nobody to read a refusal, so an address is never refused.
    paging     the settings every board has: ``page`` (from 1), ``rows``, ``seconds`` and ``lang`` (a language code
               of the site, or empty: the board's own language).
    page       a slice of ``rows`` lines; ``pages`` is how many there are (one at least, an empty board too).
    board      one screenful (``BoardPage``): the settings it was asked with, its page's lines, which page of how
               many, and the address of the page the projector turns to next.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from common.numbers import NumberRefused, digits_number

Line = TypeVar("Line")
PAGES = (1, 1, 10**6)  # default, least, most page number an address may ask for


class Settings(Protocol):
    def query(self, **changes) -> str: ...


@dataclass(frozen=True)
class BoardPage:
    settings: Settings
    lines: list[dict]
    page: int
    pages: int

    @property
    def next_query(self) -> str:
        return self.settings.query(page=next_page(self.page, self.pages))


def clamped(text: str | None, default: int, least: int, most: int) -> int:
    """The whole number ``text`` (the digits 0 to 9: ``common.numbers.digits_number``) brought into least..most; its
    default when missing or not such a number."""
    try:
        value = digits_number(text, most=10**9) if text is not None else default
    except NumberRefused:
        return default
    return min(max(value, least), most)


def paging_from_query(query: Mapping[str, str], *, rows: tuple[int, int, int], seconds: tuple[int, int, int],
                      languages: Collection[str]) -> dict:
    """The paging settings in a page address, each clamped to its range; a language not in ``languages`` is
    dropped (empty)."""
    lang = query.get("lang", "")
    return {"page": clamped(query.get("page"), *PAGES), "rows": clamped(query.get("rows"), *rows),
            "seconds": clamped(query.get("seconds"), *seconds), "lang": lang if lang in languages else ""}


def paging_query(values: Mapping[str, object], lang: str) -> str:
    """The address query of ``values`` in their order; the language last, and only when one is named, so every
    refresh carries the language the address chose."""
    values = {**values, "lang": lang} if lang else values
    return "&".join(f"{key}={value}" for key, value in values.items())


def page_count(lines: int, rows: int) -> int:
    """How many pages of ``rows`` lines ``lines`` fill: one at least."""
    return max(1, -(-lines // rows))


def next_page(page: int, pages: int) -> int:
    """The page a projector turns to after ``page``: the next, after the last the first."""
    return page % pages + 1


def page_of(lines: Sequence[Line], page: int, rows: int) -> Sequence[Line]:
    """The lines of page ``page`` (from 1)."""
    return lines[(page - 1) * rows:page * rows]
