"""A JSON backup handed to ``restore`` is measured before Django's loader reads it: a hostile file (a number of
5,000 digits, nesting thousands deep, a list that is no dump) is refused with one sentence and the database keeps
every row. JSON backups are PostgreSQL's (SQLite's are the database file): skipped on SQLite."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection  # noqa: F401 - read by the skipif condition below

from seating.models import Tournament
from tests.scoring.conftest import drawn_tournament

pytestmark = [
    pytest.mark.django_db(transaction=True), pytest.mark.slow,
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="JSON backups are PostgreSQL's"),
]

HOSTILE = {
    "a number of 5,000 digits": '[{"model": "seating.tournament", "pk": ' + "9" * 5000 + ', "fields": {}}]',
    "nesting thousands deep": '[{"model": "seating.tournament", "fields": ' + "[" * 5000 + "]" * 5000 + "}]",
    "not a dump": '{"model": "seating.tournament"}',
    "not JSON": '[{"model": "seating.tournament", ',
    "a dump of no model": '[{"model": "nothing.here", "pk": 1, "fields": {}}]',
}


@pytest.fixture(autouse=True)
def backup_dir(settings, tmp_path):
    settings.EVENT_DIR = tmp_path / "event"
    settings.BACKUP_DIR = tmp_path / "backups"
    return settings.BACKUP_DIR


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_json_backup_is_refused_and_nothing_changes(tmp_path, text):
    drawn_tournament(12)
    path = tmp_path / "skat-hostile.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CommandError, match="skat-hostile.json"):
        call_command("restore", str(path))
    assert Tournament.objects.count() == 1
