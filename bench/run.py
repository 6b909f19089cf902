"""Every benchmark, one after the other (``make bench``). Each prints its own figures."""

from pathlib import Path
import runpy
import sys

HERE = Path(__file__).resolve().parent

for script in ("bench_engine.py", "bench_movements.py"):
    print(f"== {script} ==")
    sys.argv = [str(HERE / script)]
    runpy.run_path(str(HERE / script), run_name="__main__")
