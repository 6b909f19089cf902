"""Every benchmark, one after the other (``make bench``), then one table of every figure with its baseline.

Each script prints its own details as it goes and ``BENCH {json}`` lines (see ``summary``): a figure, the
figure it was measured against in the same run (interleaved, medians), and their ratio. The database
benchmarks run on SQLite, and again on PostgreSQL when ``DATABASE_URL`` names a PostgreSQL server that
answers; each makes a scratch database beside it and drops it.

The printing figures use a proportional sample (a tenth of the 2,700 players of each hall, the same documents),
the congress print a twentieth (it is printed six times: one worker and one a core, three rounds), unless
``--full`` (``make bench FULL=1``): the full congress takes many minutes a round. The leagues' overview reads 8
Staffeln, or with ``--full`` the 64 of an association (some minutes to build).

    python bench/run.py [--full] [--only pages,standings,...]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from hall import is_postgres  # noqa: E402

SQLITE, POSTGRES = "sqlite", "postgres"
# (name, script, its arguments, the databases it runs on: None = its own)
BENCHES = [
    ("engine", "bench_engine.py", [], None),
    ("movements", "bench_movements.py", [], None),
    ("series", "bench_series.py", [], None),
    ("plan", "bench_plan.py", [], None),
    ("seasons", "bench_seasons.py", [], None),
    ("entry", "bench_entry.py", [], (SQLITE, POSTGRES)),
    ("standings", "bench_standings.py", [], (SQLITE, POSTGRES)),
    ("series-standings", "bench_series_standings.py", [], (SQLITE, POSTGRES)),
    ("season-db", "bench_season_db.py", [], (SQLITE, POSTGRES)),
    ("stats", "bench_stats.py", [], (SQLITE, POSTGRES)),
    ("pages", "bench_pages.py", [], (SQLITE, POSTGRES)),
    ("public", "bench_public.py", [], (SQLITE, POSTGRES)),
    ("members", "bench_members.py", [], (SQLITE, POSTGRES)),
    ("cache-backends", "bench_cache_backends.py", [], (SQLITE, POSTGRES)),
    ("app-servers", "bench_app_servers.py", [], (POSTGRES,)),
    ("printing", "bench_printing.py", ["--players", "270"], None),
    ("congress", "bench_congress.py", [], None),
    ("leagues", "bench_leagues.py", ["--staffeln", "8"], (SQLITE, POSTGRES)),
    ("association", "bench_association.py", [], (SQLITE, POSTGRES)),
]
FULL_ARGS = {"printing": ["--players", "2700"], "congress": ["--full"], "leagues": ["--staffeln", "64"]}


def machine() -> str:
    model = ""
    try:
        model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                      if line.startswith("model name")), "")
    except OSError:
        pass
    return (f"{platform.node()}: {model or platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
            f"{platform.system()} {platform.release()}, Python {platform.python_version()}")


def postgres_answers(url: str) -> bool:
    if not is_postgres(url):
        return False
    try:
        import psycopg

        with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", connect_timeout=3):
            return True
    except Exception:  # noqa: BLE001  (any failure means: not there)
        return False


def run(script: str, args: list[str], env: dict, rows: list[dict]) -> None:
    process = subprocess.Popen([sys.executable, str(HERE / script), *args], stdout=subprocess.PIPE, text=True,
                               cwd=HERE.parent, env=env)
    for line in process.stdout:
        if line.startswith("BENCH "):
            rows.append(json.loads(line[6:]))
        else:
            print(line, end="", flush=True)
    if process.wait() != 0:
        rows.append({"name": script, "figure": f"FAILED (exit {process.returncode})", "baseline": "", "ratio": "",
                     "peak_mib": ""})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="the full congress print (many minutes)")
    parser.add_argument("--only", default="", help="comma-separated names: " + ", ".join(b[0] for b in BENCHES))
    options = parser.parse_args()
    only = set(filter(None, options.only.split(",")))
    url = os.environ.get("DATABASE_URL", "")
    postgres = url if postgres_answers(url) else ""
    where = {SQLITE: {k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
             POSTGRES: {**os.environ, "DATABASE_URL": postgres}}
    print(f"machine: {machine()}")
    print(f"PostgreSQL: {'beside ' + postgres.rsplit('@', 1)[-1] if postgres else 'not asked for or not answering'}")
    rows: list[dict] = []
    for name, script, args, databases in BENCHES:
        if only and name not in only:
            continue
        args = FULL_ARGS.get(name, args) if options.full else args
        for database in databases or (None,):
            if database == POSTGRES and not postgres:
                rows.append({"name": f"{name} (PostgreSQL)", "figure": "skipped", "baseline": "no PostgreSQL",
                             "ratio": "", "peak_mib": ""})
                continue
            print(f"\n== {script} {' '.join(args)}{f' on {database}' if database else ''} ==", flush=True)
            run(script, args, where[database] if database else dict(os.environ), rows)
    print(f"\nmachine: {machine()}")
    print(f"{'benchmark':<44} {'figure':<30} {'measured against':<36} {'ratio':<34} {'peak MiB':>8}")
    for row in rows:
        print(f"{row['name']:<44} {row['figure']:<30} {row['baseline']:<36} {row['ratio']:<34} {row['peak_mib']:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
