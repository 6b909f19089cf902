"""Opening a tournament: seating's tournament and its rules, written together."""

from django.db import transaction

from scoring.models import TournamentScoring
from scoring.tournaments.selectors import settings_defaults
from seating.models import Tournament
from seating.services import tournament_create


def tournament_open(*, rulebook: str, **fields) -> Tournament:
    """A new tournament in registration, valued under ``rulebook``; ``fields`` are seating's
    (``seating.services.TOURNAMENT_FIELDS``, already typed). A refusal (``SeatingError``) saves nothing."""
    with transaction.atomic():
        tournament = tournament_create(**fields)
        TournamentScoring.objects.create(tournament=tournament, **settings_defaults(rulebook))
    return tournament
