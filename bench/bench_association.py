"""An association's ranking read from the database: 10 clubs within it, 52 evenings each of 60 of a club's 80
members (one series of 20 deals a table of four: about 150,000 deals), plus 200 results files of 60 players, against
one SQL aggregate over the same results: the deals' points and the files' series per person.

A fifth of each club's members are also members of the next club, under one federation number (one person, one
row); the results files name numbered persons of the clubs and players of their own. First the answer: every
person's total in ``season_reading`` of the association's season is, by hand, his deals' points (an aggregate of
the deals alone: his members' deals summed under his federation number, else under the member) plus his files'
series as the build made them, and the aggregate over both says the same; the reading's queries are counted for
this association and for one of two clubs of two evenings (they must be the same: the queries do not grow with the
clubs). Then, interleaved and each the median of the rounds, the reading (every club's evenings' kept series
totals read at once under the members kept with them; the persons' rows gathered; the files' players added, each
one without a number made whole at once; the pure core's table), the aggregate over the same results (the aim: the
reading at most 2x it) and, for comparison with the earlier figures, the aggregate of the deals alone; prints the
times, the ratios and both query counts. Asserts nothing about time.

Each side pays for the collection of its own garbage (``gc.collect`` in its timing, what the process held before
frozen out of it): the reading runs without the collector, and what it left for a collection pass would otherwise
fall in the aggregate timed next (a first version of this bench showed 1.5x so, the aggregate charged some 80 ms
of the reading's collection). Both sides read the database as a server holds it some time after the build:
PostgreSQL vacuumed and analysed, SQLite's write-ahead log checkpointed.

Read the ratios of several runs, not one: on this 2-core VM the same code's ratio moves by a fifth from run to
run, the aggregates most (PostgreSQL's runs the deals' part with two parallel workers when the second core is free:
the deals alone 72 ms idle, 145 ms on one core). bench/README.md keeps the figures and what made them.

    python bench/bench_association.py [--clubs 10] [--evenings 52] [--files 200] [--rounds 3]
"""

from __future__ import annotations

import argparse
import datetime
import gc
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hall  # noqa: E402

MEMBERS, PRESENT, SHARED = 80, 60, 16  # a club's members, those at an evening, those also members of the next club
SERIES_ROUNDS = 5  # rounds of the one series: 20 deals at a table of four

# each person's points: his members' deals under his federation number, else under the member ("m" and its id)
AGGREGATE = """
    SELECT COALESCE(NULLIF(m.federation_number, ''), 'm' || m.id) AS k, SUM(d.score) AS t
    FROM scoring_deal d JOIN seating_player p ON p.id = d.player_id JOIN clubs_member m ON m.id = p.member_id
    WHERE d.tournament_id IN ({ids}) AND NOT d.voided GROUP BY 1
"""
# each person's series in the season's current results files, as the files gave them (``SubmittedEvent.players``):
# a player without a number under his file and his place in it ("f", the file's id, "-", his place from 1)
FILES = {
    "PostgreSQL": """
        SELECT COALESCE(NULLIF(x.p ->> 'federation_number', ''), 'f' || e.id || '-' || x.n) AS k,
               SUM((s ->> 'total')::int) AS t
        FROM seasons_submittedevent e
        CROSS JOIN LATERAL jsonb_array_elements(e.players) WITH ORDINALITY AS x(p, n)
        CROSS JOIN LATERAL jsonb_array_elements(x.p -> 'series') AS s
        WHERE e.season_id = {season} AND e.replaced_at IS NULL GROUP BY 1
    """,
    "SQLite": """
        SELECT COALESCE(NULLIF(json_extract(x.value, '$.federation_number'), ''), 'f' || e.id || '-' || (x.key + 1))
               AS k, SUM(json_extract(s.value, '$.total')) AS t
        FROM seasons_submittedevent e, json_each(e.players) AS x, json_each(x.value, '$.series') AS s
        WHERE e.season_id = {season} AND e.replaced_at IS NULL GROUP BY 1
    """,
}
# the floor: one SQL aggregate over the same results, the clubs' deals and the files' series (of the
# formulations tried on PostgreSQL, this one the fastest: a union of the two regrouped, 115 ms, against common
# table expressions 121 ms, materialized 172 ms, a full join of the two 156 ms)
SAME_RESULTS = "SELECT k, SUM(t) FROM ({deals} UNION ALL {files}) AS u GROUP BY k"


