"""The year's review as a print: the club's figures with the same pictures as its page (the SVG as images) and
its members ranked, in the club's language."""

from django.utils import timezone

from clubs.models import Club
from common.i18n import in_language
from common.pdf import render_template_pdf
from stats.charts import as_image
from stats.pages import club_page


def review_pdf(club: Club, query) -> bytes:
    with in_language(club.language):
        page = club_page(club, query)
        pictures = {name: as_image(svg) for name, svg in page["shown"]["pictures"].items()}
        return render_template_pdf("print/stats_review.html", {
            "club": club, **page, "pictures": pictures, "printed": timezone.now(), "language": club.language})
