"""The congress print: every document of the three methods' halls, by one print worker and by one a core.

The halls are bench_printing's (registered and drawn in its scratch SQLite database): fixed tables, N-S
stationary, and up the sides and down the middle, each with its tickets, movement cards (not at fixed tables),
guide cards and score sheets. Every document is queued as the director queues it (``print_job_start``) and
rendered by real ``manage.py db_worker --batch`` processes, as ``make run`` starts them: one worker, then as
many as the machine has cores (``os.cpu_count()``), interleaved round by round; the figure of each is the
median wall time of the rounds, from the first job queued to the last PDF stored. Asserts nothing about time;
refuses figures of a run in which any job did not finish.

The full congress (2,700 players a hall) takes many minutes a round; by default a proportional sample (one
twentieth of the players of each hall, the same documents) is printed. ``--full`` prints the whole congress.

    python bench/bench_congress.py [--players 135 | --full] [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_printing  # noqa: E402  (sets Django up on its scratch SQLite database)
from django.core.management import call_command  # noqa: E402

FULL = 2700


def queue_everything(tournaments) -> int:
    """Queue every document of every hall, the largest first (so no core is left with the longest at the end)."""
    from seating.models import PrintJob
    from seating.printing import DOCUMENTS
    from seating.printing.documents import document_pages
    from seating.printing.jobs import print_job_start

    PrintJob.objects.all().delete()
    from django_tasks.backends.database.models import DBTaskResult

    DBTaskResult.objects.all().delete()
    wanted = []
    for tournament in tournaments:
        for kind in DOCUMENTS:
            if tournament.method == "fixed" and kind == "movement-cards":
                continue
            printout, pages = document_pages(tournament, kind, "A4")
            wanted.append((len(pages), tournament, kind))
    for _, tournament, kind in sorted(wanted, key=lambda w: -w[0]):
        print_job_start(tournament, kind, "A4")
    return len(wanted)


def print_with(workers: int, tournaments) -> float:
    """Seconds for ``workers`` print workers to render every queued document."""
    from seating.models import PrintJob

    jobs = queue_everything(tournaments)
    env = {**os.environ, "DATABASE_URL": os.environ["DATABASE_URL"]}
    started = time.perf_counter()
    processes = [subprocess.Popen([sys.executable, "manage.py", "db_worker", "--batch", "--no-reload",
                                   "--no-startup-delay", "--interval", "0.2"], cwd=bench_printing.ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(workers)]
    for process in processes:
        process.wait()
    seconds = time.perf_counter() - started
    done = PrintJob.objects.filter(status=PrintJob.Status.DONE).count()
    if done != jobs:
        raise RuntimeError(f"{jobs - done} of {jobs} print jobs did not finish with {workers} worker(s)")
    from django_tasks.backends.database.models import DBTaskResult

    busy = sum((r.finished_at - r.started_at).total_seconds() for r in DBTaskResult.objects.all())
    print(f"    {workers} worker(s): {seconds:.1f} s wall, {busy:.1f} s of jobs running", flush=True)
    return seconds


def _burn(n: int = 3_000_000) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def cores_ceiling(cores: int) -> float:
    """What the machine gives right now: the same pure arithmetic in one process, then in one process a core
    (a shared machine's other work takes its share of the cores; no print can beat this ratio)."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(cores) as pool:
        list(pool.map(_burn, [1000] * cores))  # the processes started before the clock
        started = time.perf_counter()
        for _ in range(cores):
            _burn()
        one = time.perf_counter() - started
        started = time.perf_counter()
        list(pool.map(_burn, [3_000_000] * cores))
        return one / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=FULL // 20)
    parser.add_argument("--full", action="store_true", help=f"the whole congress: {FULL} players a hall")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    players = FULL if args.full else args.players
    cores = os.cpu_count() or 1
    try:
        call_command("migrate", verbosity=0)
        tournaments = [bench_printing.build(method, players, seed=1907) for method in bench_printing.METHODS]
        from seating.models import PrintJob

        times: dict[int, list[float]] = {1: [], cores: []}
        ceilings = []
        for n in range(args.rounds):
            ceilings.append(cores_ceiling(cores))
            for workers in (1, cores) if n % 2 == 0 else (cores, 1):
                times[workers].append(print_with(workers, tournaments))
                print(f"round {n + 1}: {workers} worker(s) {times[workers][-1]:.1f} s", flush=True)
        jobs = PrintJob.objects.all()
        parts = sum(job.total for job in jobs)
        one, every = statistics.median(times[1]), statistics.median(times[cores])
        scope = "the full congress" if players == FULL else f"a 1/{FULL // players} sample of the congress"
        print(f"{scope}: {len(jobs)} documents, {parts} parts, {players} players a hall; "
              f"median of {args.rounds} interleaved rounds")
        ceiling = statistics.median(ceilings)
        print(f"one print worker: {one:.1f} s; {cores} print workers (one a core): {every:.1f} s; {one / every:.2f}x "
              f"(aim: at least 1.8x on 2 cores); the machine's own ceiling in the same rounds: {ceiling:.2f}x")
        from summary import report

        report(f"congress print, {players} players a hall", f"{every:.1f} s on {cores} workers",
               f"one worker {one:.1f} s", f"{one / every:.2f}x (aim 1.8x; cores gave {ceiling:.2f}x)")
    finally:
        shutil.rmtree(bench_printing.WORKDIR, ignore_errors=True)


if __name__ == "__main__":
    main()
