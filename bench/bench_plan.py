"""Time planning a whole event at once, side by side with drawing the same series one at a time.

Vocabulary: plan = ``plan_event`` (every series planned together; it starts from the one-at-a-time draw and
keeps it if nothing better is found, so its time includes that draw); one at a time = ``one_at_a_time`` (series k
by ``draw_by_lot`` with seed + k, each avoiding the meetings before it). repeated = pairs of players who meet in
more than one series; most = most meetings of one pair; clubs = pairs of one club at one table; spread = the most
times a player sits at a table of three less the fewest; uneven = the threes' unevenness (0: every player's count
of tables of three within one of every other's); bound = the counting lower bound on repeated pairs. Prints
figures only; nothing here asserts on time.

    python bench/bench_plan.py [--seed 2026] [--rounds 3]
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_series import club_mix, four_big_clubs  # noqa: E402

from seating.movements import Entrant, one_at_a_time, plan_event, plan_quality  # noqa: E402

SIZES = [(400, 8, "club mix"), (400, 8, "4 clubs"), (402, 8, "club mix"), (48, 4, "no clubs"), (64, 5, "no clubs"),
         (14, 3, "no clubs"), (16, 5, "no clubs"), (36, 9, "no clubs"), (22, 4, "club mix"), (30, 5, "club mix"),
         (26, 6, "no clubs"), (22, 4, "2 clubs"), (30, 5, "2 clubs"), (21, 6, "no clubs"), (22, 6, "no clubs")]

FIELDS = {"club mix": club_mix, "4 clubs": four_big_clubs,
          "2 clubs": lambda players, seed: [Entrant(number, "AB"[number % 2]) for number in range(1, players + 1)],
          "no clubs": lambda players, seed: [Entrant(number) for number in range(1, players + 1)]}


def timed(function, rounds: int):
    times, result = [], None
    for _ in range(rounds):
        started = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - started)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"median of {args.rounds} rounds; seed {args.seed}")
    print(f"{'players':>7} {'series':>6} {'clubs':<9} {'how':<13} {'seconds':>8} {'repeated':>8} {'most':>5}"
          f" {'clubs':>6} {'spread':>6} {'uneven':>6} {'bound':>6}")
    headline = None
    for players, series, label in SIZES:
        entrants = FIELDS[label](players, args.seed)
        clubs = {entrant.id: entrant.club for entrant in entrants}
        fields = [entrants] * series
        plan_time, plan = timed(lambda entrants=entrants, series=series: plan_event(entrants, series=series, seed=args.seed), args.rounds)
        lot_time, drawn = timed(lambda fields=fields: one_at_a_time(fields, seed=args.seed), args.rounds)
        lot = plan_quality([seating.tables for seating in drawn], clubs=clubs, fields=fields)
        for how, seconds, quality in (("plan", plan_time, plan.quality), ("one at a time", lot_time, lot)):
            print(f"{players:>7} {series:>6} {label:<9} {how:<13} {seconds:>8.2f} {quality.repeated_pairs:>8}"
                  f" {quality.most_meetings:>5} {quality.club_pairs:>6} {quality.threes_spread:>6}"
                  f" {quality.uneven_threes:>6}"
                  f" {quality.least_repeated_pairs:>6}")
        if (players, series, label) == (400, 8, "club mix"):
            headline = (plan_time, plan.quality.repeated_pairs, lot_time, lot.repeated_pairs)
    from summary import report

    plan_time, plan_repeats, lot_time, lot_repeats = headline
    report("event plan, 400 players x 8 series", f"{plan_time:.2f} s, {plan_repeats} repeated pairs",
           f"one at a time {lot_time:.2f} s, {lot_repeats} repeated pairs", f"{plan_time / lot_time:.1f}x")


if __name__ == "__main__":
    main()
