"""The overall standings of an event of eight series, against one raw SQL aggregate of the same totals.

400 players at 100 tables of four, eight series (each drawn by lot as the director draws it, 48 deals a table):
38,400 deals, drawn at realistic ISkO frequencies, valued by the rules engine and bulk-inserted into a scratch
PostgreSQL database. Then, side by side in the same run (median of 3): ``event_results`` (the whole event, each
series, teams, categories and the cash, as the committee's page gets them) and one raw SQL aggregate of each
player's game points, games won and lost. Prints both and their ratio. Asserts nothing beyond the totals agreeing.

Run: python bench/bench_series_standings.py   (PostgreSQL on 127.0.0.1:5432; BENCH_PG_URL to change it)
"""

from __future__ import annotations

from pathlib import Path
import random
import sys

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_standings  # noqa: E402  (its scratch-database helpers)

bench_standings.DB_NAME = "skat_bench_series"
PLAYERS, SERIES = 400, 8
CLUBS = 40
# (game, matadores, points, tricks): suit games most often, then grands and the odd null; about one in four lost.
GAMES = [("clubs", 1, 70, 6), ("hearts", -2, 65, 6), ("spades", 1, 50, 4), ("diamonds", 2, 95, 8),
         ("grand", 2, 75, 7), ("grand", 1, 52, 4), ("hearts", 3, 88, 8), ("null", None, None, 0),
         ("clubs", -3, 81, 7), ("spades", 2, 35, 3)]

RAW_SQL = """
SELECT player_id, SUM(score) AS game_points,
       COUNT(*) FILTER (WHERE score > 0) AS games_won,
       COUNT(*) FILTER (WHERE score < 0) AS games_lost
FROM scoring_deal WHERE tournament_id = %s AND NOT voided AND player_id IS NOT NULL
GROUP BY player_id
"""


def build():
    from scoring.engine import Deal as EngineDeal, score
    from scoring.engine.table import active_seats, dealer_seat
    from scoring.models import Deal
    from scoring.tournaments.services import tournament_open
    from seating.models import Player, Seat, Table
    from seating.schedule import schedule_of
    from seating.series import series_draw

    tournament = tournament_open(name="Eight series", rulebook="isko", method="fixed", series_count=SERIES)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Player {n:03d}", club=f"Club {n % CLUBS}")
                                for n in range(PLAYERS)])
    rng = random.Random(2026)
    valued = [(g, score(EngineDeal(game=g, matadores=m, points=p, tricks=t), "isko")) for g, m, p, t in GAMES]
    for number in range(1, SERIES + 1):
        series_draw(tournament=tournament, number=number, how="lot", seed=number)
        seats = {}
        for table_id, seat, player_id in (Seat.objects.filter(tournament=tournament, series=number)
                                          .values_list("table_id", "seat", "player_id")):
            seats.setdefault(table_id, {})[seat] = player_id
        rows = []
        for table in Table.objects.filter(tournament=tournament, series=number):
            for deal in range(1, schedule_of(table).deals + 1):
                dealer = dealer_seat(deal, table.size)
                active = active_seats(dealer, table.size)
                game, result = valued[rng.randrange(len(valued))]
                player = seats[table.id][active[rng.randrange(3)]]
                rows.append(Deal(tournament=tournament, table=table, number=deal, stay=1,
                                 dealer_id=seats[table.id][dealer], declarer_id=player, player_id=player, game=game,
                                 won=result.won, value=result.value, score=result.score,
                                 explanation=result.explanation))
        Deal.objects.bulk_create(rows, batch_size=5000)
    return tournament


def main() -> None:
    bench_standings.setup()
    tournament = build()
    from django.db import connection

    from scoring.committee.event import event_results
    from scoring.models import Deal

    def raw():
        with connection.cursor() as cur:
            cur.execute(RAW_SQL, [tournament.pk])
            return cur.fetchall()

    ours, event = bench_standings.timed(lambda: event_results(tournament), repeat=3)
    theirs, rows = bench_standings.timed(raw, repeat=3)
    check = {player: (points, won, lost) for player, points, won, lost in rows}
    assert all(check[p] == (s.game_scores, s.games_won, s.games_lost)
               for p, s in event.overall.standings.items() if p in check)
    deals = Deal.objects.filter(tournament=tournament).count()
    print(f"{PLAYERS} players, {SERIES} series, {deals} deals (median of 3 runs)")
    print(f"event results (overall, {SERIES} series, teams, categories, cash): {ours * 1000:8.1f} ms")
    print(f"raw SQL aggregate of the same totals:                        {theirs * 1000:8.1f} ms")
    print(f"ratio: {ours / theirs:.1f}x")
    from summary import report

    report(f"event of {SERIES} series, {deals:,} deals", f"{ours * 1000:.0f} ms", f"raw SQL aggregate {theirs * 1000:.0f} ms",
           f"{ours / theirs:.1f}x")
    from django.db import connections

    connections.close_all()
    bench_standings._psql(f"DROP DATABASE IF EXISTS {bench_standings.DB_NAME}")


if __name__ == "__main__":
    main()
