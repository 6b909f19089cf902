"""The series page (/director/<id>/series/): each series' draw and how well it kept clubs apart, the next draw,
adding a series or ending the event, late entries and withdrawals. Staff only; each action is a service."""

from django.contrib import messages
from django.utils.translation import gettext as _
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from common.permissions import staff_required
from scoring.series.forms import LateEntryForm, SeriesDrawForm, WithdrawForm
from scoring.series.services import (end_after, end_event, next_series_draw, register_late_entry, replanned_late_entry,
                                     withdraw_player)
from seating.errors import SeatingError
from seating.forms import add_refusal
from seating.models import SeriesDraw, Tournament
from seating.selectors import drawn_series
from seating.series import event_plan_quality, series_add, series_rows


def _page(request, tournament, *, draw_form=None, late_form=None, withdraw_form=None, status=200):
    players = tournament.players.order_by("name")
    drawn = drawn_series(tournament)
    replanned = replanned_late_entry(tournament)
    context = {"tournament": tournament, "tab": "series", "rows": series_rows(tournament), "drawn": drawn,
               "next": drawn + 1 if drawn < tournament.series_count else None,
               "late_next": replanned or (drawn + 1 if drawn < tournament.series_count else None),
               "replanned": replanned, "plan": event_plan_quality(tournament), "end_after": end_after(tournament),
               "draw_form": draw_form or SeriesDrawForm(),
               "late_form": late_form or LateEntryForm(),
               "withdraw_form": withdraw_form or WithdrawForm(players=players, initial={"after": max(drawn, 1)}),
               "withdrawn": [p for p in players if p.last_series is not None],
               "late": [p for p in players if p.first_series > 1]}
    return render(request, "scoring/series.html", context, status=status)


@staff_required
def series_page(request, tournament_id: int):
    return _page(request, get_object_or_404(Tournament, pk=tournament_id))


@staff_required
@require_POST
def series_draw_next(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    form = SeriesDrawForm(request.POST)
    if form.is_valid():
        try:
            record = next_series_draw(tournament=tournament, how=form.cleaned_data["how"],
                                      seed=form.cleaned_data["seed"], number=form.cleaned_data["number"])
        except SeatingError as refused:
            add_refusal(form, refused)
        else:
            if record.how == SeriesDraw.How.PLAN:
                said = _("Series {number} to {last} planned with the whole event, seed {seed}.")
            elif record.seed is not None:
                said = _("Series {number} drawn {how} with seed {seed}.")
            else:
                said = _("Series {number} drawn {how}.")
            messages.success(request, said.format(number=record.number, how=record.get_how_display(),
                                                  seed=record.seed, last=tournament.series_count))
            return redirect("director:series", tournament.pk)
    return _page(request, tournament, draw_form=form, status=422)


@staff_required
@require_POST
def series_change(request, tournament_id: int, action: str):
    """Add a series at the end, or end the event after the series drawn so far."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    try:
        (series_add if action == "add" else end_event)(tournament=tournament)
    except SeatingError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("The event plays {count} series.").format(count=tournament.series_count))
    return redirect("director:series", tournament.pk)


@staff_required
@require_POST
def late_entry(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    form = LateEntryForm(request.POST)
    if form.is_valid():
        try:
            data = dict(form.cleaned_data)
            offered = data.pop("series") or drawn_series(tournament) + 1
            player, replanned = register_late_entry(tournament=tournament, offered=offered, **data)
        except SeatingError as refused:
            add_refusal(form, refused)
        else:
            messages.success(request, _("{name} plays from series {number}.").format(name=player.name,
                                                                                    number=player.first_series))
            if replanned:
                messages.info(request, _("Series {first} to {last} are planned again with him.").format(
                    first=replanned, last=tournament.series_count))
            return redirect("director:series", tournament.pk)
    return _page(request, tournament, late_form=form, status=422)


@staff_required
@require_POST
def withdraw(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    form = WithdrawForm(request.POST, players=tournament.players.all())
    if form.is_valid():
        try:
            player, replanned = withdraw_player(tournament=tournament, player_id=form.cleaned_data["player"],
                                                after=form.cleaned_data["after"])
        except SeatingError as refused:
            add_refusal(form, refused)
        else:
            messages.success(request, _("{name} plays no series after series {number}; he keeps what he played "
                                        "and stays ranked with it.").format(name=player.name,
                                                                            number=player.last_series))
            if replanned:
                messages.info(request, _("Series {first} to {last} are planned again without him.").format(
                    first=replanned, last=tournament.series_count))
            return redirect("director:series", tournament.pk)
    return _page(request, tournament, withdraw_form=form, status=422)
