"""Standings and prizes at the scale of the Chicago congress of 1907, against one raw SQL aggregate.

2,700 players at 675 fixed tables, 80 deals each: 54,000 deals, drawn at realistic frequencies and
valued by the rules engine, bulk-inserted into a scratch PostgreSQL database. Then, side by side in the
same run: ``tournament_results`` (every player's standing and the prize list, as the committee's pages
get them) and one raw SQL aggregate over the same rows (points and games per player). Prints both, the
ratio and the peak memory of the Python path. Asserts nothing.

Run: python bench/bench_standings.py   (PostgreSQL on 127.0.0.1:5432; BENCH_PG_URL to change it)
"""

from __future__ import annotations

import os
from pathlib import Path
import random
import statistics
import sys
import time
import tracemalloc

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
ADMIN_URL = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = "skat_bench_standings"
PLAYERS = 2700  # Chicago 1907: 675 fixed tables of four, Foster's twenty rounds (80 deals) each

# (game, matadores, points, tricks): a spread of the games a session sees, most of them Tournees and Solos.
GAMES = [("diamond tournee", 1, 70, 6), ("heart tournee", -2, 65, 6), ("spade tournee", 1, 50, 4),
         ("club tournee", 2, 95, 8), ("heart solo", 1, 75, 7), ("club solo", 3, 58, 5), ("spade solo", -4, 80, 7),
         ("tournee grand", 2, 72, 6), ("gucki grand", 1, 55, 4), ("solo grand", 1, 90, 8), ("nullo", None, None, 0),
         ("heart passt-mir-nicht", 1, 62, 5), ("diamond solo", -6, 66, 6)]


def _psql(sql: str) -> None:
    import psycopg

    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        conn.execute(sql)


def setup() -> None:
    _psql(f"DROP DATABASE IF EXISTS {DB_NAME}")
    _psql(f"CREATE DATABASE {DB_NAME}")
    os.environ["DATABASE_URL"] = ADMIN_URL.rsplit("/", 1)[0] + f"/{DB_NAME}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skat_tourney.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def build():
    from scoring.engine import Deal as EngineDeal, score
    from scoring.engine.table import active_seats, dealer_seat
    from scoring.models import Deal
    from scoring.tournaments.selectors import scoring_settings
    from seating.models import Player, Seat, Table, Tournament
    from seating.schedule import schedule_of
    from seating.services import tournament_draw

    tournament = Tournament.objects.create(name="Chicago 1907", method="fixed", session_rounds=20)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Player {n:04d}", is_expert=n % 4 == 0)
                                for n in range(PLAYERS)])
    tournament_draw(tournament=tournament, seed=1907)
    scoring_settings(tournament)
    rng = random.Random(1907)
    seats = {}
    for table_id, seat, player_id in Seat.objects.filter(tournament=tournament).values_list("table_id", "seat", "player_id"):
        seats.setdefault(table_id, {})[seat] = player_id
    valued = [(g, score(EngineDeal(game=g, matadores=m, points=p, tricks=t))) for g, m, p, t in GAMES]
    rows = []
    for table in Table.objects.filter(tournament=tournament):
        for number in range(1, schedule_of(table).deals + 1):  # the drawn schedule: 80 deals a table
            dealer = dealer_seat(number, table.size)
            active = active_seats(dealer, table.size)
            game, result = valued[rng.randrange(len(valued))]
            player = seats[table.id][active[rng.randrange(3)]]
            rows.append(Deal(tournament=tournament, table=table, number=number, stay=1,
                             dealer_id=seats[table.id][dealer], declarer_id=player, player_id=player, game=game,
                             won=result.won, value=result.value, score=result.score, explanation=result.explanation,
                             matadores_without=-result.matadores if result.won and (result.matadores or 0) < 0 else 0))
    Deal.objects.bulk_create(rows, batch_size=5000)
    return tournament


RAW_SQL = """
SELECT player_id,
       SUM(CASE WHEN score > 0 THEN score ELSE 0 END) AS points_won,
       SUM(CASE WHEN score < 0 THEN -score ELSE 0 END) AS points_lost,
       COUNT(*) FILTER (WHERE score > 0) AS games_won,
       COUNT(*) FILTER (WHERE score < 0) AS games_lost
FROM scoring_deal WHERE tournament_id = %s AND NOT voided AND player_id IS NOT NULL
GROUP BY player_id
"""


def timed(fn, repeat: int = 5) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    setup()
    tournament = build()
    from django.db import connection

    from scoring.committee.results import tournament_results

    def raw():
        with connection.cursor() as cur:
            cur.execute(RAW_SQL, [tournament.pk])
            return cur.fetchall()

    if os.environ.get("BENCH_PROFILE"):
        import cProfile
        import pstats

        from django.db import connection as conn
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(conn) as queries:
            cProfile.runctx("tournament_results(tournament)", globals(), locals(), "/tmp/standings.prof")
        for q in queries.captured_queries:
            print(q["time"], q["sql"][:120])
        pstats.Stats("/tmp/standings.prof").sort_stats("cumtime").print_stats(20)
    ours, results = timed(lambda: tournament_results(tournament))
    theirs, rows = timed(raw)
    tracemalloc.start()
    tournament_results(tournament)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    check = {r[0]: (r[1], r[2], r[3], r[4]) for r in rows}
    assert all(check[p][:2] == (s.points_won, s.points_lost) for p, s in results.standings.items() if p in check)
    print(f"{len(results.standings)} players, {len(rows)} players' aggregates over 54,000 deals (median of 5 runs)")
    print(f"standings + prizes (tournament_results): {ours * 1000:8.1f} ms, peak Python memory {peak / 2**20:.1f} MiB")
    print(f"raw SQL aggregate over the same rows:    {theirs * 1000:8.1f} ms")
    print(f"ratio: {ours / theirs:.1f}x (aim: no more than 2x)")
    from summary import report

    report("standings + prizes, 54,000 deals", f"{ours * 1000:.0f} ms", f"raw SQL aggregate {theirs * 1000:.0f} ms",
           f"{ours / theirs:.1f}x (aim 2x)")
    from django.db import connections

    connections.close_all()
    _psql(f"DROP DATABASE IF EXISTS {DB_NAME}")


if __name__ == "__main__":
    main()
