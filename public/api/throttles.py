"""The API's throttle: REST framework's anonymous rate, counted by the client's address as the login lock counts it.

Vocabulary:
    client address   ``common.client_address``: ``REMOTE_ADDR``, or behind ``PROXY_COUNT`` trusted proxies the
                     address the outermost was reached from. REST framework's own reading trusts every
                     ``X-Forwarded-For`` when ``NUM_PROXIES`` is unset, so a made-up header was a fresh allowance.
    the count        kept in the shared cache (settings.CACHES), so it holds for every process and app server.
"""

from rest_framework.throttling import AnonRateThrottle

from common.client_address import client_address


class ClientAddressThrottle(AnonRateThrottle):
    def get_ident(self, request):
        return client_address(request) or ""
