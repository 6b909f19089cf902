"""The player's own page on the prints: the address his entry ticket's and start card's QR code opens.

Vocabulary:
    page token     ``Player.page_token``: the unguessable part of his page's address (``/p/<token>/``).
    page address   the full address of ``public:own`` for his token, on the site. The page shows his seat in
                   each series as drawn, his lists, his rank and the director's notice, with no login,
                   whether or not the event is published.
    site           the event's public base address (``SITE_URL``, or the address the director's page came by):
                   a print job renders without a request, so the view hands the site to it.

Seating does not import the public pages: the address is reversed by the URL's name.
"""

from django.urls import reverse

from common.qr import qr_svg
from common.site_url import on_site, public_url


def player_page_address(request_or_site, page_token: str) -> str:
    """The full address of the page of the player with ``page_token``: ``request_or_site`` is the request of the
    page that asks, or the site's base address as text ("" for ``SITE_URL``)."""
    path = reverse("public:own", args=(page_token,))
    if isinstance(request_or_site, str):
        return on_site(request_or_site, path)
    return public_url(request_or_site, path)


def player_page_qr(site: str, page_token: str) -> tuple[str, str]:
    """(address, inline SVG QR code of it) of a player's page, for a print rendered for ``site``."""
    address = player_page_address(site, page_token)
    return address, qr_svg(address)
