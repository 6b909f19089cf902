"""Two people pressing the same button at the same moment, through the server ``make run`` starts (SQLite, and
PostgreSQL when DATABASE_URL points there): the cash desk taking one fee or paying one prize from several phones,
two directors drawing one series or planning the whole event, the series clock started and closed twice, the
members import confirmed twice, the last free sign-up place taken by two, a cancellation moving the waiting list up
while another signs up, one sign-up form sent twice.

Each race sends its requests from threads released together (``at_once``); the server's workers (gunicorn, two
processes of eight threads) then meet in the database. Afterwards the database must hold each thing once, every
loser must have been told why (never a 500), and the event log must hold no error.

Vocabulary:
    phone    one logged-in browser: a session of its own (made in the server's database by ``SETUP``) and a
             CSRF cookie; ``post`` follows the redirect, as the browser does, so the page it returns is the one
             the person reads.
"""

from __future__ import annotations

import http.cookiejar
import json
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.attacks.hall import HallServer, scratch_postgresql, text_of

pytestmark = pytest.mark.slow

TAPS = 6
"""Requests sent at once in each race: more than two people would ever press one button together."""

CSRF = "c" * 32

# Run in the server's own Django (manage.py shell). Prints one JSON line: the events and the sessions.
SETUP = """
import io, json
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.core.management import call_command
from clubs.members import import_rows
from clubs.models import Club, default_club_id
from clubs.views import _signer
from scoring.models import TournamentScoring
from scoring.results import tournament_results
from scoring.tournaments.services import tournament_open
from seating.models import Player, SignUp, Tournament

call_command("migrate", "--noinput", verbosity=0)  # here, not in a process of its own: Django starts once
out = io.StringIO()
call_command("demo", "--rulebook", "isko", "--method", "fixed", "--players", "7", "--series", "1", "--seed", "5",
             "--play", stdout=out, stderr=io.StringIO())
cash = Tournament.objects.get(pk=int(out.getvalue().split()[-1]))
TournamentScoring.objects.filter(tournament=cash).update(entry_fee="10.00", prize_money=[["total", 1, "25.00"]])
winner = tournament_results(cash).ranked()[0].standing.player

series = tournament_open(name="Three series", rulebook="isko", method="fixed", series_count=3)
Player.objects.bulk_create([Player(tournament=series, name=f"P{n:02}", club=f"Club {n % 4}") for n in range(14)])

signups = tournament_open(name="Sign-up evening", rulebook="isko", method="fixed", series_count=1)
Tournament.objects.filter(pk=signups.pk).update(signup_open=True, signup_limit=3)
first = [SignUp.objects.create(tournament=signups, name=f"Early {n}", contact=f"early{n}@example.org")
         for n in (1, 2)]

boss = get_user_model().objects.create_superuser("boss", password="x" * 20)
phones = []
for _ in range(__TAPS__):
    session = SessionStore()
    session["_auth_user_id"] = str(boss.pk)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = boss.get_session_auth_hash()
    session.create()
    phones.append(session.session_key)

club = Club.objects.get(pk=default_club_id())
rows = import_rows("members.csv", ("name,club\\n" + "".join(f"Member {n},Home\\n" for n in range(5))).encode())
confirm = _signer(club).sign_object(rows.as_data(), compress=True)
print(json.dumps({"cash": cash.pk, "winner": winner, "player": cash.players.order_by("pk").first().pk,
                  "series": series.pk, "signups": signups.pk, "early": first[0].cancel_token, "club": club.slug,
                  "confirm": confirm, "phones": phones}))
"""

