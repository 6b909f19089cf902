"""The statistics read from the database: one member's figures over 1,000 series (about 48,000 deals), and a club's
over a season of about 150,000 deals against one SQL aggregate over the same deals.

Member: ``--evenings`` Foster evenings of four series, the member and three others at one fixed table of four each
series (twelve rounds: 48 deals), every deal a valued game (``hall``'s), bulk-loaded. Club: ``bench_season_db``'s
season (52 evenings, 60 of 80 members, four series). A first, unmeasured reading keeps the evenings' series totals
with each player's plays beside them (deals thrown in, games declared by kind and from the hand: ``scoring.results.
kept_series_plays``); the next one's answers are checked against SQL of the bench's own over the deals (each
member's points, own games, games won, deals thrown in and deals; every club member's too; the games by kind must
add up to the own games). Then, interleaved, each the median of the rounds: ``member_figures`` (aim: at most
300 ms), and ``club_figures`` against one SQL aggregate over the season's deals (each member's points and own
games; aim: at most 2x). Asserts nothing about time.

2026-12-06 on a shared 2-core VM (load 3.5), medians of 5: PostgreSQL, the member 51 ms; the club 150 ms against
182 ms, 0.82x. SQLite, the member 117 ms; the club 303 ms against 842 ms, 0.36x. Before the plays were kept, the
same day: the member 227 ms and the club 929 ms against 267 ms, 3.49x, on PostgreSQL (earlier runs, on a quieter
machine, 2.15x): the games declared and the deals thrown in were each a GROUP BY over the season's deals on every
reading. Now a kept event's reading reads no deal (``tests/stats/test_queries.py``); the rest is Python over some
12,500 series rows (a series part is a plain tuple: as a frozen dataclass, making them took some 20 ms more).

    python bench/bench_stats.py [--evenings 250] [--season-evenings 52] [--rounds 3]
"""

from __future__ import annotations

import argparse
import datetime
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hall  # noqa: E402
from bench_season_db import SERIES_ROUNDS, build_season  # noqa: E402

CHECK = """
    SELECT p.member_id, SUM(CASE WHEN d.player_id = p.id THEN d.score ELSE 0 END),
           SUM(CASE WHEN d.declarer_id = p.id AND d.kind = 'game' THEN 1 ELSE 0 END),
           SUM(CASE WHEN d.declarer_id = p.id AND d.kind = 'game' AND d.won THEN 1 ELSE 0 END),
           SUM(CASE WHEN d.kind = 'thrown_in' THEN 1 ELSE 0 END), COUNT(*)
    FROM scoring_deal d JOIN seating_seat s ON s.table_id = d.table_id AND s.stay = 1
    JOIN seating_player p ON p.id = s.player_id
    WHERE d.tournament_id IN ({ids}) AND NOT d.voided AND p.member_id IS NOT NULL GROUP BY p.member_id
"""
AGGREGATE = """
    SELECT p.member_id, SUM(CASE WHEN d.player_id = p.id THEN d.score ELSE 0 END),
           SUM(CASE WHEN d.declarer_id = p.id AND d.kind = 'game' THEN 1 ELSE 0 END), COUNT(*)
    FROM scoring_deal d JOIN seating_seat s ON s.table_id = d.table_id AND s.stay = 1
    JOIN seating_player p ON p.id = s.player_id
    WHERE d.tournament_id IN ({ids}) AND NOT d.voided AND p.member_id IS NOT NULL GROUP BY p.member_id
"""


def build_member(evenings: int, seed: int, series: int = 4):
    """A club, its member who played ``evenings`` evenings of ``series`` series at a table of four with three
    others, every deal played; the member and the evenings."""
    from clubs.models import Club, Member
    from scoring.engine import Deal as EngineDeal
    from scoring.engine import score
    from scoring.models import Deal
    from scoring.tournaments.selectors import scoring_settings
    from seating.event_series import series_draw
    from seating.models import Player, Table, Tournament

    rng = random.Random(seed)
    club = Club.objects.create(slug="stats-bench", name="Skatclub Statistik")
    member = Member.objects.create(club=club, name="Viel Spieler")
    others = Member.objects.bulk_create([Member(club=club, name=f"Gegner {n}") for n in range(3)])
    valued = [(g, score(EngineDeal(game=g, matadores=m, points=p, tricks=t))) for g, m, p, t in hall.GAMES]
    today = datetime.date.today()
    events = []
    for evening in range(evenings):
        tournament = Tournament.objects.create(club=club, name=f"Abend {evening + 1}", method="fixed",
                                               session_rounds=SERIES_ROUNDS, series_count=series,
                                               date=today - datetime.timedelta(days=evenings - evening))
        Player.objects.bulk_create([Player(tournament=tournament, name=m.name, member=m, is_expert=m is member)
                                    for m in [member, *others]])
        scoring_settings(tournament).save()
        deals = []
        for number in range(1, series + 1):
            series_draw(tournament=tournament, number=number, how="lot", seed=seed + evening * series + number)
            deals += hall.played_deals(tournament, Table.objects.filter(tournament=tournament, series=number),
                                       hall.seats_of(tournament, number), valued, rng)
        Deal.objects.bulk_create(deals, batch_size=5000)
        events.append(tournament)
    return member, events


