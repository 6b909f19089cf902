"""Backups of the whole event: every tournament, player, deal, slip and login, as one file.

Vocabulary:
    backup     one file in the backup folder (settings.BACKUP_DIR), named by when it was taken:
               ``skat-20261123-140500.sqlite3`` on SQLite, a copy made with SQLite's online backup API (a
               consistent snapshot while the tables go on saving), or ``skat-20261123-140500.json`` on any
               other database (PostgreSQL): ``dumpdata`` of every table read in one snapshot transaction.
    due        the newest backup is older than settings.BACKUP_EVERY_MINUTES (or there is none).
    kept       the newest settings.BACKUP_KEEP backups; older ones are deleted after each new backup.
    restore    the database replaced, all at once, by a backup's content; the state it replaces is backed
               up first (``before-restore`` in its name), so a restore can itself be undone. Refused while
               ``make run`` serves the event folder (its server lock, common.event_folder): a table saving
               into the database being replaced would lose the deal or undo the restore.

A file is written under a temporary name and renamed when complete: a backup cut short never looks whole.
A backup holds every login's password hash: the files are the owner's alone (0600), and so is the backup
folder (0700).
"""

from __future__ import annotations

import logging
import os
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.serializers.base import DeserializationError
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.utils.translation import gettext as _

from common.errors import UserError
from common.event_folder import server_running
from common.untrusted import json_file

LOGGER = logging.getLogger(__name__)
PREFIX = "skat-"
SUFFIXES = (".sqlite3", ".json")
PRIVATE_FILE, PRIVATE_FOLDER = 0o600, 0o700
DERIVED = ["scoring.StayTally"]
"""Tables the database derives from others (the kept tallies, made by triggers as the deals load): never written
to a .json backup nor loaded from one, so a restore can never count a deal twice."""


class BackupError(UserError):
    """A backup or restore that cannot be done as asked (a missing or foreign file, a full disk)."""


def _connection():
    return connections[DEFAULT_DB_ALIAS]


def _on_sqlite() -> bool:
    return _connection().vendor == "sqlite"


def backup_folder(folder: Path | str | None = None) -> Path:
    return Path(folder) if folder else Path(settings.BACKUP_DIR)


def backups_list(folder: Path | str | None = None) -> list[Path]:
    """The backups in ``folder``, newest first."""
    folder = backup_folder(folder)
    if not folder.is_dir():
        return []
    found = [p for p in folder.iterdir() if p.name.startswith(PREFIX) and p.suffix in SUFFIXES]
    return sorted(found, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def backup_latest(folder: Path | str | None = None) -> dict | None:
    """The newest backup for the director's page: its ``name``, ``folder`` and when it was taken (``at``)."""
    newest = next(iter(backups_list(folder)), None)
    if newest is None:
        return None
    return {"name": newest.name, "folder": newest.parent, "at": datetime.fromtimestamp(newest.stat().st_mtime)}


def backup_due(folder: Path | str | None = None) -> bool:
    newest = next(iter(backups_list(folder)), None)
    if newest is None:
        return True
    age = datetime.now() - datetime.fromtimestamp(newest.stat().st_mtime)
    return age >= timedelta(minutes=settings.BACKUP_EVERY_MINUTES)


def backup_make(folder: Path | str | None = None, *, label: str = "") -> Path:
    """Back the whole event up into ``folder`` (default: the backup folder); the new file's path.

    Refused with a ``BackupError`` (and logged) when the folder cannot be written.
    """
    folder = backup_folder(folder)
    suffix = ".sqlite3" if _on_sqlite() else ".json"
    try:
        _private_folder(folder)
        target = _free_name(folder, label, suffix)
        partial = target.with_name(target.name + ".partial")
        # Made the owner's alone before a byte is written: SQLite and dumpdata write into this file as it is.
        os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE))
        os.chmod(partial, PRIVATE_FILE)  # a partial file left by an older run keeps its mode otherwise
        if _on_sqlite():
            _sqlite_copy(partial)
        else:
            _dump(partial)
        partial.replace(target)
    except OSError as err:
        LOGGER.exception("backup into %s failed", folder)
        raise BackupError(None, _("The backup could not be written to {folder}: {reason}.").format(
            folder=folder, reason=err.strerror or err)) from None
    _prune(folder)
    LOGGER.info("backup written: %s", target)
    return target


def _private_folder(folder: Path) -> None:
    folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    try:
        os.chmod(folder, PRIVATE_FOLDER)  # one made before (or by hand) is closed too
    except OSError:
        # A folder of another owner, or on a stick without file modes: the files themselves are still 0600.
        LOGGER.warning("could not make the backup folder %s the owner's alone", folder)


