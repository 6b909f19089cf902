"""A hall of a given size for the page benchmarks: players drawn at fixed tables, every deal entered.

Vocabulary:
    scratch database   a database of its own for one benchmark, made beside the one ``DATABASE_URL`` names (a
                       PostgreSQL database ``<name>_<suffix>``, or an SQLite file in a temporary folder) and
                       dropped at the end; the database ``DATABASE_URL`` names is never written to.
    hall               a ``fixed`` tournament of ``players`` at tables of four, 4 deals a round as Foster plays,
                       every deal a valued game drawn at realistic frequencies (seeded: the same hall every run).
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# (game, matadores, points, tricks): a spread of the games a session sees, most of them Tournees and Solos.
GAMES = [("diamond tournee", 1, 70, 6), ("heart tournee", -2, 65, 6), ("spade tournee", 1, 50, 4),
         ("club tournee", 2, 95, 8), ("heart solo", 1, 75, 7), ("club solo", 3, 58, 5), ("spade solo", -4, 80, 7),
         ("tournee grand", 2, 72, 6), ("gucki grand", 1, 55, 4), ("solo grand", 1, 90, 8), ("nullo", None, None, 0),
         ("heart passt-mir-nicht", 1, 62, 5), ("diamond solo", -6, 66, 6)]


def database_url() -> str:
    """The database the run was pointed at (``DATABASE_URL``), SQLite when unset."""
    return os.environ.get("DATABASE_URL", "")


def is_postgres(url: str) -> bool:
    return url.startswith(("postgres://", "postgresql://"))


def _admin(url: str):
    import psycopg

    return psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True)


def scratch_url(suffix: str, url: str | None = None) -> str:
    """Make an empty scratch database for ``suffix`` and return its URL."""
    url = database_url() if url is None else url
    if is_postgres(url):
        name = f"{url.rsplit('/', 1)[1] or 'skat'}_{suffix}"
        with _admin(url) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
        return url.rsplit("/", 1)[0] + "/" + name
    return f"sqlite:///{tempfile.mkdtemp(prefix='skat-bench-')}/{suffix}.sqlite3"


def drop_scratch(url: str) -> None:
    if is_postgres(url):
        from django.db import connections

        connections.close_all()
        with _admin(url) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}"')


def use_database(url: str) -> None:
    """Set Django up on ``url`` and migrate it."""
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skat_tourney.settings")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-" + "x" * 40)
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,127.0.0.1")
    os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    # In-process pages read the static files as they are, with no collected manifest.
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    call_command("migrate", verbosity=0)


def build_hall(players: int, *, rounds: int = 20, seed: int = 1907, name: str = "", slips_every: int = 0):
    """A drawn ``fixed`` tournament of ``players`` with every deal of its schedule entered and valued (and, with
    ``slips_every``, slips handed in at every so many tables)."""
    from scoring.engine import Deal as EngineDeal
    from scoring.engine import score
    from scoring.models import Deal
    from scoring.tournaments.selectors import scoring_settings
    from seating.models import Player, Table, Tournament
    from seating.services import tournament_draw

    tournament = Tournament.objects.create(name=name or f"Hall of {players}", method="fixed", session_rounds=rounds)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Player {n:04d}", club=f"Club {n % 40}",
                                       is_expert=n % 4 == 0) for n in range(players)])
    tournament_draw(tournament=tournament, seed=seed)
    scoring_settings(tournament).save()  # the settings row a tournament opened on the site has
    valued = [(g, score(EngineDeal(game=g, matadores=m, points=p, tricks=t))) for g, m, p, t in GAMES]
    seats = seats_of(tournament)
    rows = played_deals(tournament, Table.objects.filter(tournament=tournament), seats, valued, random.Random(seed))
    Deal.objects.bulk_create(rows, batch_size=2000)
    if slips_every:
        _hand_in_slips(tournament, seats, slips_every)
    return tournament


def seats_of(tournament, series: int | None = None) -> dict[int, dict[int, int]]:
    """table id → seat → player id."""
    from seating.models import Seat

    seats: dict[int, dict[int, int]] = {}
    for table_id, seat, player_id in (Seat.objects.filter(tournament=tournament, **({} if series is None else
                                                                                   {"series": series}))
                                      .values_list("table_id", "seat", "player_id")):
        seats.setdefault(table_id, {})[seat] = player_id
    return seats


def played_deals(tournament, tables, seats: dict[int, dict[int, int]], valued: list, rng: random.Random) -> list:
    """Every deal of the tables' schedules, each a game of ``valued`` (name, engine result) drawn by ``rng`` and
    played by one of the three active players, as unsaved ``Deal`` rows for ``bulk_create``."""
    from scoring.engine.table import active_seats, dealer_seat
    from scoring.models import Deal
    from seating.schedule import schedule_of

    rows = []
    for table in tables:
        for number in range(1, schedule_of(table).deals + 1):
            dealer = dealer_seat(number, table.size)
            active = active_seats(dealer, table.size)
            game, result = valued[rng.randrange(len(valued))]
            player = seats[table.id][active[rng.randrange(3)]]
            rows.append(Deal(tournament=tournament, table=table, number=number, stay=1,
                             dealer_id=seats[table.id][dealer], declarer_id=player, player_id=player, game=game,
                             won=result.won, value=result.value, score=result.score, explanation=result.explanation,
                             matadores_without=-result.matadores if result.won and (result.matadores or 0) < 0 else 0))
    return rows


def _hand_in_slips(tournament, seats: dict[int, dict[int, int]], every: int) -> None:
    """Slips at every ``every``-th table: half OK'd, all saying other than the sheet (the committee sees them)."""
    from scoring.models import Slip

    slips = []
    for n, (table_id, sitting) in enumerate(sorted(seats.items())):
        if n % every:
            continue
        players = [sitting[seat] for seat in sorted(sitting)]
        for i, player in enumerate(players):
            slips.append(Slip(tournament=tournament, table_id=table_id, stay=1, player_id=player, net_points=7 * i,
                              net_games=i, ok_by_id=players[(i + 1) % len(players)] if i % 2 else None))
    Slip.objects.bulk_create(slips, batch_size=2000)
