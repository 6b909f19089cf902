"""The table's score sheet pages: entry through the table's link or by staff, corrections, slips.

Views are thin: resolve the table and what the visitor may do, pass the form's values to
``scoring.entry.services`` and show what comes back. htmx requests get the changed fragment only.
"""

import logging
import uuid
from functools import wraps

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from common.downloads import download
from common.numbers import BIGGEST_ID, digits_number, sent_number
from common.paper import PAPERS
from common.permissions import can_write, committee_required, is_committee, staff_required
from common.site_url import public_url, unreachable_warning
from scoring.engine import get_rulebook
from scoring.entry import access, exports, game_buttons
from scoring.entry.forms import DealCorrectionForm, DealEntryForm, PaperSlipForm, SlipOkForm, initial_for
from scoring.entry.selectors import paper_slip_stays, slips_by_stay, stays_to_make_slips, tables_with_links
from scoring.entry.services import (
    Conflict,
    Saved,
    deal_correct,
    deal_save,
    deal_undo,
    deal_void,
    on_paper_refusal,
    slip_enter,
    slip_ok,
    slips_produce,
    undo_barred,
)
from scoring.entry.sheets import (
    deal_slot,
    next_deal_number,
    seated_by_stay,
    sheet_blocks,
    sheet_progress,
    sheet_row,
    slot_plan,
    stay_totals,
    table_sheet,
)
from scoring.models import Deal, Slip
from scoring.results import EntryError, deal_value, slips_needing_attention
from scoring.series.clock.reading import Phase
from scoring.series.clock.selectors import closed_refusal, series_clock, series_closed
from scoring.standings import ScoringSystem
from scoring.tournaments.selectors import rulebook_of, scoring_settings
from seating.models import Table, Tournament
from seating.schedule import schedule_of
from seating.selectors import series_shown

log = logging.getLogger(__name__)

ENTRY_WORDS = {  # what the page's script says (static/js/entry.js), in the visitor's language
    "waiting": _("deals waiting to send"), "waiting1": _("deal waiting to send"),
    "kept": _("kept on this phone, sent when the connection is back"), "conflict": _("not sent"),
    "drop": _("Drop mine"), "retry": _("Send again"), "as": _("Send mine as deal"), "deal": _("Deal"),
    "sub": _("stay {stay} · dealer {dealer}"), "save": _("Save deal"), "done": _("All deals of this table are entered."),
    "undone": _("taken back from the queue"), "offline": _("No connection"), "failed": _("The server did not answer"),
}
# the 403 page says it, in the reader's language
READ_ONLY = _("The prize committee reads the sheets; only the director enters and corrects scores.")


class _Place:
    """Which table a request is about, how it reached it, and what it may do there."""

    def __init__(self, table: Table, *, can_write: bool, token: str | None):
        self.table, self.can_write, self.token = table, can_write, token

    @property
    def save_url(self) -> str:
        return self.url("save")

    @property
    def undo_url(self) -> str:
        return self.url("undo")

    @property
    def preview_url(self) -> str:
        return self.url("preview")

    @property
    def paper_url(self) -> str:
        return self.url("slip-paper-chosen")

    def url(self, name: str, *args) -> str:
        if self.token:
            return reverse(f"scoring:link-{name}", args=(self.token, *args))
        return reverse(f"scoring:staff-{name}", args=(self.table.pk, *args))


def _place(request, token: str | None = None, table_id: int | None = None) -> _Place:
    if token is not None:
        table = access.table_for_token(token)
        if table is None:
            raise Http404("This table link is not valid; it may have been reissued. Ask the director.")
        return _Place(table, can_write=True, token=token)
    if not is_committee(request):  # the staff routes are guarded in urls.py; this is the second lock
        raise PermissionDenied(gettext("The score sheets are for the director and the prize committee."))
    table = get_object_or_404(Table.objects.select_related("tournament", "section"), pk=table_id)
    return _Place(table, can_write=can_write(request), token=None)