def _free_name(folder: Path, label: str, suffix: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    stem = f"{PREFIX}{stamp}{'-' + label if label else ''}"
    target, count = folder / f"{stem}{suffix}", 1
    while target.exists():  # two backups in one second: the second gets a number
        count += 1
        target = folder / f"{stem}-{count}{suffix}"
    return target


def _sqlite_copy(target: Path) -> None:
    connection = _connection()
    connection.ensure_connection()
    copy = sqlite3.connect(target)
    try:
        # One step (pages=-1): the whole database under one read lock, a snapshot of a single moment.
        connection.connection.backup(copy)
        # A plain file, not a WAL database: it opens anywhere, read-only too, without its -wal and -shm.
        copy.execute("PRAGMA journal_mode=DELETE")
    finally:
        copy.close()


def _dump(target: Path) -> None:
    connection = _connection()
    with transaction.atomic():
        if connection.vendor == "postgresql":
            # Every table read from one snapshot, however long the dump takes while the tables save.
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        call_command("dumpdata", format="json", output=str(target), verbosity=0, exclude=DERIVED)


def _prune(folder: Path) -> None:
    """Keep the newest ``BACKUP_KEEP`` timed backups; a ``before-restore`` backup is never pruned."""
    timed = [p for p in backups_list(folder) if "before-restore" not in p.name]
    for old in timed[settings.BACKUP_KEEP:]:
        try:
            old.unlink()
        except OSError:
            LOGGER.warning("could not delete the old backup %s", old)


def backup_restore(path: Path | str) -> Path:
    """Replace the whole database by the backup at ``path``; the replaced state is backed up first (returned).

    Refused with a ``BackupError``, nothing changed, when ``make run`` is serving the event, or the file is
    missing, is not a backup of this kind of database, or is damaged.
    """
    server = server_running(Path(settings.EVENT_DIR))
    if server is not None:
        raise BackupError(None, _("The server (make run, process {pid}) is running on this event: stop it "
                                  "(Ctrl+C in its window) before restoring, so no table saves into the database "
                                  "being replaced.").format(pid=server or "?"))
    path = Path(path)
    if not path.is_file():
        raise BackupError("file", _("No backup at {path}.").format(path=path))
    if _on_sqlite():
        source = _sqlite_backup_checked(path)
        try:
            before = backup_make(label="before-restore")
            connection = _connection()
            connection.ensure_connection()
            source.backup(connection.connection)
        finally:
            source.close()
    else:
        if path.suffix != ".json":
            raise BackupError("file", _("{name} is an SQLite backup; this database takes a .json backup.").format(
                name=path.name))
        _json_backup_checked(path)
        before = backup_make(label="before-restore")
        try:
            with transaction.atomic():  # all or nothing: the emptied database never shows
                call_command("flush", interactive=False, inhibit_post_migrate=True, verbosity=0)
                call_command("loaddata", str(path), verbosity=0, exclude=DERIVED)
        except DeserializationError as err:
            raise BackupError("file", _("{name} is not a backup of this event ({reason}); nothing was changed.")
                              .format(name=path.name, reason=str(err)[:200])) from None
    LOGGER.warning("database restored from %s (the state before: %s)", path, before)
    return before


MOST_JSON_BACKUP_BYTES = 2**30
"""A JSON backup's size: an association's server of many seasons fits many times over."""


def _json_backup_checked(path: Path) -> None:
    """A JSON backup measured before Django's loader parses it (``common.untrusted``: its size, how deep it nests,
    how long its numbers are, whether it is JSON at all) and shaped as a dump: a list of objects, each naming its
    model. A file a person hands in is refused with one sentence, never with the parser's exception."""
    try:
        data = json_file(path, field="file", most_bytes=MOST_JSON_BACKUP_BYTES)
    except UserError as refused:
        raise BackupError("file", _("{name} is not a backup of this event ({reason}); nothing was changed.").format(
            name=path.name, reason=refused.message)) from None
    if not isinstance(data, list) or not all(isinstance(row, dict) and isinstance(row.get("model"), str)
                                             for row in data):
        raise BackupError("file", _("{name} is not a backup of this event (not a list of saved rows); nothing "
                                    "was changed.").format(name=path.name))


def _sqlite_backup_checked(path: Path) -> sqlite3.Connection:
    try:
        source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        verdict = source.execute("PRAGMA integrity_check").fetchone()[0]
        tables = {row[0] for row in source.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as err:
        raise BackupError("file", _("{name} is not an SQLite backup ({reason}).").format(name=path.name,
                                                                                        reason=err)) from None
    if verdict != "ok" or "django_migrations" not in tables:
        source.close()
        raise BackupError("file", _("{name} is not a backup of this event (integrity: {verdict}).").format(
            name=path.name, verdict=verdict))
    return source
