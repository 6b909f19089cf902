"""The overall standings of an event of eight series, against one raw SQL aggregate of the same totals.

400 players at 100 tables of four, eight series (each drawn by lot as the director draws it, 48 deals a table):
38,400 deals, drawn at realistic ISkO frequencies, valued by the rules engine and bulk-inserted into a scratch
database beside ``DATABASE_URL`` (SQLite when unset). Then, interleaved round by round (median of 5):
``event_results`` with every series and its teams (the whole event, each series, teams, categories and the cash)
and one raw SQL aggregate of each player's game points, games won and lost. Prints both and their ratio. Asserts
nothing beyond the totals agreeing.

Run: python bench/bench_series_standings.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import statistics  # noqa: E402
import time  # noqa: E402

import hall  # noqa: E402  (the scratch database)

ROUNDS = 5
PLAYERS, SERIES = 400, 8
CLUBS = 40
# (game, matadores, points, tricks): suit games most often, then grands and the odd null; about one in four lost.
GAMES = [("clubs", 1, 70, 6), ("hearts", -2, 65, 6), ("spades", 1, 50, 4), ("diamonds", 2, 95, 8),
         ("grand", 2, 75, 7), ("grand", 1, 52, 4), ("hearts", 3, 88, 8), ("null", None, None, 0),
         ("clubs", -3, 81, 7), ("spades", 2, 35, 3)]


def raw_sql() -> str:
    """The same totals in one SQL aggregate, with the won/lost rule's own SQL (read once Django is set up)."""
    from scoring.results.columns import LOST_SQL, WON_SQL

    return f"""
    SELECT player_id, SUM(score) AS game_points,
           COUNT(*) FILTER (WHERE {WON_SQL}) AS games_won,
           COUNT(*) FILTER (WHERE {LOST_SQL}) AS games_lost
    FROM scoring_deal WHERE tournament_id = %s AND NOT voided AND player_id IS NOT NULL
    GROUP BY player_id
"""


def build():
    from scoring.engine import Deal as EngineDeal
    from scoring.engine import score
    from scoring.models import Deal
    from scoring.tournaments.services import tournament_open
    from seating.event_series import series_draw
    from seating.models import Player, Table

    tournament = tournament_open(name="Eight series", rulebook="isko", method="fixed", series_count=SERIES)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Player {n:03d}", club=f"Club {n % CLUBS}")
                                for n in range(PLAYERS)])
    rng = random.Random(2026)
    valued = [(g, score(EngineDeal(game=g, matadores=m, points=p, tricks=t), "isko")) for g, m, p, t in GAMES]
    for number in range(1, SERIES + 1):
        series_draw(tournament=tournament, number=number, how="lot", seed=number)
        rows = hall.played_deals(tournament, Table.objects.filter(tournament=tournament, series=number),
                                 hall.seats_of(tournament, number), valued, rng)
        Deal.objects.bulk_create(rows, batch_size=5000)
    return tournament


def main() -> None:
    url = hall.scratch_url("bench_series")
    hall.use_database(url)
    try:
        run()
    finally:
        hall.drop_scratch(url)


def run() -> None:
    tournament = build()
    from django.db import connection

    from scoring.models import Deal
    from scoring.results import event_results

    def raw():
        with connection.cursor() as cur:
            cur.execute(raw_sql(), [tournament.pk])
            return cur.fetchall()

    def every_series():
        event = event_results(tournament)
        event.series, event.series_teams  # noqa: B018  (every series computed, as the workbook needs them)
        return event

    times = {"ours": [], "raw": []}
    for _ in range(ROUNDS):
        for name, work in (("ours", every_series), ("raw", raw)):
            started = time.perf_counter()
            result = work()
            times[name].append(time.perf_counter() - started)
            if name == "ours":
                event = result
            else:
                rows = result
    ours, theirs = statistics.median(times["ours"]), statistics.median(times["raw"])
    check = {player: (points, won, lost) for player, points, won, lost in rows}
    assert all(check[p] == (s.game_scores, s.games_won, s.games_lost)
               for p, s in event.overall.standings.items() if p in check)
    deals = Deal.objects.filter(tournament=tournament).count()
    print(f"{PLAYERS} players, {SERIES} series, {deals} deals (median of {ROUNDS} interleaved rounds)")
    print(f"event results (overall, {SERIES} series, teams, categories, cash): {ours * 1000:8.1f} ms")
    print(f"raw SQL aggregate of the same totals:                        {theirs * 1000:8.1f} ms")
    print(f"ratio: {ours / theirs:.1f}x")
    from summary import report

    report(f"event of {SERIES} series, {deals:,} deals ({connection.vendor})", f"{ours * 1000:.0f} ms", f"raw SQL aggregate {theirs * 1000:.0f} ms",
           f"{ours / theirs:.1f}x")


if __name__ == "__main__":
    main()