def _writes(view):
    """The guard of every view that writes at a table, written once: the view gets the table's ``_Place`` in place
    of the token or table id, and a visitor who may only read (the prize committee) gets 403 before anything is
    read or written."""
    @wraps(view)
    def guarded(request, *args, token: str | None = None, table_id: int | None = None, **kwargs):
        place = _place(request, token, table_id)
        if not place.can_write:
            raise PermissionDenied(READ_ONLY)
        return view(request, place, *args, **kwargs)
    return guarded


def _context(request, place: _Place, form: DealEntryForm | None = None, **extra) -> dict:
    sheet = table_sheet(place.table)
    rulebook = rulebook_of(place.table.tournament)
    slot = None
    clock = series_clock(place.table.tournament, place.table.series)
    # the director closed the series, or the event's last one (an earlier series' table is asked only then)
    closed = clock.phase is Phase.CLOSED or (
        place.table.series < place.table.tournament.series_count and series_closed(place.table))
    slips = _slips_context(place, sheet, closed=closed)
    if closed:  # its lists stand as they are
        extra.setdefault("notice", closed_refusal(place.table.series))
    elif place.can_write and not sheet.complete:
        try:
            slot = deal_slot(place.table, sheet.next_number, sheet.seated)
        except EntryError as err:
            extra.setdefault("notice", err.message)
        if slot is not None and _stay_oked(slips["slips_by_stay"], slot.stay) and not any(
                deal.stay == slot.stay for deal in sheet.deals):  # kept on paper (``deal_save``)
            extra.setdefault("notice", on_paper_refusal(place.table, slot.stay))
            slot = form = None
        if slot is not None and form is None:
            form = DealEntryForm(slot=slot, rulebook=rulebook,
                                 initial={"number": slot.number, "submission_key": uuid.uuid4().hex})
    return {"blocks": sheet_blocks(sheet), "slot": slot, "form": form,
            "is_staff": can_write(request),
            **_picker(rulebook, form, slot),
            "words": ENTRY_WORDS,
            "plan": slot_plan(place.table, sheet.seated, slot.number, sheet.total_deals) if slot else [],
            **_undo_offer(sheet, slips["slips_by_stay"]),
            **slips,
            "clock": clock, **extra}


def _undo_offer(sheet, slips: list) -> dict:
    """The last deal the sheet offers to undo (``undo_last``), or why it cannot be undone any more and who can change
    it now (``undo_barred``): the page shows only an Undo the server will take (``deal_undo``)."""
    last = sheet.deals[-1] if sheet.deals else None
    if last is None:
        return {"undo_last": None, "undo_barred": None}
    barred = undo_barred(last, stay_oked=_stay_oked(slips, last.stay))
    return {"undo_last": None if barred else last.number, "undo_barred": barred}


def _stay_oked(slips: list, stay: int) -> bool:
    """Whether a slip of ``stay`` is OK'd (``slips``: ``slips_by_stay``'s answer)."""
    return any(slip.ok_by_id is not None for number, made in slips if number == stay for slip in made)


def _slips_context(place: _Place, sheet, *, closed: bool = False) -> dict:
    """What the slips' section (templates/scoring/_slips.html) shows: the slips made, stay by stay, and the stays
    whose slips can be made from the sheet now. Through the link of a ``closed`` series it offers no slip action
    (``slips_writable``: ``scoring.entry.services`` refuses them); the director's page offers them as before."""
    slips = slips_by_stay(place.table)
    writable = place.can_write and not (closed and place.token)
    return {"place": place, "table": place.table, "tournament": place.table.tournament, "sheet": sheet,
            "slips_by_stay": slips, "slips_writable": writable,
            "slip_stays": stays_to_make_slips(sheet, slips, by_director=not place.token) if writable else [],
            **_paper_offer(sheet, slips, place, writable),
            "seeger_fabian": scoring_settings(place.table.tournament).system == ScoringSystem.SEEGER_FABIAN.value}


