"""Time drawing every series of an 8-series event by lot, side by side with a plain shuffle of the same field.

Vocabulary: draw = ``draw_by_lot`` (the shuffle, then swaps keeping clubs apart and old table-mates from
meeting again); shuffle = ``seat_by_shuffle`` (the same start, no swaps). Each policy seats its own event, series
after series, its earlier series counting as meetings. clashes / repeats are summed over the series; bound is
the sum of the lower bounds (clubs spread evenly). Prints figures only; nothing here asserts on time.

    python bench/bench_series.py [--series 8] [--seed 1]
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from seating.movements import Entrant, draw_by_lot, meetings, seat_by_shuffle  # noqa: E402


def club_mix(players: int, seed: int) -> list[Entrant]:
    """A congress (or a club evening): a fifth play for no club, the rest for clubs of 3 to 15 members."""
    rng = random.Random(seed)
    entrants, club = [], 0
    while len(entrants) < players:
        if rng.random() < 0.2:
            entrants.append(Entrant(len(entrants) + 1))
            continue
        club += 1
        for _ in range(min(rng.randint(3, 15), players - len(entrants))):
            entrants.append(Entrant(len(entrants) + 1, f"club {club}"))
    return entrants


def four_big_clubs(players: int, seed: int) -> list[Entrant]:
    """The hardest mix for the swaps: four clubs of a quarter each, so only one of each per table is clash-free."""
    return [Entrant(number, "ABCD"[number % 4]) for number in range(1, players + 1)]


def event(seat, entrants, series: int, seed: int):
    """Seat ``series`` series with ``seat``; the times in seconds and the summed figures."""
    earlier, times, clashes, repeats, least = [], [], 0, 0, 0
    for number in range(series):
        started = time.perf_counter()
        seating = seat(entrants, seed=seed + number, met=meetings(earlier))
        times.append(time.perf_counter() - started)
        earlier.append(seating.tables)
        clashes += seating.club_clashes
        repeats += seating.repeat_meetings
        least += seating.least_club_clashes
    return times, clashes, repeats, least


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--series", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.series} series per event; times per series: best / median / slowest, meetings() included")
    print(f"{'players':>7} {'clubs':<14} {'policy':<8} {'best ms':>8} {'median ms':>10} {'max ms':>8}"
          f" {'clashes':>8} {'bound':>6} {'repeats':>8}")
    headline = None
    for players in (14, 400, 2700):
        for label, field in (("club mix", club_mix), ("4 big clubs", four_big_clubs)):
            entrants = field(players, args.seed)
            rows = {}
            for policy, seat in (("draw", draw_by_lot), ("shuffle", seat_by_shuffle)):
                times, clashes, repeats, least = event(seat, entrants, args.series, args.seed)
                rows[policy] = times
                print(f"{players:>7} {label:<14} {policy:<8} {min(times) * 1000:>8.1f}"
                      f" {statistics.median(times) * 1000:>10.1f} {max(times) * 1000:>8.1f}"
                      f" {clashes:>8} {least:>6} {repeats:>8}")
            ratio = statistics.median(rows["draw"]) / statistics.median(rows["shuffle"])
            print(f"{'':>7} {'':<14} draw / shuffle median time: {ratio:.1f}x")
            if players == 2700 and label == "club mix":
                headline = (max(rows["draw"]), statistics.median(rows["shuffle"]), ratio)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from summary import report

    slowest, shuffle, ratio = headline
    report("series lot draw, 2,700 players", f"{slowest * 1000:.0f} ms (slowest of {args.series} series)",
           f"plain shuffle {shuffle * 1000:.0f} ms (median)", f"{ratio:.1f}x")


if __name__ == "__main__":
    main()
