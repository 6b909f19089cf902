"""Several processes entering at once, on real PostgreSQL: no deal lost or doubled, a stale edit refused.

Each worker is a separate process with its own database connection (forked after the fixtures commit),
as the web server's workers are in the hall. On SQLite (one writer at a time) these tests are skipped:
.ci/run runs them on PostgreSQL.
"""

import multiprocessing

import pytest
from django.db import connection, connections  # noqa: F401 - read by the skipif condition below

from scoring.entry.services import DealFacts, deal_correct, deal_enter
from scoring.entry.errors import EntryError
from scoring.models import Deal
from scoring.entry.sheets import deal_slot, next_deal_number
from seating.models import Table
from tests.scoring.conftest import drawn_tournament

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)"),
]

WORKERS = 6


def _facts(slot):
    return DealFacts(declarer_id=slot.active[0].player_id, game="club solo", matadores=2, points=79, tricks=8)


def _enter_until_full(table_id: int, worker: int, deals: int, queue) -> None:
    connections.close_all()
    table = Table.objects.select_related("tournament", "section").get(pk=table_id)
    saved = refused = 0
    while True:
        number = next_deal_number(table)
        if number > deals:
            break
        try:
            deal_enter(table=table, number=number, facts=_facts(deal_slot(table, number)),
                       submission_key=f"w{worker}-n{number}")
            saved += 1
        except EntryError:
            refused += 1  # another worker took this number first: read the sheet again
    connections.close_all()
    queue.put((saved, refused))


def _guarded(target):
    """Run a worker so that any exception reaches the test as a result instead of a hung queue."""
    def run(*args):
        queue = args[-1]
        try:
            target(*args)
        except Exception as err:  # noqa: BLE001 - reported to the test, which fails on it
            queue.put(f"worker failed: {err!r}")
    return run


def _run(target, args_list):
    connections.close_all()
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    processes = [ctx.Process(target=_guarded(target), args=(*args, queue)) for args in args_list]
    for p in processes:
        p.start()
    results = [queue.get(timeout=60) for _ in processes]
    failures = [r for r in results if isinstance(r, str) and r.startswith("worker failed")]
    assert not failures, failures
    for p in processes:
        p.join(timeout=60)
        assert p.exitcode == 0
    return results


def test_many_workers_one_table_every_deal_once():
    tournament = drawn_tournament(12)
    table = Table.objects.get(tournament=tournament, number=1)
    deals = 12
    results = _run(_enter_until_full, [(table.pk, w, deals) for w in range(WORKERS)])
    numbers = list(Deal.objects.filter(table=table).order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, deals + 1))
    assert sum(saved for saved, _ in results) == deals


def test_many_workers_different_tables_lose_nothing():
    tournament = drawn_tournament(24)
    tables = list(Table.objects.filter(tournament=tournament).order_by("number"))
    _run(_enter_until_full, [(t.pk, i, 8) for i, t in enumerate(tables)])
    for t in tables:
        assert list(Deal.objects.filter(table=t).values_list("number", flat=True).order_by("number")) == list(range(1, 9))


def _submit_same_key(table_id: int, worker: int, queue) -> None:
    connections.close_all()
    table = Table.objects.select_related("tournament", "section").get(pk=table_id)
    try:
        deal = deal_enter(table=table, number=1, facts=_facts(deal_slot(table, 1)), submission_key="double-submit")
        queue.put(deal.pk)
    except EntryError:
        queue.put(None)
    connections.close_all()


def test_double_submit_from_many_processes_makes_one_deal():
    tournament = drawn_tournament(12)
    table = Table.objects.get(tournament=tournament, number=1)
    results = _run(_submit_same_key, [(table.pk, w) for w in range(WORKERS)])
    assert Deal.objects.filter(table=table).count() == 1
    assert set(results) == {Deal.objects.get(table=table).pk}


def _correct_from_version_1(deal_id: int, matadores: int, queue) -> None:
    connections.close_all()
    deal = Deal.objects.select_related("table__tournament", "table__section").get(pk=deal_id)
    slot = deal_slot(deal.table, deal.number)
    facts = DealFacts(declarer_id=slot.active[0].player_id, game="club solo", matadores=matadores, points=79, tricks=8)
    try:
        deal_correct(deal=deal, facts=facts, version=1)
        queue.put("saved")
    except EntryError:
        queue.put("refused")
    connections.close_all()


def test_concurrent_corrections_of_one_version_only_one_lands():
    tournament = drawn_tournament(12)
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
    deal = deal_enter(table=table, number=1, facts=_facts(deal_slot(table, 1)))
    results = _run(_correct_from_version_1, [(deal.pk, m) for m in range(1, WORKERS + 1)])
    assert sorted(results) == ["refused"] * (WORKERS - 1) + ["saved"]
    deal.refresh_from_db()
    assert deal.version == 2
