"""This machine's names on the hall's network, for ALLOWED_HOSTS when it serves the phones (``HALL=1``),
and the event's own secret key, made once and kept in the event folder.

Vocabulary:
    LAN address   an IPv4 address of this machine that another device on the same network can reach:
                  the one the machine would leave by (found without sending a packet), and those its
                  host name resolves to.
Plain Python: settings import it before Django is set up.
"""

from __future__ import annotations

import socket


def _outgoing_address() -> str | None:
    """The address this machine would send from; a UDP "connect" sends nothing, it only picks a route."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, only used to choose a route
        return probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()


def hall_host_names() -> list[str]:
    """The host name (with and without ``.local``), its fully qualified name and every LAN address."""
    host = socket.gethostname()
    names = [host, f"{host}.local", socket.getfqdn()]
    try:
        names += [info[4][0] for info in socket.getaddrinfo(host, None, socket.AF_INET)]
    except OSError:
        pass  # a host name the resolver does not know: the outgoing address still serves
    outgoing = _outgoing_address()
    if outgoing:
        names.append(outgoing)
    return [name for name in dict.fromkeys(names) if name and name != "localhost" and not name.startswith("127.")]


def event_secret_key(path) -> str:
    """The event's own secret key, made on first use and kept (readable by this user only) at ``path``."""
    import secrets
    from pathlib import Path

    path = Path(path)
    if not path.exists():
        path.touch(mode=0o600)
        path.write_text(secrets.token_urlsafe(50))
    return path.read_text().strip()
