"""One line per benchmark for ``make bench``'s closing table: ``BENCH {json}`` on standard output.

Each benchmark calls ``report`` with its headline figure, the figure it is measured against in the same
run, and its peak memory (the process's maximum resident set, which ``resource`` reports in KiB on Linux).
"""

import json
import resource


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def report(name: str, figure: str, baseline: str, ratio: str) -> None:
    print("BENCH " + json.dumps({"name": name, "figure": figure, "baseline": baseline, "ratio": ratio,
                                 "peak_mib": round(peak_mib(), 1)}), flush=True)
