"""Club evenings for the season tests: ISkO events of a club whose players are its members, every deal played."""

import random
from decimal import Decimal

from clubs.models import Club, Member
from scoring.management.demo import demo_play
from scoring.tournaments.services import tournament_open
from seating.event_series import series_draw
from seating.models import Player, SeriesDraw, Tournament

NAMES = ["Anna Albers", "Bernd Bauer", "Carla Claus", "Dieter Dahl", "Erika Ebert", "Franz Fink", "Gerda Graf",
         "Hans Hahn", "Inge Imhof", "Jens Jost", "Karin Kraus", "Lutz Lang", "Maria Maier", "Nils Noack"]


def club_with_members(slug: str = "skatfreunde", count: int = 12, guests: int = 2) -> tuple[Club, list[Member]]:
    club = Club.objects.create(slug=slug, name=f"Skatfreunde {slug}")
    members = [Member.objects.create(club=club, name=name, home_club=club.name,
                                     categories="Damen" if name.split()[0][-1] in "ae" else "")
               for name in NAMES[:count]]
    members += [Member.objects.create(club=club, name=f"Gast {n}", home_club="Nachbarverein", guest=True)
                for n in range(1, guests + 1)]
    return club, members


def club_evening(club: Club, members: list[Member], *, seed: int, absent: float = 0.0, series: int = 2,
                 fee: str = "10.00", rulebook: str = "isko") -> Tournament:
    """An evening of ``club`` (ISkO's Seeger-Fabian, or ``rulebook``'s system): its members but the ``absent``
    share (by the seed), ``series`` series by lot."""
    rng = random.Random(seed)
    present = [m for m in members if rng.random() >= absent]
    tournament = tournament_open(name=f"Clubabend {seed}", rulebook=rulebook, method="fixed", series_count=series,
                                 club=club)
    tournament.scoring.entry_fee = Decimal(fee)
    tournament.scoring.save()
    Player.objects.bulk_create([Player(tournament=tournament, name=m.name, club=m.home_club, member=m)
                                for m in present])
    series_draw(tournament=tournament, number=1, how=SeriesDraw.How.LOT, seed=seed)
    demo_play(tournament, seed=seed)
    return tournament


def two_evenings_one_hidden(rules: dict):
    """(season, evenings): two evenings of eight members and a guest, some absent, in a season under ``rules``;
    Bernd Bauer did not agree to publication, so public pages call him "Player N"."""
    from seasons.services import season_add, season_create

    club, members = club_with_members(count=8, guests=1)
    members[1].public = False
    members[1].save()
    evenings = [club_evening(club, members, seed=seed, absent=0.2) for seed in (5, 6)]
    season = season_create(club=club, slug="2026", name="Vereinsmeisterschaft 2026", rules=rules)
    season_add(season=season, tournaments=evenings)
    return season, evenings
