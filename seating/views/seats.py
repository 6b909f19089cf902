"""The seating page (/director/<id>/seating/): who sits where, stay by stay, and the players' notice."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Q
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.permissions import staff_required
from common.tables import configure_table
from seating.forms import NoticeForm, StayForm
from seating.models import Seat, SitOut
from seating.selectors import players_named, series_shown, stays_of
from seating.services import tournament_set_notice
from seating.tables import SeatTable, SitOutTable
from seating.views.base import SEATS_PER_PAGE, _tournament

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
