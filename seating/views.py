"""The director's pages (staff only) for one tournament: players and their import, the method and its plan, the
draw, the seating stay by stay, and the printed documents.

Vocabulary: see ``seating.models``. Views are thin: a form types the input, one service (``seating.services``,
``seating.imports``) does the write, and a refusal (``SeatingError``) comes back beside its field with status
422, having changed nothing. htmx requests get the partial they swap; every URL also works without JavaScript.
Printing comes from ``seating.printing``, imported inside the views that need it.
"""

from __future__ import annotations

import importlib.util
import re
from urllib.parse import urlencode

from functools import partial

from django.contrib import messages
from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _, gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from common.downloads import download
from common.forms import form_answer, labelled_errors
from common.permissions import staff_required
from common.site_url import site_of
from common.tables import configure_table
from seating.errors import SeatingError
from seating.forms import (DrawForm, ExpertsForm, ExpertToggleForm, GroupingForm, GuestForm, ImportForm, LanguageForm,
                           MethodForm, NameForm, NoticeForm, PlayerForm, StayForm, add_refusal, written)
from seating.imports import players_import
from seating.models import Seat, SitOut, Tournament
from seating.movements import Method
from seating.selectors import members_found, players_named, series_shown, stays_of, tournament_has_scores
from seating.replanning import player_enter, replanned_from, replanned_said
from seating.services import (METHOD_FIELDS, players_mark_experts, split_proposal,
                              tournament_choose_method, tournament_clear_draw, tournament_draw, tournament_layout,
                              tournament_set_language, tournament_set_notice)
from seating.teams import (category_create, category_delete, players_add_category, players_remove_category,
                           players_set_team, team_create, team_delete)
from seating.tables import (DocumentTable, PlanTable, PlayerTable, SeatTable, SitOutTable, TableDealsTable, plan_rows,
                            table_deal_rows)

PLAYERS_PER_PAGE = 100
SEATS_PER_PAGE = 250


def _tournament(pk: int) -> Tournament:
    return get_object_or_404(Tournament, pk=pk)


def _back_to(name: str, pk: int, params) -> str:
    """The page's URL with its sort and page kept (and nothing else from the request)."""
    kept = {key: params[key] for key in ("sort", "page", "stay")
            if re.fullmatch(r"-?\w{1,40}", params.get(key, ""), flags=re.ASCII)}
    url = reverse(f"director:{name}", args=[pk])
    return f"{url}?{urlencode(kept)}" if kept else url


# --- Players --------------------------------------------------------------------------------------------

def _players_table(request, tournament: Tournament, *, has_teams: bool | None = None,
                   has_categories: bool | None = None) -> PlayerTable:
    """The page of players; the Team and Categories columns only when the tournament has teams or categories (a
    phone has no room for empty columns), their names read with the page's players in one query more at most."""
    if has_teams is None:
        has_teams = tournament.teams.exists()
    if has_categories is None:
        has_categories = tournament.categories.exists()
    players = tournament.players.select_related("team")
    if has_categories:
        players = players.prefetch_related("categories")
    hidden = [column for column, shown in (("team", has_teams), ("categories", has_categories)) if not shown]
    return configure_table(request, PlayerTable(players, exclude=hidden), PLAYERS_PER_PAGE)


def players_swapped(request, tournament: Tournament) -> dict:
    """What a partial swaps out of band once a player is registered: the players table and its counts."""
    counts = tournament.players.aggregate(player_count=Count("id"), expert_count=Count("id", filter=Q(is_expert=True)))
    return {"table": _players_table(request, tournament), **counts}


def picker_context(tournament: Tournament, typed) -> dict:
    """What the member picker shows for ``typed``: the members found, and the guest line."""
    return {**members_found(tournament, typed), "guest_form": GuestForm()}


def _players_page(request, tournament: Tournament, *, register_form=None, import_form=None, experts_form=None,
                  grouping_form=None, team_form=None, category_form=None, report=None, status=200):
    teams = list(tournament.teams.annotate(member_count=Count("members")))
    categories = list(tournament.categories.annotate(player_count=Count("players")))
    table = _players_table(request, tournament, has_teams=bool(teams), has_categories=bool(categories))
    # The counts come with queries the page makes anyway (the table's paging counts the players, ``players`` reads
    # the tournament with its experts counted), so the page's queries stay few with the teams and categories.
    expert_count = getattr(tournament, "expert_count", None)
    context = {
        "tournament": tournament, "tab": "players", "drawn": tournament.is_drawn,
        "late_next": replanned_from(tournament) if tournament.is_drawn else None,
        "table": table,
        "player_count": table.paginator.count,
        "expert_count": tournament.players.filter(is_expert=True).count() if expert_count is None else expert_count,
        "register_form": register_form or PlayerForm(),
        "import_form": import_form or ImportForm(),
        "experts_form": experts_form,
        "grouping_form": grouping_form,
        "team_form": team_form or NameForm(what="team"),
        "category_form": category_form or NameForm(what="category"),
        "teams": teams,
        "categories": categories,
        "report": report,
        "query": request.GET.urlencode(),
        **picker_context(tournament, request.GET.get("pick")),
    }
    return render(request, "seating/players.html", context, status=status)


