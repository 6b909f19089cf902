"""The totals the database keeps (``StayTally``, kept by triggers on the deals) equal a fresh GROUP BY of the
deals after every kind of write: one deal or many, by the services or straight through the ORM, a void, a
correction, a deal moved to another table, stay, player or kind, a deletion, and (on PostgreSQL) many
processes writing the same group at once.

The fresh GROUP BY (``fresh_tally_rows``) is checked itself against sums made here by hand from the deals.
"""

import multiprocessing
import time
from collections import defaultdict

import pytest
from django.db import connection, connections, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import Deal, StayTally
from scoring.results import tallies_check, tallies_rebuild
from scoring.results.tallies import COLUMNS, fresh_tally_rows, kept_tally_rows
from seating.models import Player, Table
from tests.migrating import triggers_in_database
from tests.scoring.conftest import drawn_tournament

pytestmark = pytest.mark.django_db


def by_hand(tournament) -> dict[tuple, tuple]:
    """The tally rows summed here from every deal, one at a time, as the rules say (not by any SQL)."""
    groups: dict[tuple, list] = defaultdict(lambda: [0, 0, 0, 0, 0, None, None, None, None])
    for d in Deal.objects.filter(tournament=tournament):
        if d.voided:
            continue
        row = groups[(d.table_id, d.stay, d.player_id, d.kind)]
        row[0] += 1
        if d.score > 0:
            row[1] += 1
            row[3] += d.score
        elif d.score < 0:
            row[2] += 1
            row[4] += -d.score
        if d.score > 0 and d.kind == "game":
            candidates = [(5, d.value)]
            if d.matadores_without > 0:
                candidates.append((6, d.matadores_without * 1_000_000 + d.value))
                league = d.matadores_without * 1_000_000 + d.suit_rank * 100_000 + d.value
                if d.method == "solo":
                    candidates.append((7, league))
                if d.method == "tournee":
                    candidates.append((8, league))
            for column, packed in candidates:
                row[column] = packed if row[column] is None else max(row[column], packed)
    return {key: tuple(row) for key, row in groups.items()}


def keyed(rows) -> dict[tuple, tuple]:
    return {tuple(row[:4]): tuple(row[4:]) for row in rows}


class Hall:
    """Two tables of four and a deal maker that writes straight through the ORM (no service)."""

    def __init__(self):
        self.tournament = drawn_tournament(8)
        self.tables = list(Table.objects.filter(tournament=self.tournament).order_by("number"))
        self.players = list(Player.objects.filter(tournament=self.tournament).order_by("pk"))
        self.numbers = defaultdict(int)

    def deal(self, table: int, stay: int, player: int | None, kind: str, score: int, value: int, without: int,
             method: str, suit_rank: int, voided: bool = False) -> Deal:
        table = self.tables[table]
        self.numbers[table.pk] += 1
        return Deal(tournament=self.tournament, table=table, number=self.numbers[table.pk], stay=stay,
                    dealer=self.players[0], kind=kind,
                    player=None if player is None or kind == "thrown_in" else self.players[player],
                    score=0 if kind == "thrown_in" else score, value=value, matadores_without=without,
                    method=method, suit_rank=suit_rank, voided=voided)


DEAL = st.tuples(st.integers(0, 1), st.integers(1, 2), st.one_of(st.none(), st.integers(0, 7)),
                 st.sampled_from(["game", "game", "ramsch", "thrown_in"]), st.integers(-240, 240),
                 st.integers(18, 264), st.integers(0, 4), st.sampled_from(["solo", "tournee", "other"]),
                 st.integers(1, 5))
