"""Opening a tournament: seating's tournament and its rules, written together."""

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.models import TournamentScoring
from scoring.tournaments.selectors import scoring_settings, settings_defaults
from seating.errors import SeatingError
from seating.models import Tournament
from seating.movements import TableSizes
from seating.selectors import tournaments_of
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


def tournament_publish(tournament: Tournament, published: bool = True) -> None:
    """Publish the tournament (its results, live standings and players' pages on the public pages and the API),
    or take it back: the one flag ``TournamentScoring.published`` the live page has always read."""
    with transaction.atomic():
        settings = scoring_settings(tournament)
        settings.published = published
        settings.save()


LIKE_LAST_SEATING = ("name", "place", "method", "remainder", "section_split", "rounds_per_stay", "session_rounds",
                     "series_count", "language", "table_sizes")
"""What a new evening "like last time" takes from the club's last evening, of seating's tournament (the date is
today's; the players are ticked on the roll call, never copied blindly)."""
NOT_COPIED_SCORING = {"id", "tournament", "published", "prize_seed"}
"""Every scoring setting is copied (rulebook, system, prizes, money rules) but these: a new evening's live board
starts unpublished, and its cuts get their own seed."""


def tournament_like_last(*, club, date=None) -> Tournament:
    """A new evening of ``club`` with the settings of its last evening (seating's and scoring's, the money rules
    included); ``SeatingError`` when the club has none yet."""
    last = tournaments_of(club).first()
    if last is None:
        raise SeatingError(None, _("This club has no evening yet: create the first one below."))
    fields = {name: getattr(last, name) for name in LIKE_LAST_SEATING if name != "table_sizes"}
    if date is not None:
        fields["date"] = date
    with transaction.atomic():
        tournament = tournament_create(**fields, club=last.club, table_sizes=last.table_sizes)
        scoring = scoring_settings(last)
        copied = {field.name: getattr(scoring, field.name) for field in TournamentScoring._meta.concrete_fields
                  if field.name not in NOT_COPIED_SCORING}
        TournamentScoring.objects.create(tournament=tournament, **copied)
    return tournament