def build(slug: str, clubs: int, evenings: int, files: int, seed: int):
    """The association ``slug``, its clubs, their members and evenings, its season of them and the files."""
    from clubs.models import Club, Member
    from clubs.persons import persons_touched
    from scoring.engine import Deal as EngineDeal
    from scoring.engine import score
    from scoring.models import Deal
    from scoring.tournaments.selectors import scoring_settings
    from seasons.models import SubmittedEvent
    from seasons.services import season_add, season_create
    from seating.event_series import series_draw
    from seating.models import Player, Table, Tournament

    rng = random.Random(seed)
    today = datetime.date.today()
    association = Club.objects.create(slug=slug, name=f"Verband {slug}")
    valued = [(g, score(EngineDeal(game=g, matadores=m, points=p, tricks=t))) for g, m, p, t in hall.GAMES]
    made = [Club.objects.create(slug=f"{slug}-{c}", name=f"Club {c}", within=association, region=f"VG {c % 3 + 1}")
            for c in range(clubs)]
    members = {}
    for c, club in enumerate(made):
        members[c] = Member.objects.bulk_create([
            Member(club=club, name=f"Player {c}-{n:02d}", birth_year=1940 + n,
                   federation_number=f"{slug}-{c}-{n}" if n % 2 == 0 else "") for n in range(MEMBERS)])
    for c in range(clubs):  # a fifth also play for the next club, one person under one number
        nxt = (c + 1) % clubs
        if nxt != c:
            members[nxt] += Member.objects.bulk_create([
                Member(club=made[nxt], name=m.name, birth_year=m.birth_year, federation_number=m.federation_number)
                for m in members[c][:SHARED * 2:2]])
    persons_touched(Member.objects.filter(club__within=association).exclude(federation_number=""))
    tournaments = []
    for c, club in enumerate(made):
        for evening in range(evenings):
            tournament = Tournament.objects.create(club=club, name=f"Abend {evening + 1}", method="fixed",
                                                   session_rounds=SERIES_ROUNDS, series_count=1,
                                                   date=today - datetime.timedelta(weeks=evenings - evening))
            present = rng.sample(members[c], PRESENT)
            Player.objects.bulk_create([Player(tournament=tournament, name=m.name, member=m) for m in present])
            settings = scoring_settings(tournament)
            settings.published = True
            settings.save()
            series_draw(tournament=tournament, number=1, how="lot", seed=seed + c * evenings + evening)
            Deal.objects.bulk_create(hall.played_deals(tournament, Table.objects.filter(tournament=tournament),
                                                       hall.seats_of(tournament, 1), valued, rng), batch_size=5000)
            tournaments.append(tournament)
    season = season_create(club=association, slug="rl", name="Rangliste", rules={"quotas": {"VG 1": 3, "VG 2": 3}})
    season_add(season=season, tournaments=tournaments)
    # each number once (a file names a person once): the shared members carry the same number in two clubs
    numbered = sorted({m.federation_number for ms in members.values() for m in ms if m.federation_number})
    file_totals = defaultdict(int)
    for f in range(files):
        players = []
        for number in rng.sample(numbered, min(40, len(numbered))):
            series = [{"total": rng.randint(-200, 1500), "games": 48} for _ in range(2)]
            players.append({"federation_number": number, "name": f"Gemeldet {number}", "birth_year": None,
                            "categories": [], "series": series})
            file_totals[number] += sum(s["total"] for s in series)
        own = {}  # players of their own (no number): their place in the file -> their total
        for n in range(20):
            total = rng.randint(-200, 1500)
            own[len(players) + 1] = total
            players.append({"federation_number": None, "name": f"Gast {f}-{n}", "birth_year": 1980, "categories": [],
                            "series": [{"total": total, "games": 36}]})
        event = SubmittedEvent.objects.create(season=season, club_name=f"Fremdclub {f % 7}", region="VG 1",
                                              name=f"Turnier {f}", date=today - datetime.timedelta(days=f % 300),
                                              players=players, series=2)
        file_totals |= {f"f{event.pk}-{place}": total for place, total in own.items()}
    return season, tournaments, file_totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clubs", type=int, default=10)
    parser.add_argument("--evenings", type=int, default=52)
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    url = hall.scratch_url("bench_association")
    hall.use_database(url)
    try:
        run(args, "PostgreSQL" if hall.is_postgres(url) else "SQLite")
    finally:
        hall.drop_scratch(url)


