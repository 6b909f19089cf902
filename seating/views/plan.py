"""The plan page (/director/<id>/plan/): the method and its plan, the preview, the draw and its clearing."""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from common.forms import form_answer, labelled_errors
from common.permissions import staff_required
from seating.errors import SeatingError
from seating.forms import DrawForm, MethodForm, add_refusal
from seating.models import Tournament
from seating.movements import Method
from seating.selectors import tournament_has_scores
from seating.services import (
    METHOD_FIELDS,
    split_proposal,
    tournament_choose_method,
    tournament_clear_draw,
    tournament_draw,
    tournament_layout,
)
from seating.tables import PlanTable, TableDealsTable, plan_rows, table_deal_rows
from seating.views.base import _tournament

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