# What the database holds after the races, read in the server's own Django.
FOUND = """
import json
from django.db import connection
from cashdesk.models import Payment
from clubs.models import Member
from scoring.models import SeriesClock
from seating.models import Seat, SeriesDraw, Tournament
from seating.signups import signup_places
check = None
if connection.vendor == "sqlite":
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA integrity_check")
        check = cursor.fetchone()[0]
ids = __IDS__
clocks = SeriesClock.history.filter(tournament_id=ids["series"]).order_by("history_id")
print(json.dumps({
    "payments": list(Payment.objects.filter(tournament_id=ids["cash"]).values_list("player_id", "kind", "prize")),
    "draws": list(SeriesDraw.objects.filter(tournament_id=ids["series"]).order_by("number").values_list("number", "how")),
    "seats": list(Seat.objects.filter(tournament_id=ids["series"]).values_list("series", "player_id")),
    "clock": [row.history_change_reason.split(":")[0] for row in clocks],
    "members": list(Member.objects.filter(name__startswith="Member ").values_list("name", flat=True)),
    "places": [(p.signup.name, p.confirmed, p.waiting) for p in signup_places(Tournament.objects.get(pk=ids["signups"]))],
    "integrity": check}))
"""


class Phone:
    """One logged-in browser (``session`` None: a stranger on the public pages)."""

    def __init__(self, server_url: str, session: str | None = None):
        self.server_url = server_url
        self.jar = http.cookiejar.CookieJar()
        for name, value in (("csrftoken", CSRF), *((("sessionid", session),) if session else ())):
            self.jar.set_cookie(http.cookiejar.Cookie(
                0, name, value, None, False, "127.0.0.1", False, False, "/", True, False, None, False, None, None, {}))
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def post(self, path: str, data: dict) -> tuple[int, str]:
        """(status, the page read after the redirect, as text); a dropped connection is status 0."""
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": CSRF}, doseq=True).encode()
        request = urllib.request.Request(self.server_url + path, data=body)
        try:
            with self.opener.open(request, timeout=60) as answer:
                return answer.status, text_of(answer.read().decode(), None)
        except urllib.error.HTTPError as err:
            return err.code, text_of(err.read().decode(errors="replace"), None)
        except OSError as err:
            return 0, str(err)


def at_once(posts: list) -> list[tuple[int, str]]:
    """Each ``(phone, path, data)`` posted from a thread of its own, all released together; the answers in order."""
    start = threading.Barrier(len(posts))

    def send(post):
        phone, path, data = post
        start.wait(timeout=30)
        return phone.post(path, data)

    with ThreadPoolExecutor(len(posts)) as pool:
        return list(pool.map(send, posts))


def said(answers, words: str) -> int:
    return sum(words in page for _status, page in answers)


def no_server_error(answers) -> None:
    assert all(status in (200, 409, 422) for status, _page in answers), [(s, text_of(p)) for s, p in answers]


