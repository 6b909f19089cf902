"""``make run``: everything the hall needs, started by one command and stopped by one Ctrl+C.

Vocabulary:
    server    gunicorn with skat_tourney/gunicorn.conf.py: the pages, static files by WhiteNoise.
    worker    ``manage.py db_worker``: runs the queued tasks (print jobs) from the database. One a core
              (``PRINT_WORKERS`` to change it): the documents of a congress print render side by side, each
              on a core of its own (bench/bench_congress.py).
    backups   ``manage.py backup --if-due`` at the start and once a minute: a copy of the whole event
              whenever the last one is older than BACKUP_EVERY_MINUTES (the command decides, from the
              settings); and a last one when the launcher is stopped.
    log       the event log (``skat.log``), which every child appends to: the launcher alone rotates it, once a
              minute, when it has grown past 5 MB (common.event_folder.log_rotate).
    lock      the event folder's server lock, held by the launcher and inherited by the server and the print
              workers: ``manage.py restore`` refuses while any of them runs, and a second launcher on the same
              event folder does not start (common.event_folder).
Before starting them it migrates, collects the static files and, outside the hall (no ``HALL=1``), loads the
demo event into an empty database. When the server stops on its own, the worker is stopped too and the
launcher exits with an error; when the worker stops, it is started again (the tables need the server, the
print queue waits in the database).

Plain Python, no Django: the children load Django themselves. In the hall it prints the addresses the
phones can use (skat_tourney.hall_network).

    python -m skat_tourney.launcher [--bind 127.0.0.1:8000] [--no-demo] [--no-backups]
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from common.event_folder import LOG_NAME, ServerRunning, event_folder, log_rotate, server_lock_hold
from common.po import compile_all
from skat_tourney.hall_network import hall_host_names

ROOT = Path(__file__).resolve().parent.parent
MANAGE = [sys.executable, str(ROOT / "manage.py")]
CHECK_SECONDS = 60
"""How often the launcher sees whether a backup is due and the log is to be rotated."""
WORKER_RESTART_AFTER = 10
"""Seconds a worker must have run before it is restarted when it stops."""
DEMO = ["demo", "--if-empty", "--players", "48", "--method", "up-sides-down-middle", "--seed", "7", "--play"]


def _say(message: str) -> None:
    print(f"[make run] {message}", flush=True)


def _on_the_hall_network(bind: str) -> bool:
    host = bind.rsplit(":", 1)[0].strip("[]")
    return host not in ("127.0.0.1", "localhost", "::1")


def _debug_on(env: dict) -> bool:
    """The settings' own rule: DEBUG's flag, else on outside the hall."""
    flag = env.get("DEBUG")
    if flag is None:
        return env.get("HALL", "").strip().lower() not in {"1", "true", "yes", "on"}
    return flag.strip().lower() in {"1", "true", "yes", "on"}


def _static_is_current() -> bool:
    """Whether the collected static files (settings.STATIC_ROOT, ``staticfiles/``) are newer than their
    sources: the project's ``static/`` and the installed packages (which change with requirements.txt).
    Collecting again compresses every file, which takes a laptop some 20 seconds."""
    manifest = ROOT / "staticfiles" / "staticfiles.json"
    if not manifest.exists():
        return False
    collected = manifest.stat().st_mtime
    sources = [ROOT / "requirements.txt", *(p for p in (ROOT / "static").rglob("*") if p.is_file())]
    return all(source.stat().st_mtime <= collected for source in sources)


def prepare(env: dict, *, demo: bool) -> None:
    compile_all()  # the translations as the repository holds them (make does it too; a launcher alone must not lag)
    subprocess.run([*MANAGE, "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    if not _debug_on(env) and not _static_is_current():
        # With debug pages on, WhiteNoise serves straight from the apps' folders: nothing to collect.
        subprocess.run([*MANAGE, "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    if demo:
        login = ["--login"] if _debug_on(env) else []  # the well-known demo password only on a local try-out
        subprocess.run([*MANAGE, *DEMO, *login], cwd=ROOT, env=env, check=True)


def start_server(bind: str, env: dict, lock: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", str(ROOT / "skat_tourney" / "gunicorn.conf.py"),
                             "--bind", bind, "skat_tourney.wsgi"], cwd=ROOT, env=env, pass_fds=[lock])


def start_worker(env: dict, lock: int) -> subprocess.Popen:
    # The lock is inherited: a worker left running by a killed launcher still keeps a restore away.
    return subprocess.Popen([*MANAGE, "db_worker", "--no-reload", "--interval", "1"], cwd=ROOT, env=env,
                            pass_fds=[lock])


def print_workers(env: dict) -> int:
    """How many print workers: ``PRINT_WORKERS``, else one a core the machine has."""
    try:
        return max(1, int(env.get("PRINT_WORKERS", "")))
    except ValueError:
        return max(1, os.cpu_count() or 1)


def stop(children: dict[str, subprocess.Popen]) -> None:
    for child in children.values():
        if child.poll() is None:
            child.terminate()
    for name, child in children.items():
        try:
            child.wait(timeout=30)
        except subprocess.TimeoutExpired:
            _say(f"the {name} did not stop in 30 s: killed")
            child.kill()
            child.wait()


def back_up_if_due(env: dict) -> None:
    # In a session of its own: the Ctrl+C that stops the server must not cut a backup short.
    done = subprocess.run([*MANAGE, "backup", "--if-due"], cwd=ROOT, env=env, capture_output=True, text=True,
                          start_new_session=True)
    if done.returncode != 0:
        _say(f"the backup failed: {(done.stderr or done.stdout).strip()[-500:]}")
    elif done.stdout.strip():
        _say(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bind", default=os.environ.get("HOST") or "127.0.0.1:8000", help="address:port to serve on")
    parser.add_argument("--no-demo", action="store_true", help="never load the demo event")
    parser.add_argument("--no-backups", action="store_true", help="no backups during play")
    args = parser.parse_args(argv)
    env = {**os.environ}
    if _on_the_hall_network(args.bind):
        env.setdefault("HALL", "1")  # serving other devices: their address must be allowed, no debug pages
    folder = event_folder(env)
    try:
        with server_lock_hold(folder) as lock:  # from the migration on: no restore under it
            return serve(args, env, lock, log_file=folder / LOG_NAME)
    except ServerRunning as running:
        _say(f"another make run (pid {running.pid}) is serving the event folder {folder}: stop it first")
        return 1


def serve(args: argparse.Namespace, env: dict, lock: int, *, log_file: Path) -> int:
    in_the_hall = env.get("HALL", "").strip().lower() in {"1", "true", "yes", "on"}
    prepare(env, demo=not (args.no_demo or in_the_hall))

    stopping = []

    def ask_to_stop(signum, frame):
        stopping.append(signum)

    signal.signal(signal.SIGINT, ask_to_stop)
    signal.signal(signal.SIGTERM, ask_to_stop)
    workers = [f"worker{n}" if n else "worker" for n in range(print_workers(env))]
    children = {"server": start_server(args.bind, env, lock), **{name: start_worker(env, lock) for name in workers}}
    _say(f"serving on http://{args.bind}/ (pid {children['server'].pid}); the worker is pid {children['worker'].pid}"
         + "".join(f", print worker {n + 1} pid {children[name].pid}" for n, name in enumerate(workers) if n))
    if in_the_hall:
        port = args.bind.rsplit(":", 1)[1]
        for name in hall_host_names():
            _say(f"  phones and the projector: http://{name}:{port}/")
    next_check = time.monotonic()  # at once: the state before play is kept too
    worker_started = dict.fromkeys(workers, time.monotonic())
    try:
        while not stopping:
            if children["server"].poll() is not None:
                _say(f"the server stopped (exit {children['server'].returncode}): stopping everything")
                return 1
            for name in workers:
                if children[name].poll() is not None and time.monotonic() - worker_started[name] >= WORKER_RESTART_AFTER:
                    # The tables go on saving without the print worker: start it again (its queue is in the
                    # database), but not in a tight loop if it cannot start at all.
                    _say(f"the print worker stopped (exit {children[name].returncode}): starting it again")
                    children[name], worker_started[name] = start_worker(env, lock), time.monotonic()
            if time.monotonic() >= next_check:
                log_rotate(log_file)
                if not args.no_backups:
                    back_up_if_due(env)
                next_check = time.monotonic() + CHECK_SECONDS
            time.sleep(0.5)
        return 0
    finally:
        stop(children)
        if not args.no_backups:
            _say("a last backup")
            back_up_if_due({**env, "BACKUP_EVERY_MINUTES": "0"})

if __name__ == "__main__":
    sys.exit(main())
