"""Every benchmark, one after the other (``make bench``), then one table of their headline figures.

Each script prints its own details as it goes and one ``BENCH {json}`` line (see ``summary``).
The HTTP entry and standings benchmarks need PostgreSQL on 127.0.0.1:5432; printing the full congress
set takes a long while (its progress is shown).
"""

import json
from pathlib import Path
import subprocess
import sys

HERE = Path(__file__).resolve().parent
SCRIPTS = [
    "bench_engine.py", "bench_movements.py", "bench_series.py", "bench_entry.py", "bench_standings.py",
    "bench_series_standings.py",
    "bench_printing.py",
]


def main() -> int:
    rows = []
    for script in SCRIPTS:
        print(f"\n== {script} ==", flush=True)
        process = subprocess.Popen([sys.executable, str(HERE / script)], stdout=subprocess.PIPE, text=True,
                                   cwd=HERE.parent)
        for line in process.stdout:
            if line.startswith("BENCH "):
                rows.append(json.loads(line[6:]))
            else:
                print(line, end="", flush=True)
        if process.wait() != 0:
            rows.append({"name": script, "figure": f"FAILED (exit {process.returncode})", "baseline": "",
                         "ratio": "", "peak_mib": ""})
    print("\n" + f"{'benchmark':<34} {'figure':<34} {'measured against':<36} {'ratio':<14} {'peak MiB':>8}")
    for row in rows:
        print(f"{row['name']:<34} {row['figure']:<34} {row['baseline']:<36} {row['ratio']:<14} {row['peak_mib']:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
