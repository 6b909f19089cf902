"""Shared pieces of the scoring commands: finding the tournament named on the command line."""

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from seating.models import Tournament


def tournament_from_argument(value: str) -> Tournament:
    """A tournament by its id, or by its exact name when that is unique."""
    value = (value or "").strip()
    if value.isdigit():
        tournament = Tournament.objects.filter(pk=int(value)).first()
        if tournament is not None:
            return tournament
    matches = list(Tournament.objects.filter(name=value)[:2])
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise CommandError(f"several tournaments are named {value!r}; give the id instead")
    raise CommandError(f"no tournament {value!r}; give its id or exact name (see the director's pages)")


class ScoringCommand(BaseCommand):
    """A command whose database trouble reaches the user as one clear line, never a traceback."""

    def execute(self, *args, **options):
        try:
            return super().execute(*args, **options)
        except DatabaseError as err:
            raise CommandError(f"the database is not ready ({err}); run `python manage.py migrate` first, "
                               "and check DATABASE_URL") from None