@staff_required
@require_GET
def players(request, pk):
    counted = Tournament.objects.annotate(expert_count=Count("players", filter=Q(players__is_expert=True)))
    return _players_page(request, get_object_or_404(counted, pk=pk))


@staff_required
@require_POST
def player_register_view(request, pk):
    tournament = _tournament(pk)
    form = PlayerForm(request.POST)
    entered = written(form, player_enter, tournament=tournament)
    registered = entered.player if entered else None
    replanned = entered.said(tournament) if entered else None
    if not request.htmx:
        if registered:
            messages.success(request, _("Registered {name}.").format(name=registered))
            if replanned:
                messages.info(request, replanned)
            return redirect(_back_to("players", pk, request.GET))
        return _players_page(request, tournament, register_form=form, status=422)
    if registered:
        form = PlayerForm()
        form.fields["name"].widget.attrs["autofocus"] = True  # ready for the next player at the desk
    context = {"tournament": tournament, "register_form": form, "registered": registered, "replanned": replanned,
               "query": request.GET.urlencode()}
    if registered:
        context.update(players_swapped(request, tournament))
    return render(request, "seating/_register.html", context, status=200 if registered else 422)


@staff_required
@require_POST
def players_import_view(request, pk):
    tournament = _tournament(pk)
    form = ImportForm(request.POST, request.FILES)
    report = None
    if form.is_valid():
        filename, content = form.content()
        try:
            report = players_import(tournament=tournament, filename=filename, content=content)
        except SeatingError as refused:
            add_refusal(form, refused)
    if report is not None and report.ok:
        said = _("Imported {count} players from {filename}.").format(count=report.imported, filename=report.filename)
        if report.ignored_columns:
            said += " " + _("Columns ignored: {columns}.").format(columns=", ".join(report.ignored_columns))
        messages.success(request, said)
        if report.replanned:
            messages.info(request, replanned_said(tournament, report.replanned, report.imported))
        return redirect("director:players", pk)
    return _players_page(request, tournament, import_form=form, report=report, status=422)


@staff_required
@require_POST
def players_experts(request, pk):
    tournament = _tournament(pk)

    def mark(action, player_ids) -> str:
        changed = players_mark_experts(tournament=tournament, player_ids=player_ids, is_expert=action == "mark")
        if action == "mark":
            said = ngettext("{count} player marked as experts.", "{count} players marked as experts.", changed)
        else:
            said = ngettext("{count} player no longer experts.", "{count} players no longer experts.", changed)
        return said.format(count=changed)

    return form_answer(request, ExpertsForm(request.POST), mark, said=str, to=_back_to("players", pk, request.GET),
                       again=lambda form: _players_page(request, tournament, experts_form=form, status=422))


@staff_required
@require_POST
def player_expert(request, pk, player_id):
    tournament = _tournament(pk)
    player = get_object_or_404(tournament.players, pk=player_id)
    form = ExpertToggleForm(request.POST)
    refusal = None
    if not form.is_valid():
        refusal = _("Say yes or no.")
    else:
        try:
            players_mark_experts(tournament=tournament, player_ids=[player.pk],
                                 is_expert=form.cleaned_data["is_expert"])
        except SeatingError as refused:
            refusal = refused.message
        else:
            player.is_expert = form.cleaned_data["is_expert"]
    if not request.htmx:
        if refusal:
            messages.error(request, refusal)
        return redirect(_back_to("players", pk, request.GET))
    context = {"record": player, "refusal": refusal, "toggled": True,
               "expert_count": tournament.players.filter(is_expert=True).count()}
    return render(request, "seating/_expert_cell.html", context, status=422 if refusal else 200)


# --- Teams and categories (allowed after the draw: they change no seat) -----------------------------------

def _players_were(changed: int) -> str:
    return ngettext("{count} player was", "{count} players were", changed).format(count=changed)