CHANGE = st.one_of(
    st.tuples(st.just("create"), DEAL),
    st.tuples(st.just("bulk_create"), st.lists(DEAL, min_size=1, max_size=4)),
    st.tuples(st.just("void"), st.integers(0, 99)),
    st.tuples(st.just("unvoid"), st.integers(0, 99)),
    st.tuples(st.just("correct"), st.integers(0, 99), st.integers(-240, 240), st.integers(18, 264), st.integers(0, 4)),
    st.tuples(st.just("move"), st.integers(0, 99), st.integers(0, 1), st.integers(1, 2), st.integers(0, 7),
              st.sampled_from(["game", "ramsch"])),
    st.tuples(st.just("delete"), st.integers(0, 99)),
    st.tuples(st.just("void_table"), st.integers(0, 1)),
    st.tuples(st.just("delete_stay"), st.integers(0, 1), st.integers(1, 2)),
)


def apply(hall: Hall, change) -> None:
    kind = change[0]
    saved = list(Deal.objects.filter(tournament=hall.tournament).order_by("pk"))
    pick = saved[change[1] % len(saved)] if saved and isinstance(change[1], int) else None
    if kind == "create":
        hall.deal(*change[1]).save()
    elif kind == "bulk_create":
        Deal.objects.bulk_create([hall.deal(*d) for d in change[1]])
    elif kind in ("void", "unvoid") and pick:
        pick.voided = kind == "void"
        pick.save()
    elif kind == "correct" and pick:
        pick.score, pick.value, pick.matadores_without = change[2], change[3], change[4]
        pick.save(update_fields=["score", "value", "matadores_without"])
    elif kind == "move" and pick:
        hall.numbers[hall.tables[change[2]].pk] += 1
        Deal.objects.filter(pk=pick.pk).update(table=hall.tables[change[2]], stay=change[3],
                                               number=hall.numbers[hall.tables[change[2]].pk],
                                               player=hall.players[change[4]], kind=change[5])
    elif kind == "delete" and pick:
        pick.delete()
    elif kind == "void_table":
        Deal.objects.filter(table=hall.tables[change[1]]).update(voided=True)
    elif kind == "delete_stay":
        Deal.objects.filter(table=hall.tables[change[1]], stay=change[2]).delete()


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=st.lists(CHANGE, min_size=1, max_size=14))
def test_kept_tallies_equal_the_deals_after_every_write(changes):
    with transaction.atomic():
        hall = Hall()
        for change in changes:
            apply(hall, change)
            assert tallies_check(hall.tournament) == [], change
            hand = by_hand(hall.tournament)
            assert keyed(kept_tally_rows(hall.tournament)) == hand, change
            assert StayTally.objects.filter(tournament=hall.tournament).count() == len(hand), change  # one row a group
        transaction.set_rollback(True)


def test_the_fresh_group_by_equals_the_sums_by_hand():
    hall = Hall()
    Deal.objects.bulk_create([hall.deal(0, 1, 1, "game", 96, 96, 2, "solo", 4), hall.deal(0, 1, 1, "game", 48, 48, 3,
                              "solo", 1), hall.deal(0, 1, 1, "game", -72, 36, 0, "other", 5),
                              hall.deal(0, 1, 2, "ramsch", -30, 30, 0, "other", 0),
                              hall.deal(0, 1, None, "thrown_in", 0, 0, 0, "other", 0),
                              hall.deal(1, 2, 5, "game", 120, 120, 1, "tournee", 5, voided=True)])
    fresh = keyed(fresh_tally_rows(hall.tournament))
    assert fresh == by_hand(hall.tournament)
    # Written out: player 1's games at table 1, stay 1: 3 entries, 2 won (96 + 48), 1 lost (72); the highest won
    # game 96; the hardest: "without" 3 (value 48) beats "without" 2; the best Solo likewise "without" 3, in
    # diamonds (suit rank 1): 3 × 1,000,000 + 1 × 100,000 + 48. No Tournee.
    table = hall.tables[0].pk
    assert fresh[(table, 1, hall.players[1].pk, "game")] == (3, 2, 1, 144, 72, 96, 3_000_048, 3_100_048, None)
    assert fresh[(table, 1, hall.players[2].pk, "ramsch")] == (1, 0, 1, 0, 30, None, None, None, None)
    assert fresh[(table, 1, None, "thrown_in")] == (1, 0, 0, 0, 0, None, None, None, None)
    assert (hall.tables[1].pk, 2, hall.players[5].pk, "game") not in fresh  # voided


