"""``roles`` in every template: what the logged-in person may open in the club of the page, for the header's links;
``clubs``: the clubs he may switch between (shown only when there are several)."""

from django.utils.functional import SimpleLazyObject

from common.permissions import is_cashier, is_committee, is_director


def roles(request):
    return {"roles": SimpleLazyObject(lambda: {
        "director": is_director(request), "committee": is_committee(request), "cashier": is_cashier(request)})}
