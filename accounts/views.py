"""The site's login and logout pages, and the page a locked login gets.

The login page takes ``next`` (the page the person came from); Django's ``LoginView`` follows it only when
``url_has_allowed_host_and_scheme`` accepts it, so a link cannot send a director to another site.
"""

import logging
from functools import partial

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from accounts.forms import PersonForm
from accounts.services import ROLES, person_add, person_remove
from clubs.models import Role
from clubs.scope import SESSION_KEY, clubs_of, people_of
from common.errors import UserError
from common.forms import form_answer
from common.permissions import director_required

log = logging.getLogger(__name__)

LOCKED_STATUS = 429


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    redirect_authenticated_user = False  # a committee member may log in again as the director


class LogoutView(auth_views.LogoutView):
    """POST only (Django's rule): a link or an image cannot log anyone out."""


@never_cache
def locked_out(request, response=None, credentials=None):
    """django-axes' lockout answer: the login page again, with why and for how long, and nothing logged in."""
    cool_off = settings.AXES_COOLOFF_TIME
    minutes = max(1, int(cool_off.total_seconds() // 60))
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    log.warning("login locked for %r from %s after %s wrong passwords", username, request.META.get("REMOTE_ADDR"),
                settings.AXES_FAILURE_LIMIT)
    message = _("Too many wrong passwords for this name from this device: the login is locked for {minutes} "
                "minutes (until about {until}). Try again then, or ask the director to unlock it (manage.py "
                "axes_reset_username).").format(minutes=minutes,
                                                until=f"{timezone.localtime(timezone.now() + cool_off):%H:%M}")
    form = AuthenticationForm(request, initial={"username": username})
    return render(request, "accounts/login.html", {"form": form, "locked": message,
                                                   "next": request.POST.get("next", request.GET.get("next", ""))},
                  status=LOCKED_STATUS)


@director_required
@require_http_methods(["GET", "POST"])
def people(request):
    """The club's people and their roles: the director gives a login a role (making the login if it is new) and
    takes roles away. Only this club's roles are listed or changed."""
    club = request.club_scope.club

    def page(form, status=200):
        return render(request, "accounts/people.html", {"form": form, "people": people_of(club), "club": club},
                      status=status)

    if request.method != "POST":
        return page(PersonForm())
    form = PersonForm(request.POST)
    return form_answer(request, form, partial(person_add, club=club), to=reverse("accounts:people"),
                       said=lambda added: _("{name} now holds the role {role} in {club}.").format(
                           name=added[0].username, role=dict(form.fields["role"].choices)[form.cleaned_data["role"]],
                           club=club.name),
                       again=lambda form: page(form, status=422))


@director_required
@require_POST
def person_remove_view(request, user_id: int):
    """Take one role (or all) in this club from a login. The director cannot take his own director's role; his
    own other roles only after a page asking him (its button sends ``confirm``), so one tap by mistake takes
    nothing.
    The club's last director keeps his role (``person_remove``)."""
    club = request.club_scope.club
    user = get_user_model().objects.filter(pk=user_id, club_roles__club=club).distinct().first()
    if user is None:
        raise Http404("No such person in this club.")
    role = request.POST.get("role") or None
    own = user == request.user
    if role is not None and role not in ROLES:
        messages.error(request, _("There is no role {role!r}: nothing was taken away.").format(role=role[:40]))
    elif own and role in (None, Role.DIRECTOR):
        messages.error(request, _("You cannot take your own director's role: ask another director."))
    elif own and request.POST.get("confirm") != "yes":  # asked on a page of its own: no script needed
        return render(request, "accounts/person_remove_confirm.html", {
            "club": club, "person": user, "role": role, "role_name": Role(role).label})
    else:
        try:
            person_remove(user=user, club=club, role=role)
        except UserError as refused:
            messages.error(request, refused.message)
        else:
            messages.success(request, _("{name}: role taken away.").format(name=user.username))
    return redirect("accounts:people")


@require_POST
def club_switch(request):
    """Work in another of one's clubs: the choice is kept in the session; pages naming an object follow its club."""
    wanted = request.POST.get("club", "")
    for club in clubs_of(request.user):
        if str(club.pk) == wanted:
            request.session[SESSION_KEY] = club.pk
            break
    else:
        raise Http404("No such club of yours.")
    target = request.POST.get("next", "/")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        target = "/"
    return redirect(target)
