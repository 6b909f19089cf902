"""What the commands of the apps above the clubs (seasons, leagues) share about clubs: a club named on the command
line, found or refused with one line."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from clubs.models import Club


def club_named(slug: str) -> Club:
    """The club whose short name is ``slug``, or a ``CommandError`` saying how to make one."""
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise CommandError(_("no club {slug!r}; `manage.py club create SLUG --name NAME` makes one").format(slug=slug))
    return club
