"""``roles`` in every template: what the logged-in person may open in the club of the page, for the header's links;
``clubs``: the clubs he may switch between (shown only when there are several)."""

from django.utils.functional import SimpleLazyObject

from clubs.scope import clubs_of
from common.permissions import is_cashier, is_committee, is_director


def roles(request):
    scope = getattr(request, "club_scope", None)
    return {"roles": SimpleLazyObject(lambda: {
                "director": is_director(request), "committee": is_committee(request), "cashier": is_cashier(request)}),
            # the switch between one's clubs, only for a login holding roles in several (a club of one never sees it)
            "club_choice": SimpleLazyObject(lambda: _club_choice(request, scope))}


def _club_choice(request, scope) -> dict:
    user = getattr(request, "user", None)
    mine = clubs_of(user) if user is not None else []
    return {"clubs": mine if len(mine) > 1 else [], "current": scope.club if scope is not None else None}
