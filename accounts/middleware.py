"""``Cache-Control: no-store, private`` on every page of a table link (``/t/<token>/...``).

A table link is a password in the address: a page reached with it must not be kept by a shared cache or a
phone's back-button store, where the next person at that phone could open it again.
"""

from django.utils.cache import add_never_cache_headers, patch_cache_control

TABLE_LINK_PREFIX = "/t/"


class NoStoreTableLinksMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.path.startswith(TABLE_LINK_PREFIX):
            add_never_cache_headers(response)
            patch_cache_control(response, private=True)
        return response
