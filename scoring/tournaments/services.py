"""Opening a tournament: seating's tournament and its rules, written together."""

from django.db import transaction

from scoring.models import TournamentScoring
from scoring.tournaments.selectors import settings_defaults
from seating.models import Tournament
from seating.movements import TableSizes
from seating.services import tournament_create

TABLE_SIZES = {"isko": TableSizes.THREES_AND_FOURS}
"""What a rulebook means for the seats: today's Skat Order plays at tables of three and four, never five;
the old books seat Foster's 3 to 5 (the default)."""

SERIES_ROUNDS = {"isko": 12}
"""The rounds of a fixed-table session, when the director gives none: an ISkO series is twelve rounds (48 deals at a
table of four, 36 at three); the old books play Foster's twenty."""


def tournament_open(*, rulebook: str, club=None, **fields) -> Tournament:
    """A new tournament in registration, valued under ``rulebook``; ``fields`` are seating's
    (``seating.services.TOURNAMENT_FIELDS``, already typed). A refusal (``SeatingError``) saves nothing."""
    if fields.get("session_rounds") is None and rulebook in SERIES_ROUNDS:
        fields["session_rounds"] = SERIES_ROUNDS[rulebook]
    with transaction.atomic():
        tournament = tournament_create(**fields, club=club, table_sizes=TABLE_SIZES.get(rulebook, TableSizes.FOSTER).value)
        TournamentScoring.objects.create(tournament=tournament, **settings_defaults(rulebook))
    return tournament
