"""The address a request came from, as the login throttle (django-axes) counts wrong passwords by it.

Vocabulary:
    proxy count   settings.PROXY_COUNT: how many proxies stand in front of the server (a TLS proxy: 1), each
                  of which appends the address it was reached from to ``X-Forwarded-For``. 0 (the default):
                  none is trusted, and the header is never read.
    client        the address the outermost trusted proxy was reached from: the ``PROXY_COUNT``-th address
                  from the right of ``X-Forwarded-For``. Whatever stands left of it the client may have written
                  itself, so it is never read; a request with fewer addresses than proxies, or a malformed
                  one, did not come through them all, and counts by its own ``REMOTE_ADDR``.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings


def client_address(request) -> str | None:
    """The client's address (settings.AXES_CLIENT_IP_CALLABLE)."""
    own = request.META.get("REMOTE_ADDR")
    proxies = settings.PROXY_COUNT
    if proxies <= 0:
        return own
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    if len(forwarded) < proxies:
        return own
    candidate = forwarded[-proxies]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return own