def test_a_changed_kept_row_is_found_and_a_rebuild_mends_it():
    hall = Hall()
    Deal.objects.bulk_create([hall.deal(0, 1, 1, "game", 96, 96, 2, "solo", 4), hall.deal(1, 1, 6, "game", -48, 24, 0,
                                                                                          "other", 1)])
    assert tallies_check(hall.tournament) == []
    StayTally.objects.filter(tournament=hall.tournament, player=hall.players[1]).update(points_won=97)
    StayTally.objects.filter(tournament=hall.tournament, player=hall.players[6]).delete()
    differences = tallies_check(hall.tournament)
    assert len(differences) == 2 and "kept (1, 1, 0, 97" in differences[0] + differences[1]
    assert tallies_rebuild(hall.tournament) == 2
    assert tallies_check(hall.tournament) == []


def test_the_migration_fills_the_kept_rows_from_the_deals_already_there():
    from importlib import import_module

    migration = import_module("scoring.migrations.0013_kept_stay_tallies")
    hall = Hall()
    Deal.objects.bulk_create([hall.deal(0, 1, 1, "game", 96, 96, 2, "tournee", 4), hall.deal(0, 2, None, "thrown_in",
                                                                                             0, 0, 0, "other", 0)])
    expected = keyed(kept_tally_rows(hall.tournament))
    StayTally.objects.all().delete()
    with connection.cursor() as cursor:
        cursor.execute(migration.BACKFILL)
    assert keyed(kept_tally_rows(hall.tournament)) == expected == by_hand(hall.tournament)


def test_kept_rows_follow_the_series_asked_for():
    hall = Hall()
    Deal.objects.bulk_create([hall.deal(0, 1, 1, "game", 96, 96, 2, "solo", 4)])
    Table.objects.filter(pk=hall.tables[0].pk).update(series=2)
    assert kept_tally_rows(hall.tournament, 1) == []
    assert [row[:4] for row in kept_tally_rows(hall.tournament, 2)] == [(hall.tables[0].pk, 1, hall.players[1].pk,
                                                                         "game")]
    assert len(COLUMNS) == len(kept_tally_rows(hall.tournament, 2, best_games=False)[0])


# --- many processes writing one group at once (PostgreSQL; SQLite writes one transaction at a time) ---------

def _write_slowly(tournament_id: int, table_id: int, player_id: int, first: int, count: int, queue) -> None:
    """Insert ``count`` deals of one group, each in a transaction that waits before it commits, so that the other
    processes' triggers run while this one's deal is not yet visible to them."""
    connections.close_all()
    try:
        for n in range(first, first + count):
            with transaction.atomic():
                Deal.objects.create(tournament_id=tournament_id, table_id=table_id, number=n, stay=1,
                                    dealer_id=player_id, kind="game", player_id=player_id, score=n, value=n)
                time.sleep(0.02)
            with transaction.atomic():
                Deal.objects.filter(table_id=table_id, number=n - 1).update(voided=True)
                time.sleep(0.01)
        queue.put("done")
    except Exception as err:  # noqa: BLE001 - reported to the test, which fails on it
        queue.put(f"worker failed: {err!r}")
    finally:
        connections.close_all()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)")
def test_many_processes_writing_one_group_leave_it_exact():
    hall = Hall()
    table, player = hall.tables[0], hall.players[1]
    workers, each = 6, 8
    connections.close_all()
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    processes = [context.Process(target=_write_slowly, args=(hall.tournament.pk, table.pk, player.pk,
                                                              1 + w * 100, each, queue)) for w in range(workers)]
    for process in processes:
        process.start()
    results = [queue.get(timeout=120) for _ in processes]
    for process in processes:
        process.join(timeout=60)
    assert results == ["done"] * workers
    assert tallies_check(hall.tournament) == []
    kept = keyed(kept_tally_rows(hall.tournament))
    assert kept == by_hand(hall.tournament)
    live = Deal.objects.filter(table=table, voided=False).count()
    assert kept[(table.pk, 1, player.pk, "game")][0] == live and live >= workers


