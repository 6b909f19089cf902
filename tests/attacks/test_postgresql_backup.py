"""A host's backup of PostgreSQL, as docs/OPERATIONS.md ("Hosting an association") tells it: ``pg_dump`` in its
custom format, ``pg_restore`` into an empty database, and the event is all there: every table's rows the same, the
deals, the totals the triggers keep, and the restored database passes the project's own checks.

Skipped, saying why, unless ``DATABASE_URL`` is PostgreSQL and ``pg_dump`` and ``pg_restore`` are installed."""

import shutil
import subprocess

import pytest

from tests.attacks.hall import HallServer, scratch_postgresql

pytestmark = [pytest.mark.slow, pytest.mark.database]

ROWS = """
import json
from django.apps import apps
from django.db import connection
from scoring.models import Deal
with connection.cursor() as cursor:
    counts = {}
    for model in apps.get_models():
        cursor.execute(f'SELECT count(*) FROM "{model._meta.db_table}"')
        counts[model._meta.db_table] = cursor.fetchone()[0]
    cursor.execute('SELECT count(*) FROM "skat_cache"')
    counts["skat_cache"] = cursor.fetchone()[0]
deals = sorted(Deal.objects.values_list("table_id", "number", "submission_key", "value"))
print(json.dumps({"counts": counts, "deals": deals}))
"""

PLAY = """
from scoring.management.demo import demo_play_series
from seating.models import Tournament
demo_play_series(Tournament.objects.get(), 1, seed=3)
print("{}")
"""


def test_pg_dump_and_pg_restore_give_back_every_row(tmp_path):
    if not (shutil.which("pg_dump") and shutil.which("pg_restore")):
        pytest.skip("pg_dump or pg_restore is not installed")
    with scratch_postgresql("skat_dump") as source, scratch_postgresql("skat_restored") as target:
        original = HallServer(tmp_path / "original", source)
        name = original.prepare(players=16, deals=1)["tournament"]
        original.shell(PLAY)
        dump = tmp_path / "skat.dump"
        subprocess.run(["pg_dump", "--format=custom", "--no-owner", f"--file={dump}", source], check=True,
                       timeout=300)
        subprocess.run(["pg_restore", "--no-owner", "--exit-on-error", f"--dbname={target}", str(dump)], check=True,
                       timeout=300)
        restored = HallServer(tmp_path / "restored", target)
        before, after = original.shell(ROWS), restored.shell(ROWS)
        assert before["counts"]["scoring_deal"] > 0 and before["deals"]
        assert after == before
        restored.manage("migrate", "--check")  # nothing left to migrate: the schema came back whole
        assert "Every kept total equals" in restored.manage("tallies", name)  # the totals the triggers keep agree with the deals
