"""Who may do what: the one place that says it, for every app's views.

Vocabulary:
    director     the director and his helpers: members of the "director" group, and staff and superusers,
                 who count as directors. May change everything, enter and correct scores for any table.
    committee    the prize committee: directors, or members of the "committee" group. May read every result
                 and slip, download the lists and make the prize decisions (choices and cuts); changes no
                 seating and no score.
    table link   a table's secret link lets whoever holds it enter that table's deals only: checked by the
                 entry views against the link's table (``scoring.entry.access``), never through this module.
A page that needs a role sends a logged-out visitor to the login page (with ``next``), and answers a
logged-in person without the role with the 403 page: never a 404, which would hide a wrong login.
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext

DIRECTOR_GROUP = "director"
COMMITTEE_GROUP = "committee"


def _in_group(user, name: str) -> bool:
    return any(group.name == name for group in user.groups.all())


def is_director(user) -> bool:
    """Whether ``user`` may change tournaments, seats and scores."""
    if not user.is_authenticated:
        return False
    return bool(user.is_staff or user.is_superuser or _in_group(user, DIRECTOR_GROUP))


def can_write(user) -> bool:
    """Whether ``user`` may change tournaments, seats and scores (the director and his staff)."""
    return is_director(user)


def is_committee(user) -> bool:
    """Whether ``user`` may read the committee's pages and downloads and make the prize decisions."""
    return bool(is_director(user) or (user.is_authenticated and _in_group(user, COMMITTEE_GROUP)))


def role_required(check, role: str):
    """Decorator: the view runs only for a user ``check`` accepts; the logged-out go to log in, others get 403."""

    def decorator(view):
        @wraps(view)
        def guarded(request, *args, **kwargs):
            if check(request.user):
                return view(request, *args, **kwargs)
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if role == "director":
                raise PermissionDenied(gettext("This page is for the director; your login does not hold that role."))
            raise PermissionDenied(gettext("This page is for the prize committee; your login does not hold that "
                                           "role."))

        return guarded

    return decorator


director_required = role_required(is_director, "director")
"""Decorator for a page only the director (and his staff) may open."""

committee_required = role_required(is_committee, "prize committee")
"""Decorator for a page the prize committee (and the director) may open."""

staff_required = director_required
"""The older name of ``director_required``, still used by the director's pages."""