@staff_required
@require_POST
def players_grouping(request, pk):
    """The ticked players put in a team (or none), or given or relieved of a category."""
    tournament = _tournament(pk)

    def group(action, player_ids, team, category) -> str:
        if action == "team":
            changed = players_set_team(tournament, player_ids, team)
            if team is None:
                return _("{players} put in no team.").format(players=_players_were(changed))
            return _("{players} put in the team {team}.").format(players=_players_were(changed),
                                                                 team=tournament.teams.get(pk=team))
        change = players_add_category if action == "add_category" else players_remove_category
        changed = change(tournament, player_ids, category)
        if action == "add_category":
            done = _("{players} given the category {category}.")
        else:
            done = _("{players} relieved of the category {category}.")
        return done.format(players=_players_were(changed), category=tournament.categories.get(pk=category))

    return form_answer(request, GroupingForm(request.POST), group, said=str, to=_back_to("players", pk, request.GET),
                       again=lambda form: _players_page(request, tournament, grouping_form=form, status=422))


def _name_create(request, pk, create, what: str):
    tournament = _tournament(pk)
    made_said = _("Made the team {name}.") if what == "team" else _("Made the category {name}.")
    return form_answer(request, NameForm(request.POST, what=what), lambda name: create(tournament, name),
                       said=lambda made: made_said.format(name=made), to=_back_to("players", pk, request.GET) + "#teams",
                       again=lambda form: _players_page(request, tournament, status=422, **{f"{what}_form": form}))


@staff_required
@require_POST
def team_create_view(request, pk):
    return _name_create(request, pk, team_create, "team")


@staff_required
@require_POST
def category_create_view(request, pk):
    return _name_create(request, pk, category_create, "category")


@staff_required
@require_POST
def team_delete_view(request, pk, team_id):
    tournament = _tournament(pk)
    team = get_object_or_404(tournament.teams, pk=team_id)
    members = team_delete(tournament, team)
    messages.success(request, ngettext("Deleted the team {team}; its {count} player was left in no team.",
                                       "Deleted the team {team}; its {count} players were left in no team.",
                                       members).format(team=team, count=members))
    return redirect(_back_to("players", pk, request.GET) + "#teams")


@staff_required
@require_POST
def category_delete_view(request, pk, category_id):
    tournament = _tournament(pk)
    category = get_object_or_404(tournament.categories, pk=category_id)
    carried = category_delete(tournament, category)
    messages.success(request, ngettext("Deleted the category {category}; {count} player carried it.",
                                       "Deleted the category {category}; {count} players carried it.",
                                       carried).format(category=category, count=carried))
    return redirect(_back_to("players", pk, request.GET) + "#teams")


# --- Method, plan and draw ------------------------------------------------------------------------------

_FIELD_LABELS = {"method": gettext_lazy("Method"), "remainder": gettext_lazy("Remainder"),
                 "section_split": gettext_lazy("Section split"), "rounds": gettext_lazy("Rounds"),
                 "seed": gettext_lazy("Seed")}


def _unsaved_copy(tournament: Tournament) -> Tournament:
    """A copy to preview another method on; it is never saved."""
    return Tournament(**{f.attname: getattr(tournament, f.attname) for f in Tournament._meta.concrete_fields})


def _plan_context(tournament: Tournament, *, shown: Tournament | None = None) -> dict:
    """The plan of ``shown`` (the tournament, or an unsaved copy with other method values)."""
    shown = shown or tournament
    layout = error = None
    try:
        layout = tournament_layout(shown)
    except SeatingError as refused:
        error = refused
    context = {"layout": layout, "plan_error": error, "plan_table": None, "experts_needed": None,
               "plan_error_label": _FIELD_LABELS.get(error.field) if error else None, "split_proposal": None}
    if layout is not None:
        context["plan_table"] = PlanTable(plan_rows(layout))
        context["table_deals"] = TableDealsTable(table_deal_rows(layout))
        context["split_proposal"] = split_proposal(shown, layout)
        # The proposal's button posts the method as shown, with only the sections changed.
        context["split_fields"] = [(name, "" if getattr(shown, name) is None else getattr(shown, name))
                                   for name in METHOD_FIELDS if name != "section_split"]
        if layout.method is Method.FIXED:
            context["experts_needed"] = len(layout.fixed_tables)
            context["experts_marked"] = tournament.players.filter(is_expert=True).count()
    changed = [name for name in METHOD_FIELDS if getattr(shown, name) != getattr(tournament, name)]
    context["unsaved"] = bool(changed)
    return context


def _plan_page(request, tournament: Tournament, *, method_form=None, draw_form=None, shown=None, status=200,
               template="seating/plan.html", saved=False):
    context = {
        "saved": saved,
        "tournament": tournament, "tab": "plan", "drawn": tournament.is_drawn,
        "has_scores": tournament_has_scores(tournament),
        "method_form": method_form or MethodForm(instance=_unsaved_copy(tournament)),
        "draw_form": draw_form or DrawForm(),
        "player_count": tournament.players.count(),
        **_plan_context(tournament, shown=shown),
    }
    return render(request, template, context, status=status)


