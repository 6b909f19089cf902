"""Backups of the whole event (common.backup), the backup and restore commands and the "Back up now" button.

Run on SQLite (the online backup API) and again on PostgreSQL by ``make test-db`` (a JSON dump).
"""

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from common.backup import BackupError, backup_due, backup_make, backup_restore, backups_list
from common.event_folder import LOCK_NAME
from scoring.entry.services import deal_enter
from scoring.entry.sheets import deal_slot
from scoring.models import Deal, StayTally
from scoring.results import DealFacts, tallies_check
from seating.models import Table, Tournament
from tests.scoring.conftest import drawn_tournament

pytestmark = pytest.mark.django_db(transaction=True)


ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def backup_dir(settings, tmp_path):
    settings.EVENT_DIR = tmp_path / "event"  # a make run of the developer's own never blocks a restore here
    settings.BACKUP_DIR = tmp_path / "backups"
    settings.BACKUP_KEEP = 3
    settings.BACKUP_EVERY_MINUTES = 5
    return settings.BACKUP_DIR


def play(table: Table, deals: int) -> None:
    for number in range(1, deals + 1):
        slot = deal_slot(table, number)
        deal_enter(table=table, number=number, facts=DealFacts(declarer_id=slot.active[0].player_id,
                                                                game="club solo", matadores=2, points=79, tricks=8))


def test_a_backup_restores_every_deal_it_held_and_undoes_what_came_after(backup_dir):
    tournament = drawn_tournament(12)
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
    play(table, 3)

    backup = backup_make()
    Deal.objects.all().delete()
    Tournament.objects.create(name="Made after the backup")
    before = backup_restore(backup)

    assert sorted(Deal.objects.values_list("number", flat=True)) == [1, 2, 3]
    assert not Tournament.objects.filter(name="Made after the backup").exists()
    # The kept totals come back with the deals, each deal counted once (a .json backup holds none of them: the
    # triggers make them again as the deals load).
    assert tallies_check(tournament) == []
    assert sum(StayTally.objects.filter(tournament=tournament).values_list("entries", flat=True)) == 3
    if backup.suffix == ".json":
        assert '"scoring.staytally"' not in backup.read_text()
    assert backup.parent == backup_dir and backup.name.startswith("skat-")
    assert "before-restore" in before.name and before.exists()  # the restore can itself be undone


def test_only_the_newest_backups_are_kept(backup_dir):
    made, an_hour_ago = [], time.time() - 3600
    for minute in range(5):
        made.append(backup_make())
        os.utime(made[-1], (an_hour_ago + 60 * minute,) * 2)  # one a minute, an hour ago

    assert backups_list() == list(reversed(made[-3:]))


def test_a_backup_is_due_when_the_newest_is_older_than_the_interval(backup_dir):
    assert backup_due()
    newest = backup_make()
    assert not backup_due()
    ten_minutes_ago = time.time() - 600
    os.utime(newest, (ten_minutes_ago, ten_minutes_ago))
    assert backup_due()


def test_a_file_that_is_no_backup_is_refused_and_nothing_changes(tmp_path):
    drawn_tournament(12)
    foreign = tmp_path / "notes.sqlite3"
    foreign.write_bytes(b"the scores of 1898, in pencil")

    for path in (foreign, tmp_path / "missing.sqlite3"):
        with pytest.raises(BackupError):
            backup_restore(path)

    assert Tournament.objects.count() == 1


def test_an_unwritable_backup_folder_is_one_clear_message(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")

    with pytest.raises(BackupError) as refused:
        backup_make(blocked / "backups")

    assert "could not be written" in refused.value.message


def test_the_commands_back_up_and_restore(tmp_path, capsys):
    drawn_tournament(12)

    call_command("backup", "--to", str(tmp_path / "elsewhere"))
    written = capsys.readouterr().out.strip().removeprefix("Backed up to ")
    call_command("backup", "--if-due", "--to", str(tmp_path / "elsewhere"))  # one was just made: not due
    assert capsys.readouterr().out == ""
    Tournament.objects.all().delete()
    call_command("restore", written)

    assert "The state it replaced is kept in" in capsys.readouterr().out
    assert Tournament.objects.count() == 1
    with pytest.raises(CommandError, match="No backup at"):
        call_command("restore", str(tmp_path / "nothing-here.json"))


def test_back_up_now_on_the_tournaments_page(admin_client, backup_dir):
    drawn_tournament(12)

    assert "No backup yet." in admin_client.get("/director/").content.decode()
    page = admin_client.post("/director/backup/", follow=True).content.decode()

    [made] = backups_list()
    assert f"Backed up: {made.name}" in page and "Last backup" in page
    assert admin_client.get("/director/backup/").status_code == 405


def test_back_up_now_is_for_staff_only(client):
    response = client.post("/director/backup/")

    assert response.status_code in (302, 403) and backups_list() == []


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_backups_and_their_folder_are_the_owners_alone(backup_dir):
    """A backup holds every login's password hash: 0600 files in a 0700 folder, the restore's own too."""
    drawn_tournament(12)
    backup_dir.mkdir(mode=0o755)  # as an older version left it
    old_umask = os.umask(0o022)  # the usual one, which makes new files 0644
    try:
        backup = backup_make()
        before = backup_restore(backup)
    finally:
        os.umask(old_umask)

    assert mode(backup_dir) == 0o700
    assert (mode(backup), mode(before)) == (0o600, 0o600)
    assert sorted(backups_list()) == sorted([backup, before])  # no partial file left beside them


def hold_the_event_folder(folder: Path) -> subprocess.Popen:
    """A stand-in for a running ``make run``: a process holding the event folder's server lock until its
    standard input closes."""
    code = ("import sys; from pathlib import Path; from common.event_folder import server_lock_hold\n"
            "with server_lock_hold(Path(sys.argv[1])):\n    print('held', flush=True); sys.stdin.read()")
    holder = subprocess.Popen([sys.executable, "-c", code, str(folder)], cwd=ROOT, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    return holder


def test_restore_refuses_while_make_run_serves_the_event_and_not_after_it_was_killed(settings):
    drawn_tournament(12)
    backup = backup_make()
    Tournament.objects.create(name="Made after the backup")
    holder = hold_the_event_folder(settings.EVENT_DIR)
    try:
        with pytest.raises(CommandError, match=rf"make run, process {holder.pid}\) is running on this event"):
            call_command("restore", str(backup))
        assert Tournament.objects.filter(name="Made after the backup").exists()  # nothing changed
        assert [p for p in backups_list() if "before-restore" in p.name] == []
    finally:
        holder.kill()  # killed, not stopped: its lock file stays behind, naming a dead process
        holder.wait()

    assert (settings.EVENT_DIR / LOCK_NAME).read_text() == str(holder.pid)
    call_command("restore", str(backup))
    assert not Tournament.objects.filter(name="Made after the backup").exists()
