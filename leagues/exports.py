"""A league's files to download, each a ``common.downloads.Export`` named in the language the print is asked in
(``?language=en``, else German), as its pages speak: a group's Spielbericht (``group_report``), the table and the
Einzelwertung as PDF or workbook (``table``, ``players``) and the league's cash report (``cash_report``):
``bezirksliga-2026-spielbericht-3-2.pdf``, ``bezirksliga-2026-tabelle.xlsx``. The files themselves are made in
``leagues.prints``."""

from django.utils.translation import pgettext_lazy

from common.downloads import Export
from common.i18n import file_slug, in_language
from leagues.prints import cash_book_xlsx, group_report_pdf, players_pdf, players_xlsx, table_pdf, table_xlsx

FILE_WORDS = {
    "report": pgettext_lazy("download name", "match-report"),
    "table": pgettext_lazy("download name", "table"),
    "players": pgettext_lazy("download name", "individual-ranking"),
    "cash": pgettext_lazy("download name", "cash report"),
}
"""The words of a league's download names (German ``spielbericht``, ``tabelle``, ``einzelwertung``,
``kassenbericht``)."""

MAKERS = {"table": {"pdf": table_pdf, "xlsx": table_xlsx}, "players": {"pdf": players_pdf, "xlsx": players_xlsx}}
"""The table's and the Einzelwertung's kinds of file, each with what makes it."""


def _name(league, word: str, *figures, extension: str, language: str) -> str:
    with in_language(language):
        said = "-".join([file_slug(league.slug), file_slug(FILE_WORDS[word]), *map(str, figures)])
    return f"{said}.{extension}"


def group_report(reading, day: int, group: int, language: str) -> Export:
    """The Spielbericht of one group's match day (``LookupError`` when the league has no such day or group)."""
    return Export(group_report_pdf(reading, day, group, language),
                  _name(reading.league, "report", day, group, extension="pdf", language=language))


def table(reading, kind: str, language: str) -> Export:
    """The league's table (``leagues.tables.league_table_reading``) as ``kind`` (``pdf`` or ``xlsx``)."""
    return Export(MAKERS["table"][kind](reading, language),
                  _name(reading.league, "table", extension=kind, language=language))


def players(reading, kind: str, language: str) -> Export:
    """The Einzelwertung (``leagues.selectors.league_reading``) as ``kind`` (``pdf`` or ``xlsx``)."""
    return Export(MAKERS["players"][kind](reading, language),
                  _name(reading.league, "players", extension=kind, language=language))


def cash_report(book, league, language: str) -> Export:
    """The league's cash book (``leagues.selectors.cash_book``) as a workbook."""
    return Export(cash_book_xlsx(book, league, language), _name(league, "cash", extension="xlsx", language=language))