def _paper_offer(sheet, slips: list, place: _Place, writable: bool) -> dict:
    """The stays whose paper slips can be copied now (``paper_stays``), and whether any player's can
    (``paper_open``: the one "copy a paper slip" form is shown)."""
    stays = paper_slip_stays(sheet, slips, by_director=not place.token) if writable else []
    return {"paper_stays": stays, "paper_open": any(paper.open for paper in stays)}


def _picker(rulebook: str, form: DealEntryForm | None, slot) -> dict:
    """What the deal's taps need (templates/scoring/_deal_picker.html): the book's games and what it allows,
    and each active player's Ramsch fields with the form's values."""
    book = get_rulebook(rulebook)
    ramsch_seats = []
    if slot is not None and form is not None:
        for seat, letter, player in zip("vmh", "VMH", slot.active):
            fields = [form[name] if name in form.fields else None
                      for name in (f"ramsch_{seat}_points", f"ramsch_{seat}_tricks")]
            ramsch_seats.append((seat, letter, player, *fields))
    return {"kontra_allowed": book.kontra, "picks": game_buttons.picks(rulebook), "modern": game_buttons.modern(rulebook),
            "ramsch_allowed": book.all_passed == "ramsch", "thrown_in_allowed": book.all_passed == "thrown in",
            "ramsch_seats": ramsch_seats, "tricks_range": range(11),
            "typed_games": [game for game in book.games if game.name != "Ramsch"]}


def sheet(request, token: str | None = None, table_id: int | None = None):
    place = _place(request, token, table_id)
    return render(request, "scoring/table_sheet.html", _context(request, place))


def sheet_worker(request):
    """The service worker that keeps the sheet for a reload without connection (templates/scoring/sheet_worker.js).

    Served at /t/sw.js rather than from /static/: a worker controls only the pages under its own folder, so from
    /t/ it reaches every table link's sheet and no other page (no Service-Worker-Allowed header needed, and
    staff pages are out of its reach by the browser's own rule). A template, so that it names the static files
    by the addresses this deployment gives them. Its /t/ address also gets no-store (accounts.middleware):
    the phone asks for it anew, and takes a changed script at once."""
    return render(request, "scoring/sheet_worker.js", content_type="application/javascript")


def _bound_form(request, place: _Place, seated: dict | None = None):
    number = request.POST.get("number", "")
    try:
        slot = deal_slot(place.table, digits_number(number, least=1, most=32_000), seated)
    except (ValueError, EntryError):
        return None, None
    # The page's script gets a line or a refusal back, never the form again: the fields sent are enough.
    return DealEntryForm(request.POST, slot=slot, rulebook=rulebook_of(place.table.tournament),
                         only_sent=bool(request.htmx)), slot


@require_POST
@_writes
def preview(request, place: _Place):
    """The count before saving: what the engine makes of the deal so far, or why it refuses it."""
    form, slot = _bound_form(request, place)
    valuation = None
    if form is not None and form.is_valid():
        try:
            valuation = deal_value(tournament=place.table.tournament, slot=slot, facts=form.facts())
        except EntryError as err:
            form.add_entry_error(err.field, err.message)
    # A deal not yet complete is the normal state while the controller taps, not a refused request: answered
    # 200 (a 4xx would put a warning in the hall's log for every tap).
    return render(request, "scoring/_preview.html", {"form": form, "valuation": valuation, "slot": slot})


