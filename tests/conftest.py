"""Project-wide test set-up: hypothesis profiles and the ``database`` and ``slow`` markers.

Tests that touch the database are marked ``database`` by themselves (from their fixtures), so
``pytest -m database`` (``make test-db``) runs exactly those again on PostgreSQL in CI.
Tests that take seconds each (a real browser, a subprocess per case, PDFs rendered and read back), and any test
that takes 0.7 s or more (``--durations=0`` shows them), are marked ``slow``, so ``make test-fast``
(``pytest -m "not slow"``) gives a developer an answer in about a minute.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

# Machines here are noisy: no per-example deadline; CI gets more examples than a laptop.
settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", deadline=None, max_examples=400, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

_DATABASE_FIXTURES = {"db", "transactional_db", "client", "admin_client", "admin_user", "django_user_model",
                      "live_server", "django_db_setup"}


SLOW_PLACES = ("tests/browser/", "tests/test_commands_fuzz.py", "tests/test_forms_fuzz.py",
               "tests/seating/printing/", "tests/scoring/engine/test_cli.py", "tests/seating/movements/test_movement_cli.py")
"""Where every test is slow; a slow test elsewhere carries ``@pytest.mark.slow`` itself."""


# --- The language in tests --------------------------------------------------------------------------------------
# A request in German leaves German active on the test's thread (LocaleMiddleware activates per request and a
# server thread starts every request afresh); a test's own code afterwards must read English again.
@pytest.fixture(autouse=True)
def _english_after_each_test():
    from django.utils import translation

    yield
    translation.deactivate()
# --- end of the language in tests -------------------------------------------------------------------------------


# --- The task queue in tests ---------------------------------------------------------------------------------
# A print job runs at once, in the request that queues it, unless a test puts the database queue itself under
# test (tests/seating/printing/test_print_queue.py): no test waits for a worker that is not there.
@pytest.fixture(autouse=True)
def _tasks_run_immediately(settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
# --- end of the task queue in tests ----------------------------------------------------------------------------


def pytest_configure(config):
    # The translations as the product reads them: the .mo files compiled from the repository's .po files
    # (make does it too; a bare `pytest` must not test yesterday's German).
    from common.po import compile_all

    compile_all()
    # Commands run in a subprocess speak the terminal's language (common.commands): the tests read English,
    # whatever the machine's locale.
    os.environ["SKAT_LANGUAGE"] = "en"


def pytest_collection_modifyitems(items):
    for item in items:
        if any(place in item.nodeid for place in SLOW_PLACES):
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("django_db") or _DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.database)
