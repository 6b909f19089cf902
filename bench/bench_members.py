"""Entering 48 players at the desk: picked from the club's members against typed in.

Vocabulary:
    picking   the director types the start of a member's name (two letters, then one more while the member is not
              among the names shown) and taps him: the picker's real views (GET .../players/pick/search/ for each
              text typed from the second letter on, as htmx asks without its pause; POST .../players/pick/), so
              the figure is the page's worst case.
    typing    the same 48 people typed into the register form: the name, a Tab, the club, then the Register button
              (POST .../players/register/, as htmx sends it).
    keys      characters typed (a Tab counts as one); taps the touches of the screen (a name in the list, or the
              Register button); seconds the time the server took for every request of the 48, in process through
              every middleware, the form, the service and the answer (the players table swapped in).
    at a desk the keystroke-level estimate of a person's time: 0.28 s a key (an average typist) and 1.1 s a tap
              (pointing at a button), plus the server's seconds; the figure to compare, since people type slower
              than servers answer.
The club holds 200 members (the demo's people, ``scoring.management.demo.demo_members``); the 48 are drawn by a
fixed seed. Run in a scratch database made beside ``DATABASE_URL`` (SQLite when unset). Asserts nothing.

    python bench/bench_members.py [--players 48] [--members 200]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hall  # noqa: E402
from summary import report  # noqa: E402

KEY_SECONDS, TAP_SECONDS = 0.28, 1.1  # the keystroke-level model's K (average typist) and pointing P
HTMX = {"HTTP_HX_REQUEST": "true"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=48)
    parser.add_argument("--members", type=int, default=200)
    args = parser.parse_args()
    url = hall.scratch_url("bench_members")
    hall.use_database(url)
    try:
        run(args.players, args.members, "PostgreSQL" if hall.is_postgres(url) else "SQLite")
    finally:
        hall.drop_scratch(url)


def _new_evening(club, name: str):
    from scoring.tournaments.services import tournament_open

    return tournament_open(name=name, rulebook="isko", method="fixed", club=club)


def pick(client, tournament, members) -> dict:
    """Each member found by the start of his name and tapped: keys, taps, requests and the server's seconds."""
    keys = taps = requests = 0
    spent = 0.0
    search = f"/director/{tournament.pk}/players/pick/search/"
    for member in members:
        typed = 1
        while True:  # one more letter while he is not among the names shown
            typed += 1
            started = time.perf_counter()
            answer = client.get(search, {"pick": member.name[:typed]}, **HTMX)
            spent += time.perf_counter() - started
            requests += 1
            if f'data-member="{member.pk}"' in answer.content.decode() or typed >= len(member.name):
                break
        keys += typed
        started = time.perf_counter()
        tapped = client.post(f"/director/{tournament.pk}/players/pick/", {"member": member.pk}, **HTMX)
        spent += time.perf_counter() - started
        requests += 1
        taps += 1
        assert tapped.status_code == 200, tapped.content[:300]
    return {"keys": keys, "taps": taps, "requests": requests, "seconds": spent}


def type_in(client, tournament, members) -> dict:
    """Each person typed into the register form: name, Tab, club, the Register button."""
    keys = taps = requests = 0
    spent = 0.0
    for member in members:
        keys += len(member.name) + 1 + len(member.home_club)
        taps += 1
        started = time.perf_counter()
        answer = client.post(f"/director/{tournament.pk}/players/register/",
                             {"name": member.name, "club": member.home_club}, **HTMX)
        spent += time.perf_counter() - started
        requests += 1
        assert answer.status_code == 200, answer.content[:300]
    return {"keys": keys, "taps": taps, "requests": requests, "seconds": spent}


def at_desk(figures: dict) -> float:
    return figures["keys"] * KEY_SECONDS + figures["taps"] * TAP_SECONDS + figures["seconds"]


def run(players: int, members: int, engine: str) -> None:
    from django.contrib.auth.models import User
    from django.test import Client

    from clubs.models import Club
    from scoring.management.demo import demo_members
    from tests.roles import grant

    club = Club.objects.create(slug="bench", name="Skatclub Bench")
    people = demo_members(club, members)
    chosen = random.Random(48).sample(people, players)
    client = Client()
    client.force_login(grant(User.objects.create_user("bench-director", password="bench-only"), "director", club))
    client.get(f"/director/{_new_evening(club, 'warm').pk}/")  # templates compiled, sessions made
    picked = pick(client, _new_evening(club, "Picked"), chosen)
    typed = type_in(client, _new_evening(club, "Typed"), chosen)
    for what, figures in (("picking", picked), ("typing", typed)):
        print(f"{what:<8} {players} players ({engine}): {figures['keys']:>4} keys, {figures['taps']:>3} taps, "
              f"{figures['requests']:>4} requests, {figures['seconds']:.2f} s at the server, "
              f"{at_desk(figures):.0f} s at a desk", flush=True)
    report(f"members: picking {players} of {members} ({engine})",
           f"{picked['keys']} keys {picked['taps']} taps {at_desk(picked):.0f} s",
           f"typing: {typed['keys']} keys {typed['taps']} taps {at_desk(typed):.0f} s",
           f"keys x{picked['keys'] / typed['keys']:.2f}, desk x{at_desk(picked) / at_desk(typed):.2f}")


if __name__ == "__main__":
    main()
