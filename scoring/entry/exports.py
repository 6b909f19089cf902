"""The score sheet's files to download, each a ``common.downloads.Export`` named in the tournament's print language
(``vereinsabend-2026-11-25-eingabelinks-A4.pdf``): every table's entry link as a QR code card (``link_cards``)."""

from django.utils.translation import pgettext_lazy

from common.downloads import Export, event_file_name
from common.i18n import in_language
from common.paper import PAPERS
from common.pdf import render_template_pdf

LINK_CARDS_WORD = pgettext_lazy("download name", "entry-links")


def link_cards(tournament, cards: list[dict], paper: str, series: int | None) -> Export:
    """The ``cards`` (each a table, its entry link and the link's QR code) on ``paper``; ``series`` said on each
    card when the event has several drawn, else None."""
    with in_language(tournament.language):  # a print speaks the event's print language
        pdf = render_template_pdf("print/link_cards.html", {
            "tournament": tournament, "cards": cards, "paper": PAPERS[paper], "series": series})
    return Export(pdf, event_file_name(tournament, LINK_CARDS_WORD, paper, extension="pdf"))
