"""The series page (/director/<id>/series/): each series' draw and how well it kept clubs apart, the next draw,
adding a series or ending the event, late entries and withdrawals, and the series clock (the series time, starting
the series being played, its tables not finished, closing it). Staff only; each action is a service."""

from functools import partial

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.forms import form_answer, say_done
from common.numbers import sent_number
from common.permissions import staff_required
from scoring.series.clock.selectors import series_clock, tables_not_finished
from scoring.series.forms import (
    LateEntryForm,
    PlanAgainForm,
    SeriesClockForm,
    SeriesDrawForm,
    SeriesTimeForm,
    WithdrawForm,
)
from scoring.series.services import (
    ClockError,
    end_after,
    end_event,
    event_series_add,
    next_series_draw,
    series_clock_start,
    series_close,
    series_time_set,
)
from scoring.tournaments.selectors import scoring_settings
from seating.errors import SeatingError
from seating.event_series import event_plan_quality, series_rows
from seating.forms import PickForm
from seating.member_entry import player_pick
from seating.models import MAX_SERIES, SeriesDraw, Tournament
from seating.replanning import plan_again, player_enter, player_withdraw, replanned_from
from seating.selectors import drawn_series, members_found, series_shown


def _clock_context(request, tournament, drawn: int, time_form=None) -> dict:
    """The clock panel: the series shown (the last drawn unless ``?series=`` asks another), its clock and its
    tables not finished, the event's series time."""
    shown, _drawn = series_shown(tournament, request.GET.get("series"))
    clock = series_clock(tournament, shown) if drawn else None
    return {"clock": clock, "clock_series": shown,
            "behind": tables_not_finished(tournament, shown) if drawn else [],
            "time_form": time_form or SeriesTimeForm(initial={"minutes": scoring_settings(tournament).series_minutes})}


def _page(request, tournament, *, draw_form=None, late_form=None, withdraw_form=None, time_form=None,
          again_form=None, status=200):
    players = tournament.players.order_by("name")
    drawn = drawn_series(tournament)
    replanned = replanned_from(tournament)
    context = {"tournament": tournament, "tab": "series", "rows": series_rows(tournament), "drawn": drawn,
               "next": drawn + 1 if drawn < tournament.series_count else None,
               "late_next": replanned or (drawn + 1 if drawn < tournament.series_count else None),
               "replanned": replanned, "plan": event_plan_quality(tournament), "end_after": end_after(tournament),
               "draw_form": draw_form or SeriesDrawForm(),
               "again_form": again_form or PlanAgainForm(initial={"first": replanned}),
               "late_form": late_form or LateEntryForm(),
               "withdraw_form": withdraw_form or WithdrawForm(players=players, initial={"after": max(drawn, 1)}),
               "withdrawn": [p for p in players if p.last_series is not None],
               "late": [p for p in players if p.first_series > 1],
               **_clock_context(request, tournament, drawn, time_form),
               **members_found(tournament, request.GET.get("pick"))}
    return render(request, "scoring/series.html", context, status=status)


@staff_required
def series_page(request, tournament_id: int):
    return _page(request, get_object_or_404(Tournament, pk=tournament_id))


@staff_required
@require_POST
def series_draw_next(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)

    def said(record) -> str:
        if record.how == SeriesDraw.How.PLAN:
            said = _("Series {number} to {last} planned with the whole event, seed {seed}.")
        elif record.seed is not None:
            said = _("Series {number} drawn {how} with seed {seed}.")
        else:
            said = _("Series {number} drawn {how}.")
        return said.format(number=record.number, how=record.get_how_display(), seed=record.seed,
                           last=tournament.series_count)

    return form_answer(request, SeriesDrawForm(request.POST), partial(next_series_draw, tournament=tournament),
                       said=said, to=_series_address(tournament),
                       again=lambda form: _page(request, tournament, draw_form=form, status=422))


