"""The event's public address: what every printed QR code and entry link is built on.

Vocabulary:
    site URL     ``settings.SITE_URL`` (env ``SITE_URL``), e.g. ``http://192.168.1.10:8000`` in a hall or
                 ``https://skat.example.org``: the address the players' phones reach the server at.
    local host   127.0.0.1, localhost, ::1: an address only the server's own machine can open. A link built
                 on it works for the director at the server and for no phone in the hall.
"""

from django.conf import settings
from django.http.request import split_domain_port
from django.utils.translation import gettext as _

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]", "0.0.0.0"}


def public_url(request, path: str) -> str:
    """``path`` as a full address: on the site URL when it is set, else on the address this page came by."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    return request.build_absolute_uri(path)


def on_site(site: str, path: str) -> str:
    """``path`` as a full address on ``site``, a base address as ``site_of`` gives it ("": the ``SITE_URL``): how a
    print rendered without a request (a print job) builds the addresses of its QR codes."""
    return (site or settings.SITE_URL).rstrip("/") + path


def site_of(request) -> str:
    """The site's base address (``SITE_URL`` when set, else the address this page came by), for a render that
    has no request (a print job)."""
    return settings.SITE_URL or request.build_absolute_uri("/").rstrip("/")


def unreachable_warning(request) -> str:
    """Why the links on this page will not open on a phone, and what to set; "" when they will."""
    if settings.SITE_URL:
        return ""
    host, _port = split_domain_port(request.get_host())
    if host not in LOCAL_HOSTS:
        return ""
    return _("These links point at {host}, which only this computer can open: the phones at the tables cannot "
             "reach them. Set SITE_URL to the address the phones reach this server at (for example "
             "SITE_URL=http://192.168.1.10:8000, this computer's address on the hall's network) and restart, "
             "or open this page by that address, before you print the QR cards.").format(host=host)