def test_the_tallies_command_checks_and_rebuilds(capsys):
    from django.core.management import CommandError, call_command

    hall = Hall()
    Deal.objects.bulk_create([hall.deal(0, 1, 1, "game", 96, 96, 2, "solo", 4)])
    call_command("tallies", str(hall.tournament.pk))
    assert "Every kept total equals a fresh count of the deals." in capsys.readouterr().out
    StayTally.objects.filter(tournament=hall.tournament).update(games_won=5)
    with pytest.raises(CommandError, match="1 kept totals differ from the deals"):
        call_command("tallies", str(hall.tournament.pk))
    call_command("tallies", str(hall.tournament.pk), "--rebuild")
    out = capsys.readouterr().out
    assert "1 groups" in out and "Every kept total equals" in out
    assert tallies_check(hall.tournament) == []


def test_every_trigger_that_keeps_the_tallies_is_in_the_database():
    # SQLite drops a table's triggers when a migration copies the table: a later migration that forgets to make
    # them again fails here (the test database is built by every migration).
    from importlib import import_module

    expected = set(import_module("scoring.migrations.0013_kept_stay_tallies").TRIGGERS[connection.vendor])
    expected |= set(import_module("scoring.migrations.0018_kept_series_totals").TRIGGERS[connection.vendor])
    expected |= set(import_module("scoring.migrations.0020_kept_series_member").TRIGGERS[connection.vendor])
    assert expected <= triggers_in_database()


def test_a_second_row_for_a_group_is_refused_even_without_a_player():
    from django.db import IntegrityError

    hall = Hall()
    Deal.objects.bulk_create([hall.deal(0, 1, None, "thrown_in", 0, 0, 0, "other", 0)])
    row = StayTally.objects.get(tournament=hall.tournament)
    row.pk = None
    with pytest.raises(IntegrityError), transaction.atomic():
        row.save()


def test_the_check_reports_a_group_kept_twice(monkeypatch):
    from scoring.results import tallies

    hall = Hall()
    Deal.objects.bulk_create([hall.deal(0, 1, 1, "game", 96, 96, 2, "solo", 4)])
    rows = kept_tally_rows(hall.tournament)
    monkeypatch.setattr(tallies, "kept_tally_rows", lambda tournament, *a, **k: rows + rows)
    assert [line for line in tallies_check(hall.tournament) if "2 kept rows" in line]


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)")
@pytest.mark.parametrize("player", [None, 1])
def test_a_rebuild_racing_a_deal_leaves_every_deal_counted_once(monkeypatch, player):
    import threading

    from scoring.results import tallies

    hall = Hall()
    kind = "thrown_in" if player is None else "game"
    hall.deal(0, 1, player, kind, 30, 30, 0, "other", 0).save()
    errors = []

    def enter():
        try:
            hall.deal(0, 1, player, kind, 30, 30, 0, "other", 0).save()
        except Exception as err:  # noqa: BLE001 - reported by the assertion below
            errors.append(repr(err))
        finally:
            connections.close_all()

    real = tallies.fresh_tally_rows
    started = []

    def slow(tournament, series=None):  # the rebuild has deleted the rows: a deal is entered meanwhile
        worker = threading.Thread(target=enter)
        worker.start()
        started.append(worker)
        time.sleep(0.5)
        return real(tournament, series)

    monkeypatch.setattr(tallies, "fresh_tally_rows", slow)
    tallies_rebuild(hall.tournament)
    started[0].join(timeout=30)
    monkeypatch.setattr(tallies, "fresh_tally_rows", real)
    assert errors == []
    assert tallies_check(hall.tournament) == []
    assert [entries for (_, _, _, _, entries, *_) in kept_tally_rows(hall.tournament)] == [2]
