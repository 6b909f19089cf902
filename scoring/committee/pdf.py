"""The committee's printed results (WeasyPrint): the prize list with how each tie was decided and each money
prize, and the full standings. Rendered from ``scoring.results`` rows with the fonts shipped for printing.

Each print shows what its event's scoring system counts: Foster's and McColl's standings their points and games
won and lost; a Seeger-Fabian (ISkO) event's each series' Wertungspunkte, the total and the list's breakdown of it
(game points, (won − lost) × 50, the others' lost games × 40 / 30).

A published event's prints carry a QR code of its public results page (``public:event``) in the
heading; an unpublished event's none (its page answers 404). ``site`` is the event's base address, as for the
director's prints (``common.site_url.on_site``).
"""

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from common.i18n import in_language
from common.paper import PAPERS
from common.pdf import render_template_pdf
from common.qr import qr_svg
from common.site_url import on_site
from scoring.results import EventResults, event_category_rows
from scoring.standings import ScoringSystem
from scoring.tournaments.selectors import scoring_settings

RESULT_DOCUMENTS = {"prizes": gettext_noop("Prize list"), "standings": gettext_noop("Standings")}

PORTRAIT_SERIES = 2
"""A Seeger-Fabian event's standings fit portrait paper up to this many series columns; more are set landscape."""


def results_pdf(event: EventResults, kind: str, paper: str = "A4", *, site: str = "") -> bytes:
    """The event's prize list (with each category's) or its standings, in the tournament's print language; a
    published event's with the QR code of its public results page on ``site``."""
    if kind not in RESULT_DOCUMENTS:
        raise ValueError(f"no results document {kind!r}; choose {', '.join(RESULT_DOCUMENTS)}")
    if paper not in PAPERS:
        raise ValueError(f"no paper {paper!r}; choose {', '.join(PAPERS)}")
    results = event.overall
    with in_language(results.tournament.language):  # the tournament's language, whatever the browser
        return render_template_pdf("print/results.html", {
            "kind": kind, "title": gettext(RESULT_DOCUMENTS[kind]), "tournament": results.tournament,
            "results": results, "paper": PAPERS[paper], "printed": timezone.now(),
            "public_qr": public_results_qr(results.tournament, site),
            **(_prizes(event) if kind == "prizes" else _standings(event))})


def public_results_address(tournament, site: str = "") -> str:
    """The full address of the event's public results page on ``site``; "" while the event is not published."""
    if not scoring_settings(tournament).published:
        return ""
    return on_site(site, reverse("public:event", args=(tournament.club.slug, tournament.pk)))


def public_results_qr(tournament, site: str = "") -> str:
    """The inline SVG QR code of ``public_results_address``; "" while the event is not published."""
    address = public_results_address(tournament, site)
    return qr_svg(address) if address else ""


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
