"""Sign-up before the day (``seating.signups``): the public form and each sign-up's own page with its cancel
link (no login), and the director's list of sign-ups, their settings and the check-in.

Bots are slowed twice: a honeypot field people never see (a filled one is thanked and nothing is saved), and at
most ``SIGNUPS_PER_HOUR`` sign-ups from one address an hour (beyond: 429): the client's address as the login reads
it (``common.client_address``, behind ``PROXY_COUNT`` proxies), counted in the shared cache, so the limit holds for
every process and app server of the site, not for each one."""

from django.contrib import messages
from django.core.cache import cache
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from common.client_address import client_address
from common.numbers import BIGGEST_ID, sent_number
from common.permissions import staff_required
from seating.errors import SeatingError
from seating.forms import SignUpForm, SignUpSettingsForm
from seating.models import SignUp, Tournament
from seating.signups import (
    place_of,
    signup_cancel,
    signup_create,
    signup_is_open,
    signup_places,
    signup_settings_save,
    signups_check_in,
)

SIGNUPS_PER_HOUR = 5


def _too_many(request) -> bool:
    """Take one of this address's ``SIGNUPS_PER_HOUR`` places, each kept for an hour; True when all are taken.

    Each place is one key taken by ``cache.add``, which only one caller wins on the database cache and on Redis:
    two sign-ups at the same moment in two processes cannot both take the last place, as a read-then-write
    count could."""
    key = f"signup:{client_address(request) or ''}"
    return not any(cache.add(f"{key}:{place}", 1, 3600) for place in range(SIGNUPS_PER_HOUR))


@require_http_methods(["GET", "HEAD", "POST"])
def signup_form(request, club: str, tournament_id: int):
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=tournament_id, club__slug=club,
                                   signup_open=True)
    form = SignUpForm(request.POST or None, tournament=tournament)
    status = 200
    if request.method == "POST" and form.is_valid():
        if form.cleaned_data["website"]:  # a bot: thanked like anyone, nothing saved
            return render(request, "seating/signup_done.html", {"tournament": tournament, "place": None,
                                                                "club": tournament.club})
        if _too_many(request):
            return render(request, "seating/signup.html", {"tournament": tournament, "form": form,
                                                           "club": tournament.club,
                                                           "refusal": _("Too many sign-ups from here; try later.")},
                          status=429)
        try:
            signup = signup_create(tournament=tournament, name=form.cleaned_data["name"],
                                   club=form.cleaned_data["club"], contact=form.cleaned_data["contact"],
                                   categories=list(form.cleaned_data.get("categories") or []))
        except SeatingError as refused:
            form.add_error(refused.field if refused.field in form.fields else None, refused.message)
            status = 422
        else:
            return redirect("signup:status", club, signup.cancel_token)
    elif request.method == "POST":
        status = 422
    # ``club``: the public pages' header names the club and leads to its page
    return render(request, "seating/signup.html", {"tournament": tournament, "form": form, "club": tournament.club,
                                                   "open": signup_is_open(tournament)}, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def signup_status(request, club: str, token: str):
    """A sign-up's own page (his cancel link): his place or waiting number; POST cancels."""
    signup = SignUp.objects.select_related("tournament__club").filter(cancel_token=token,
                                                                       tournament__club__slug=club).first()
    if signup is None:
        raise Http404("No such sign-up.")
    refusal, status = None, 200
    if request.method == "POST":
        try:
            signup = signup_cancel(token=token)
        except SeatingError as refused:
            refusal, status = refused.message, 409
    response = render(request, "seating/signup_done.html", {"tournament": signup.tournament, "signup": signup,
                                                            "place": place_of(signup), "refusal": refusal,
                                                            "club": signup.tournament.club}, status=status)
    # Not "no-referrer": the browser then sends the cancel's POST with "Origin: null", which Django's CSRF check
    # refuses. "same-origin" keeps the token out of other sites' logs all the same.
    response["Referrer-Policy"] = "same-origin"
    return response


@staff_required
@require_http_methods(["GET", "HEAD", "POST"])
def signups(request, pk: int):
    """The director's list of sign-ups (the check-in list), their settings, and the check-in of who came."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = SignUpSettingsForm(request.POST or None, initial={
        "open": tournament.signup_open, "limit": tournament.signup_limit, "deadline": tournament.signup_deadline})
    if request.method == "POST" and "check_in" in request.POST:
        try:
            ids = [n for n in (sent_number(v, BIGGEST_ID) for v in request.POST.getlist("signup")) if n]
            entered = signups_check_in(tournament=tournament, signup_ids=ids)
        except SeatingError as refused:
            messages.error(request, refused.message)
        else:
            messages.success(request, _("{count} checked in as players.").format(count=len(entered.players)))
            if entered.replanned:
                messages.info(request, entered.said(tournament))
        return redirect("director:signups", pk)
    if request.method == "POST" and form.is_valid():
        signup_settings_save(tournament=tournament, open=form.cleaned_data["open"], limit=form.cleaned_data["limit"],
                             deadline=form.cleaned_data["deadline"])
        messages.success(request, _("The sign-up settings are saved."))
        return redirect("director:signups", pk)
    return render(request, "seating/signups.html", {"tournament": tournament, "form": form, "tab": "signups",
                                                    "places": signup_places(tournament)},
                  status=422 if request.method == "POST" else 200)

