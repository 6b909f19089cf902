"""Shared pieces of the scoring commands: finding the tournament named on the command line."""

from django.core.management.base import CommandError

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
