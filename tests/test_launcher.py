"""``make run``'s launcher (skat_tourney/launcher.py): a backup at the start and at the stop and none in
between before the minute's check, a print worker that dies is started again while the tables save on, and no
restore while it serves."""

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.attacks.hall import ROOT, HallServer

pytestmark = pytest.mark.slow


def wait_for(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"no {what} in {timeout} s"
        time.sleep(0.2)


def test_backups_at_start_and_stop_and_a_dead_worker_started_again(tmp_path):
    server = HallServer(tmp_path)
    server.env["BACKUP_EVERY_MINUTES"] = "0"  # every check finds a backup due
    plans = server.prepare(players=12, deals=1)["plans"]
    backups = Path(server.env["BACKUP_DIR"])
    server.start(check_token=plans[0]["token"], backups=True)
    try:
        wait_for(lambda: any(backups.glob("skat-*.sqlite3")), 30, "backup at the start")
        refused = subprocess.run([sys.executable, "manage.py", "restore", str(next(backups.glob("skat-*.sqlite3")))],
                                 cwd=ROOT, env=server.env, capture_output=True, text=True, timeout=120)
        assert refused.returncode == 1 and "is running on this event: stop it" in refused.stderr, refused.stderr
        worker = int(re.search(r"the worker is pid (\d+)", server.launcher_log()).group(1))
        os.kill(worker, signal.SIGKILL)
        wait_for(lambda: "starting it again" in server.launcher_log(), 30, "restart of the worker")
        with urllib.request.urlopen(f"{server.url}/t/{plans[0]['token']}/", timeout=10) as answer:
            assert answer.status == 200  # the tables were served all along
        assert len(list(backups.glob("skat-*.sqlite3"))) == 1  # the next check is a minute away
    finally:
        server.stop()

    assert len(list(backups.glob("skat-*.sqlite3"))) == 2  # and a last one at the stop
