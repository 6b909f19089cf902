"""The club's office, its writes: clubs made by the server's superuser (or ``manage.py club create``).

Members' writes (add, import, merge, forget) are in ``clubs.members``.
"""

from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.models import Club
from common.errors import UserError


def club_create(*, slug: str, name: str) -> Club:
    """A new club; ``UserError`` when the short name is not a slug or taken, or the name is empty."""
    slug, name = (slug or "").strip(), " ".join((name or "").split())
    if not slug or slugify(slug) != slug or len(slug) > 40:
        raise UserError("slug", _("the short name takes lower-case letters, digits and hyphens (at most 40), "
                                  "like {example!r}").format(example=slugify(name or "skatclub-west")[:40] or "club"))
    if not name or len(name) > 120:
        raise UserError("name", _("give the club's name (1 to 120 characters)"))
    try:
        with transaction.atomic():
            return Club.objects.create(slug=slug, name=name)
    except IntegrityError:
        raise UserError("slug", _("there is already a club {slug!r}").format(slug=slug)) from None