def queries_of(season) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from seasons.selectors import season_reading

    with CaptureQueriesContext(connection) as asked:
        season_reading(season)
    return len(asked)


def run(args, engine: str) -> None:
    from django.db import connection

    from scoring.models import Deal
    from seasons.selectors import season_reading

    started = time.perf_counter()
    season, tournaments, file_totals = build("lv", args.clubs, args.evenings, args.files, args.seed)
    deals = Deal.objects.filter(tournament__in=tournaments).count()
    print(f"{engine}: {args.clubs} clubs x {args.evenings} evenings x {PRESENT} players, {deals:,} deals, "
          f"{args.files} results files, built in {time.perf_counter() - started:.0f} s")
    with connection.cursor() as cursor:  # the database as a server holds it some time after the build
        cursor.execute("VACUUM ANALYZE" if engine == "PostgreSQL" else "PRAGMA wal_checkpoint(TRUNCATE)")
    deals_only = AGGREGATE.format(ids=",".join(str(t.pk) for t in tournaments))
    same_results = SAME_RESULTS.format(deals=deals_only, files=FILES[engine].format(season=season.pk))

    def aggregate(query: str = same_results):
        with connection.cursor() as cursor:
            cursor.execute(query)
            return {key: int(total) for key, total in cursor.fetchall()}

    season_reading(season)  # warm: keeps every played evening's series totals
    # the answer first: by hand, a person's total is his deals' points (the deals' aggregate, Foster's net points)
    # plus his files' series as the build made them; the aggregate over both, and the ranking, say the same
    expected = dict(file_totals)
    for key, total in aggregate(deals_only).items():
        expected[key] = expected.get(key, 0) + total
    assert aggregate() == expected, "the aggregate over the deals and the files differs from the sums by hand"
    got = {row_key(row): int(row.total) for row in season_reading(season).table.rows}
    assert got == expected, "the ranking's totals differ from the aggregate's and the files'"
    small, _t, _f = build("mini", 2, 2, 2, args.seed)
    season_reading(small)  # warm, as the big one: its first reading keeps its evenings' series totals
    reading_queries, small_queries = queries_of(season), queries_of(small)
    assert reading_queries == small_queries, f"{reading_queries} queries here, {small_queries} for two clubs"
    # Each side pays for the collection of its own garbage: the reading runs without the collector and leaves its
    # rows (cycles: a row and its explanation) to the next collection, which would otherwise fall in whatever is
    # timed next. What the process holds before is frozen out of every collection, so the collection each side
    # runs walks what that side made, no more.
    gc.collect()
    gc.freeze()
    timed = {"ranking": lambda: season_reading(season), "aggregate": aggregate,
             "deals only": lambda: aggregate(deals_only)}
    times = {name: [] for name in timed}
    for _ in range(args.rounds):  # interleaved: the same load on all three
        for name, read in timed.items():
            started = time.perf_counter()
            read()
            gc.collect()
            times[name].append(time.perf_counter() - started)
    gc.unfreeze()
    ours, floor, deals_floor = (statistics.median(times[name]) * 1000 for name in timed)
    print(f"{engine}: ranking {ours:.0f} ms, one SQL aggregate over the same results (the clubs' deals and the "
          f"files' series) {floor:.1f} ms: ratio {ours / floor:.2f}x (aim: at most 2x); over the deals alone "
          f"{deals_floor:.1f} ms ({ours / deals_floor:.2f}x); medians of {args.rounds}; {reading_queries} queries "
          f"for {args.clubs} clubs, {small_queries} for 2")
    from summary import report

    report(f"association ranking, {args.clubs} clubs x {args.evenings} evenings, {deals:,} deals + {args.files} files "
           f"({engine})", f"{ours:.0f} ms", f"one SQL aggregate {floor:.1f} ms (deals alone {deals_floor:.1f} ms)",
           f"{ours / floor:.2f}x (aim 2x; {ours / deals_floor:.2f}x the deals alone)")


def row_key(row) -> str:
    """A ranking's row as the aggregates name it: his federation number, else his member ("m" and its id), else
    for a file's player without a number his file and place (``seasons.association``'s row id)."""
    if row.person:
        return row.person
    if row.member > 0:
        return f"m{row.member}"
    file, index = divmod(-row.member - 1, 10_000)
    return f"f{file}-{index + 1}"


if __name__ == "__main__":
    main()
