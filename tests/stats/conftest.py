"""A club's evenings for the statistics tests: an ISkO evening at a table of four and one of three with a player
withdrawn after series 1, and a Foster evening with Ramsch; every deal played by the demo's hands."""

import pytest

from scoring.management.demo import demo_play_series
from seating.event_series import series_draw
from seating.models import Player, SeriesDraw
from seating.replanning import player_withdraw
from tests.seasons.conftest import club_evening, club_with_members


def evening_with_withdrawal(club, members, *, seed: int):
    """Seven members (a table of four and one of three), two series; the last member withdraws after series 1."""
    from scoring.tournaments.services import tournament_open

    tournament = tournament_open(name=f"Abend {seed}", rulebook="isko", method="fixed", series_count=2, club=club)
    Player.objects.bulk_create([Player(tournament=tournament, name=m.name, club=m.home_club, member=m)
                                for m in members[:7]])
    series_draw(tournament=tournament, number=1, how=SeriesDraw.How.LOT, seed=seed)
    demo_play_series(tournament, 1, seed=seed)
    gone = Player.objects.get(tournament=tournament, member=members[6])
    player_withdraw(tournament=tournament, player_id=gone.pk, after=1)
    series_draw(tournament=tournament, number=2, how=SeriesDraw.How.LOT, seed=seed + 2)
    demo_play_series(tournament, 2, seed=seed + 2)
    return tournament


@pytest.fixture
def club_play(db):
    """(club, members, evenings): an ISkO evening of seven with a withdrawal, an ISkO evening of eight and a
    Foster evening of seven (Ramsch, a table of three)."""
    club, members = club_with_members(count=8, guests=0)
    evenings = [evening_with_withdrawal(club, members, seed=11),
                club_evening(club, members, seed=12, series=2),
                club_evening(club, members[:7], seed=13, series=1, rulebook="foster-1922")]
    return club, members, evenings
