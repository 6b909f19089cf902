"""League play read from the database: a Staffel's table after its match days, and an association's overview of
its Staffeln (each table, and the 9th places compared across them), each against one SQL aggregate over the same
deals.

Each Staffel: 16 teams (5 days: the affine plane), its days played a week apart and over (the last a week ago),
every day seated through ``leagues.services.day_seat`` (ISkO events of the hosts' clubs, the day's plan), its deals
bulk-loaded as ``hall`` does (48 a table of four, every deal a valued game). The first reading keeps each event's
series totals (``KeptSeriesTotal``); then, interleaved and each the median of the rounds:

- a Staffel's table (``leagues.tables.league_table_reading``: the teams' series sums added in the database), beside
  the reading of the pages that show players (``league_reading``: every player's row of every series, its table
  and its Einzelwertung) and one SQL aggregate over its deals (``AGGREGATE``: each player's games and list total
  in each series, what those pages show): the floor of any reading of them. Before any time is taken, the
  reading's figures (each player's games and total per series, each team's sum per series) are checked against
  the aggregate's;
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
    SELECT s.tournament_id, s.series, s.player_id, COUNT(d.id),
           COALESCE(SUM(CASE WHEN d.player_id = s.player_id
                             THEN d.score + CASE WHEN d.score > 0 THEN 50 ELSE -50 END
                             WHEN d.kind = 'game' AND d.score < 0 THEN CASE WHEN t.size = 3 THEN 40 ELSE 30 END
                             ELSE 0 END), 0)
    FROM seating_seat s JOIN seating_table t ON t.id = s.table_id
    JOIN scoring_deal d ON d.table_id = s.table_id AND d.stay = s.stay AND NOT d.voided
    WHERE s.tournament_id IN ({ids}) GROUP BY s.tournament_id, s.series, s.player_id
"""
"""What the pages that show players show, from the deals themselves: each player's games and list total
(Seeger-Fabian: a game's score, 50 more when won and 50 less when lost, and 40 at a table of three, 30 at a table
of four, for every game another player at his table lost) in each series of each event."""


def build_league(club, slug: str, teams: int, days: int, seed: int):
    import datetime

    from django.utils import timezone

    from leagues import services
    from leagues.models import MatchDay
    from scoring.engine import Deal as EngineDeal
    from scoring.engine import score
    from scoring.models import Deal
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


def pages_reading(league):
    """What the pages that show players read: every player's series (a day, a team, the Spielbericht), the table
    and the Einzelwertung."""
    from leagues.selectors import league_reading

    reading = league_reading(league)
    return reading.table(), reading.ranking()


def figures_checked(reading, aggregate_rows) -> int:
    """The reading's figures against the aggregate's: each player's (games, total) in each series, and each team's
    sum in each series (its seated players' totals); an ``AssertionError`` at the first that differs. The count of
    player series compared."""
    floor = {(event, series, player): (games, total) for event, series, player, games, total in aggregate_rows
             if games}
    seen = {}
    for groups in reading.groups.values():
        for group in groups:
            event = group.group.tournament_id
            for player, rows in group.games.items():
                for series, games, total in rows:
                    seen[(event, series, player)] = (games, total)
            for part in group.series:
                for team in part.teams:
                    if team.present:
                        assert team.sum == sum(floor.get((event, part.number, p), (0, 0))[1] for p in team.players), \
                            (event, part.number, team.team)
    assert seen == floor, "the reading's player figures differ from the aggregate's"
    return len(seen)


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
    checked = figures_checked(league_reading(one), aggregate(one_events))
    print(f"the reading's figures equal the aggregate's: {checked:,} player series")
    times = {"table": [], "full": [], "table floor": [], "overview": [], "overview floor": []}
    for _ in range(args.rounds):
        for name, work in (("table", lambda: league_table_reading(one)),
                           ("table floor", lambda: aggregate(one_events)),
                           ("full", lambda: pages_reading(one)),
                           ("overview", lambda: overview(association, place=9, down=4)),
                           ("overview floor", lambda: aggregate(every_event))):
            started = time.perf_counter()
            work()
            times[name].append(time.perf_counter() - started)
    median = {name: statistics.median(values) for name, values in times.items()}
    from summary import report

    for label, ours, floor in (("a Staffel's table", "table", "table floor"),
                               ("the reading of the pages that show players", "full", "table floor"),
                               (f"the overview of {args.staffeln} Staffeln", "overview", "overview floor")):
        ratio = median[ours] / median[floor]
        print(f"{label}: {median[ours] * 1000:.1f} ms, one SQL aggregate {median[floor] * 1000:.1f} ms, "
              f"{ratio:.2f}x")
        report(f"league: {label}, {args.days} days ({engine})", f"{median[ours] * 1000:.1f} ms",
               f"one SQL aggregate {median[floor] * 1000:.1f} ms", f"{ratio:.2f}x")


if __name__ == "__main__":
    main()
