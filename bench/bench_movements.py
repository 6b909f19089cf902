"""Time laying out and drawing seats for the largest congress on record: 2,700 players, 675 tables.

Vocabulary: plan = ``plan_layout`` (tables, sections, phantoms) + ``draw_plan`` (players onto seats from a
seed). Prints figures only; nothing here asserts on time.

    python bench/bench_movements.py [--players 2700] [--repeat 5]
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from seating.movements import Method, Remainder, draw_plan, plan_layout, table_sizes  # noqa: E402

CASES = [
    (Method.FIXED, None),
    (Method.NS_STATIONARY, Remainder.EXTRA_TABLES),
    (Method.NS_STATIONARY, Remainder.SIT_OUT),
    (Method.UP_SIDES, Remainder.EXTRA_TABLES),
    (Method.UP_SIDES, Remainder.SIT_OUT),
]


def _plan_once(method, remainder, players, experts, seed):
    started = time.perf_counter()
    layout = plan_layout(method, len(players), remainder=remainder)
    laid_out = time.perf_counter()
    plan = draw_plan(layout, players, rng=random.Random(seed), experts=experts)
    drawn = time.perf_counter()
    return plan, laid_out - started, drawn - laid_out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2700)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    players = [f"player-{number:05d}" for number in range(1, args.players + 1)]
    experts = frozenset(players[: len(table_sizes(args.players))])
    print(f"{args.players} players, {len(table_sizes(args.players))} tables, best / median of {args.repeat}")
    print(f"{'method':<22} {'remainder':<13} {'layout ms':>10} {'draw ms':>10} {'total best/median':>17}  plan")
    slowest = 0.0
    for method, remainder in CASES:
        runs = [
            _plan_once(method, remainder, players, experts if method is Method.FIXED else frozenset(), seed)
            for seed in range(args.repeat)
        ]
        totals = [(layout + draw) * 1000 for _, layout, draw in runs]
        plan = runs[0][0]
        stays = sum(len(section.stays) for section in plan.sections)
        shape = f"{len(plan.sections)} sections, {stays} section-stays, {len(plan.fixed_tables)} fixed tables"
        print(
            f"{method.value:<22} {remainder.value if remainder else '-':<13}"
            f" {min(layout for _, layout, _ in runs) * 1000:>10.1f}"
            f" {min(draw for _, _, draw in runs) * 1000:>10.1f}"
            f" {f'{min(totals):.1f}/{statistics.median(totals):.1f} ms':>17}  {shape}"
        )
        slowest = max(slowest, min(totals))
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from summary import report

    report(f"plan + seat draw, {args.players} players", f"{slowest:.0f} ms (slowest method)", "-", "-")


if __name__ == "__main__":
    main()
