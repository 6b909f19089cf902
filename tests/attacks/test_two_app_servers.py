"""A host's set-up: two app servers (two launchers on two ports, each gunicorn with two processes and its print
workers) on one PostgreSQL database and one Redis, and a client going to each in turn, as a proxy spreading the
phones would send them.

The pair holds as one server: the sign-up limit and the API throttle count for both, a deal saved on one is on the
other's live board within the live table's cache time, a print job queued is rendered by exactly one of the four
print workers, and when one server is killed in the middle of the saves (SIGKILL: its power cut), no deal it
acknowledged is lost and the other goes on serving every table.

Skipped, saying why, unless ``DATABASE_URL`` is PostgreSQL and Redis answers (``REDIS_URL``, default
127.0.0.1:6379 database 0). The run has a key prefix of its own in Redis and deletes only its own keys."""

import os
import threading
import time
import urllib.request
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from public.views import LIVE_SECONDS
from seating.signup_views import SIGNUPS_PER_HOUR
from tests.attacks.hall import Controller, HallServer, saved, scratch_postgresql
from tests.attacks.shared_limits import EXTRAS, SIGNUPS, api, sign_up, status_of

pytestmark = [pytest.mark.slow, pytest.mark.database]

API_RATE = 6
TABLES = 6
DEALS = 12
SEEN_WITHIN = LIVE_SECONDS + 60  # the cache time, and the machine's load on top: never a race against the clock
PRINTS = [("seating-list", "A4"), ("seating-list", "Letter"), ("tickets", "A4"), ("tickets", "Letter")]

QUEUE = """
import json
from seating.models import Tournament
from seating.printing.jobs import print_job_start
tournament = Tournament.objects.get(pk={published})
print(json.dumps({{"jobs": [print_job_start(tournament, kind, paper).pk for kind, paper in {prints}]}}))
"""

QUEUE_DONE = """
import json
from django_tasks.backends.database.models import DBTaskResult
from seating.models import PrintJob
print(json.dumps({"jobs": list(PrintJob.objects.values_list("status", flat=True)),
                  "tasks": [(t.status, t.worker_ids) for t in DBTaskResult.objects.all()]}))
"""


@pytest.fixture
def redis_url():
    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as err:
        pytest.skip(f"Redis does not answer at {url}: {err}")
    prefix = f"skat-test-{uuid.uuid4().hex[:8]}"
    try:
        yield url, prefix
    finally:
        for key in client.scan_iter(match=f"{prefix}:*"):
            client.delete(key)
        client.close()


@pytest.fixture
def pair(tmp_path, redis_url):
    url, prefix = redis_url
    with scratch_postgresql("skat_pair") as database:
        servers = [HallServer(tmp_path / name, database) for name in ("one", "two")]
        for server in servers:
            (server.folder / "event").mkdir(parents=True)
            server.env.update(REDIS_URL=url, CACHE_KEY_PREFIX=prefix, SKAT_API_RATE=f"{API_RATE}/minute",
                              GUNICORN_WORKERS="2", PRINT_WORKERS="2", CONN_MAX_AGE="0")
        plans = servers[0].prepare(players=4 * TABLES, deals=DEALS)["plans"][:TABLES]
        extras = servers[0].shell(EXTRAS)
        try:
            for server in servers:
                server.start(check_token=plans[0]["token"])
            yield servers, plans, extras
        finally:
            for server in servers:
                server.kill()


def live_table(server: HallServer, extras: dict) -> str:
    status, page = status_of(urllib.request.Request(
        f"{server.url}/club/{extras['club']}/results/{extras['published']}/live/", headers={"HX-Request": "true"}))
    assert status == 200, page[:300]
    return page


def test_two_app_servers_on_one_postgresql_and_one_redis_hold_as_one(pair):
    servers, plans, extras = pair
    one, two = servers

    # The limits count for the pair: the client goes to each server in turn.
    answers = [sign_up(servers[n % 2].url, extras, n) for n in range(14)]
    assert answers.count(302) == SIGNUPS_PER_HOUR and answers.count(429) == 14 - SIGNUPS_PER_HOUR, answers
    assert one.shell(SIGNUPS)["signups"] == SIGNUPS_PER_HOUR
    reads = [api(servers[n % 2].url) for n in range(3 * API_RATE)]
    assert reads.count(200) == API_RATE, reads
    assert {api(servers[n % 2].url, f"203.0.113.{n}") for n in range(6)} == {429}

    # A deal saved on one is on the other's live board within the cache time.
    before = live_table(two, extras)
    plan = plans[0]
    first = Controller(one.url, plan["token"])
    first.open()
    status, page = first.save(plan["posts"][0])
    assert saved(status, page, 1), page[:300]
    deadline = time.monotonic() + SEEN_WITHIN
    while live_table(two, extras) == before:
        assert time.monotonic() < deadline, f"the deal saved on one was not on two's live board in {SEEN_WITHIN} s"
        time.sleep(1)

    # The print queue runs once: four print workers (two a server) on one database, each job rendered by one.
    jobs = one.shell(QUEUE.format(published=extras["published"], prints=PRINTS))["jobs"]
    assert len(set(jobs)) == len(PRINTS)
    deadline = time.monotonic() + 600
    while True:
        queue = one.shell(QUEUE_DONE)
        if all(status in ("done", "failed") for status in queue["jobs"]):
            break
        assert time.monotonic() < deadline, queue
        time.sleep(2)
    assert queue["jobs"] == ["done"] * len(PRINTS), queue
    assert [len(workers) for _, workers in queue["tasks"]] == [1] * len(PRINTS), queue["tasks"]

    # One server killed mid-save: nothing it acknowledged is lost, the other serves every table to the end.
    acknowledged, lock, killed = set(), threading.Lock(), threading.Event()

    def play(plan: dict) -> int:
        controllers = [Controller(server.url, plan["token"]) for server in servers]
        for controller in controllers:
            controller.open()
        done = 0
        for index, data in enumerate(plan["posts"]):
            if plan is plans[0] and index == 0:
                continue  # saved above
            going = controllers[index % 2] if not killed.is_set() else controllers[1]
            status, page = going.save(data)
            if not saved(status, page, data["number"]) and going is controllers[0]:
                status, page = controllers[1].save(data)  # the proxy sends the phone's retry to the other
            assert saved(status, page, data["number"]), (status, page[:300])
            with lock:
                acknowledged.add(data["submission_key"])
            done += 1
            time.sleep(0.05)
        return done

    with ThreadPoolExecutor(TABLES) as pool:
        futures = [pool.submit(play, plan) for plan in plans]
        deadline = time.monotonic() + 300
        while len(acknowledged) < TABLES * DEALS // 3:
            assert time.monotonic() < deadline and not any(f.done() and f.exception() for f in futures)
            time.sleep(0.05)
        one.kill()
        killed.set()
        for future in futures:
            future.result()

    deals = two.deals()["deals"]
    keys = Counter(key for _, _, key in deals)
    assert acknowledged <= set(keys), f"lost: {sorted(acknowledged - set(keys))[:5]}"
    assert max(keys.values()) == 1
    per_table = Counter(table for table, _, _ in deals)
    assert sorted(per_table.values()) == [DEALS] * TABLES  # every table played to its end on the other server
    assert "<tr" in live_table(two, extras)  # and its live board still answers