@require_POST
@_writes
def save(request, place: _Place):
    """Save one deal. The page's script gets only what changed (the new line, its stay's totals, the word
    "saved"); it opens the next deal itself. Without the script the sheet is shown again.

    Top to bottom: the table's seats (one read) and the deal's slot on them; the form turns the fields into the
    deal's facts; ``deal_save`` locks, checks, values (``scoring.results``) and writes; the answer is rendered."""
    seated = seated_by_stay(place.table)
    form, slot = _bound_form(request, place, seated)
    saved, notice, conflict = None, None, False
    if form is None:
        notice = gettext("This deal number is not on the sheet; reload the sheet.")
    elif form.is_valid():
        try:
            saved = deal_save(table=place.table, number=form.cleaned_data["number"], facts=form.facts(),
                              submission_key=form.cleaned_data.get("submission_key") or None,
                              user=request.user, via="link" if place.token else "staff", seated=seated, slot=slot)
        except EntryError as err:
            form.add_entry_error(err.field, err.message)
            if err.newer is not None or err.field is None:
                notice, conflict = err.message, True
    if not request.htmx:
        if saved is not None:
            return redirect(place.url("sheet"))
        context = _context(request, place, form=None if conflict or form is None else form, notice=notice)
        return render(request, "scoring/table_sheet.html", context, status=409 if conflict else 422)
    if saved is None:
        response = render(request, "scoring/_entry_refused.html", {"form": form, "notice": notice},
                          status=409 if conflict else 422)
        if conflict:
            response["X-Deal-Next"] = str(next_deal_number(place.table))
        return response
    return _saved_line(request, place, saved, seated,
                       ends_stay=slot.deal_in_stay == schedule_of(place.table).deals_per_stay)


def _saved_line(request, place: _Place, saved: Saved, seated: dict, *, ends_stay: bool) -> HttpResponse:
    """The saved deal's line and its stay's totals, for the page's script; and what the slips' section offers again
    (templates/scoring/_slips_saved.html) where the deal changes it: when it ends its stay (that stay's slips made
    from the sheet, its paper slips), and when it is the table's first (the paper slips offered while no deal was
    entered go, ``SheetProgress.paper_open``). The slips themselves show nothing a deal changes."""
    deal = saved.deal
    players = seated.get(deal.stay, ())
    names = {p.player_id: p.name for p in players}
    if not saved.totals:  # the same deal sent twice at the same moment: count again
        saved = Saved(deal, {p.player_id: t for p, t in zip(players, stay_totals(place.table, deal.stay, players))})
    # The line needs no request context (no user, no CSRF token): rendered without the context processors. The
    # slips' offers have forms, so they are rendered with the request (its CSRF token), once a stay. They need the
    # sheet's seats and how far it is entered, which the save knows: only the slips are read again.
    slips = ""
    if ends_stay:
        progress = (table_sheet(place.table).progress if saved.next_number is None
                    else sheet_progress(place.table, seated, saved.next_number))
        slips = render_to_string("scoring/_slips_saved.html", _slips_context(place, progress), request=request)
    elif deal.number == 1:  # no stay is over yet, so nothing is offered: known without reading the slips
        slips = render_to_string("scoring/_slips_saved.html", {"place": place, "slip_stays": [], "paper_stays": []})
    response = HttpResponse(render_to_string("scoring/_entry_saved.html", {
        "deal": deal, "row": sheet_row(deal, players, names), "stay": deal.stay,
        "totals": [saved.totals.get(p.player_id, (0, 0)) for p in players], "place": place,
        "is_staff": not place.token and can_write(request), "slips": slips}))
    response["X-Deal-Saved"] = str(deal.number)
    return response


@require_POST
@_writes
def undo(request, place: _Place):
    """Take back the last deal entered (it opens again to be entered anew)."""
    number = sent_number(request.POST.get("number", ""), 32_000)
    if number is None:
        notice, status = gettext("Which deal? Nothing was undone."), 422
    else:
        try:
            deal_undo(table=place.table, number=number)
            notice, status = gettext("Deal {number} taken back: enter it again.").format(number=number), 200
        except EntryError as err:
            notice, status = err.message, 409
    if request.htmx and status != 200:
        # The page's script says the answer beside Save as it stands (static/js/entry.js): the refusal alone,
        # not the whole sheet's text.
        return render(request, "scoring/_entry_refused.html", {"notice": notice}, status=status)
    context = _context(request, place, notice=notice)
    if request.htmx:
        return render(request, "scoring/_workspace.html", context, status=status)
    return render(request, "scoring/table_sheet.html", context, status=status)