def aggregate(events) -> dict[int, tuple[int, int, int]]:
    """{member: (points, own games, deals)} over the deals of ``events``, one SQL aggregate (Foster's total is the
    net points: each deal's score for whom it counts)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(AGGREGATE.format(ids=",".join(str(t.pk) for t in events)))
        return {member: (int(points), int(own), int(deals)) for member, points, own, deals in cursor.fetchall()}


def checked(events) -> dict[int, tuple[int, int, int, int, int]]:
    """{member: (points, own games, games won, deals thrown in, deals)} over the deals of ``events``, counted by
    SQL of its own (untimed): what the statistics must say."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(CHECK.format(ids=",".join(str(t.pk) for t in events)))
        return {row[0]: tuple(int(x) for x in row[1:]) for row in cursor.fetchall()}


def said(f) -> tuple[int, int, int, int, int]:
    """The same figures as the statistics give them; their games by kind must add up to their own games."""
    assert sum(p.played for p in f.games.by_kind.values()) == f.own_games
    return f.points, f.own_games, f.won, f.passed_in, f.deals


def medians(rounds: int, *readers):
    """Each reader's median time over ``rounds`` rounds, run interleaved, and its last answer."""
    times = [[] for _ in readers]
    answers = [None] * len(readers)
    for _ in range(rounds):
        for i, reader in enumerate(readers):
            started = time.perf_counter()
            answers[i] = reader()
            times[i].append(time.perf_counter() - started)
    return [statistics.median(t) for t in times], answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=250, help="the member's evenings (four series each)")
    parser.add_argument("--season-evenings", type=int, default=52)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    url = hall.scratch_url("bench_stats")
    hall.use_database(url)
    try:
        run(args, "PostgreSQL" if hall.is_postgres(url) else "SQLite")
    finally:
        hall.drop_scratch(url)


def run(args, engine: str) -> None:
    from django.db import connection
    from summary import report

    from stats.selectors import club_figures, member_figures

    started = time.perf_counter()
    member, events = build_member(args.evenings, args.seed)
    season, evenings = build_season(args.season_evenings, args.seed)
    print(f"{engine}: built in {time.perf_counter() - started:.0f} s")
    # the build's own objects are no server's: a full garbage collection walking them (170 ms at a season's) would
    # be timed as the reading's, so they are collected and set aside before measuring
    gc.collect()
    gc.freeze()
    if engine == "PostgreSQL":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")

    # the answers first: a first reading keeps the evenings' series totals and plays, the next reads them
    member_figures(member)
    f = member_figures(member)
    assert f.series == 4 * args.evenings and said(f) == checked(events)[member.pk], \
        "the member's figures differ from the deals'"
    club = season.club
    club_figures(club)
    found = club_figures(club)
    assert {m: said(x) for m, x in found.items()} == checked(evenings), "the club's figures differ from the deals'"
    assert {m: (x.points, x.own_games, x.deals) for m, x in found.items()} == aggregate(evenings)

    (ours,), _answers = medians(args.rounds, lambda: member_figures(member))
    print(f"{engine}: one member, {f.series:,} series, {f.deals:,} deals: {ours * 1000:.0f} ms (median of "
          f"{args.rounds}; aim: at most 300 ms)")
    report(f"a member's statistics, {f.series:,} series, {f.deals:,} deals ({engine})", f"{ours * 1000:.0f} ms",
           "aim 300 ms", f"{ours / 0.3:.2f}x of the aim")

    (ours, floor), _answers = medians(args.rounds, lambda: club_figures(club), lambda: aggregate(evenings))
    total = sum(x.deals for x in found.values()) // 4  # each deal of a table of four counts for its four seats
    print(f"{engine}: club of {len(found)} members, {total:,} deals: {ours * 1000:.0f} ms, one SQL aggregate "
          f"{floor * 1000:.0f} ms (medians of {args.rounds}, interleaved); ratio {ours / floor:.2f}x (aim: at "
          f"most 2x)")
    report(f"a club's statistics over a season, {total:,} deals ({engine})", f"{ours * 1000:.0f} ms",
           f"one SQL aggregate {floor * 1000:.0f} ms", f"{ours / floor:.2f}x (aim 2x)")

if __name__ == "__main__":
    main()
