"""A server of the benchmark's own: on a free port, and proved to be the one the benchmark started.

Vocabulary:
    free port   a port the system hands out for binding at the moment of asking (``free_port``).
    proof       a page only our server can answer: a path that exists in the benchmark's scratch database
                only (a table's entry link) and text it must contain. A server that answers the port but
                not the proof, or whose process has died, is refused: the figures would be someone else's.
"""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.error
import urllib.request


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class NotOurServer(RuntimeError):
    pass


def wait_for_our_server(process: subprocess.Popen, port: int, proof_path: str, proof_text: str,
                        seconds: float = 30) -> None:
    """Wait until the server ``process`` started answers ``proof_path`` on ``port`` with ``proof_text``."""
    deadline = time.monotonic() + seconds
    last = "no answer"
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise NotOurServer(f"the server exited ({process.returncode}) before answering: port {port} taken?")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{proof_path}", timeout=2) as response:
                page = response.read().decode(errors="replace")
            if proof_text in page:
                return
            last = f"an answer without {proof_text!r}"
        except urllib.error.HTTPError as refused:
            last = f"HTTP {refused.code}"
        except OSError as failed:
            last = str(failed)
        time.sleep(0.2)
    raise NotOurServer(f"port {port} never gave our server's proof ({proof_path}): {last}")