@staff_required
def deal_edit(request, deal_id: int):
    """The director's correction of a deal: the table's picker with the deal as saved, and a reason that the
    deal's history keeps."""
    deal = get_object_or_404(Deal.objects.select_related("table__tournament", "table__section"), pk=deal_id)
    rulebook = rulebook_of(deal.table.tournament)
    slot = deal_slot(deal.table, deal.number)
    newer = None
    if request.method == "POST":
        form = DealCorrectionForm(request.POST, slot=slot, rulebook=rulebook)
        if form.is_valid():
            try:
                deal_correct(deal=deal, facts=form.facts(), version=form.cleaned_data.get("version") or 0,
                             reason=form.cleaned_data["reason"])
                return redirect(reverse("scoring:staff-sheet", args=(deal.table_id,)))
            except EntryError as err:
                form.add_entry_error(err.field, err.message)
                newer = err.newer
    else:
        form = DealCorrectionForm(initial=initial_for(deal, rulebook), slot=slot, rulebook=rulebook)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/deal_edit.html", {
        "deal": deal, "form": form, "slot": slot, "newer": newer, **_picker(rulebook, form, slot),
        "history": deal.history.select_related("history_user")[:20]}, status=status)


@staff_required
@require_POST
def deal_void_view(request, deal_id: int):
    deal = get_object_or_404(Deal, pk=deal_id)
    try:
        version = digits_number(request.POST.get("version", "0"), most=BIGGEST_ID)
        deal_void(deal=deal, version=version)
    except (ValueError, EntryError) as err:
        message = getattr(err, "message", gettext("the form was incomplete"))
        return render(request, "scoring/message.html", {"message": message,
                                                        "back": reverse("scoring:staff-sheet", args=(deal.table_id,))},
                      status=409)
    return redirect(reverse("scoring:staff-sheet", args=(deal.table_id,)))


@staff_required
@require_POST
def link_reissue(request, table_id: int):
    table = get_object_or_404(Table, pk=table_id)
    access.table_link_reissue(table=table)
    return redirect(reverse("scoring:staff-sheet", args=(table.pk,)))


@require_POST
@_writes
def slips_make(request, place: _Place, stay: int):
    """Make the stay's slips from the sheet. A refusal answers as the other slip actions do (``_refused_status``):
    what the table holds now (its series closed) 409, what was asked for (a stay it does not have, not over yet,
    nobody seated in it) 422; one sentence, nothing made."""
    progress = table_sheet(place.table).progress
    if not 1 <= stay <= progress.stays:
        said = (gettext("Table {table} plays stay 1 only: there is no stay {stay}.") if progress.stays == 1 else
                gettext("Table {table} plays stays 1 to {stays}: there is no stay {stay}."))
        return _after_slip(request, place, said.format(table=place.table.number, stays=progress.stays, stay=stay),
                           status=422)
    if not progress.stay_played(stay):
        return _after_slip(request, place, gettext("Stay {stay} is not over yet: its slips are made from the sheet "
                                                   "once its last deal is entered.").format(stay=stay), status=422)
    try:
        _, kept = slips_produce(table=place.table, stay=stay, by_director=not place.token)
    except EntryError as err:
        return _after_slip(request, place, err.message, status=_refused_status(err))
    notice = gettext("Slips for stay {stay} made from the sheet: each needs another player's OK.").format(stay=stay)
    if kept:
        notice += " " + gettext("Kept as OK'd (only the director can change them): {names}.").format(
            names=", ".join(slip.player.name for slip in kept))
    return _after_slip(request, place, notice)


@require_POST
@_writes
def slip_okay(request, place: _Place, slip_id: int):
    slip = get_object_or_404(Slip.objects.select_related("player", "table"), pk=slip_id, table=place.table)
    form = SlipOkForm(request.POST)
    if not form.is_valid():
        return _after_slip(request, place, gettext("Not OK'd: {reason}").format(reason=form.problems()), status=422)
    try:
        slip_ok(slip=slip, by_player_id=form.cleaned_data["by_player_id"], ok_code=form.cleaned_data["ok_code"],
                by_director=not place.token, seen=form.cleaned_data["seen"])
    except EntryError as err:
        log.info("slip %s not OK'd at table %s: %s", slip.pk, place.table.number, err.message)
        return _after_slip(request, place, gettext("Not OK'd: {reason}").format(reason=err.message),
                           status=_refused_status(err))
    return _after_slip(request, place, gettext("{name}'s slip OK'd.").format(name=slip.player.name))


