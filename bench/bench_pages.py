"""The committee and live pages at 48, 400 and 2,700 players: time, queries and bytes, side by side.

Each hall (fixed tables, 80 deals a table, slips handed in at every tenth table) is built in a scratch database
made beside ``DATABASE_URL`` (SQLite when unset). The pages are fetched in-process through Django's whole
request path (middleware, a logged-in director, templates), the sizes interleaved round by round so a busy
machine slows every size alike; each figure is the median of the rounds. The process settles its loaded
objects as the server does (``common.memory``). The baseline of each page is the same page at 48 players.
Prints figures; asserts nothing (the query counts are asserted in tests/scoring/committee/test_page_scale.py).

    python bench/bench_pages.py [--sizes 48,400,2700] [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hall  # noqa: E402

TARGETS = {"committee": 300, "live": 150}  # ms at 2,700 players: a page the committee reloads all evening


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="48,400,2700")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    url = hall.scratch_url("bench_pages")
    hall.use_database(url)
    try:
        run(sizes, args.rounds, url)
    finally:
        hall.drop_scratch(url)


def run(sizes: list[int], rounds: int, url: str) -> None:
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from common.memory import settle_loaded_objects
    from scoring.models import TournamentScoring

    engine = "PostgreSQL" if hall.is_postgres(url) else "SQLite"
    halls = {}
    for size in sizes:
        started = time.perf_counter()
        halls[size] = hall.build_hall(size, slips_every=10, name=f"Hall of {size}")
        TournamentScoring.objects.filter(tournament=halls[size]).update(published=True)
        print(f"{size} players built in {time.perf_counter() - started:.1f} s ({engine})", flush=True)
    client = Client()
    client.force_login(User.objects.create_superuser("bench-director", password="bench-only"))
    pages = {"committee": "/committee/{}/", "live": "/live/{}/"}
    for page in pages.values():  # warm: templates compiled, settings rows made
        for size in sizes:
            client.get(page.format(halls[size].pk))
    settle_loaded_objects()
    times: dict[tuple[str, int], list[float]] = {}
    facts: dict[tuple[str, int], tuple[int, int]] = {}
    for _ in range(rounds):
        for name, page in pages.items():
            for size in sizes:
                with CaptureQueriesContext(connection) as queries:
                    started = time.perf_counter()
                    response = client.get(page.format(halls[size].pk))
                    times.setdefault((name, size), []).append(time.perf_counter() - started)
                if response.status_code != 200:
                    raise RuntimeError(f"{name} at {size} players answered {response.status_code}")
                facts[(name, size)] = (len(queries.captured_queries), len(response.content))
    from summary import report

    base = sizes[0]
    print(f"\n{'page':<10} {'players':>7} {'median ms':>10} {'queries':>8} {'KB':>8}   (median of {rounds}, {engine})")
    for name in pages:
        reference = statistics.median(times[(name, base)])
        for size in sizes:
            median = statistics.median(times[(name, size)])
            queries, size_bytes = facts[(name, size)]
            print(f"{name:<10} {size:>7} {median * 1000:>10.1f} {queries:>8} {size_bytes / 1024:>8.1f}")
            aim = f", aim {TARGETS[name]} ms" if size == 2700 else ""
            report(f"{name} page, {size} players ({engine})", f"{median * 1000:.0f} ms, {queries} queries",
                   f"{base} players {reference * 1000:.0f} ms, {facts[(name, base)][0]} q",
                   f"{median / reference:.1f}x{aim}")


if __name__ == "__main__":
    main()
