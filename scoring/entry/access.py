"""Table links: the secret link that lets a table's controller enter that table's deals, and nothing else.

Vocabulary:
    table link   a long random token (printed as a QR code on the table's card): whoever holds it may enter
                 scores for that table only. Every table gets one when the seats are drawn (or imported);
                 the director can reissue it, which revokes the old.
Who else may do what (staff, committee) is ``common.permissions``.
"""

import re
import secrets

from django.db import transaction

from common.qr import qr_svg
from scoring.models import TableLink
from seating.models import Table, Tournament

TOKEN_BYTES = 32  # 43 URL-safe characters: not guessable, still fits a QR code on a card


def table_link(table: Table) -> TableLink:
    """The table's current link (issued at the draw)."""
    return TableLink.objects.get(table=table)


def table_link_reissue(*, table: Table) -> TableLink:
    """A new token for the table; the old link stops working at once."""
    with transaction.atomic():
        link, _ = TableLink.objects.select_for_update().get_or_create(
            table=table, defaults={"token": secrets.token_urlsafe(TOKEN_BYTES)})
        if not _:
            link.token = secrets.token_urlsafe(TOKEN_BYTES)
            link.save(update_fields=["token"])
    return link


def table_links_issue(*, tournament: Tournament) -> int:
    """Issue a link for every table of the tournament that has none; returns how many were made."""
    missing = Table.objects.filter(tournament=tournament, link__isnull=True).values_list("id", flat=True)
    made = TableLink.objects.bulk_create([TableLink(table_id=table_id, token=secrets.token_urlsafe(TOKEN_BYTES))
                                          for table_id in missing])
    return len(made)


def issue_links_when_drawn(sender, *, tournament: Tournament, **kwargs) -> None:
    """``seating.signals.seats_drawn``: the new tables get their links in the draw's own transaction."""
    table_links_issue(tournament=tournament)


TOKEN_CHARACTERS = re.compile(r"[A-Za-z0-9_-]{1,100}")  # what token_urlsafe makes


def table_for_token(token: str) -> Table | None:
    # Anything else (a NUL byte from %00 above all, which PostgreSQL refuses outright) is no link: a 404.
    if not token or not TOKEN_CHARACTERS.fullmatch(token):
        return None
    # The token is unique: no ORDER BY for first() to add (every save of the hall starts with this read).
    link = next(iter(TableLink.objects.select_related("table__tournament__scoring", "table__section")
                     .filter(token=token)[:1]), None)
    return link.table if link else None


def link_qr_svg(url: str, *, scale: int = 4) -> str:
    """The table link as an inline SVG QR code (the one maker, ``common.qr``), two modules of quiet zone."""
    return qr_svg(url, scale=scale, border=2)
