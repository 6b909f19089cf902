"""A season's files to download: its table as PDF or workbook (``season_table``), an ``common.downloads.Export``
named in the season's print language (``jahreswertung-2026.pdf``), as its pages speak. The files themselves are
made in ``seasons.sheets``."""

from django.utils.translation import pgettext_lazy

from common.downloads import Export
from common.i18n import file_slug, in_language
from seasons.sheets import table_pdf, table_workbook

SEASON_WORD = pgettext_lazy("download name", "season")
MAKERS = {"pdf": table_pdf, "xlsx": table_workbook}
"""The season table's kinds of file, each with what makes it."""


def season_table(season, reading, kind: str) -> Export:
    """The table of ``reading`` (``seasons.selectors.season_reading``) as ``kind`` (``pdf`` or ``xlsx``)."""
    with in_language(reading.language):
        name = f"{file_slug(SEASON_WORD)}-{season.slug}.{kind}"
    return Export(MAKERS[kind](reading), name)
