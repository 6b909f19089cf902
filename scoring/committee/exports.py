"""The committee's files to download, each an ``common.downloads.Export`` named in the tournament's print language
(``vereinsabend-2026-11-25-preise-A4.pdf``): the results workbook (``results_file``), the prize list and the
standings as PDF (``results_document``) and a series' filled table lists (``series_lists``)."""

from django.utils.translation import pgettext_lazy

from common.downloads import Export, event_file_name
from scoring.committee.lists import filled_lists_pdf
from scoring.committee.pdf import results_pdf
from scoring.committee.xlsx import results_workbook
from scoring.results import event_results

FILE_WORDS = {
    "results": pgettext_lazy("download name", "results"),
    "prizes": pgettext_lazy("download name", "prizes"),
    "standings": pgettext_lazy("download name", "standings"),
    "series": pgettext_lazy("download name", "series"),
    "lists": pgettext_lazy("download name", "lists"),
}
"""The words of the committee's download names (German ``preise``, ``ergebnisse``)."""


def results_file(tournament) -> Export:
    """The results workbook: standings, prizes, every deal (and each series, team and category)."""
    event = event_results(tournament)
    return Export(results_workbook(event.overall, event),
                  event_file_name(tournament, FILE_WORDS["results"], extension="xlsx"))


def results_document(tournament, kind: str, paper: str, *, site: str) -> Export:
    """The prize list (``prizes``) or the standings (``standings``) as PDF on ``paper``."""
    return Export(results_pdf(event_results(tournament), kind, paper, site=site),
                  event_file_name(tournament, FILE_WORDS[kind], paper, extension="pdf"))


def series_lists(tournament, series: int, paper: str) -> Export:
    """Every table's list of one series, filled from the deals entered."""
    return Export(filled_lists_pdf(tournament, series, paper),
                  event_file_name(tournament, FILE_WORDS["series"], series, FILE_WORDS["lists"], paper,
                                  extension="pdf"))
