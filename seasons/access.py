"""Who may see and change a club's seasons: the club's director changes them, its committee reads them (tables,
downloads); nobody of another club sees that they exist. The one place the season pages ask.

ASSUMPTION until the clubs app lands: the roles are read through ``common.permissions`` (global roles) and any
club is reachable; replaced by the clubs app's per-club roles.
"""

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext

from common.permissions import is_committee, is_director


def may_read(user, club) -> bool:
    return is_committee(user)


def may_change(user, club) -> bool:
    return is_director(user)


def club_for(request, slug: str, *, change: bool = False):
    """The club of ``slug`` if the request's user may read (``change``: change) its seasons: the logged-out are
    sent to log in, a user of another club gets a 404 (nothing tells him the club exists), a committee member
    asking to change gets a 403."""
    from clubs.models import Club

    if not request.user.is_authenticated:
        raise _Login(redirect_to_login(request.get_full_path()))
    club = Club.objects.filter(slug=slug).first()
    if club is None or not may_read(request.user, club):
        raise Http404
    if change and not may_change(request.user, club):
        raise PermissionDenied(gettext("This page is for the director; your login does not hold that role."))
    return club


class _Login(Exception):
    def __init__(self, response):
        self.response = response
