"""Time recomputing a season table: 52 evenings of 60 players, 4 series each (15 tables of 48 deals a series, about
150,000 deals), against one SQL aggregate of the same totals.

Vocabulary: table = ``seasons.core.season_table`` (every member's counted and dropped series, figures, ranks,
prizes, the explanation line by line, and the category tables) from the series' scores; aggregate = one
``SELECT member, SUM(score), COUNT(*), SUM(games) … GROUP BY member`` over the same series rows in an in-memory
SQLite database (the floor: the totals alone, without a rule). The club has 80 members; each evening 60 of them
play (the others are absent), so the minimum of series and the penalty for missed ones matter. Each rule set is
timed ``--runs`` times, interleaved with the aggregate; medians. Exits 1 when a table takes a second or more.

    python bench/bench_seasons.py [--evenings 52] [--players 60] [--runs 5] [--seed 1]
"""

import argparse
import random
import sqlite3
import statistics
import sys
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from seasons.core import Evening, MemberResults, SeriesResult, parse_rules, season_table  # noqa: E402

SERIES = 4
RULE_SETS = {
    "average, best 150 + worst 4, min 100": {"score": "average", "best": 150, "worst_kept": 4, "min_series": 100,
                                              "tie": ["more_series", "best_single"]},
    "total, missed penalty, prizes": {"missed_penalty": 50, "holdback_percent": 25, "prizes": [300, 200, 100],
                                      "category_prizes": {"Damen": [50, 30], "Senioren": [50, 30]}},
    "per game, min 2,000 games": {"score": "per_game", "min_games": 2000},
    "placement, best 30 evenings": {"score": "placement", "placement_points": [25, 20, 16, 13, 11, 10, 9, 8, 7, 6,
                                                                               5, 4, 3, 2, 1], "best": 30},
}


def season(evenings: int, players: int, seed: int) -> tuple[list[Evening], list[MemberResults]]:
    rng = random.Random(seed)
    club = list(range(1, players * 4 // 3 + 1))
    categories = {m: frozenset(rng.sample(["Damen", "Senioren", "Junioren"], rng.randint(0, 1))) for m in club}
    series = {m: [] for m in club}
    places = {m: [] for m in club}
    nights = [Evening(t, f"Evening {t}", SERIES, Decimal(players * 10)) for t in range(1, evenings + 1)]
    for night in nights:
        present = rng.sample(club, players)
        totals = {}
        for number in range(1, SERIES + 1):
            for member in present:
                score = rng.randint(-400, 2400)
                totals[member] = totals.get(member, 0) + score
                series[member].append(SeriesResult(night.tournament, number, score, 12))
        for place, member in enumerate(sorted(present, key=lambda m: -totals[m]), start=1):
            places[member].append((night.tournament, place))
    members = [MemberResults(m, f"Member {m}", tuple(series[m]), tuple(places[m]), categories[m]) for m in club]
    return nights, members


def aggregate(members: list[MemberResults]) -> tuple[sqlite3.Connection, str]:
    database = sqlite3.connect(":memory:")
    database.execute("CREATE TABLE series (member INTEGER, tournament INTEGER, number INTEGER, score INTEGER,"
                     " games INTEGER)")
    database.executemany("INSERT INTO series VALUES (?, ?, ?, ?, ?)",
                         [(m.member, s.tournament, s.series, s.score, s.games) for m in members for s in m.series])
    return database, "SELECT member, SUM(score), COUNT(*), SUM(games) FROM series GROUP BY member"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=52)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    nights, members = season(args.evenings, args.players, args.seed)
    rows = sum(len(m.series) for m in members)
    deals = args.evenings * SERIES * (args.players // 4) * 48
    print(f"{args.evenings} evenings x {args.players} of {len(members)} members x {SERIES} series: {rows} series "
          f"rows (about {deals:,} deals); medians of {args.runs} runs")
    database, query = aggregate(members)
    print(f"{'rules':<40} {'table ms':>9} {'aggregate ms':>13} {'ratio':>7} {'ranked':>7}")
    slowest = (0.0, "", 0.0)
    for label, data in RULE_SETS.items():
        rules = parse_rules(data)
        tables, sums = [], []
        for _ in range(args.runs):
            started = time.perf_counter()
            table = season_table(rules, nights, members)
            tables.append(time.perf_counter() - started)
            started = time.perf_counter()
            totals = database.execute(query).fetchall()
            sums.append(time.perf_counter() - started)
        assert len(totals) == len(table.rows)
        ranked = sum(1 for row in table.rows if row.qualified)
        ratio = statistics.median(tables) / statistics.median(sums)
        print(f"{label:<40} {statistics.median(tables) * 1000:>9.1f} {statistics.median(sums) * 1000:>13.2f} "
              f"{ratio:>6.0f}x {ranked:>7}")
        if max(tables) > slowest[0]:
            slowest = (max(tables), label, statistics.median(sums))
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from summary import report

    worst, label, floor = slowest
    report(f"season table, {args.evenings} x {args.players} x {SERIES} series",
           f"{worst * 1000:.0f} ms (slowest: {label})",
           f"one SQL aggregate {floor * 1000:.1f} ms", f"{worst / floor:.0f}x")
    if worst >= 1.0:
        print(f"TOO SLOW: {worst:.2f} s for one table (the aim is under a second)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
