"""League play read from the database: a Staffel's table after its match days, and an association's overview of
many Staffeln (each table and one place compared across them), each against one SQL aggregate over the same deals.

Each Staffel: 16 teams (5 days: the affine plane), every day seated through ``leagues.services.day_seat`` (ISkO
events of the hosts' clubs, the day's plan), its deals bulk-loaded as ``hall`` does (48 a table of four, 36 a table
of three, every deal a valued game). Then, interleaved and each the median of the rounds: ``league_reading`` and its
table (every event's series totals read at once through ``scoring.results.events_series_totals``) and one SQL
aggregate (each team's deal scores summed per series, grouped by the seat holder's team): the floor of any reading
of these deals. The queries of a reading are counted for 8 and for 16 teams: they must not grow with the teams.

    python bench/bench_leagues.py [--staffeln 64] [--days 5] [--rounds 3]

Building 64 Staffeln of 5 days is about three million deals (many minutes); ``--staffeln 4 --days 1`` is quick.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hall  # noqa: E402

AGGREGATE = """
    SELECT p.club, t.series, SUM(d.score) FROM scoring_deal d JOIN seating_table t ON t.id = d.table_id
    JOIN seating_player p ON p.id = d.player_id
    WHERE d.tournament_id IN ({ids}) AND NOT d.voided GROUP BY p.club, t.series
"""


def build_league(club, slug: str, teams: int, days: int, seed: int):
    from scoring.engine import Deal as EngineDeal, score
    from scoring.models import Deal
    from leagues import services
    from seating.models import Table

    league = services.league_create(club=club, slug=slug, name=f"Staffel {slug}", rules={"days": days})
    for t in range(teams):
        services.team_add(league=league, name=f"{slug} Team {t + 1}",
                          roster=[f"{slug} T{t + 1} Spieler {n}" for n in range(1, 6)])
    services.schedule_make(league=league, seed=seed)
    valued = [(g, score(EngineDeal(game=g, matadores=m, points=p, tricks=t))) for g, m, p, t in hall.GAMES]
    rng = random.Random(seed)
    events = []
    for day in range(1, days + 1):
        for group in services.day_seat(league=league, day=day, seed=seed + day):
            tournament = group.tournament
            events.append(tournament)
            rows = hall.played_deals(tournament, Table.objects.filter(tournament=tournament),
                                     _seats(tournament), valued, rng)
            Deal.objects.bulk_create(rows, batch_size=5000)
    return league, events


def _seats(tournament):
    from seating.models import Seat

    seats = {}
    for table_id, seat, player_id in Seat.objects.filter(tournament=tournament).values_list("table_id", "seat",
                                                                                          "player_id"):
        seats.setdefault(table_id, {})[seat] = player_id
    return seats


def queries_of_a_reading(league) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from leagues.selectors import league_reading

    with CaptureQueriesContext(connection) as captured:
        league_reading(league).table()
    return len(captured.captured_queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--staffeln", type=int, default=64)
    parser.add_argument("--days", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    url = hall.scratch_url("bench_leagues")
    hall.use_database(url)
    try:
        run(args, "PostgreSQL" if hall.is_postgres(url) else "SQLite")
    finally:
        hall.drop_scratch(url)


def run(args, engine: str) -> None:
    from django.db import connection

    from clubs.models import Club
    from leagues.core import compare_place
    from leagues.selectors import league_reading
    from scoring.models import Deal

    club = Club.objects.create(slug="verband", name="Landesverband")
    started = time.perf_counter()
    small, _events = build_league(club, "acht", 8, 1, args.seed)
    staffeln = [build_league(club, f"s{n:02d}", 16, args.days, args.seed + n) for n in range(args.staffeln)]
    deals = Deal.objects.count()
    print(f"{engine}: {args.staffeln} Staffeln of 16 teams, {args.days} days, {deals:,} deals, built in "
          f"{time.perf_counter() - started:.0f} s")
    if engine == "PostgreSQL":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    eight, sixteen = queries_of_a_reading(small), queries_of_a_reading(staffeln[0][0])
    print(f"queries of a reading: {eight} for 8 teams, {sixteen} for 16 teams")
    assert eight == sixteen, "the queries of a reading grow with the teams"

    def aggregate(events):
        with connection.cursor() as cursor:
            cursor.execute(AGGREGATE.format(ids=",".join(str(t.pk) for t in events)))
            return cursor.fetchall()

    one, one_events = staffeln[0]
    every_event = [t for _league, events in staffeln for t in events]
    table_times, table_floor, overview_times, overview_floor = [], [], [], []
    league_reading(one).table()  # warm
    for _ in range(args.rounds):
        started = time.perf_counter()
        league_reading(one).table()
        table_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        aggregate(one_events)
        table_floor.append(time.perf_counter() - started)
        started = time.perf_counter()
        tables = {league.slug: league_reading(league).table() for league, _events in staffeln}
        compare_place(tables, 9, ("points", "game_points"))
        overview_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        aggregate(every_event)
        overview_floor.append(time.perf_counter() - started)
    from summary import report

    for label, ours, floor in (("a Staffel's table", table_times, table_floor),
                               (f"the overview of {args.staffeln} Staffeln", overview_times, overview_floor)):
        ratio = statistics.median(ours) / statistics.median(floor)
        print(f"{label}: {statistics.median(ours) * 1000:.0f} ms, one SQL aggregate "
              f"{statistics.median(floor) * 1000:.1f} ms, {ratio:.1f}x")
        report(f"league: {label}, {args.days} days ({engine})", f"{statistics.median(ours) * 1000:.0f} ms",
               f"one SQL aggregate {statistics.median(floor) * 1000:.1f} ms", f"{ratio:.1f}x")


if __name__ == "__main__":
    main()
