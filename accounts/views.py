"""The site's login and logout pages, and the page a locked login gets.

The login page takes ``next`` (the page the person came from); Django's ``LoginView`` follows it only when
``url_has_allowed_host_and_scheme`` accepts it, so a link cannot send a director to another site.
"""

import logging

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.utils.translation import gettext as _
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.cache import never_cache

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
