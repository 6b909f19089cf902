"""The committee's printed results (WeasyPrint): the prize list with how each tie was decided, and the
full standings. Rendered from ``scoring.results.tournament`` rows with the fonts shipped for printing.
"""

from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from common.i18n import in_language
from scoring.results import Results
from common.paper import PAPERS
from common.pdf import render_template_pdf

RESULT_DOCUMENTS = {"prizes": gettext_noop("Prize list"), "standings": gettext_noop("Standings")}


def results_pdf(results: Results, kind: str, paper: str = "A4", categories: dict | None = None) -> bytes:
    """The prize list or the standings; ``categories`` (name → rows of ``event_category_rows``) adds each
    category's prize list to the prize list."""
    if kind not in RESULT_DOCUMENTS:
        raise ValueError(f"no results document {kind!r}; choose {', '.join(RESULT_DOCUMENTS)}")
    if paper not in PAPERS:
        raise ValueError(f"no paper {paper!r}; choose {', '.join(PAPERS)}")
    players = {p.id: p for p in results.players.values()}
    with in_language(results.tournament.language):  # the tournament's language, whatever the browser
        return _results_pdf(results, kind, paper, categories, players)


def _results_pdf(results: Results, kind: str, paper: str, categories: dict | None, players: dict) -> bytes:
    return render_template_pdf("print/results.html", {
        "kind": kind, "title": gettext(RESULT_DOCUMENTS[kind]), "tournament": results.tournament, "results": results,
        "rows": results.rows(), "paper": PAPERS[paper], "printed": timezone.now(),
        "categories": [(name, [row for row in rows if row["prize"]]) for name, rows in (categories or {}).items()],
        "awards": [{"award": a, "winner": players.get(a.player), "fit": name_fit(players[a.player].name)
                    if a.player in players else "normal"} for a in results.awards]})


NAME_FITS = ((38, "normal"), (46, "small"), (56, "smaller"))
"""The longest name (characters) each type size of the prize list's winner column holds on one line."""


def name_fit(name: str) -> str:
    """The type size that keeps ``name`` on one line in the prize list, or "wrap" when none can."""
    return next((fit for most, fit in NAME_FITS if len(name) <= most), "wrap")
