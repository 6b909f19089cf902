"""Reads of a tournament's rules: its scoring settings and its rulebook."""

from scoring.engine import DEFAULT_RULEBOOK
from scoring.models import TournamentScoring
from scoring.standings import PRESETS
from seating.models import Tournament

DEFAULT_SYSTEM = {"isko": "seeger-fabian", "mccoll-1908": "mccoll"}
"""The scoring system a rulebook's tournaments use unless the committee chooses another."""
DEFAULT_PRESET = {"foster": "foster", "mccoll": "mccoll", "seeger-fabian": "isko"}
"""The prize schedule a scoring system starts with (the League's own list for its 1908 rules)."""


def settings_defaults(rulebook: str) -> dict:
    """The scoring settings a new tournament of ``rulebook`` starts with."""
    system = DEFAULT_SYSTEM.get(rulebook, "foster")
    preset = "nasl-1908" if rulebook == "nasl-1908" else DEFAULT_PRESET[system]
    return {"rulebook": rulebook, "system": system, "prize_schedule": [list(entry) for entry in PRESETS[preset]]}


def scoring_settings(tournament: Tournament) -> TournamentScoring:
    """The tournament's scoring settings. Every tournament opened through ``tournament_open`` or an import
    has them; one made otherwise (the admin, a test) reads the default rulebook's, unsaved: a read never
    writes, and the row is made when the committee first saves the settings (``scoring_settings_save``)."""
    try:
        return tournament.scoring
    except TournamentScoring.DoesNotExist:
        # Setting the one-to-one caches the defaults on the tournament: its later reads get the same object.
        return TournamentScoring(tournament=tournament, **settings_defaults(DEFAULT_RULEBOOK))


def rulebook_of(tournament: Tournament) -> str:
    """The id of the rulebook the tournament's deals are valued under."""
    return scoring_settings(tournament).rulebook
