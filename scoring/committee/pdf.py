"""The committee's printed results (WeasyPrint): the prize list with how each tie was decided and each money
prize, and the full standings. Rendered from ``scoring.results`` rows with the fonts shipped for printing.

Each print shows what its event's scoring system counts: Foster's and McColl's standings their points and games
won and lost; a Seeger-Fabian (ISkO) event's each series' Wertungspunkte, the total and the list's breakdown of it
(game points, (won − lost) × 50, the others' lost games × 40 / 30).
"""

from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from common.i18n import in_language
from scoring.results import EventResults, event_category_rows
from scoring.standings import ScoringSystem
from common.paper import PAPERS
from common.pdf import render_template_pdf

RESULT_DOCUMENTS = {"prizes": gettext_noop("Prize list"), "standings": gettext_noop("Standings")}

PORTRAIT_SERIES = 2
"""A Seeger-Fabian event's standings fit portrait paper up to this many series columns; more are set landscape."""


def results_pdf(event: EventResults, kind: str, paper: str = "A4") -> bytes:
    """The event's prize list (with each category's) or its standings, in the tournament's print language."""
    if kind not in RESULT_DOCUMENTS:
        raise ValueError(f"no results document {kind!r}; choose {', '.join(RESULT_DOCUMENTS)}")
    if paper not in PAPERS:
        raise ValueError(f"no paper {paper!r}; choose {', '.join(PAPERS)}")
    results = event.overall
    with in_language(results.tournament.language):  # the tournament's language, whatever the browser
        return render_template_pdf("print/results.html", {
            "kind": kind, "title": gettext(RESULT_DOCUMENTS[kind]), "tournament": results.tournament,
            "results": results, "paper": PAPERS[paper], "printed": timezone.now(),
            **(_prizes(event) if kind == "prizes" else _standings(event))})


def _prizes(event: EventResults) -> dict:
    results = event.overall
    players = {p.id: p for p in results.players.values()}
    return {
        "currency": event.cash.currency, "paid": any(money is not None for money in event.award_money),
        "categories": [(name, [row for row in rows if row["prize"]])
                       for name, rows in event_category_rows(event).items()],
        "awards": [{"award": a, "winner": players.get(a.player), "money": money,
                    "fit": name_fit(players[a.player].name) if a.player in players else "normal"}
                   for a, money in zip(results.awards, event.award_money)]}


def _standings(event: EventResults) -> dict:
    rows = event.overall.rows()
    if event.overall.system is not ScoringSystem.SEEGER_FABIAN:
        return {"rows": rows, "landscape": True}
    totals = event.series_totals
    return {"rows": [{**row, "series": totals.get(row["player"], [])} for row in rows],
            "series_numbers": event.series_numbers, "seeger_fabian": True,
            "landscape": len(event.series_numbers) > PORTRAIT_SERIES}


NAME_FITS = ((38, "normal"), (46, "small"), (56, "smaller"))
"""The longest name (characters) each type size of the prize list's winner column holds on one line."""


def name_fit(name: str) -> str:
    """The type size that keeps ``name`` on one line in the prize list, or "wrap" when none can."""
    return next((fit for most, fit in NAME_FITS if len(name) <= most), "wrap")
