"""Races on real PostgreSQL for the services' tests: each call in a forked process of its own with its own
connection (as the server's workers are), all released together.

Vocabulary:
    call    a function of no arguments run in one worker; it returns what the person would be told ("taken",
            "refused: ..."), so the test compares the answers, sorted.
    held    the moment between a service's checks and its write (``(object, attribute)``: the write), made
            ``HELD`` seconds long in every worker: without the lock each worker checks before any writes, so a
            broken lock fails the race every time, not now and then.
"""

from __future__ import annotations

import time
from contextlib import nullcontext
from unittest import mock

from django.db import connections

from tests.scoring.entry.test_concurrency import _race

HELD = 0.3


def held(owner, attribute: str):
    """``owner.attribute`` made to wait ``HELD`` seconds before it runs."""
    original = getattr(owner, attribute)

    def waiting(*args, **kwargs):
        time.sleep(HELD)
        return original(*args, **kwargs)

    return mock.patch.object(owner, attribute, waiting)


def race(*calls, hold: tuple[object, str] | None = None) -> list:
    """The calls run at once, each in its own process; their answers, sorted."""

    def worker(call):
        def run(start, queue):
            connections.close_all()
            try:
                with held(*hold) if hold else nullcontext():
                    start.wait(timeout=30)
                    queue.put(call())
            finally:
                connections.close_all()
        return run

    return _race(*[(worker(call), ()) for call in calls])


def told(call, refusal: type[Exception], done: str = "done"):
    """``call`` as a race's call: ``done`` when it ran, "refused: <its message>" when it raised ``refusal``."""

    def answer():
        try:
            call()
        except refusal as refused:
            return f"refused: {getattr(refused, 'message', refused)}"
        return done

    return answer
