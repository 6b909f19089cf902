"""Who may do what: the one place that says it, for every app's views.

Vocabulary:
    club roles   what the login may do in the club of the page (``request.club_scope.roles``, set for every view
                 by ``clubs.scope.ClubScopeMiddleware`` from the object the URL names): never global, so a
                 director of one club holds no role on another club's pages.
    director     may change everything of his club, enter and correct scores for any of its tables.
    committee    the prize committee (and the director): may read every result and slip, download the lists and
                 make the prize decisions (choices and cuts); changes no seating and no score.
    cashier      (and the director): takes fees, pays out prize and lost-game money, prints the cash report.
    table link   a table's secret link lets whoever holds it enter that table's deals only: checked by the
                 entry views against the link's table (``scoring.entry.access``), never through this module.
A page that needs a role sends a logged-out visitor to the login page (with ``next``), and answers a
logged-in person without the role with the 403 page (a 404 would hide a wrong login), except where the page names
an object of a club he holds no role in, or none at all: that is "not found", so no club learns what another has.
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext

DIRECTOR_GROUP = "director"
COMMITTEE_GROUP = "committee"


def club_roles(request) -> frozenset:
    """The roles the login holds in the club of this page."""
    scope = getattr(request, "club_scope", None)
    return scope.roles if scope is not None else frozenset()


def is_director(request) -> bool:
    """Whether the login may change this club's tournaments, seats and scores."""
    return "director" in club_roles(request)


def can_write(request) -> bool:
    """Whether the login may change this club's tournaments, seats and scores (the director)."""
    return is_director(request)


def is_committee(request) -> bool:
    """Whether the login may read this club's committee pages and downloads and make the prize decisions."""
    return bool({"director", "committee"} & club_roles(request))


def is_cashier(request) -> bool:
    """Whether the login may take fees and pay out money at this club's cash desk."""
    return bool({"director", "cashier"} & club_roles(request))


def role_required(check, role: str):
    """Decorator: the view runs only for a user ``check`` accepts; the logged-out go to log in, others get 403."""

    def decorator(view):
        @wraps(view)
        def guarded(request, *args, **kwargs):
            if check(request):
                return view(request, *args, **kwargs)
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            scope = getattr(request, "club_scope", None)
            if scope is not None and scope.hidden:  # nothing of another club is even said to exist
                raise Http404("No such page.")
            if role == "director":
                raise PermissionDenied(gettext("This page is for the director; your login does not hold that role."))
            if role == "cashier":
                raise PermissionDenied(gettext("This page is for the cash desk; your login does not hold that role."))
            raise PermissionDenied(gettext("This page is for the prize committee; your login does not hold that "
                                           "role."))

        return guarded

    return decorator


director_required = role_required(is_director, "director")
"""Decorator for a page only the director (and his staff) may open."""

committee_required = role_required(is_committee, "prize committee")
"""Decorator for a page the prize committee (and the director) may open."""

cashier_required = role_required(is_cashier, "cashier")
"""Decorator for a page of the cash desk (the cashier and the director)."""

staff_required = director_required
"""The older name of ``director_required``, still used by the director's pages."""