def attack(server: HallServer) -> None:
    ids = server.shell(SETUP.replace("__TAPS__", str(TAPS)))
    phones = [Phone(server.url, session) for session in ids["phones"]]
    server.start(check_page=(f"/club/{ids['club']}/signup/{ids['signups']}/", "Sign-up evening"))
    try:
        cash = f"/cash/{ids['cash']}/take/"
        fee = at_once([(phone, cash, {"player": ids["player"], "kind": "fee"}) for phone in phones])
        prize = at_once([(phone, cash, {"player": ids["winner"], "kind": "prize", "prize": "total:1"})
                         for phone in phones])

        draw = f"/director/{ids['series']}/series/draw/"
        first = at_once([(phone, draw, {"number": 1, "how": "lot"}) for phone in phones])
        plan = at_once([(phone, draw, {"number": 2, "how": "plan"}) for phone in phones])

        clock = f"/director/{ids['series']}/series/clock/"
        started = at_once([(phone, clock + "start/", {"series": 1}) for phone in phones])
        closed = at_once([(phone, clock + "close/", {"series": 1}) for phone in phones])

        imported = at_once([(phone, f"/club/{ids['club']}/members/import/confirm/", {"rows": ids["confirm"]})
                            for phone in phones])

        signup = f"/club/{ids['club']}/signup/{ids['signups']}/"
        last_place = at_once([(Phone(server.url), signup, {"name": name, "contact": f"{name}@example.org"})
                              for name in ("Anna", "Bert")])
        twice = at_once([(Phone(server.url), signup, {"name": "Dora", "contact": "dora@example.org"})] * 2)
        moving_up = at_once([(Phone(server.url), f"/club/{ids['club']}/signup/mine/{ids['early']}/", {}),
                             (Phone(server.url), signup, {"name": "Carl", "contact": "carl@example.org"})])
    finally:
        server.stop()
    found = server.shell(FOUND.replace("__IDS__", json.dumps({key: ids[key] for key in ("cash", "series", "signups")})))

    for answers in (fee, prize, first, plan, started, closed, imported, last_place, twice, moving_up):
        no_server_error(answers)

    # The cash desk: one line for the fee, one for the prize; every other phone told it was done already.
    assert Counter(map(tuple, found["payments"])) == {(ids["player"], "fee", ""): 1,
                                                       (ids["winner"], "prize", "total:1"): 1}
    for answers in (fee, prize):
        assert Counter(status for status, _page in answers) == {200: 1, 409: TAPS - 1}
    assert said(fee, "paid already; nothing was taken twice") == TAPS - 1
    assert said(prize, "paid out already; nothing was paid twice") == TAPS - 1

    # The draws: series 1 drawn once, 2 and 3 planned once, every player seated once a series; the others told.
    assert found["draws"] == [[1, "lot"], [2, "plan"], [3, "plan"]]
    assert Counter(series for series, _player in found["seats"]) == {1: 14, 2: 14, 3: 14}
    assert len(set(map(tuple, found["seats"]))) == 3 * 14
    for answers, number in ((first, 1), (plan, 2)):
        assert Counter(status for status, _page in answers) == {200: 1, 422: TAPS - 1}
        assert said(answers, f"Series {number} was drawn a moment ago (from another desk?)") == TAPS - 1

    # The clock: started once, closed once; the other directors told, nothing written twice.
    assert found["clock"] == ["started", "closed"]
    assert said(started, "Series 1 started") == 1
    assert said(started, "was started at") + said(started, "changed a moment ago") == TAPS - 1
    assert said(closed, "Series 1 is closed: the deals") == 1
    assert said(closed, "Series 1 is closed already") + said(closed, "changed a moment ago") == TAPS - 1

    # The import: each member once; the first click made them, the others found them and changed nothing.
    assert sorted(found["members"]) == [f"Member {n}" for n in range(5)]
    assert said(imported, "5 new members") == 1 and said(imported, "0 new members, 5 updated") == TAPS - 1

    # The sign-ups: the last place to one, the other first on the waiting list; the cancellation moved him up.
    assert said(last_place, "you are signed up (place 3)") == 1
    assert said(last_place, "you are on the waiting list, number 1") == 1
    assert Counter(status for status, _page in twice) == {200: 1, 422: 1}  # one form sent twice: signed up once
    assert said(twice, "Dora: you are on the waiting list, number 2") == 1 and said(twice, "Dora is already signed up")
    assert said(moving_up, "sign-up cancelled") == 1
    assert said(moving_up, "Carl: you are on the waiting list, number") == 1
    anna_bert = sorted(name for name, _c, _w in found["places"] if name in ("Anna", "Bert"))
    assert anna_bert == ["Anna", "Bert"]
    assert [(confirmed, waiting) for _name, confirmed, waiting in found["places"]] == [
        (True, None), (True, None), (True, None), (False, 1), (False, 2)]
    assert [name for name, _c, _w in found["places"]][::3] == ["Early 2", "Dora"] and found["places"][-1][0] == "Carl"

    assert found["integrity"] in (None, "ok")
    log = server.event_log()
    assert "database is locked" not in log and " ERROR " not in log, log[-3000:]


def test_two_at_once_on_sqlite(tmp_path):
    attack(HallServer(tmp_path))


@pytest.mark.database
def test_two_at_once_on_postgresql(tmp_path):
    with scratch_postgresql("attack_office") as url:
        attack(HallServer(tmp_path, database_url=url))
