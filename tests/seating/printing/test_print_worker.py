"""A print job queued while nothing runs is printed by the worker ``make run`` starts: the job and its task
wait in the database, so they survive a restart of the server and of the worker."""

import sqlite3
import time

from tests.attacks.hall import HallServer

QUEUE = """
import json
from seating.models import Tournament
from seating.printing import print_job_start
job = print_job_start(Tournament.objects.get(), "tickets", "A4")
print(json.dumps({"job": job.pk, "status": job.status}))
"""



def test_a_job_queued_before_the_start_is_printed_by_make_runs_worker(tmp_path):
    server = HallServer(tmp_path)
    plans = server.prepare(players=12, deals=1)["plans"]
    queued = server.shell(QUEUE)
    assert queued["status"] == "queued"

    server.start(check_token=plans[0]["token"])
    try:
        deadline = time.monotonic() + 90
        status = ("queued", "")
        while status[0] in ("queued", "running") and time.monotonic() < deadline:
            time.sleep(0.5)
            with sqlite3.connect(tmp_path / "event.sqlite3") as database:  # read straight from the event's file
                status = database.execute("SELECT status, error FROM seating_printjob WHERE id = ?",
                                          (queued["job"],)).fetchone()
    finally:
        server.stop()

    assert status == ("done", "")
    assert "print job" not in server.event_log()  # no failure logged
