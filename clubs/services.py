"""The club's office, its writes: clubs made by the server's superuser (or ``manage.py club create``).

Members' writes (add, import, merge, forget) are in ``clubs.members``.
"""

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.models import Club
from common.errors import UserError


def language_checked(language: str) -> str:
    """``language`` when the product speaks it (``settings.LANGUAGES``), else a ``UserError`` naming them."""
    codes = [code for code, _name in settings.LANGUAGES]
    if language not in codes:
        raise UserError("language", _("choose one of the languages {codes}").format(codes=", ".join(codes)))
    return language


def club_create(*, slug: str, name: str, language: str = "en") -> Club:
    """A new club speaking ``language``; ``UserError`` when the short name is not a slug or taken, the name is
    empty or the language is not one the product speaks."""
    slug, name = (slug or "").strip(), " ".join((name or "").split())
    if not slug or slugify(slug) != slug or len(slug) > 40:
        raise UserError("slug", _("the short name takes lower-case letters, digits and hyphens (at most 40), "
                                  "like {example!r}").format(example=slugify(name or "skatclub-west")[:40] or "club"))
    if not name or len(name) > 120:
        raise UserError("name", _("give the club's name (1 to 120 characters)"))
    language = language_checked(language)
    try:
        with transaction.atomic():
            return Club.objects.create(slug=slug, name=name, language=language)
    except IntegrityError:
        raise UserError("slug", _("there is already a club {slug!r}").format(slug=slug)) from None


def club_set_language(*, club: Club, language: str) -> Club:
    """The club's language from now on: its evenings and seasons made before keep their own."""
    club.language = language_checked(language)
    club.save(update_fields=["language"])
    return club
