"""The statistics' files to download, each a ``common.downloads.Export``: the club's year in review as PDF
(``review``), named in the club's language as its pages speak (``skatclub-sued-statistik.pdf``). The file itself is
made in ``stats.prints``."""

from django.utils.translation import pgettext_lazy

from common.downloads import Export
from common.i18n import file_slug, in_language
from stats.prints import review_pdf

REVIEW_WORD = pgettext_lazy("download name", "statistics")


def review(club, query) -> Export:
    """The club's members ranked with the year's review, for the filter of ``query`` (the page's own)."""
    with in_language(club.language):
        name = f"{file_slug(club.slug)}-{file_slug(REVIEW_WORD)}.pdf"
    return Export(review_pdf(club, query), name)
