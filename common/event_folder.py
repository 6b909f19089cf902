"""The event folder's shared files, read alike by the settings (Django) and the launcher (plain Python).

Vocabulary:
    event folder   ``EVENT_DIR``, else ``event/`` beside manage.py: the log, the backups, the hall's secret key.
    event log      ``skat.log`` there, appended to by every process of the server (the gunicorn workers, the
                   print workers, the backups), each through a WatchedFileHandler (settings.LOGGING). None of
                   them rotates it: ``log_rotate`` (the launcher, once a minute) or the system's logrotate
                   moves it away, and each process's handler then opens a new one. Rotating inside each
                   process, as a RotatingFileHandler does, loses and mixes lines when two rotate at once.
    server lock    ``make-run.lock`` there: held (an exclusive flock) by a running ``make run``, and by the
                   server and print workers it starts, which inherit it. The kernel drops it when the last of
                   them ends, however it ends: a lock file left by a killed server is stale and blocks nothing.
                   The file holds the launcher's pid, for the message. ``manage.py restore`` refuses while it
                   is held.
"""

from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOG_NAME = "skat.log"
LOG_MAX_BYTES = 5_000_000
LOG_KEEP = 5
"""The event log is rotated at LOG_MAX_BYTES into skat.log.1 ... skat.log.5; older ones are deleted."""
LOCK_NAME = "make-run.lock"


def event_folder(environ=os.environ) -> Path:
    return Path(environ.get("EVENT_DIR", ROOT / "event"))


def log_rotate(log_file: Path, *, max_bytes: int = LOG_MAX_BYTES, keep: int = LOG_KEEP) -> bool:
    """Move ``log_file`` to ``.1`` (``.1`` to ``.2`` and so on, the oldest dropped) once it has reached
    ``max_bytes``; whether it did. The writers' WatchedFileHandlers start a new file at their next line."""
    try:
        if log_file.stat().st_size < max_bytes:
            return False
    except FileNotFoundError:
        return False
    for number in range(keep - 1, 0, -1):
        older = log_file.with_name(f"{log_file.name}.{number}")
        if older.exists():
            older.replace(log_file.with_name(f"{log_file.name}.{number + 1}"))
    log_file.replace(log_file.with_name(f"{log_file.name}.1"))
    return True


class ServerRunning(Exception):
    """The server lock is held: the pid of the ``make run`` that took it (``pid``, None if unreadable)."""

    def __init__(self, pid: int | None):
        super().__init__(f"make run (pid {pid}) holds the event folder")
        self.pid = pid


@contextmanager
def server_lock_hold(folder: Path):
    """Hold the server lock of ``folder`` while the block runs; yields its file descriptor, for the children
    that are to hold it too (``subprocess.Popen(..., pass_fds=[fd])``). ``ServerRunning`` if it is held."""
    folder.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ServerRunning(_pid_in(descriptor)) from None
        os.ftruncate(descriptor, 0)
        os.pwrite(descriptor, str(os.getpid()).encode(), 0)
        yield descriptor
    finally:
        os.close(descriptor)  # the lock goes with the last descriptor: this one and the children's


def server_running(folder: Path) -> int | None:
    """The pid of the ``make run`` that holds ``folder``'s server lock (0 if it is held and the pid unknown);
    None when no server holds it, a stale lock file included."""
    try:
        descriptor = os.open(folder / LOCK_NAME, os.O_RDONLY)
    except FileNotFoundError:
        return None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return _pid_in(descriptor) or 0
    else:
        return None  # taken at once: nobody holds it (closing the file below lets it go again)
    finally:
        os.close(descriptor)


def _pid_in(descriptor: int) -> int | None:
    try:
        return int(os.pread(descriptor, 32, 0).decode().strip())
    except (OSError, ValueError):
        return None
