"""The real server, started the way ``make run`` starts it, for the attacks that need one.

Vocabulary:
    hall server   ``python -m skat_tourney.launcher`` (gunicorn with skat_tourney/gunicorn.conf.py, the task
                  worker) on a free port, with DEBUG off, its own database and its own event folder.
    controller    a thread playing one table's table controller: it opens the table's link once (for the
                  CSRF cookie) and posts each deal as the browser's form does (htmx, submission key).
    acknowledged  a deal whose save was answered "Deal N saved": the server promised to keep it.

Not a test module: the attacks import it.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Run in the server's own Django (manage.py shell): a drawn demo tournament, every table's link and the
# form data of its first deals. Prints one JSON line.
SETUP = """
import json
from scoring.entry.access import table_link
from scoring.entry.sheets import deal_slot
from scoring.management.demo import demo_create
from seating.models import Table
from seating.schedule import tournament_schedule

tournament = demo_create(players={players}, method="n-s-stationary", seed=13)
schedule = tournament_schedule(tournament)
plans = []
for table in Table.objects.filter(tournament=tournament).select_related("tournament", "section").order_by("number"):
    posts = []
    for number in range(1, min(schedule[table.pk].deals, {deals}) + 1):
        slot = deal_slot(table, number)
        posts.append({{"number": number, "submission_key": f"t{{table.pk}}-{{number}}", "kind": "game",
                      "declarer_id": slot.active[0].player_id, "game": "club solo", "matadores": "2",
                      "points": "79", "tricks": "8"}})
    plans.append({{"table": table.pk, "token": table_link(table).token, "posts": posts}})
print(json.dumps({{"tournament": tournament.name, "plans": plans}}))
"""

# Every deal in the database: (table, number, submission key), and the database's own verdict.
DEALS = """
import json
from django.db import connection
from scoring.models import Deal
check = None
if connection.vendor == "sqlite":
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA integrity_check")
        check = cursor.fetchone()[0]
print(json.dumps({"deals": list(Deal.objects.values_list("table_id", "number", "submission_key")), "integrity": check}))
"""


@contextmanager
def scratch_postgresql(prefix: str):
    """A database of its own on the PostgreSQL server ``DATABASE_URL`` names, for a server started by a test (its
    own migrations, dropped afterwards); the test is skipped when ``DATABASE_URL`` is not PostgreSQL."""
    import pytest

    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("DATABASE_URL does not point at PostgreSQL")
    import psycopg

    server, name = url.rsplit("/", 1)[0], f"{prefix}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(server + "/postgres", autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield f"{server}/{name}"
    finally:
        with psycopg.connect(server + "/postgres", autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class HallServer:
    def __init__(self, folder: Path, database_url: str | None = None):
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "DATABASE_URL": database_url or f"sqlite:///{folder / 'event.sqlite3'}",
                    "DEBUG": "0", "SECRET_KEY": "attack-only-secret-key-" + "x" * 40, "ALLOWED_HOSTS": "127.0.0.1",
                    "SECURE_SSL_REDIRECT": "0", "SECURE_COOKIES": "0", "EVENT_DIR": str(folder / "event"),
                    "BACKUP_DIR": str(folder / "event" / "backups"), "HALL": "0", "PYTHONUNBUFFERED": "1"}
        self.env.pop("DJANGO_SETTINGS_MODULE", None)  # manage.py sets it; the test run's own must not leak in
        self.process: subprocess.Popen | None = None

    def manage(self, *args: str, timeout: float = 300) -> str:
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, capture_output=True,
                              text=True, timeout=timeout)
        if done.returncode != 0:
            raise AssertionError(f"manage.py {args[0]} failed:\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def shell(self, code: str) -> dict:
        return json.loads(self.manage("shell", "-c", code).strip().splitlines()[-1])

    def prepare(self, players: int, deals: int) -> dict:
        self.manage("migrate", "--noinput", "-v0")
        return self.shell(SETUP.format(players=players, deals=deals))

    def start(self, check_token: str | None = None, *, backups: bool = False,
              check_page: tuple[str, str] | None = None) -> None:
        """Start the hall server and wait until it answers; ``check_token``'s sheet proves it is ours, or
        ``check_page``: (a page's path, words only our database's page shows)."""
        path, proof = check_page or (f"/t/{check_token}/", "<title>Table ")
        log = open(self.folder / "launcher.log", "ab")
        self.process = subprocess.Popen([sys.executable, "-m", "skat_tourney.launcher", "--bind",
                                         f"127.0.0.1:{self.port}", "--no-demo",
                                         *([] if backups else ["--no-backups"])],
                                        cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the launcher stopped:\n{self.launcher_log()}")
            try:
                with urllib.request.urlopen(f"{self.url}{path}", timeout=2) as answer:
                    page = answer.read().decode()
                # Only this server's database knows this page: another server on the port would answer 404.
                assert answer.status == 200 and proof in page, page[:500]
                return
            except (OSError, urllib.error.URLError):
                time.sleep(0.3)
        raise AssertionError(f"the hall server did not answer in 120 s:\n{self.launcher_log()}")

    def launcher_log(self) -> str:
        path = self.folder / "launcher.log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else ""

    def event_log(self) -> str:
        path = self.folder / "event" / "skat.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def kill(self) -> None:
        """SIGKILL to the launcher, gunicorn and the worker at once: the power cable pulled."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(30)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(40)
        except subprocess.TimeoutExpired:
            self.kill()

    def deals(self) -> dict:
        return self.shell(DEALS)


class Controller:
    """One table's controller: the table link opened once, then one POST per deal."""

    def __init__(self, server_url: str, token: str):
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.base = f"{server_url}/t/{token}/"

    def open(self) -> None:
        self.opener.open(self.base, timeout=60).read()

    def save(self, data: dict) -> tuple[int, str]:
        """(status, what the page says); a dropped connection is status 0."""
        csrf = next(c.value for c in self.jar if c.name == "csrftoken")
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": csrf}).encode()
        request = urllib.request.Request(self.base + "save/", data=body,
                                         headers={"HX-Request": "true", "Referer": self.base})
        try:
            with self.opener.open(request, timeout=60) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode(errors="replace")
        except OSError as err:
            return 0, str(err)


def saved(status: int, page: str, number: int) -> bool:
    return status == 200 and f"Deal {number} saved" in page


def text_of(page: str, limit: int | None = 300) -> str:
    """The page's words, without its markup (its first ``limit`` characters; None: all)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))[:limit]
