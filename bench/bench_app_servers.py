"""What one more app server buys a host: saves a second with 30 phones entering at once, against one app server
and against two on the same PostgreSQL database, side by side in one run.

Vocabulary:
    app server   gunicorn with ``make run``'s settings (skat_tourney/gunicorn.conf.py: two processes of eight
                 threads) on a port of its own, all on one database and, when ``REDIS_URL`` is set, one Redis.
    phone        a client entering one table's deals over HTTP as the phone's page posts them
                 (``bench_entry._enter_over_http``); with two servers the phones are shared out in turn, as a
                 proxy would.
    round        ``PHONES`` fresh tables, each entering ``DEALS_A_TABLE`` deals at once; saves a second = every
                 deal saved / the seconds from the first post to the last answer. Rounds alternate (one server
                 first, then two first, ...), ``ROUNDS`` of each; the figure is the median of the rounds.

The servers share the machine with the phones and the database: on a machine of few cores a second server adds
processes, not cores, and the figure says what that buys there. Needs PostgreSQL (SQLite is one writer at a time
on one machine, no host's set-up): DATABASE_URL=postgres://... Asserts nothing about speed, only that every deal
is saved exactly once.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/x python bench/bench_app_servers.py
"""

from __future__ import annotations

import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from statistics import median

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_entry  # noqa: E402

PHONES = 30
DEALS_A_TABLE = 20
ROUNDS = 3


def one_round(ports: list[int]) -> float:
    """Saves a second of ``PHONES`` phones shared out over the servers on ``ports``."""
    from scoring.models import Deal

    tables = bench_entry.make_tables(PHONES)
    jobs = [(f"/t/{token}/save/", token, bench_entry.deal_posts(table)[:DEALS_A_TABLE], ports[n % len(ports)])
            for n, (table, token) in enumerate(tables)]
    with ThreadPoolExecutor(PHONES) as pool:
        runs = list(pool.map(lambda job: bench_entry._enter_over_http(*job), jobs))
    wall = max(end for _, _, end in runs) - min(began for _, began, _ in runs)
    saved = sum(len(times) for times, _, _ in runs)
    counted = Deal.objects.filter(table__in=[table for table, _ in tables]).count()
    assert saved == counted == PHONES * DEALS_A_TABLE, (saved, counted)
    return saved / wall


def measure() -> dict:
    bench_entry.DB_NAME = "skat_bench_app_servers"  # a scratch database of its own, beside bench_entry's
    url, kind = bench_entry._scratch_database()
    if kind != "PostgreSQL":
        raise SystemExit("bench_app_servers needs PostgreSQL: DATABASE_URL=postgres://...")
    os.environ["EVENT_DIR"] = tempfile.mkdtemp(prefix="skat-bench-servers-")
    bench_entry._setup(url)
    servers, ports = [], []
    try:
        for _ in range(2):
            servers.append(bench_entry._start_server(url))
            ports.append(bench_entry.PORT)
        for port in ports:
            bench_entry.PORT = port
            bench_entry.warm_up()
        figures: dict[int, list[float]] = {1: [], 2: []}
        for number in range(ROUNDS):
            for count in ((1, 2) if number % 2 == 0 else (2, 1)):
                figures[count].append(one_round(ports[:count]))
    finally:
        for server in servers:
            server.terminate()
            server.wait(20)
        bench_entry._drop_database(url, kind)
    return {"one": median(figures[1]), "two": median(figures[2]), "rounds": figures,
            "cores": os.cpu_count(), "redis": bool(os.environ.get("REDIS_URL"))}


def main() -> None:
    from summary import report

    f = measure()
    ratio = f["two"] / f["one"]
    print(f"PostgreSQL, {PHONES} phones entering {DEALS_A_TABLE} deals each, {ROUNDS} rounds each, "
          f"{f['cores']} cores, cache: {'Redis' if f['redis'] else 'the database'}")
    print(f"one app server {f['one']:.1f} saves/s, two app servers {f['two']:.1f} saves/s: {ratio:.2f}x")
    for count, label in ((1, "one"), (2, "two")):
        print(f"  {label}: " + ", ".join(f"{figure:.1f}" for figure in f["rounds"][count]) + " saves/s")
    report(f"saves/s, 2 app servers / 1 ({PHONES} phones, PostgreSQL)", f"{f['two']:.1f} saves/s",
           f"1 server {f['one']:.1f} saves/s", f"{ratio:.2f}x")


if __name__ == "__main__":
    main()
