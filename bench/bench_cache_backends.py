"""Which shared cache costs the hall's saves less: the database cache or the file cache, side by side in one run.

Vocabulary:
    backend   the cache every process of the server shares when no Redis is set (settings.CACHES): ``database``
              (a table in the event's database, made by ``migrate``) or ``file`` (files in the event folder).
    round     ``bench_public``'s round with readers: ``CLIENTS`` tables entering ``DEALS_A_TABLE`` deals on a fresh
              published event over HTTP under gunicorn with ``make run``'s settings, while ``READERS`` phones poll
              its live page (the cached table); one server a backend, both on the same database, rounds
              alternating (database first, then file first, ...), ``ROUNDS`` of each.
    operation a cache call as the product makes it, timed in this process against each backend on the same
              database: the live table's get (a hit) and set, and the sign-up limit's add + incr.

Prints the median save of each backend, their ratio, the readers' polls, and each operation's median.
Asserts nothing about speed.

Run: python bench/bench_cache_backends.py  [DATABASE_URL=postgres://...]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_entry  # noqa: E402
import bench_public  # noqa: E402

BACKENDS = ("database", "file")
ROUNDS = 3
OPERATIONS = 300


def _operations(folder: Path) -> dict[str, dict[str, float]]:
    """Each backend's median milliseconds for the product's cache calls."""
    from django.core.cache.backends.db import DatabaseCache
    from django.core.cache.backends.filebased import FileBasedCache

    caches = {"database": DatabaseCache("skat_cache", {}), "file": FileBasedCache(str(folder / "ops"), {})}
    table = b"<tr><td>1</td><td>A player</td></tr>" * 60  # a live table's size, about 2 KB
    figures: dict[str, dict[str, list[float]]] = {name: {"get": [], "set": [], "add+incr": []} for name in BACKENDS}
    for number in range(OPERATIONS):
        for name in (BACKENDS if number % 2 == 0 else BACKENDS[::-1]):
            cache = caches[name]
            start = time.perf_counter()
            cache.set("public:live:1:en", table, 5)
            figures[name]["set"].append(time.perf_counter() - start)
            start = time.perf_counter()
            cache.get("public:live:1:en")
            figures[name]["get"].append(time.perf_counter() - start)
            start = time.perf_counter()
            cache.add(f"signup:10.0.0.{number % 50}", 0, 3600)
            cache.incr(f"signup:10.0.0.{number % 50}")
            figures[name]["add+incr"].append(time.perf_counter() - start)
    return {name: {op: median(times) * 1000 for op, times in ops.items()} for name, ops in figures.items()}


def measure() -> dict:
    folder = Path(tempfile.mkdtemp(prefix="skat-bench-cache-"))
    bench_entry.DB_NAME = "skat_bench_cache_backends"  # a scratch database of its own, beside bench_entry's
    url, kind = bench_entry._scratch_database()
    os.environ.pop("REDIS_URL", None)
    bench_entry._setup(url)  # migrate makes the cache table
    servers, ports = {}, {}
    try:
        for name in BACKENDS:
            os.environ.update(CACHE_BACKEND=name, EVENT_DIR=str(folder / name))
            servers[name] = bench_entry._start_server(url)
            ports[name] = bench_entry.PORT
        for name in BACKENDS:
            bench_entry.PORT = ports[name]
            bench_entry.warm_up()
        saves: dict[str, list[float]] = {name: [] for name in BACKENDS}
        polls: dict[str, list[dict]] = {name: [] for name in BACKENDS}
        for number in range(ROUNDS):
            for name in (BACKENDS if number % 2 == 0 else BACKENDS[::-1]):
                bench_entry.PORT = ports[name]
                saved, figures = bench_public.one_round(readers=True)
                saves[name].append(saved)
                polls[name].append(figures)
        operations = _operations(folder)
    finally:
        for server in servers.values():
            server.terminate()
            server.wait(20)
        bench_entry._drop_database(url, kind)
    return {"database": kind, "save_ms": {name: median(times) * 1000 for name, times in saves.items()},
            "polls": polls, "operations": operations}


def main() -> None:
    from summary import report

    f = measure()
    database, file = f["save_ms"]["database"], f["save_ms"]["file"]
    print(f"database: {f['database']}; {bench_public.CLIENTS} tables entering {bench_public.DEALS_A_TABLE} deals "
          f"each with {bench_public.READERS} readers polling the live page, {ROUNDS} rounds a backend")
    print(f"{'':>22}{'database cache':>16}{'file cache':>14}")
    print(f"{'median save':>22}{database:>13.1f} ms{file:>11.1f} ms")
    for op in ("get", "set", "add+incr"):
        print(f"{op:>22}{f['operations']['database'][op]:>13.2f} ms{f['operations']['file'][op]:>11.2f} ms")
    for name in BACKENDS:
        for figures in f["polls"][name]:
            print(f"  {name}: {figures['polls']} polls answered, {figures['failures']} failed, median "
                  f"{figures['median_ms'] or 0:.1f} ms")
    report(f"save under readers, database cache / file cache ({f['database']})", f"{database:.1f} ms/deal",
           f"file {file:.1f} ms/deal", f"{database / file:.2f}x")


if __name__ == "__main__":
    main()
