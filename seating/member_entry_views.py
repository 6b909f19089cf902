"""The director's picker on the players page and the roll call of a new evening: each view parses, calls a
``seating.member_entry`` service, renders. htmx requests get the picker they swap (with the players table out of band);
without JavaScript every form posts and the page comes back (a plain form with its list of members found)."""

from functools import partial
from urllib.parse import urlencode

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.selectors import typed_text
from common.forms import form_answer
from common.permissions import staff_required
from seating.errors import SeatingError
from seating.forms import GuestForm, PickForm, RollCallForm, written
from seating.member_entry import guest_add, members_pick, player_pick
from seating.replanning import replanned_from
from seating.selectors import roll_call
from seating.views.base import _back_to, _tournament
from seating.views.players import picker_context, players_swapped


def _picker(request, tournament, *, entered=None, refused=None, guest_form=None, typed=""):
    picked = entered.player if entered else None
    context = {**picker_context(tournament, typed), "tournament": tournament, "picked": picked,
               "replanned": entered.said(tournament) if entered else "",
               "pick_refused": refused, "focus": True}
    if guest_form is not None:
        context["guest_form"] = guest_form
    if picked:
        context.update(players_swapped(request, tournament))
    return render(request, "seating/_picker.html", context, status=200 if picked else 422)


def _after(request, tournament, entered, refused):
    """Without JavaScript: back to the players page, saying what happened."""
    if entered:
        messages.success(request, _("Registered {name}.").format(name=entered.player))
        if entered.replanned:
            messages.info(request, entered.said(tournament))
    else:
        messages.error(request, refused)
    return redirect(_back_to("players", tournament.pk, request.GET) + "#picker")


@staff_required
@require_GET
def pick_search(request, pk):
    """The members matching what is typed: the picker's list (htmx), or the players page showing it."""
    tournament = _tournament(pk)
    if not request.htmx:
        query = urlencode({"pick": typed_text(request.GET.get("pick"))})
        return redirect(f"{reverse('director:players', args=[pk])}?{query}#picker")
    context = {"tournament": tournament, **picker_context(tournament, request.GET.get("pick"))}
    return render(request, "seating/_pick_found.html", context)


@staff_required
@require_POST
def pick(request, pk):
    """A member tapped: registered at once."""
    tournament = _tournament(pk)
    form = PickForm(request.POST)
    entered = refused = None
    if form.is_valid():
        try:
            entered = player_pick(tournament=tournament, member=form.cleaned_data["member"])
        except SeatingError as refusal:
            refused = refusal.message
    else:
        refused = form.errors["member"][0]
    if not request.htmx:
        return _after(request, tournament, entered, refused)
    return _picker(request, tournament, entered=entered, refused=refused,
                   typed="" if entered else request.POST.get("pick", ""))


@staff_required
@require_POST
def guest(request, pk):
    """A guest in one line: kept in the registry and registered."""
    tournament = _tournament(pk)
    form = GuestForm(request.POST)
    entered = written(form, guest_add, tournament=tournament)
    if not request.htmx:
        refused = " ".join(str(error) for errors in form.errors.values() for error in errors)
        return _after(request, tournament, entered, refused)
    return _picker(request, tournament, entered=entered, guest_form=None if entered else form,
                   typed="" if entered else request.POST.get("name", ""))


@staff_required
@require_http_methods(["GET", "POST"])
def roll_call_page(request, pk):
    """Last evening's members, ticked: untick the absent, register the rest at once."""
    tournament = _tournament(pk)

    def page(form):
        before, members, typed_in = roll_call(tournament)
        ticked = (set(form.cleaned_data.get("member_ids", ())) if form.is_bound and hasattr(form, "cleaned_data")
                  else None)
        context = {"tournament": tournament, "tab": "players", "before": before, "members": members,
                   "typed_in": typed_in, "form": form,
                   "drawn": tournament.is_drawn and replanned_from(tournament) is None, "ticked": ticked}
        return render(request, "seating/roll_call.html", context, status=422 if form.is_bound else 200)

    def said(entered) -> list[str]:
        count = len(entered.players)
        return [ngettext("Registered {count} player.", "Registered {count} players.", count).format(count=count),
                entered.replanned and entered.said(tournament)]

    if request.method != "POST":
        return page(RollCallForm())
    return form_answer(request, RollCallForm(request.POST), partial(members_pick, tournament=tournament),
                       said=said, to=reverse("director:players", args=[tournament.pk]), again=page)
