"""Standings and prizes at the scale of the Chicago congress of 1907, against one SQL aggregate of the same totals.

2,700 players at 675 fixed tables, 80 deals each: 54,000 deals, drawn at realistic frequencies and valued by
the rules engine (``hall.build_hall``), in a scratch database made beside ``DATABASE_URL`` (SQLite when unset).
Then, interleaved round by round and each the median of the rounds: ``tournament_results`` and its ranking
(every player's standing in ranking order and the prize list, as the committee's page gets them, from the totals
the database keeps) and one SQL aggregate over the deals themselves (points and games per player). Checks that
both give the same totals and that the kept totals equal a fresh GROUP BY of the deals; prints both, the ratio
and the peak memory of the Python path. Asserts nothing about time.

    python bench/bench_standings.py [--rounds 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hall  # noqa: E402

PLAYERS = 2700  # Chicago 1907: 675 fixed tables of four, Foster's twenty rounds (80 deals) each


def raw_sql() -> str:
    """The same totals in one SQL aggregate, with the won/lost rule's own SQL (read once Django is set up)."""
    from scoring.results.columns import LOST_SQL, WON_SQL

    return f"""
    SELECT player_id,
           SUM(CASE WHEN {WON_SQL} THEN score ELSE 0 END) AS points_won,
           SUM(CASE WHEN {LOST_SQL} THEN -score ELSE 0 END) AS points_lost,
           SUM(CASE WHEN {WON_SQL} THEN 1 ELSE 0 END) AS games_won,
           SUM(CASE WHEN {LOST_SQL} THEN 1 ELSE 0 END) AS games_lost
    FROM scoring_deal WHERE tournament_id = %s AND NOT voided AND player_id IS NOT NULL
    GROUP BY player_id
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    url = hall.scratch_url("bench_standings")
    hall.use_database(url)
    try:
        run(args.rounds, "PostgreSQL" if hall.is_postgres(url) else "SQLite")
    finally:
        hall.drop_scratch(url)


def run(rounds: int, engine: str) -> None:
    from django.db import connection

    from common.memory import settle_loaded_objects
    from scoring.results import tallies_check, tournament_results

    tournament = hall.build_hall(PLAYERS)
    if engine == "PostgreSQL":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")  # every table, as autovacuum leaves them after a bulk load

    def raw():
        with connection.cursor() as cursor:
            cursor.execute(raw_sql(), [tournament.pk])
            return cursor.fetchall()

    tournament_results(tournament)  # warm
    settle_loaded_objects()
    ours_times, raw_times = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        results = tournament_results(tournament)
        results.ranked()
        ours_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        rows = raw()
        raw_times.append(time.perf_counter() - started)
    ours, theirs = statistics.median(ours_times), statistics.median(raw_times)
    tracemalloc.start()
    tournament_results(tournament)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    kept_differ = tallies_check(tournament)
    check = {r[0]: tuple(int(x) for x in r[1:]) for r in rows}
    mismatched = [p for p, s in results.standings.items()
                  if check.get(p, (0, 0, 0, 0)) != (s.points_won, s.points_lost, s.games_won, s.games_lost)]
    print(f"{engine}: {len(results.standings)} players, {len(rows)} players' aggregates over 54,000 deals, "
          f"median of {rounds} interleaved rounds; totals {'AGREE' if not mismatched else 'DISAGREE'}; kept totals "
          f"{'EQUAL a fresh GROUP BY' if not kept_differ else f'DIFFER in {len(kept_differ)} groups'}")
    print(f"standings + prizes, ranked:              {ours * 1000:8.1f} ms, peak Python memory {peak / 2**20:.1f} MiB")
    print(f"one SQL aggregate over the same rows:    {theirs * 1000:8.1f} ms")
    print(f"ratio: {ours / theirs:.1f}x (aim: no more than 2x)")
    from summary import report

    report(f"standings + prizes, 54,000 deals ({engine})", f"{ours * 1000:.0f} ms",
           f"SQL aggregate {theirs * 1000:.0f} ms", f"{ours / theirs:.1f}x (aim 2x)"
           + ("" if not mismatched else f" TOTALS DISAGREE for {len(mismatched)}")
           + ("" if not kept_differ else f" KEPT TOTALS DIFFER in {len(kept_differ)} groups"))


if __name__ == "__main__":
    main()
