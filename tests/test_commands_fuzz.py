"""Every command answers wrong input with a clear message and a non-zero status, never a traceback."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = ["", "x" * 5000, "-1", "99999999999999999999999", "\x7f\x01", "<script>", "nan", "'; DROP TABLE x; --"]


def run(*args: str, stdin: str = "", database: str = "sqlite:///:memory:") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT, input=stdin, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "DATABASE_URL": database, "PYTHONPATH": str(ROOT)})


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'fuzz.sqlite3'}"
    assert run("manage.py", "migrate", "-v0", database=url).returncode == 0
    return url


@pytest.mark.parametrize("value", HOSTILE)
def test_engine_cli_hostile_values(value):
    for args in (["score", "--json", value], ["check", "--json", value], ["bids", "--rulebook", value],
                 ["score", "--json", '{"game": "%s", "points": 1, "tricks": 1}' % value.replace('"', "")]):
        done = run("-m", "scoring.engine", *args)
        assert done.returncode == 2 and "Traceback" not in done.stderr, (args, done.stderr[-300:])


@pytest.mark.parametrize("value", HOSTILE)
def test_movements_cli_hostile_values(value):
    for args in (["show", "--method", value, "--tables", "3"], ["show", "--method", "n-s-stationary", "--tables", value],
                 ["plan", "--method", "fixed", "--players", value]):
        done = run("-m", "seating.movements", *args)
        assert done.returncode == 2 and "Traceback" not in done.stderr, (args, done.stderr[-300:])


@pytest.mark.parametrize("args", [
    ["standings", "nowhere"], ["standings", "\u00b2"],  # "²".isdigit() is true, int("²") raised
    ["standings", "1", "--format", "pdf"], ["export", "x" * 300], ["import", "/no/such/file"],
    ["import", "-"], ["demo", "--players", "2"], ["demo", "--players", "ten"], ["demo", "--method", "bridge"],
    ["demo", "--seed", "-5"], ["publish", "nowhere"], ["publish", "\u00b2", "--undo"], ["publish"],
    ["stats", "member", "\u00b2"], ["stats", "member", "99999999999999999999999"], ["stats", "member", "1", "--from", "x"],
    ["stats", "club", "nowhere"], ["stats", "club", "x", "--min-series", "ten"], ["stats", "versus", "1"],
    ["stats", "member", "1", "--format", "csv"],
])
def test_manage_commands_refuse_cleanly(args, database):
    done = run("manage.py", *args, stdin="{broken", database=database)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr and done.stderr.strip(), done.stderr[-300:]


def test_a_database_not_migrated_is_one_clear_line():
    done = run("manage.py", "standings", "1")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "run `python manage.py migrate` first" in done.stderr


@pytest.mark.django_db
@pytest.mark.parametrize("amount, where", [
    ("1e309", "tournament.money.entry_fee"), ("9" * 40, "tournament.money.entry_fee"),
    ("@1e309", "tournament.money.entry_fee"), ("@NaN", "tournament.money.entry_fee"),
    ("@-Infinity", "tournament.money.entry_fee"), ("@" + "9" * 40, "tournament.money.entry_fee"),
])
def test_import_of_a_hostile_amount_is_one_line_naming_its_place_and_a_failure(amount, where, database, tmp_path):
    """Money "1e309" ended in a traceback that named no field. "@" marks a bare JSON number."""
    import json

    from tests.attacks.test_imports import export

    data = export()
    data["tournament"]["money"]["entry_fee"] = amount
    text = json.dumps(data)
    if amount.startswith("@"):
        text = text.replace(json.dumps(amount), amount[1:])
    path = tmp_path / "hostile.json"
    path.write_text(text)
    done = run("manage.py", "import", str(path), database=database)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr and where in done.stderr, done.stderr[-500:]
    assert run("manage.py", "standings", "1", database=database).returncode != 0  # nothing was written
