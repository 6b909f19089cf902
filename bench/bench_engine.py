"""Engine valuations per second through the Python API (one core), with a plain-arithmetic baseline.

Run: python bench/bench_engine.py  (or ``make bench``). Prints figures; asserts nothing about time.
"""

from pathlib import Path
import random
import sys
import time

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from scoring.engine import Deal, score  # noqa: E402


def sample_deals(n: int, seed: int = 1) -> list[tuple[str, Deal]]:
    rng = random.Random(seed)
    pool = [
        ("foster-1922", Deal(game="club solo", matadores="with 2", points=79, tricks=8, bid=33)),
        ("foster-1922", Deal(game="spade tournee", matadores="without 10", points=67, tricks=4, bid=10)),
        ("foster-1922", Deal(game="gucki grand", matadores="with 4", points=56, tricks=4)),
        ("foster-1922", Deal(game="diamond tournee", matadores="with 1", points=70, tricks=6, bid=12)),
        ("foster-1922", Deal(game="nullo", tricks=1)),
        ("nasl-1908", Deal(game="grand solo", matadores="with 1", points=95, tricks=8)),
        ("isko", Deal(game="clubs", hand=True, matadores="with 1", points=74, tricks=6, bid=46)),
        ("isko", Deal(game="grand", matadores="with 2", points=88, tricks=7, bid=48, kontra=True)),
    ]
    return [rng.choice(pool) for _ in range(n)]


def measure(deals) -> float:
    start = time.perf_counter()
    for rulebook, deal in deals:
        score(deal, rulebook)
    return len(deals) / (time.perf_counter() - start)


def baseline(deals) -> float:
    """The bare arithmetic of a valuation (unit × multipliers), to show the engine's overhead."""
    start = time.perf_counter()
    for _, deal in deals:
        m = 1 + (deal.points or 0) // 91 + 2
        _ = (12 * m) if (deal.points or 0) >= 61 else -(12 * m)
    return len(deals) / (time.perf_counter() - start)


def run(n: int = 200_000) -> dict:
    deals = sample_deals(n)
    measure(deals[:1000])  # warm the caches (game names, bids)
    rate = max(measure(deals) for _ in range(3))
    base = max(baseline(deals) for _ in range(3))
    return {"valuations_per_second": rate, "baseline_per_second": base, "ratio": base / rate}


if __name__ == "__main__":
    figures = run()
    print(f"engine valuations/s (one core): {figures['valuations_per_second']:,.0f}")
    print(f"bare arithmetic/s, same deals:   {figures['baseline_per_second']:,.0f}")
    print(f"ratio (arithmetic / engine):    {figures['ratio']:.1f}x")
    print("target: at least 100,000 valuations/s:", "met" if figures["valuations_per_second"] >= 100_000 else "NOT met")
    from summary import report

    report("engine valuations (one core)", f"{figures['valuations_per_second']:,.0f} /s",
           f"bare arithmetic {figures['baseline_per_second']:,.0f} /s", f"{figures['ratio']:.0f}x slower")
