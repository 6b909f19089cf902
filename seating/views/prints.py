"""The print page (/director/<id>/print/): the print language, a document printed now or as a print job, its
progress and its PDF. Printing comes from ``seating.printing``, loaded only when it is installed."""

from __future__ import annotations

import importlib.util

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.downloads import download
from common.permissions import staff_required
from common.site_url import site_of
from seating.errors import SeatingError
from seating.forms import LanguageForm
from seating.models import Tournament
from seating.selectors import series_shown
from seating.services import tournament_set_language
from seating.tables import DocumentTable
from seating.views.base import _tournament

# --- Printing -------------------------------------------------------------------------------------------

PRINTING_API = ("DOCUMENTS", "PAPERS", "printed", "print_job_file", "print_job_start", "print_job_status")


def _printing():
    """``seating.printing`` if it is installed with its whole API, else None (the print page says so)."""
    if importlib.util.find_spec("seating.printing") is None:
        return None
    import seating.printing as printing

    return printing if all(hasattr(printing, name) for name in PRINTING_API) else None


def _printing_or_404():
    printing = _printing()
    if printing is None:
        raise Http404("Printing is not installed.")
    return printing


def _papers(printing) -> list[tuple[str, str]]:
    """(slug in the URL, the paper's name): ("a4", "A4"), ("letter", "Letter")."""
    return [(name.lower(), name) for name in printing.PAPERS]


def _document_and_paper(printing, kind: str, paper: str) -> tuple[str, str]:
    """The document kind and paper name for the URL's slugs, or 404."""
    name = dict(_papers(printing)).get(paper)
    if kind not in printing.DOCUMENTS or name is None:
        raise Http404("No such document or paper.")
    return kind, name


def _job(tournament: Tournament, job_id: int):
    from seating.models import PrintJob  # comes with seating.printing

    return get_object_or_404(PrintJob.objects.defer("pdf"), pk=job_id, tournament=tournament)


@staff_required
@require_GET
def print_page(request, pk):
    tournament = _tournament(pk)
    printing = _printing()
    series, drawn = series_shown(tournament, request.GET.get("series"))
    rows, papers = [], []
    if printing is not None:
        papers = _papers(printing)
        rows = [{"kind": kind, "title": _(document.title), "tournament": tournament, "series": series}
                for kind, document in printing.DOCUMENTS.items()]
    context = {"tournament": tournament, "tab": "print", "drawn": tournament.is_drawn, "printing": printing,
               "table": DocumentTable(rows, papers=papers), "series": series,
               "language_form": LanguageForm(initial={"language": tournament.language}),
               "series_list": list(range(1, drawn + 1)) if tournament.series_count > 1 else []}
    return render(request, "seating/print.html", context)


@staff_required
@require_POST
def print_language(request, pk):
    """The tournament's print language: every document is printed in it, whatever the browser."""
    tournament = _tournament(pk)
    form = LanguageForm(request.POST)
    if form.is_valid():
        try:
            tournament_set_language(tournament=tournament, language=form.cleaned_data["language"])
        except SeatingError as refused:
            messages.error(request, refused.message)
        else:
            messages.success(request, _("The documents are printed in {language} now.").format(
                language=tournament.get_language_display()))
    return redirect("director:print", pk)


@staff_required
@require_GET
def print_now(request, pk, document, size):
    """The PDF rendered while the director waits (fine for a small hall; the print job is for a large one)."""
    tournament = _tournament(pk)
    printing = _printing_or_404()
    kind, paper = _document_and_paper(printing, document, size)
    series, _series_list = series_shown(tournament, request.GET.get("series"))
    try:
        return download(printing.printed(tournament, kind, paper, series, site=site_of(request)))
    except SeatingError as refused:
        messages.error(request, refused.message)
        return redirect("director:print", pk)



@staff_required
@require_POST
def print_start(request, pk, document, size):
    """Start rendering in the background; the answer is the progress, which polls itself every second."""
    tournament = _tournament(pk)
    printing = _printing_or_404()
    kind, paper = _document_and_paper(printing, document, size)
    try:
        series, _series_list = series_shown(tournament, request.POST.get("series"))
        job = printing.print_job_start(tournament, kind, paper, series, site=site_of(request))
    except SeatingError as refused:
        if not request.htmx:
            messages.error(request, refused.message)
            return redirect("director:print", pk)
        return render(request, "seating/_print_job.html", {"refusal": refused.message}, status=422)
    if not request.htmx:
        return redirect("director:print_job", pk, job.pk)
    return _print_job_partial(request, tournament, job.pk, printing)


def _print_job_partial(request, tournament: Tournament, job_id: int, printing):
    status = printing.print_job_status(job_id)
    document = printing.DOCUMENTS.get(status["kind"])
    context = {"tournament": tournament, "tab": "print", "drawn": tournament.is_drawn, "job": status,
               "job_title": _(document.title) if document else status["kind"],
               "running": status["status"] in ("queued", "running")}
    template = "seating/_print_job.html" if request.htmx else "seating/print_job.html"
    return render(request, template, context)


@staff_required
@require_GET
def print_job(request, pk, job_id):
    """The job's progress: the partial htmx polls, or (without JavaScript) a page that reloads itself."""
    tournament = _tournament(pk)
    printing = _printing_or_404()
    job = _job(tournament, job_id)
    return _print_job_partial(request, tournament, job.pk, printing)


@staff_required
@require_GET
def print_job_pdf(request, pk, job_id):
    tournament = _tournament(pk)
    printing = _printing_or_404()
    export = printing.print_job_file(tournament, _job(tournament, job_id))
    if export is None:
        raise Http404("This PDF is not ready.")
    return download(export)
