"""``roles`` in every template: what the logged-in person may open, for the header's links."""

from django.utils.functional import SimpleLazyObject

from common.permissions import is_committee, is_director


def roles(request):
    user = getattr(request, "user", None)
    return {"roles": SimpleLazyObject(lambda: {
        "director": bool(user and is_director(user)), "committee": bool(user and is_committee(user))})}
