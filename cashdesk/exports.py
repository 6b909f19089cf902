"""The cash desk's files to download: the cash report as PDF and as workbook (``cash_report``), each an
``common.downloads.Export`` named in the tournament's print language (``vereinsabend-2026-11-25-kassenbericht.pdf``)."""

from django.utils.translation import pgettext_lazy

from cashdesk.documents import cash_report_pdf, cash_report_workbook
from cashdesk.selectors import cash_summary
from common.downloads import Export, event_file_name

REPORT_WORD = pgettext_lazy("download name", "cash report")
MAKERS = {"pdf": cash_report_pdf, "xlsx": cash_report_workbook}
"""The cash report's kinds of file, each with what makes it."""


def cash_report(tournament, kind: str) -> Export:
    """The cash report as ``kind`` (``pdf`` or ``xlsx``)."""
    return Export(MAKERS[kind](tournament, cash_summary(tournament)),
                  event_file_name(tournament, REPORT_WORD, extension=kind))
