"""Which club a request is in, and what the login may do there: the one place that scopes a page to its club.

Vocabulary:
    club of the URL   the club that owns the object a URL names: its tournament (``pk`` on the director's pages,
                      ``tournament_id``), its table (``table_id``), its deal (``deal_id``) or the club itself
                      (``club``, its slug). Read through ``apps.get_model`` so that clubs imports neither seating
                      nor scoring, which build on it.
    current club      for a page that names no object (the home page, the list of tournaments, the registry): the
                      club chosen with the switch (kept in the session) if the login holds a role there, else the
                      first club it holds a role in.
    club scope        ``request.club_scope``: ``.club`` (a Club or None) and ``.roles``, the roles the login holds
                      there (the superuser: all); both read from the database only when first asked (a table
                      link's save never asks). ``common.permissions`` reads the roles; no view asks the database
                      about roles itself.
A login with no role in the club of the URL holds no role on that page: the role decorators answer 403, and
every list a view shows is filtered by ``request.club_scope.club`` (e.g. ``seating.selectors.tournaments_of``), so another club's objects are
neither listed nor reachable.
"""

from __future__ import annotations

from functools import cached_property

from clubs.models import Club, ClubRole, Role
from common.numbers import BIGGEST_ID

ALL_ROLES = frozenset(Role.values)
SESSION_KEY = "club_id"

# URL keyword -> the path from a club to the object's id (a join, so one query finds the club). One line for each
# kind of object a URL names; the relations are the other apps' (seating's tournaments, tables; scoring's deals).
CLUB_OF_KEYWORD = {
    "pk": "tournaments__pk",
    "tournament_id": "tournaments__pk",
    "table_id": "tournaments__tables__pk",
    "deal_id": "tournaments__deals__pk",
}
SCOPED_NAMESPACES = {"director", "scoring", "clubs", "cash"}  # the URL trees whose keywords above mean these objects


def club_of_url(namespace: str, kwargs: dict) -> Club | None:
    """The club owning what the URL names; None when it names nothing (or nothing that exists)."""
    if "club" in kwargs:
        return Club.objects.filter(slug=kwargs["club"]).first()
    if namespace not in SCOPED_NAMESPACES:
        return None
    for keyword, path in CLUB_OF_KEYWORD.items():
        if keyword in kwargs:
            value = kwargs[keyword]
            if not isinstance(value, int) or not 0 < value <= BIGGEST_ID:
                return None
            return Club.objects.filter(**{path: value}).first()
    return None


def clubs_of(user) -> list[Club]:
    """The clubs where ``user`` holds a role (the superuser: every club), by name."""
    if not user.is_authenticated:
        return []
    if user.is_superuser:
        return list(Club.objects.all())
    return list(Club.objects.filter(roles__user=user).distinct())


def may_back_up(request) -> bool:
    """Whether the login may back up the server's database: the superuser, or the director of a server of one club
    (a backup holds every club's data, so a director of one of several clubs may not take one)."""
    user = request.user
    if user.is_authenticated and user.is_superuser:
        return True
    return "director" in request.club_scope.roles and Club.objects.count() == 1


def people_of(club: Club) -> list[tuple]:
    """The club's people: ``(user, [ClubRole])`` for each login holding a role there, by login name."""
    people: dict = {}
    for role in ClubRole.objects.filter(club=club).select_related("user").order_by("user__username", "role"):
        people.setdefault(role.user, []).append(role)
    return list(people.items())


def roles_in(user, club_id: int | None) -> frozenset[str]:
    """The roles ``user`` holds in the club ``club_id``."""
    if club_id is None or not user.is_authenticated or not user.is_active:
        return frozenset()
    if user.is_superuser:
        return ALL_ROLES
    return frozenset(ClubRole.objects.filter(user=user, club_id=club_id).values_list("role", flat=True))


def current_club(request) -> Club | None:
    """The club of a page that names no object: the switch's choice, else the login's first club, else (for a
    visitor on a server of one club) that club."""
    mine = clubs_of(request.user)
    chosen = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
    for club in mine:
        if club.pk == chosen:
            return club
    if mine:
        return mine[0]
    only = list(Club.objects.all()[:2])
    return only[0] if len(only) == 1 else None


class ClubScope:
    """The club of one request and the login's roles there, each read once, when first asked."""

    def __init__(self, request, namespace: str = "", kwargs: dict | None = None):
        self.request, self.namespace, self.kwargs = request, namespace, kwargs or {}

    @cached_property
    def names_object(self) -> bool:
        kwargs = self.kwargs
        return "club" in kwargs or (
            self.namespace in SCOPED_NAMESPACES and any(key in kwargs for key in CLUB_OF_KEYWORD))

    @cached_property
    def club(self) -> Club | None:
        # A URL naming an object that does not exist is in no club (the view answers 404), never the current one.
        return club_of_url(self.namespace, self.kwargs) if self.names_object else current_club(self.request)

    @property
    def hidden(self) -> bool:
        """Whether the page names an object the login may not know of: one that does not exist, or one of a club
        where he holds no role while holding roles in another (so another club's tournaments are "not found" to
        its people; a login with no role anywhere is told the page needs a role)."""
        if not self.names_object:
            return False
        if self.club is None:
            return True
        return not self.roles and bool(clubs_of(self.request.user))

    @cached_property
    def roles(self) -> frozenset[str]:
        user = self.request.user
        if not user.is_authenticated or not user.is_active:
            return frozenset()  # asks nothing more of the database: a visitor holds no role anywhere
        club = self.club
        return roles_in(user, club.pk if club else None)


class ClubScopeMiddleware:
    """Gives every request its ``club_scope`` (read lazily), naming the club of the URL's object."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.club_scope = ClubScope(request)
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        request.club_scope = ClubScope(request, match.namespace if match else "", view_kwargs)
        return None
