"""A season's table read from the database: 52 evenings of a club, 60 of its 80 members each, four series an
evening (about 150,000 deals, a busy club's year), against one SQL aggregate of the same totals.

Each evening is a ``fixed`` Foster tournament of the club (``hall``'s way: players drawn by lot at tables of four
for each series, twelve rounds a series (48 deals a table), every deal a valued game, bulk-loaded), its players
linked to the club's members; a seeded fifth of them absent each time; weekly, every one played. Then, interleaved
and each the median of the rounds: ``season_reading`` (every evening's series totals read at once through
``scoring.results.events_series_rows``: the played evenings' kept totals, which the first, unmeasured reading
keeps, as the driver's plain rows; the pure core's table with counted and dropped results and ranks, its
explanations made only when read) and one SQL aggregate over the deals (each member's points over the season).
Checks that both give each member's same points; prints both and their ratio (the aim: at most 2x; 2026-11-28 on a shared 2-core VM at a load of 5: 0.96x on
SQLite, 0.69x on PostgreSQL, where it was 3.45x). Asserts nothing about time (the pure core alone is
``bench_seasons``).

    python bench/bench_season_db.py [--evenings 52] [--series 4] [--rounds 3]
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hall  # noqa: E402

MEMBERS, PRESENT = 80, 60

AGGREGATE = """
    SELECT p.member_id, SUM(d.score) FROM scoring_deal d JOIN seating_player p ON p.id = d.player_id
    WHERE d.tournament_id IN ({ids}) AND NOT d.voided AND p.member_id IS NOT NULL GROUP BY p.member_id
"""


SERIES_ROUNDS = 12  # rounds a series: 48 deals at a table of four


def build_season(evenings: int, seed: int, series: int = 4):
    """The club, its members, ``evenings`` evenings of ``series`` series played, and the season of them (the plain
    total)."""
    from clubs.models import Club, Member
    from scoring.engine import Deal as EngineDeal
    from scoring.engine import score
    from scoring.models import Deal
    from scoring.tournaments.selectors import scoring_settings
    from seasons.services import season_add, season_create
    from seating.event_series import series_draw
    from seating.models import Player, Table, Tournament

    rng = random.Random(seed)
    today = datetime.date.today()
    club = Club.objects.create(slug="bench", name="Skatclub Bench")
    members = Member.objects.bulk_create([Member(club=club, name=f"Member {n:03d}") for n in range(MEMBERS)])
    valued = [(g, score(EngineDeal(game=g, matadores=m, points=p, tricks=t))) for g, m, p, t in hall.GAMES]
    tournaments = []
    for evening in range(evenings):
        # weekly, the last a week ago: every evening played (a season reads its played evenings' kept totals)
        tournament = Tournament.objects.create(club=club, name=f"Clubabend {evening + 1}", method="fixed",
                                               session_rounds=SERIES_ROUNDS, series_count=series,
                                               date=today - datetime.timedelta(weeks=evenings - evening))
        present = rng.sample(members, PRESENT)
        Player.objects.bulk_create([Player(tournament=tournament, name=m.name, member=m, is_expert=i % 4 == 0)
                                    for i, m in enumerate(present)])
        scoring_settings(tournament).save()
        for number in range(1, series + 1):
            series_draw(tournament=tournament, number=number, how="lot", seed=seed + evening * series + number)
            Deal.objects.bulk_create(hall.played_deals(tournament, Table.objects.filter(tournament=tournament,
                                                                                      series=number),
                                                       hall.seats_of(tournament, number), valued, rng),
                                     batch_size=5000)
        tournaments.append(tournament)
    season = season_create(club=club, slug="bench", name="Vereinsmeisterschaft", rules={})
    season_add(season=season, tournaments=tournaments)
    return season, tournaments


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=52)
    parser.add_argument("--series", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    url = hall.scratch_url("bench_season_db")
    hall.use_database(url)
    try:
        run(args, "PostgreSQL" if hall.is_postgres(url) else "SQLite")
    finally:
        hall.drop_scratch(url)


def run(args, engine: str) -> None:
    from django.db import connection

    from scoring.models import Deal
    from seasons.selectors import season_reading

    started = time.perf_counter()
    season, tournaments = build_season(args.evenings, args.seed, args.series)
    deals = Deal.objects.filter(tournament__in=tournaments).count()
    print(f"{engine}: {args.evenings} evenings of {args.series} series, {PRESENT} of {MEMBERS} members, "
          f"{deals:,} deals, built in "
          f"{time.perf_counter() - started:.0f} s")
    if engine == "PostgreSQL":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    query = AGGREGATE.format(ids=",".join(str(t.pk) for t in tournaments))

    def aggregate():
        with connection.cursor() as cursor:
            cursor.execute(query)
            return dict(cursor.fetchall())

    season_reading(season)  # warm: keeps every played evening's series totals
    ours, floor = [], []
    for _ in range(args.rounds):
        started = time.perf_counter()
        reading = season_reading(season)
        ours.append(time.perf_counter() - started)
        started = time.perf_counter()
        sums = aggregate()
        floor.append(time.perf_counter() - started)
    # Foster's total is the net points: the deals' scores summed per member, the aggregate's figure
    assert {row.member: int(row.total) for row in reading.table.rows} == {m: int(s) for m, s in sums.items()}, \
        "the season's totals differ from the aggregate's"
    print(f"season table {statistics.median(ours) * 1000:.0f} ms, one SQL aggregate "
          f"{statistics.median(floor) * 1000:.1f} ms (medians of {args.rounds}); "
          f"{statistics.median(ours) / args.evenings * 1000:.1f} ms an evening; "
          f"ratio {statistics.median(ours) / statistics.median(floor):.2f}x (aim: at most 2x)")
    from summary import report

    report(f"season table from the database, {args.evenings} x {args.series} series, {deals:,} deals ({engine})",
           f"{statistics.median(ours) * 1000:.0f} ms", f"one SQL aggregate {statistics.median(floor) * 1000:.1f} ms",
           f"{statistics.median(ours) / statistics.median(floor):.2f}x (aim 2x)")


if __name__ == "__main__":
    main()
