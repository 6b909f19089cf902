"""The year's review as a print: the club's figures with the same pictures as its page (the SVG as images) and
its members ranked, in the club's language."""

from django.utils import timezone

from clubs.models import Club
from common.i18n import in_language
from common.pdf import render_template_pdf
from stats.charts import as_image, totals_chart
from stats.pages import club_page


def review_pdf(club: Club, query) -> bytes:
    with in_language(club.language):
        page = club_page(club, query)
        pictures = {name: as_image(svg) for name, svg in page["shown"]["pictures"].items()}
        # each of the review's leaders with his series totals over time and his running per-48 average
        leaders = list(dict.fromkeys(row["member"] for row in page["rows"] if row["member"] in page["leaders"]))
        figures_of = {row["member"]: row for row in page["rows"]}
        over_time = [(figures_of[pk]["name"], as_image(totals_chart(figures_of[pk]["f"]))) for pk in leaders]
        return render_template_pdf("print/stats_review.html", {
            "club": club, **page, "pictures": pictures, "over_time": over_time, "printed": timezone.now(),
            "language": club.language})
