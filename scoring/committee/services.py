"""The committee's writes: the scoring settings, a player's choice between two prizes, a recorded cut.

Each takes values already typed by its form and writes in one transaction; the rules of prizes themselves
are ``scoring.standings.prizes``.
"""

from django.db import transaction

from scoring.models import PrizeChoice, PrizeCut, TournamentScoring
from scoring.standings import PRESETS
from seating.models import Tournament


def scoring_settings_save(*, settings: TournamentScoring, preset: str = "") -> TournamentScoring:
    """Save the settings a form filled in; a preset, if chosen, replaces the prize schedule. Settings read as
    defaults (``scoring_settings`` of a tournament without its row) are made here; a row another request made in
    the meantime is overwritten, as a later save would."""
    with transaction.atomic():
        if settings._state.adding:
            settings.pk = (TournamentScoring.objects.select_for_update().filter(tournament_id=settings.tournament_id)
                           .values_list("pk", flat=True).first())
            settings._state.adding = settings.pk is None
        if preset:
            settings.prize_schedule = [list(entry) for entry in PRESETS[preset]]
        settings.save()
    return settings


def prize_choice_record(*, tournament: Tournament, player_id: int, category: str) -> PrizeChoice:
    """The prize a player who would win both the points and the games prize keeps."""
    choice, _ = PrizeChoice.objects.update_or_create(tournament=tournament, player_id=player_id,
                                                     defaults={"category": category})
    return choice


def prize_cut_record(*, tournament: Tournament, category: str, place: int, winner: int, others) -> PrizeCut:
    """The director's record of a cut for a tie the rules cannot settle: the winner first."""
    cut, _ = PrizeCut.objects.update_or_create(tournament=tournament, category=category, place=place,
                                               defaults={"order": [winner, *others]})
    return cut