@staff_required
@require_POST
def series_plan_again(request, tournament_id: int):
    """Plan the series not played again with another seed."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return form_answer(
        request, PlanAgainForm(request.POST),
        lambda seed, first: plan_again(tournament=tournament, seed=seed, offered=first),
        said=lambda record: _("Series {number} to {last} planned again with the whole event, seed {seed}.").format(
            number=record.number, last=tournament.series_count, seed=record.seed),
        to=_series_address(tournament) + "#plan-quality",
        again=lambda form: _page(request, tournament, again_form=form, status=422))


@staff_required
@require_POST
def series_change(request, tournament_id: int, action: str):
    """Add a series at the end, or end the event after the series drawn so far."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    over = action == "add" and tournament.status == Tournament.Status.FINISHED
    try:
        (event_series_add if action == "add" else end_event)(tournament=tournament)
    except SeatingError as refused:
        messages.error(request, refused.message)
        return redirect("director:series", tournament.pk)
    said = [_("The event plays {count} series.").format(count=tournament.series_count)]
    if over:  # the event's end had closed every series: only the new one is played
        before = tournament.series_count - 1
        said.append((_("Series 1 stays closed as the end of the event closed it; series {new} is open.") if before == 1
                     else _("Series 1 to {last} stay closed as the end of the event closed them; series {new} is "
                            "open.")).format(last=before, new=tournament.series_count))
    say_done(request, said)
    return redirect("director:series", tournament.pk)


@staff_required
@require_POST
def late_entry(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)

    def enter(series, **player):
        return player_enter(tournament=tournament, offered=series or drawn_series(tournament) + 1, **player)

    return form_answer(request, LateEntryForm(request.POST), enter, said=partial(_said_entered, tournament),
                       to=_series_address(tournament),
                       again=lambda form: _page(request, tournament, late_form=form, status=422))


@staff_required
@require_POST
def late_pick(request, tournament_id: int):
    """A member found in the registry, entered late for the series the page offered (the next to be drawn, or in a
    planned event the first not played, the series from there planned again with him)."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    form = PickForm(request.POST)
    offered = sent_number(request.POST.get("series", ""), MAX_SERIES) or drawn_series(tournament) + 1
    if not form.is_valid():
        messages.error(request, form.errors["member"][0])
        return redirect("director:series", tournament.pk)
    try:
        entered = player_pick(tournament=tournament, member=form.cleaned_data["member"], first_series=offered)
    except SeatingError as refused:
        messages.error(request, refused.message)
    else:
        say_done(request, _said_entered(tournament, entered))
    return redirect("director:series", tournament.pk)


def _said_entered(tournament, entered) -> list[str]:
    return [_("{name} plays from series {number}.").format(name=entered.player.name,
                                                           number=entered.player.first_series),
            entered.replanned and entered.said(tournament)]


def _series_address(tournament) -> str:
    return reverse("director:series", args=[tournament.pk])


@staff_required
@require_POST
def withdraw(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)

    def said(withdrawn) -> list[str]:
        return [_("{name} plays no series after series {number}; he keeps what he played and stays ranked with "
                  "it.").format(name=withdrawn.player.name, number=withdrawn.player.last_series),
                withdrawn.replanned and _("Series {first} to {last} are planned again without him.").format(
                    first=withdrawn.replanned, last=tournament.series_count)]

    return form_answer(request, WithdrawForm(request.POST, players=tournament.players.all()),
                       lambda player, after: player_withdraw(tournament=tournament, player_id=player, after=after),
                       said=said, to=_series_address(tournament),
                       again=lambda form: _page(request, tournament, withdraw_form=form, status=422))


@staff_required
@require_POST
def series_time(request, tournament_id: int):
    """The event's series time, for the clocks started from now on."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    form = SeriesTimeForm(request.POST)
    return form_answer(request, form, partial(series_time_set, tournament=tournament),
                       said=lambda _set: _("A series lasts {minutes} minutes.").format(
                           minutes=form.cleaned_data["minutes"]),
                       to=_series_address(tournament),
                       again=lambda form: _page(request, tournament, time_form=form, status=422))


@staff_required
@require_POST
def series_clock_change(request, tournament_id: int, action: str):
    """Start the clock of the series the page showed, or close that series."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    form = SeriesClockForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Which series? Reload the page and try again."))
        return redirect("director:series", tournament.pk)
    series = form.cleaned_data["series"]
    try:
        if action == "start":
            clock = series_clock_start(tournament=tournament, series=series)
        else:
            clock = series_close(tournament=tournament, series=series, user=request.user)
    except ClockError as refused:
        messages.error(request, refused.message)
    else:
        if action == "start":
            messages.success(request, _("Series {number} started: it ends at {time}.").format(
                number=series, time=time_format(timezone.localtime(clock.ends_at), "H:i")))
        else:
            messages.success(request, _("Series {number} is closed: the deals not played are not played; the lists "
                                        "are closed as they stand.").format(number=series))
    return redirect(f"{reverse('director:series', args=[tournament.pk])}?series={series}#clock")
