"""Serving the hall's network: ``HALL=1`` settings, the launcher's reading of ``--bind``, this machine's names."""

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from skat_tourney.hall_network import event_secret_key, hall_host_names
from skat_tourney.launcher import _debug_on, _on_the_hall_network

ROOT = Path(__file__).resolve().parents[1]
SHOW = ("import json; from django.conf import settings as s; print(json.dumps({'debug': s.DEBUG, "
        "'hosts': s.ALLOWED_HOSTS, 'redirect': s.SECURE_SSL_REDIRECT, 'key': s.SECRET_KEY, "
        "'options': s.DATABASES['default'].get('OPTIONS', {})}))")


def settings_under(env: dict) -> dict:
    clean = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "HALL",
                                                              "DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    done = subprocess.run([sys.executable, "manage.py", "shell", "-c", SHOW], cwd=ROOT, env={**clean, **env},
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow  # a Django process per case
def test_the_hall_allows_this_machines_names_without_debug_pages_or_https(tmp_path):
    hall = settings_under({"HALL": "1", "EVENT_DIR": str(tmp_path)})

    assert hall["debug"] is False and hall["redirect"] is False
    assert socket.gethostname() in hall["hosts"] and "127.0.0.1" in hall["hosts"]
    assert hall["key"] == (tmp_path / "secret_key").read_text()  # made once, kept with the event
    assert oct((tmp_path / "secret_key").stat().st_mode & 0o777) == "0o600"
    assert settings_under({"HALL": "1", "EVENT_DIR": str(tmp_path)})["key"] == hall["key"]


@pytest.mark.slow
def test_sqlite_waits_its_turn_instead_of_failing(tmp_path):
    options = settings_under({"EVENT_DIR": str(tmp_path)})["options"]

    assert options["transaction_mode"] == "IMMEDIATE" and options["timeout"] >= 20
    assert "journal_mode=WAL" in options["init_command"]
    on_postgres = settings_under({"EVENT_DIR": str(tmp_path), "DATABASE_URL": "postgres://u@127.0.0.1:5432/x"})
    assert on_postgres["options"] == {}


def test_the_launcher_serves_the_hall_for_any_address_but_loopback():
    assert not _on_the_hall_network("127.0.0.1:8000") and not _on_the_hall_network("localhost:8000")
    assert not _on_the_hall_network("[::1]:8000")
    assert _on_the_hall_network("0.0.0.0:8000") and _on_the_hall_network("192.168.1.20:8000")


def test_the_launcher_reads_debug_as_the_settings_do():
    assert _debug_on({}) and not _debug_on({"HALL": "1"})
    assert _debug_on({"HALL": "1", "DEBUG": "1"}) and not _debug_on({"DEBUG": "0"})


def test_hall_names_leave_out_loopback_and_the_secret_key_is_kept(tmp_path):
    assert all(not name.startswith("127.") and name != "localhost" for name in hall_host_names())
    key = event_secret_key(tmp_path / "key")
    assert len(key) >= 50 and event_secret_key(tmp_path / "key") == key
