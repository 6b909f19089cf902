"""League play read from the database: a Staffel's table after its match days, and an association's overview of
its Staffeln (each table, and the 9th places compared across them), each against one SQL aggregate over the same
deals.

Each Staffel: 16 teams (5 days: the affine plane), its days played a week apart and over (the last a week ago),
every day seated through ``leagues.services.day_seat`` (ISkO events of the hosts' clubs, the day's plan), its deals
bulk-loaded as ``hall`` does (48 a table of four, every deal a valued game). The first reading keeps each event's
series totals (``KeptSeriesTotal``); then, interleaved and each the median of the rounds:

- a Staffel's table (``leagues.tables.league_table_reading``: the teams' series sums added in the database), beside
  the full reading of the same Staffel (``league_reading(...).table()``: every player's row of every series) and one
  SQL aggregate over its deals (each team's deal scores summed per series): the floor of any reading of them;
- the association's overview (``leagues.tables.overview``: every Staffel's table and the 9th places compared, the 4
  worst going down) beside one SQL aggregate over all its deals.

The queries are counted side by side: a table of 8 and of 16 teams, an overview of 2 Staffeln of 8 teams and of
all the Staffeln of 16; they must be the same.

    python bench/bench_leagues.py [--staffeln 64] [--days 5] [--rounds 3]

64 Staffeln of 5 days is some 740,000 deals (many minutes to build); ``--staffeln 4 --days 1`` is quick.
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
    import datetime

    from django.utils import timezone

    from scoring.engine import Deal as EngineDeal, score
    from scoring.models import Deal
    from leagues import services
    from leagues.models import MatchDay
    from seating.models import Table

    league = services.league_create(club=club, slug=slug, name=f"Staffel {slug}", rules={"days": days})
    for t in range(teams):
        services.team_add(league=league, name=f"{slug} Team {t + 1}",
                          roster=[f"{slug} T{t + 1} Spieler {n}" for n in range(1, 6)])
    services.schedule_make(league=league, seed=seed)
    today = timezone.localdate()
    for day in range(1, days + 1):  # a week apart, the last a week ago: the season's table after its days
        MatchDay.objects.filter(league=league, number=day).update(
            date=today - datetime.timedelta(weeks=days + 1 - day))
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


def queries_of(function) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        function()
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
    from leagues.selectors import league_reading
    from leagues.tables import league_table_reading, overview
    from scoring.models import Deal

    association = Club.objects.create(slug="verband", name="Landesverband")
    district = Club.objects.create(slug="bezirk", name="Bezirk")  # two small Staffeln: the queries compared
    started = time.perf_counter()
    small = [build_league(district, f"acht{n}", 8, args.days, args.seed + 100 + n) for n in range(2)]
    staffeln = [build_league(association, f"s{n:02d}", 16, args.days, args.seed + n) for n in range(args.staffeln)]
    deals = Deal.objects.count()
    print(f"{engine}: {args.staffeln} Staffeln of 16 teams, {args.days} days, {deals:,} deals, built in "
          f"{time.perf_counter() - started:.0f} s")
    if engine == "PostgreSQL":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")

    one, one_events = staffeln[0]
    every_event = [t for _league, events in staffeln for t in events]
    started = time.perf_counter()
    overview(district), overview(association, place=9, down=4)  # the first reading keeps the events' totals
    print(f"the first overview, keeping every event's series totals: {time.perf_counter() - started:.1f} s")

    table_counts = (queries_of(lambda: league_table_reading(small[0][0])),
                    queries_of(lambda: league_table_reading(one)))
    overview_counts = (queries_of(lambda: overview(district, place=9, down=4)),
                       queries_of(lambda: overview(association, place=9, down=4)))
    print(f"queries of a Staffel's table: {table_counts[0]} for 8 teams, {table_counts[1]} for 16 teams; of the "
          f"overview: {overview_counts[0]} for 2 Staffeln of 8 teams, {overview_counts[1]} for {args.staffeln} "
          f"Staffeln of 16 teams")
    assert table_counts[0] == table_counts[1] and overview_counts[0] == overview_counts[1], \
        "the queries grow with the teams or the Staffeln"

    def aggregate(events):
        with connection.cursor() as cursor:
            cursor.execute(AGGREGATE.format(ids=",".join(str(t.pk) for t in events)))
            return cursor.fetchall()

    assert [row.team for row in league_table_reading(one).rows] == [row.team for row in league_reading(one).table()]
    times = {"table": [], "full": [], "table floor": [], "overview": [], "overview floor": []}
    for _ in range(args.rounds):
        for name, work in (("table", lambda: league_table_reading(one)),
                           ("table floor", lambda: aggregate(one_events)),
                           ("full", lambda: league_reading(one).table()),
                           ("overview", lambda: overview(association, place=9, down=4)),
                           ("overview floor", lambda: aggregate(every_event))):
            started = time.perf_counter()
            work()
            times[name].append(time.perf_counter() - started)
    median = {name: statistics.median(values) for name, values in times.items()}
    from summary import report

    for label, ours, floor in (("a Staffel's table", "table", "table floor"),
                               ("the full reading of a Staffel", "full", "table floor"),
                               (f"the overview of {args.staffeln} Staffeln", "overview", "overview floor")):
        ratio = median[ours] / median[floor]
        print(f"{label}: {median[ours] * 1000:.1f} ms, one SQL aggregate {median[floor] * 1000:.1f} ms, "
              f"{ratio:.2f}x")
        report(f"league: {label}, {args.days} days ({engine})", f"{median[ours] * 1000:.1f} ms",
               f"one SQL aggregate {median[floor] * 1000:.1f} ms", f"{ratio:.2f}x")


if __name__ == "__main__":
    main()
