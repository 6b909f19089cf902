"""The season's projector board: the season table a page at a time, on the hall's screen between series.

It works as the tournament's live board does (``scoring.committee.live``, which the seasons may not import): the
same look (``live.css``), the same turning of pages by htmx, the settings in the address, read and paged by the
same helpers (``common.projector``).

Vocabulary:
    line       one row of the board: rank (None: not ranked), the public name, series played, total, average and
               whether the member is ranked (``season_lines``).
    page       a slice of ``rows`` lines; the board turns to the next one every ``seconds`` and reads the table
               afresh each time, so the evening's new series show without a reload.
    settings   the projector's choices in the address (``?rows=20&seconds=30&lang=de``): values out of range are
               brought into range, never refused (a projector has nobody to read a refusal).
    lang       the board's language: the season's print language (``SeasonReading.language``, what its PDF
               speaks), unless the address names another for this one screen; every refresh carries it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.conf import settings as django_settings

from common.projector import BoardPage, page_count, page_of, paging_from_query, paging_query
from seasons.selectors import SeasonReading, public_member_names

ROWS = (15, 5, 60)  # default, least, most lines a page
SECONDS = (30, 5, 300)  # default, least, most seconds a page stays up (each turn reads the table afresh)


@dataclass(frozen=True)
class BoardSettings:
    page: int = 1
    rows: int = ROWS[0]
    seconds: int = SECONDS[0]
    lang: str = ""  # a language code of settings.LANGUAGES, or empty: the season's print language

    @classmethod
    def from_query(cls, query: Mapping[str, str]) -> BoardSettings:
        return cls(**paging_from_query(query, rows=ROWS, seconds=SECONDS, languages=dict(django_settings.LANGUAGES)))

    def language(self, reading: SeasonReading) -> str:
        return self.lang or reading.language

    def query(self, **changes) -> str:
        return paging_query({"page": self.page, "rows": self.rows, "seconds": self.seconds, **changes}, self.lang)


@dataclass(frozen=True)
class Board(BoardPage):
    settings: BoardSettings


def season_lines(reading: SeasonReading) -> list[dict]:
    """The table's rows as the board shows them, hidden members under their public name ("Player N")."""
    names = public_member_names(reading)
    return [{"member": row.member, "rank": row.rank, "name": names[row.member], "series_played": row.series_played,
             "total": row.total, "average": row.average, "qualified": row.qualified} for row in reading.table.rows]


def season_board(reading: SeasonReading, settings: BoardSettings) -> Board:
    """The page of lines ``settings`` asks for (past the last page: the last one)."""
    lines = season_lines(reading)
    pages = page_count(len(lines), settings.rows)
    page = min(settings.page, pages)
    return Board(settings, page_of(lines, page, settings.rows), page, pages)
