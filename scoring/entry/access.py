"""Who may see and change which score sheet.

Vocabulary:
    table link   a long random token (printed as a QR code on the table's guide card): whoever holds it
                 may enter scores for that table only. The director can reissue it, which revokes the old.
    staff        the director and his helpers: may enter and correct for any table.
    committee    members of the "committee" group: may read everything and change nothing.
"""

import secrets

from django.db import transaction

from scoring.models import TableLink
from seating.models import Table

COMMITTEE_GROUP = "committee"
TOKEN_BYTES = 32  # 43 URL-safe characters: not guessable, still fits a QR code on a card


def table_link(table: Table) -> TableLink:
    """The table's current link, issued on first use."""
    link = TableLink.objects.filter(table=table).first()
    return link if link is not None else table_link_reissue(table=table)


def table_link_reissue(*, table: Table) -> TableLink:
    """A new token for the table; the old link stops working at once."""
    with transaction.atomic():
        link, _ = TableLink.objects.select_for_update().get_or_create(
            table=table, defaults={"token": secrets.token_urlsafe(TOKEN_BYTES)})
        if not _:
            link.token = secrets.token_urlsafe(TOKEN_BYTES)
            link.save(update_fields=["token"])
    return link


def table_links_issue(*, tables) -> int:
    """Issue links for every table that has none (after the draw); returns how many were made."""
    missing = [t for t in tables if not TableLink.objects.filter(table=t).exists()]
    TableLink.objects.bulk_create([TableLink(table=t, token=secrets.token_urlsafe(TOKEN_BYTES)) for t in missing])
    return len(missing)


def table_for_token(token: str) -> Table | None:
    if not token or len(token) > 100:
        return None
    link = TableLink.objects.select_related("table__tournament", "table__section").filter(token=token).first()
    return link.table if link else None


def is_committee(user) -> bool:
    return bool(user.is_authenticated and (user.is_staff or user.groups.filter(name=COMMITTEE_GROUP).exists()))


def can_enter(user) -> bool:
    return bool(user.is_authenticated and user.is_staff)


def link_qr_svg(url: str, *, scale: int = 4) -> str:
    """The table link as an inline SVG QR code (segno, pure Python: nothing fetched)."""
    import segno

    return segno.make(url, error="m").svg_inline(scale=scale, border=2)
