"""Engine valuations per second through the Python API (one core), side by side with the engine as it was before
the translation work (the counts made sentences in the reader's language), and a plain-arithmetic floor.

Vocabulary:
    the mix      the deals valued: eight deals of three rulebooks drawn at random (``sample_deals``).
    before       the engine of commit ``BEFORE_TRANSLATION`` (the last before the counts became sentences
                 that can be said again in German): its ``scoring/engine`` is taken out of git into a temporary
                 folder and imported under another package name, so both engines value the same mix in one
                 process, in interleaved rounds (the median of each is reported). Without git or that commit (a
                 tarball of the project) the bench says so and measures today's engine alone.
    shown        valuations whose explanation is read too (as the entry page shows it): the explanation is built
                 only when read, so a valuation alone builds no sentence.
    a second     of this process's CPU time (``time.process_time``): on a shared machine other work does not count
                 against either engine; on an idle one it is the wall-clock second.

Run: python bench/bench_engine.py [--deals 100000] [--rounds 5]  (or ``make bench``). Prints figures; asserts
nothing about time. The aim: at least 150,000 valuations a second on the mix.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import fields
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from scoring.engine import Deal, score  # noqa: E402

BEFORE_TRANSLATION = "df66b65074c311c6066559542ae08df6b16bd147"  # the parent of 22a170c, the translation's first commit
AIM = 150_000


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


clock = time.process_time  # CPU time of this process: see "a second" above


def measure(deals, value=score) -> float:
    start = clock()
    for rulebook, deal in deals:
        value(deal, rulebook)
    return len(deals) / (clock() - start)


def measure_shown(deals) -> float:
    """Valuations with their explanation read, as a page that shows the count does."""
    start = clock()
    for rulebook, deal in deals:
        score(deal, rulebook).explanation  # noqa: B018  (read, as shown)
    return len(deals) / (clock() - start)


def baseline(deals) -> float:
    """The bare arithmetic of a valuation (unit × multipliers), to show the engine's overhead."""
    start = clock()
    for _, deal in deals:
        m = 1 + (deal.points or 0) // 91 + 2
        _ = (12 * m) if (deal.points or 0) >= 61 else -(12 * m)
    return len(deals) / (clock() - start)


def engine_before(folder: Path):
    """The engine of ``BEFORE_TRANSLATION``, imported from git as the package ``engine_before_translation``; or
    the reason it cannot be (no git, no repository, the commit missing)."""
    try:
        archive = subprocess.run(["git", "archive", BEFORE_TRANSLATION, "scoring/engine"], cwd=ROOT,
                                 capture_output=True, check=True, timeout=60).stdout
    except FileNotFoundError:
        return None, "git is not installed"
    except subprocess.CalledProcessError as error:
        reason = error.stderr.decode(errors="replace").strip().splitlines()
        return None, f"git has no commit {BEFORE_TRANSLATION[:7]} here ({reason[-1] if reason else 'no repository'})"
    except subprocess.TimeoutExpired:
        return None, "git did not answer"
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    package = folder / "scoring" / "engine"
    spec = importlib.util.spec_from_file_location("engine_before_translation", package / "__init__.py",
                                                  submodule_search_locations=[str(package)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module, ""


def as_before(before, deals):
    """The same mix as the old engine's own ``Deal`` objects (same fields)."""
    names = [f.name for f in fields(before.Deal)]
    converted = {}
    for _, deal in deals:
        if id(deal) not in converted:
            converted[id(deal)] = before.Deal(**{name: getattr(deal, name) for name in names})
    return [(rulebook, converted[id(deal)]) for rulebook, deal in deals]


def _figures(result) -> tuple:
    return result.won, result.value, result.score, result.multipliers, result.overbid


def run(n: int = 100_000, rounds: int = 5) -> dict:
    deals = sample_deals(n)
    with tempfile.TemporaryDirectory(prefix="engine-before-") as folder:
        before, why_not = engine_before(Path(folder))
        old_deals = as_before(before, deals) if before else None
        if before:  # both engines must count the mix alike (their words differ a little), or this means nothing
            for (rulebook, deal), (_, old) in zip(deals[:200], old_deals[:200]):
                now, then = score(deal, rulebook), before.score(old, rulebook)
                assert _figures(now) == _figures(then), (deal, now, then)
            measure(old_deals[:2000], before.score)
        measure(deals[:2000])  # warm the caches (game names, bids)
        rates, before_rates, shown, floor = [], [], [], []
        for _ in range(rounds):  # interleaved, so a busy moment of the machine touches both
            rates.append(measure(deals))
            if before:
                before_rates.append(measure(old_deals, before.score))
            shown.append(measure_shown(deals[: n // 4]))
            floor.append(baseline(deals))
    median = statistics.median
    return {"valuations_per_second": median(rates), "rounds": rates,
            "before_per_second": median(before_rates) if before else None, "before_rounds": before_rates,
            "why_not_before": why_not, "shown_per_second": median(shown), "baseline_per_second": median(floor)}


def _listed(rates) -> str:
    return ", ".join(f"{rate:,.0f}" for rate in rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    rounds = max(3, options.rounds)
    figures = run(options.deals, rounds)
    rate, before = figures["valuations_per_second"], figures["before_per_second"]
    print(f"{options.deals:,} valuations a round, median of {rounds} interleaved rounds, one core (CPU time)")
    print(f"engine valuations/s today:          {rate:,.0f}  (rounds: {_listed(figures['rounds'])})")
    if before is not None:
        print(f"engine before translation ({BEFORE_TRANSLATION[:7]}):   {before:,.0f}  (rounds: "
              f"{_listed(figures['before_rounds'])})")
        print(f"today / before:                     {rate / before:.2f}x")
    else:
        print(f"engine before translation: could not be measured ({figures['why_not_before']})")
    print(f"valuations/s with the explanation read: {figures['shown_per_second']:,.0f}")
    print(f"bare arithmetic/s, same deals:      {figures['baseline_per_second']:,.0f} "
          f"({figures['baseline_per_second'] / rate:.0f}x the engine)")
    print(f"aim: at least {AIM:,} valuations/s:", "met" if rate >= AIM else "NOT met")
    from summary import report

    if before is not None:
        against, ratio = f"before translation {before:,.0f} /s", f"{rate / before:.2f}x (aim {AIM:,} /s)"
    else:
        against, ratio = "before translation: not measured", f"aim {AIM:,} /s"
    report("engine valuations (one core)", f"{rate:,.0f} /s", against, ratio)


if __name__ == "__main__":
    main()
