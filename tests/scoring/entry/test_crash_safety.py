"""A process killed in the middle of saving a deal leaves no half-written deal behind.

The worker enters a deal through the real service; just after the deal row and its history row are
written, and before the transaction commits, it tells the test and waits, and the test kills it with
SIGKILL, as a server that loses its power would be. The database must hold neither row afterwards.
"""

import multiprocessing
import os
import signal

import pytest
from django.db import connections

from scoring.entry.services import deal_enter
from scoring.entry.sheets import deal_slot, next_deal_number
from scoring.models import Deal
from scoring.results import DealFacts
from seating.models import Table
from tests.scoring.conftest import drawn_tournament

pytestmark = pytest.mark.django_db(transaction=True)


def _enter_and_hang(table_id: int, ready) -> None:
    import time

    from simple_history.signals import post_create_historical_record

    connections.close_all()
    table = Table.objects.select_related("tournament", "section").get(pk=table_id)
    slot = deal_slot(table, 1)

    def hang(**kwargs):  # the deal and its history row are written; the commit has not happened yet
        ready.send("written")
        time.sleep(60)

    post_create_historical_record.connect(hang, weak=False)
    deal_enter(table=table, number=1, facts=DealFacts(declarer_id=slot.active[0].player_id, game="club solo",
                                                      matadores=2, points=79, tricks=8))


def test_killed_mid_save_leaves_no_half_written_deal():
    tournament = drawn_tournament(12)
    table = Table.objects.get(tournament=tournament, number=1)
    connections.close_all()
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    worker = ctx.Process(target=_enter_and_hang, args=(table.pk, send))
    worker.start()
    assert receive.poll(30) and receive.recv() == "written"
    os.kill(worker.pid, signal.SIGKILL)
    worker.join(10)
    assert worker.exitcode == -signal.SIGKILL
    assert Deal.objects.count() == 0 and Deal.history.count() == 0
    assert next_deal_number(table) == 1  # the sheet carries on at deal 1