@require_POST
@_writes
def slip_paper(request, place: _Place, stay: int):
    return _slip_paper(request, place, stay, request.POST)


@require_POST
@_writes
def slip_paper_chosen(request, place: _Place):
    """The sheet's one "copy a paper slip" form: its stay and player chosen together (``slip_of``, "stay-player")."""
    stay, _, player = request.POST.get("slip_of", "").partition("-")
    data = request.POST.copy()
    data["player_id"] = player
    # No stay sent: stay 0, where nobody sat, and the form says which field is wrong.
    return _slip_paper(request, place, sent_number(stay, 32_000) or 0, data)


def _slip_paper(request, place: _Place, stay: int, data):
    form = PaperSlipForm(data, players=seated_by_stay(place.table).get(stay, ()))
    if not form.is_valid():
        log.info("paper slip refused at table %s: %s", place.table.number, form.errors.as_json())
        return _after_slip(request, place, gettext("Nothing was saved. {reason}").format(reason=form.problems()),
                           status=422)
    try:
        slip_enter(table=place.table, stay=stay, **form.cleaned_data, by_director=not place.token)
    except EntryError as err:
        log.info("paper slip refused at table %s: %s", place.table.number, err.message)
        return _after_slip(request, place, gettext("Nothing was saved: {reason}").format(reason=err.message),
                           status=_refused_status(err))
    return _after_slip(request, place, gettext("Paper slip entered: it needs another player's OK."))


def _refused_status(err: EntryError) -> int:
    """A slip refused because of what the table holds now (the series closed, the slip written again since the page
    was shown) is a conflict (409); the rest is the form's (422)."""
    return 409 if isinstance(err, Conflict) else 422


def _after_slip(request, place: _Place, notice: str, status: int = 200):
    context = _context(request, place, notice=notice)
    if request.htmx:
        return render(request, "scoring/_workspace.html", context, status=status)
    return render(request, "scoring/table_sheet.html", context, status=status)


def _link_url(request, token: str | None) -> str:
    """The table link's full address on the event's public address (``SITE_URL``); "" for a table without one
    (issued at the draw; reissue it on its sheet)."""
    return public_url(request, reverse("scoring:link-sheet", args=(token,))) if token else ""


@staff_required
def table_links(request, tournament_id: int):
    """Every table of a tournament: its entry link (with QR code), how far its sheet has come, and its sheet."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    series, drawn = series_shown(tournament, request.GET.get("series"))
    rows = []
    for progress in tables_with_links(tournament, series):
        url = _link_url(request, progress.token)
        rows.append({"table": progress.table, "url": url, "entered": progress.entered, "total": progress.total,
                     "qr": access.link_qr_svg(url, scale=2) if url and request.GET.get("qr") else ""})
    return render(request, "scoring/table_links.html", {"tournament": tournament, "rows": rows, "series": series,
                                                        "series_list": list(range(1, drawn + 1)) if drawn > 1 else [],
                                                        "with_qr": bool(request.GET.get("qr")),
                                                        "unreachable": unreachable_warning(request)})


@staff_required
def link_cards(request, tournament_id: int):
    """Every table's entry link as a QR code card, to print and lay beside the table's guide card."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    paper = request.GET.get("paper", "A4")
    if paper not in PAPERS:
        raise Http404("No such paper.")
    series, drawn = series_shown(tournament, request.GET.get("series"))
    cards = []
    for progress in tables_with_links(tournament, series):
        url = _link_url(request, progress.token)
        if url:
            cards.append({"table": progress.table, "url": url, "qr": access.link_qr_svg(url, scale=3)})
    return download(exports.link_cards(tournament, cards, paper, series if drawn > 1 else None))


@committee_required
def committee_slips(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return render(request, "scoring/committee_slips.html",
                  {"tournament": tournament, **slips_needing_attention(tournament)})
