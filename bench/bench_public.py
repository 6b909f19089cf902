"""Many readers must not slow the tables: the median save at the tables with and without 200 readers
polling the public live page, side by side in one run.

Vocabulary:
    save      the real save of a deal: POST /t/<token>/save/ as the phone sends it, over HTTP under gunicorn with
              ``make run``'s settings (``bench_entry``'s server, client and deals).
    reader    a phone or a browser at home on the public live page of the event being entered
              (/club/<slug>/results/<id>/live/, the htmx request the page polls with), every 10 s as the page
              does; the 200 readers start at random moments of the first 10 s, so their polls are spread.
    round     ``CLIENTS`` tables entering ``DEALS_A_TABLE`` deals each on a fresh published event, without
              readers or with them; rounds alternate (without first, then with first, ...), ``ROUNDS`` of each.
    ratio     with / without, of the medians of the rounds' median save; the target is at most 1.5x.

Run: python bench/bench_public.py  [DATABASE_URL=postgres://...]
"""

from __future__ import annotations

import random
import sys
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from statistics import median

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_entry  # noqa: E402

READERS = 200
POLL_SECONDS = 10  # as templates/public/_live_rows.html polls
CLIENTS = 4
DEALS_A_TABLE = 40
ROUNDS = 3


def _published_tables(count: int) -> tuple[list, str]:
    """``count`` fresh tables of one new published event, and its live page's path."""
    from scoring.tournaments.services import tournament_publish

    tables = bench_entry.make_tables(count)
    tournament = tables[0][0].tournament
    tournament_publish(tournament)
    return tables, f"/club/{tournament.club.slug}/results/{tournament.pk}/live/"


class Readers:
    """``READERS`` threads polling ``path`` every ``POLL_SECONDS`` until stopped; counts answers and their times."""

    def __init__(self, path: str):
        self.path, self.stop, self.times, self.failures = path, threading.Event(), [], 0
        self.threads = [threading.Thread(target=self._poll, daemon=True) for _ in range(READERS)]

    def _poll(self) -> None:
        if self.stop.wait(random.uniform(0, POLL_SECONDS)):
            return
        request = urllib.request.Request(f"http://127.0.0.1:{bench_entry.PORT}{self.path}",
                                         headers={"HX-Request": "true"})
        while not self.stop.is_set():
            start = time.perf_counter()
            try:
                with urllib.request.urlopen(request, timeout=30) as response:
                    response.read()
                self.times.append(time.perf_counter() - start)
            except OSError:
                self.failures += 1
            self.stop.wait(POLL_SECONDS)

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        time.sleep(POLL_SECONDS)  # every reader is polling before a save is timed
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for thread in self.threads:
            thread.join(40)


def one_round(readers: bool) -> tuple[float, dict]:
    """The median save of ``CLIENTS`` tables entering at once (and the readers' figures, when there are some)."""
    tables, path = _published_tables(CLIENTS)
    jobs = [(f"/t/{token}/save/", token, bench_entry.deal_posts(table)[:DEALS_A_TABLE]) for table, token in tables]

    def enter():
        with ThreadPoolExecutor(CLIENTS) as pool:
            runs = list(pool.map(lambda job: bench_entry._enter_over_http(*job), jobs))
        return median(t for run, _, _ in runs for t in run)

    if not readers:
        time.sleep(POLL_SECONDS)  # the same pause the readers' start takes, so both rounds begin alike
        return enter(), {}
    with Readers(path) as polling:
        saved = enter()
    return saved, {"polls": len(polling.times), "failures": polling.failures,
                   "median_ms": median(polling.times) * 1000 if polling.times else None}


def measure() -> dict:
    url, kind = bench_entry._scratch_database()
    bench_entry._setup(url)
    server = bench_entry._start_server(url)
    try:
        bench_entry.warm_up()
        without, with_readers, polls = [], [], []
        for number in range(ROUNDS):
            for readers in ((False, True) if number % 2 == 0 else (True, False)):
                saved, figures = one_round(readers)
                (with_readers if readers else without).append(saved)
                if figures:
                    polls.append(figures)
    finally:
        server.terminate()
        server.wait(20)
        bench_entry._drop_database(url, kind)
    return {"database": kind, "without_ms": median(without) * 1000, "with_ms": median(with_readers) * 1000,
            "polls": polls}


def main() -> None:
    from summary import report

    f = measure()
    ratio = f["with_ms"] / f["without_ms"]
    print(f"database: {f['database']}; {CLIENTS} tables entering {DEALS_A_TABLE} deals each, {ROUNDS} rounds of each")
    print(f"median save without readers {f['without_ms']:.1f} ms, with {READERS} readers polling the live page "
          f"every {POLL_SECONDS} s {f['with_ms']:.1f} ms: {ratio:.2f}x (target <= 1.5x)")
    for figures in f["polls"]:
        print(f"  readers: {figures['polls']} polls answered, {figures['failures']} failed, median "
              f"{figures['median_ms'] or 0:.1f} ms")
    report(f"save with {READERS} readers ({f['database']})", f"{f['with_ms']:.1f} ms/deal",
           f"without {f['without_ms']:.1f} ms/deal", f"{ratio:.2f}x")


if __name__ == "__main__":
    main()