@staff_required
@require_http_methods(["GET", "POST"])
def plan(request, pk):
    tournament = _tournament(pk)
    if request.method == "GET":
        return _plan_page(request, tournament)
    copy = _unsaved_copy(tournament)
    form = MethodForm(request.POST, instance=copy)
    saved = False
    if form.is_valid():
        try:
            tournament_choose_method(tournament=tournament, **{name: form.cleaned_data[name] for name in METHOD_FIELDS})
        except SeatingError as refused:
            add_refusal(form, refused)
        else:
            saved = True
    if saved and not request.htmx:
        messages.success(request, _("Method saved; the plan below is what the draw will seat."))
        return redirect("director:plan", pk)
    if saved:
        form = MethodForm(instance=_unsaved_copy(tournament))
    template = "seating/_method.html" if request.htmx else "seating/plan.html"
    return _plan_page(request, tournament, method_form=form, shown=None if saved or not form.is_valid() else copy,
                      status=200 if saved else 422, template=template, saved=saved)


@staff_required
@require_GET
def plan_preview(request, pk):
    """The plan for the method values in the query, without saving them (the method form's live preview)."""
    tournament = _tournament(pk)
    copy = _unsaved_copy(tournament)
    form = MethodForm(request.GET, instance=copy)
    context = {"tournament": tournament, "preview_errors": None}
    if form.is_valid():
        context.update(_plan_context(tournament, shown=copy))
    else:
        context.update(layout=None, plan_error=None, preview_errors=labelled_errors(form), unsaved=True)
    return render(request, "seating/_plan.html", context, status=200 if context["layout"] else 422)


@staff_required
@require_POST
def draw(request, pk):
    tournament = _tournament(pk)
    return form_answer(request, DrawForm(request.POST), partial(tournament_draw, tournament=tournament),
                       said=lambda _drawn: _("Seats drawn with seed {seed}.").format(seed=tournament.draw_seed),
                       to=reverse("director:seating", args=[pk]),
                       again=lambda form: _plan_page(request, tournament, draw_form=form, status=422))


@staff_required
@require_POST
def clear_draw(request, pk):
    tournament = _tournament(pk)
    try:
        tournament_clear_draw(tournament=tournament)
    except SeatingError as refused:
        form = DrawForm()
        form.refusal = refused.message
        return _plan_page(request, tournament, draw_form=form, status=422)
    messages.success(request, _("The draw is cleared: players and the method can be changed again."))
    return redirect("director:plan", pk)


# --- Seating --------------------------------------------------------------------------------------------

@staff_required
@require_GET
def seating(request, pk):
    """Who sits where in one stay of one series (the last drawn, unless asked); the fixed tables (whose players
    never move) are listed in every stay."""
    tournament = _tournament(pk)
    form = StayForm(request.GET)
    valid = form.is_valid()
    series, drawn = series_shown(tournament, form.cleaned_data.get("series") if valid else None)
    stays = stays_of(tournament, series)
    asked = form.cleaned_data.get("stay") if valid else None
    find = form.cleaned_data.get("q", "") if valid else ""
    stay = asked if asked in stays else (stays[0] if stays else None)
    seats = (Seat.objects.filter(tournament=tournament, series=series)
             .filter(Q(stay=stay) | Q(table__section__isnull=True))
             .select_related("table__section", "player", "pair"))
    if find:
        seats = seats.filter(player_id__in=players_named(tournament, find))
    sit_outs = (SitOut.objects.filter(tournament=tournament, series=series, stay=stay)
                .select_related("section", "player").order_by("section__number", "player__name"))
    context = {
        "tournament": tournament, "tab": "seating", "drawn": tournament.is_drawn, "stays": stays, "stay": stay,
        "find": find, "form": form, "series": series, "series_list": list(range(1, drawn + 1)),
        "table": configure_table(request, SeatTable(seats), SEATS_PER_PAGE),
        "sit_out_table": SitOutTable(sit_outs), "notice_form": NoticeForm(initial={"notice": tournament.notice}),
    }
    return render(request, "seating/seating.html", context)


@staff_required
@require_POST
def notice_save(request, pk):
    """The notice line every player reads on his own page (his start card's QR): "series 2 at 14:30"."""
    tournament = _tournament(pk)
    form = NoticeForm(request.POST)
    if form.is_valid():
        tournament_set_notice(tournament=tournament, notice=form.cleaned_data["notice"])
        messages.success(request, _("The players' notice is saved."))
    else:
        messages.error(request, _("The notice is one line of at most 300 characters."))
    return redirect("director:seating", pk)


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
