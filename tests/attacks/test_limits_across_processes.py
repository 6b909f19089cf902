"""The real server (gunicorn, two processes, DEBUG off, as ``make run`` starts it): the sign-up limit and the API
throttle hold for the server, not for each of its processes. Before the shared cache each process counted for
itself, and 10 of 14 sign-ups from one address were taken where the page promises 5 an hour.

Every request comes on a new connection, so the two processes share them out as they would a hall's phones; the
sign-ups come four at a time, so two processes take them at the same moment."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from seating.signup_views import SIGNUPS_PER_HOUR
from tests.attacks.hall import HallServer
from tests.attacks.shared_limits import EXTRAS, SIGNUPS, api, sign_up

pytestmark = pytest.mark.slow

API_RATE = 6
TRIES = 14


@pytest.fixture
def server(tmp_path):
    server = HallServer(tmp_path)
    server.env.update(SKAT_API_RATE=f"{API_RATE}/minute", GUNICORN_WORKERS="2", PRINT_WORKERS="1")
    server.env.pop("REDIS_URL", None)  # the hall's own set-up: no other service
    server.prepare(players=8, deals=1)
    extras = server.shell(EXTRAS)
    server.start(check_page=(f"/club/{extras['club']}/signup/{extras['signup']}/", "Preisskat sign-up"))
    try:
        yield server, extras
    finally:
        server.stop()


def test_the_signup_limit_and_the_api_throttle_hold_for_both_processes(server):
    server, extras = server
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda number: sign_up(server.url, extras, number), range(TRIES)))
    assert answers.count(302) == SIGNUPS_PER_HOUR and answers.count(429) == TRIES - SIGNUPS_PER_HOUR, answers
    assert server.shell(SIGNUPS)["signups"] == SIGNUPS_PER_HOUR

    reads = [api(server.url) for _ in range(3 * API_RATE)]
    assert reads.count(200) == API_RATE and reads.count(429) == 2 * API_RATE, reads
    assert {api(server.url, f"203.0.113.{n}") for n in range(10)} == {429}  # a made-up header is no way round
