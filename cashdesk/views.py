"""The cash desk's pages: the desk (find a player, one tap per due), its writes, and the cash report (page, PDF,
XLSX). Views parse, call a selector or a service, render; only the cashier and the director of the event's club
open them (``common.permissions.cashier_required``)."""

from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from cashdesk.documents import book_rows, report_lines
from cashdesk.exports import cash_report
from cashdesk.forms import BIGGEST_ID, OutsideReverseForm, OutsideTakeForm, ReverseForm, TakeForm
from cashdesk.selectors import cash_summary, desk_list, outside_lines
from cashdesk.services import CashError, outside_line_reverse, outside_line_take, payment_reverse, payment_take
from common.downloads import download
from common.forms import problems
from common.numbers import sent_number
from common.permissions import cashier_required
from scoring.tournaments.selectors import scoring_settings
from seating.models import Tournament


def _back(request, tournament, *, taken: int | None = None) -> str:
    """The desk as the cashier left it: his search and filter, sent along with the tap. After a payment taken the
    search is emptied (the next person at the door is someone else) and the player just served is shown on top."""
    kept = {name: request.POST.get(name, "")[:120] for name in ("q", "show") if request.POST.get(name)}
    if taken is not None:
        kept.pop("q", None)
        kept["taken"] = str(taken)
    where = request.POST.get("back") == "report"
    url = reverse("cash:report" if where else "cash:desk", args=(tournament.pk,))
    return f"{url}?{urlencode(kept)}" if kept and not where else url


@cashier_required
def desk(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    search, show = request.GET.get("q", "")[:120], request.GET.get("show", "")[:20]
    settings = scoring_settings(tournament)
    listed = desk_list(tournament, search=search, show=show)
    taken = sent_number(request.GET.get("taken", ""), BIGGEST_ID)
    taken_rows = desk_list(tournament, search=f"#{taken}").rows if taken else []
    return render(request, "cashdesk/cash_desk.html", {
        "tournament": tournament, "rows": listed.rows, "search": search, "show": listed.show,
        "taken": taken_rows[0] if taken_rows else None,
        "unknown_filter": listed.unknown, "series_filters": listed.series_filters, "currency": settings.currency,
        "entry_fee": settings.entry_fee, "outside": outside_lines(tournament)})


def _refused(request, tournament, message, status=422):
    return render(request, "scoring/message.html", {
        "message": gettext("Nothing was changed. {errors}").format(errors=message),
        "back": _back(request, tournament)}, status=status)


def _recorded(request, tournament_id: int, form_class, record, *, served: str = ""):
    """A desk write: the form read, ``record(tournament, data)`` called, the desk shown again (``served``: the
    form's field naming the player paid, for the desk's "just taken"); or the refusal said (422 for a form the
    page should not have sent, 409 for a due already settled), nothing written."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    form = form_class(request.POST)
    if not form.is_valid():
        return _refused(request, tournament, problems(form))
    try:
        record(tournament, form.cleaned_data)
    except CashError as error:
        return _refused(request, tournament, error.message, status=409)
    return redirect(_back(request, tournament, taken=form.cleaned_data[served] if served else None))


@cashier_required
@require_POST
def take(request, tournament_id: int):
    return _recorded(request, tournament_id, TakeForm, lambda tournament, data: payment_take(
        tournament=tournament, player_id=data["player"], kind=data["kind"], series=data["series"],
        prize=data["prize"], by=request.user), served="player")


@cashier_required
@require_POST
def take_outside(request, tournament_id: int):
    """A league's line (team fee, fine) of the event taken at its desk (``cashdesk.outside``)."""
    return _recorded(request, tournament_id, OutsideTakeForm, lambda tournament, data: outside_line_take(
        tournament=tournament, key=data["line"], by=request.user))


@cashier_required
@require_POST
def reverse_line(request, tournament_id: int):
    return _recorded(request, tournament_id, ReverseForm, lambda tournament, data: payment_reverse(
        tournament=tournament, payment_id=data["payment"], by=request.user, note=data["note"]))


@cashier_required
@require_POST
def reverse_outside(request, tournament_id: int):
    """A league's line taken here by mistake, given back with a reason (``cashdesk.outside``)."""
    return _recorded(request, tournament_id, OutsideReverseForm, lambda tournament, data: outside_line_reverse(
        tournament=tournament, key=data["line"], by=request.user, note=data["note"]))


@cashier_required
def report(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    cash = cash_summary(tournament)
    return render(request, "cashdesk/cash_report.html", {
        "tournament": tournament, "cash": cash, "lines": report_lines(cash), "book": book_rows(cash),
        "reversed": {line.reverses_id for line in cash.lines if line.reverses_id}})


@cashier_required
def report_pdf(request, tournament_id: int):
    return download(cash_report(get_object_or_404(Tournament, pk=tournament_id), "pdf"))


@cashier_required
def report_xlsx(request, tournament_id: int):
    return download(cash_report(get_object_or_404(Tournament, pk=tournament_id), "xlsx"))
