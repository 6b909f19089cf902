"""Deal entry against the framework floor, and a controller's taps and seconds per deal.

Vocabulary:
    entry    the real save: POST /t/<token>/save/ as the phone's page sends it (HX-Request), through every
             middleware, the form, the rules engine and the answer (the new line and its stay's totals).
    floor    a minimal Django view taking the same POST and creating one equivalent row (``entry_floor.py``),
             measured side by side in the same run: what any Django save costs here.
    ratio    entry / floor; the target is at most 3x, in process and over HTTP.

Measures, on the database DATABASE_URL names (a scratch SQLite file by default; on PostgreSQL a scratch
database ``skat_bench_entry`` on that server):
  - in process (Django's test client), tables of 80 deals, entry and floor alternating deal by deal, three
    runs: the median time per deal; deal 1-10 of one table against deal 71-80 of another, alternating; bytes
    per answer and data statements per save at deal 1, 40 and 80 (the stay's last), each answer checked first;
    and on a table of several stays, the answer's bytes at deal 1, a middle deal and each stay's last deal;
  - over HTTP under gunicorn with ``make run``'s settings (skat_tourney/gunicorn.conf.py), 1 and 16 clients at
    once, each entering a whole table, entry and floor in three interleaved rounds on fresh tables: the median
    of the rounds' seconds per deal, and every deal checked to be in the database exactly once;
  - in headless Chromium on a 390 x 844 touch phone (tests/browser/entry_driver.py): taps and keys per deal
    and the seconds from "sheet shown" to "deal saved", for the representative mix of deals.

``measure()`` does it all and returns the figures as a dict (see its docstring); ``main()`` prints them and
the ``BENCH`` lines for ``bench/run.py``. Asserts nothing about speed.

Run: python bench/bench_entry.py [--in-process]  [DATABASE_URL=postgres://postgres@127.0.0.1:5432/x]
(``--in-process``: the in-process figures only, without the server and the phone)
"""

from __future__ import annotations

import contextlib
import http.cookiejar
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
DB_NAME = "skat_bench_entry"
PORT = 0  # a free port, chosen when the server starts
DEALS = 80  # a fixed table of four playing 20 rounds
CLIENTS = 16
RUNS = 3


def _scratch_database() -> tuple[str, str]:
    """A fresh database of the kind DATABASE_URL names: (its URL, "PostgreSQL" or "SQLite")."""
    given = os.environ.get("DATABASE_URL", "")
    if given.startswith(("postgres://", "postgresql://")):
        import psycopg

        admin = given.rsplit("/", 1)[0] + "/postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME}")
            conn.execute(f"CREATE DATABASE {DB_NAME}")
        return given.rsplit("/", 1)[0] + f"/{DB_NAME}", "PostgreSQL"
    folder = Path(tempfile.mkdtemp(prefix="skat-bench-entry-"))
    return f"sqlite:///{folder / 'bench.sqlite3'}", "SQLite"


def _drop_database(url: str, kind: str) -> None:
    from django.db import connections

    connections.close_all()
    if kind == "PostgreSQL":
        import psycopg

        with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
    else:
        shutil.rmtree(Path(url.removeprefix("sqlite:///")).parent, ignore_errors=True)


def _setup(url: str) -> None:
    os.environ.update(DATABASE_URL=url, DJANGO_SETTINGS_MODULE="skat_tourney.settings", DEBUG="0",
                      SECRET_KEY="bench-only-secret-key-" + "x" * 40, SECURE_SSL_REDIRECT="0", SECURE_COOKIES="0",
                      ALLOWED_HOSTS="127.0.0.1,localhost,testserver")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.ROOT_URLCONF = "entry_floor"
    call_command("migrate", verbosity=0)


def make_tables(count: int, rulebook: str = "foster-1922") -> list[tuple[object, str]]:
    """``count`` fixed tables of four that play 80 deals each, with their links' tokens."""
    from scoring.entry.access import table_link
    from scoring.tournaments.services import tournament_open
    from seating.models import Player, Table
    from seating.services import tournament_draw

    tournament = tournament_open(rulebook=rulebook, name=f"Bench {count} tables", method="fixed",
                                 session_rounds=DEALS // 4)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"P{n:04d}", is_expert=n < count)
                                for n in range(count * 4)])
    tournament_draw(tournament=tournament, seed=1)
    tables = Table.objects.filter(tournament=tournament).select_related("tournament", "section").order_by("number")
    return [(t, table_link(t).token) for t in tables]


def deal_posts(table) -> list[dict]:
    """Every deal of a table as the phone posts it: a club Solo with 2, won, by the next player in turn."""
    from scoring.entry.sheets import deal_slot, seated_by_stay

    seated = seated_by_stay(table)
    posts = []
    for number in range(1, DEALS + 1):
        slot = deal_slot(table, number, seated)
        posts.append({"number": str(number), "submission_key": f"bench-{table.pk}-{number}", "kind": "game",
                      "declarer_id": str(slot.active[number % 3].player_id), "game_type": "solo", "suit": "3",
                      "mat_sign": "with", "mat_count": "2", "result": "won"})
    return posts


WON_CLUB_SOLO_WITH_2 = 36
"""What every deal of ``deal_posts`` scores, by hand: a club Solo (base value 12) "with" 2 is played 3 (the 2
matadores and the game), won: 3 x 12 = 36 in the declarer's won column."""
CHECKED = (1, DEALS // 2, DEALS)  # a table's first deal, a middle deal, the stay's last deal


def _statements(captured) -> tuple[int, int]:
    """(data statements, table locks) of a save (tests/scoring/entry/statements.py says which is which)."""
    from tests.scoring.entry.statements import data_statements, table_locks

    return len(data_statements(captured)), table_locks(captured)


def check_answers() -> None:
    """Before anything is timed: a whole table saved through the entry, and the answers at ``CHECKED`` read back.
    Each says the deal saved and its stay's totals, counted here by hand (every deal 36 for its declarer); the
    stay's last answer brings the slips' section offering the stay's slips."""
    from django.test import Client

    from scoring.entry.sheets import seated_by_stay

    client = Client()
    (table, token), = make_tables(1)
    players = seated_by_stay(table)[1]  # one stay of 80 deals
    won: dict[int, int] = {}
    for data in deal_posts(table):
        number = int(data["number"])
        response = client.post(f"/t/{token}/save/", data, HTTP_HX_REQUEST="true")
        won[int(data["declarer_id"])] = won.get(int(data["declarer_id"]), 0) + WON_CLUB_SOLO_WITH_2
        if number not in CHECKED:
            continue
        html = response.content.decode()
        assert response.status_code == 200 and f"Deal {number} saved" in html, html[:300]
        cells = "".join(f'<td class="num won">{won.get(p.player_id, 0)}</td><td class="num lost">0</td>'
                        for p in players)
        assert cells in html, (number, html[:1500])
        assert ("Make stay 1 slips from the sheet" in html) == (number == DEALS), number


def _prefill(table, last: int) -> None:
    """Deals 1..``last`` of a table through the service, as saved deals (not timed)."""
    from scoring.entry.services import deal_enter
    from scoring.entry.sheets import deal_slot, seated_by_stay
    from scoring.results import DealFacts

    seated = seated_by_stay(table)
    for number in range(1, last + 1):
        slot = deal_slot(table, number, seated)
        deal_enter(table=table, number=number, seated=seated, facts=DealFacts(
            declarer_id=slot.active[number % 3].player_id, game="club solo", matadores=2, result="won"))


def in_process() -> dict:
    """Through Django's test client, RUNS times: a whole table's 80 deals with the floor's deal after each
    (median a deal), and deals 1-10 of a new table alternating with deals 71-80 of a table already at 70, so
    the two are timed side by side; bytes and queries at deal 1 and deal 80."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    entry_runs, floor_runs, first, last, sizes, queries = [], [], [], [], {}, {}
    cpu = {"entry": [], "floor": []}  # this process's CPU seconds: less swayed by others on the machine

    def save(token, data):
        number = int(data["number"])
        # Statements are counted at the CHECKED deals only: capturing them costs time the floor's saves would not pay.
        counting = number in CHECKED and number not in queries
        with CaptureQueriesContext(connection) if counting else contextlib.nullcontext() as captured:
            start, start_cpu = time.perf_counter(), time.process_time()
            response = client.post(f"/t/{token}/save/", data, HTTP_HX_REQUEST="true")
            took = time.perf_counter() - start
            cpu["entry"].append(time.process_time() - start_cpu)
        if response.status_code != 200:
            raise RuntimeError(f"deal {data['number']} not saved: {response.content[:300]!r}")
        if counting:
            sizes[number], queries[number] = len(response.content), _statements(captured)
        return took

    check_answers()
    tables = make_tables(4 * RUNS)
    from common.memory import settle_loaded_objects

    settle_loaded_objects()  # as the server's processes do once loaded (skat_tourney/wsgi.py)
    for run in range(RUNS):
        (table, token), (floor_table, _), (new, new_token), (old, old_token) = tables[4 * run:4 * run + 4]
        entry_times, floor_times = [], []
        for data, floor_data in zip(deal_posts(table), deal_posts(floor_table)):
            entry_times.append(save(token, data))
            start, start_cpu = time.perf_counter(), time.process_time()
            response = client.post(f"/floor/{floor_table.tournament_id}/{floor_table.pk}/", floor_data)
            floor_times.append(time.perf_counter() - start)
            cpu["floor"].append(time.process_time() - start_cpu)
            assert response.status_code == 200
        entry_runs.append(median(entry_times))
        floor_runs.append(median(floor_times))
        _prefill(old, DEALS - 10)
        early, late = [], []
        for new_data, old_data in zip(deal_posts(new)[:10], deal_posts(old)[DEALS - 10:]):
            early.append(save(new_token, new_data))
            late.append(save(old_token, old_data))
        first.append(median(early))
        last.append(median(late))
    return {"entry_ms": median(entry_runs) * 1000, "floor_ms": median(floor_runs) * 1000,
            "deal_1_10_ms": median(first) * 1000, "deal_71_80_ms": median(last) * 1000,
            "entry_cpu_ms": median(cpu["entry"]) * 1000, "floor_cpu_ms": median(cpu["floor"]) * 1000,
            "bytes": sizes, "queries": queries}


def several_stays_answers() -> dict:
    """The answer's bytes on a table of several stays (an evening of twelve players drawn anew at each stay), saved
    through the table's link as the phone sends it: deal 1, a middle deal of stay 1, and each stay's last deal,
    whose answer brings what the slips' section offers (each stay's slips are made and one OK'd after it, as at a
    table). Each answer is checked to say its deal. Returns ``{"stays": n, "per_stay": n, "first": bytes,
    "middle": bytes, "last": [bytes at each stay's last deal]}``."""
    from django.test import Client

    from scoring.entry.access import table_link
    from scoring.entry.services import slip_ok, slips_produce
    from scoring.entry.sheets import deal_slot
    from seating.models import Player, Table, Tournament
    from seating.schedule import schedule_of
    from seating.services import tournament_draw

    tournament = Tournament.objects.create(name="Bench several stays")
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Player {n:02d}") for n in range(1, 13)])
    tournament_draw(tournament=tournament, seed=11)
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
    schedule, token, client = schedule_of(table), table_link(table).token, Client()
    per_stay, sizes = schedule.deals_per_stay, {}
    for number in range(1, schedule.stays * per_stay + 1):
        slot = deal_slot(table, number)
        response = client.post(f"/t/{token}/save/", {
            "number": str(number), "submission_key": f"stays-{number}", "kind": "game",
            "declarer_id": str(slot.active[number % 3].player_id), "game_type": "solo", "suit": "3",
            "mat_sign": "with", "mat_count": "2", "result": "won"}, HTTP_HX_REQUEST="true")
        assert response.status_code == 200 and f"Deal {number} saved" in response.content.decode(), number
        sizes[number] = len(response.content)
        if number % per_stay == 0:
            slips, _ = slips_produce(table=table, stay=number // per_stay)
            slip_ok(slip=slips[0], by_player_id=slips[1].player_id, by_director=True)
    return {"stays": schedule.stays, "per_stay": per_stay, "first": sizes[1], "middle": sizes[max(2, per_stay // 2)],
            "last": [sizes[stay * per_stay] for stay in range(1, schedule.stays + 1)]}


def _start_server(url: str) -> subprocess.Popen:
    """gunicorn with make run's settings on a free port, refused unless it answers a table link that exists in
    this benchmark's scratch database only (another server on the port would give someone else's figures)."""
    global PORT
    from server import free_port, wait_for_our_server

    PORT = free_port()
    env = {**os.environ, "DATABASE_URL": url, "GUNICORN_BIND": f"127.0.0.1:{PORT}", "CONN_MAX_AGE": "60"}
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "skat_tourney/gunicorn.conf.py",
                               "--pythonpath", "bench", "entry_floor:application"], cwd=ROOT, env=env)
    (table, token), = make_tables(1)
    try:
        wait_for_our_server(server, PORT, f"/t/{token}/", table.tournament.name, seconds=60)
    except Exception:
        server.kill()
        raise
    print(f"entry server: gunicorn pid {server.pid} on free port {PORT}, proved ours", flush=True)
    return server


def _enter_over_http(path: str, token: str, posts: list[dict], port: int | None = None
                     ) -> tuple[list[float], float, float]:
    """One client entering a whole table: GET the sheet once (the CSRF cookie), then one POST a deal. Returns
    each POST's seconds, and when the first began and the last ended. ``port``: another server than ``PORT``."""
    port = port or PORT
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    sheet = f"http://127.0.0.1:{port}/t/{token}/"
    opener.open(sheet).read()
    csrf = next(c.value for c in jar if c.name == "csrftoken")
    times, began = [], time.perf_counter()
    for data in posts:
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": csrf}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body,
                                         headers={"HX-Request": "true", "Referer": sheet})
        start = time.perf_counter()
        with opener.open(request) as response:
            page = response.read().decode()
        times.append(time.perf_counter() - start)
        if f"Deal {data['number']} saved" not in page:
            raise RuntimeError(f"deal {data['number']} not saved: {page[:300]}")
    return times, began, time.perf_counter()


def posts_per_client(jobs) -> list[dict]:
    return jobs[0][2]


def warm_up() -> None:
    """Every gunicorn thread has served both views (and the engine, the templates) before anything is timed."""
    tables = make_tables(2 * CLIENTS)
    jobs = [(f"/t/{token}/save/", token, deal_posts(table)[:5]) for table, token in tables[:CLIENTS]]
    jobs += [(f"/floor/{table.tournament_id}/{table.pk}/", token, deal_posts(table)[:5])
             for table, token in tables[CLIENTS:]]
    with ThreadPoolExecutor(CLIENTS) as pool:
        list(pool.map(lambda job: _enter_over_http(*job), jobs))


def over_http(clients: int, rounds: int = RUNS) -> dict:
    """``clients`` phones at once, each entering a whole table, through the entry and through the floor, in
    ``rounds`` interleaved rounds (entry first, then floor first, ...) on fresh tables each: the median of the
    rounds' figures."""
    from scoring.models import Deal

    figures: dict[str, dict[str, list[float]]] = {"entry": {}, "floor": {}}
    for round_number in range(rounds):
        order = ("entry", "floor") if round_number % 2 == 0 else ("floor", "entry")
        for name in order:
            tables = make_tables(clients)
            jobs = []
            for table, token in tables:
                path = f"/t/{token}/save/" if name == "entry" else f"/floor/{table.tournament_id}/{table.pk}/"
                jobs.append((path, token, deal_posts(table)))  # the sheet's GET gives the CSRF cookie
            with ThreadPoolExecutor(clients) as pool:
                runs = list(pool.map(lambda job: _enter_over_http(*job), jobs))
            times = [t for run, _, _ in runs for t in run]
            wall = max(end for _, _, end in runs) - min(began for _, began, _ in runs)  # the POSTs, not the GETs
            for key, value in (("median_ms", median(times) * 1000), ("wall_s", wall), ("deals", len(times)),
                               ("wall_ms_per_deal", wall / len(posts_per_client(jobs)) * 1000)):
                figures[name].setdefault(key, []).append(value)
            if name == "entry":
                for table, _ in tables:  # nothing lost, nothing doubled
                    numbers = list(Deal.objects.filter(table=table).order_by("number")
                                   .values_list("number", flat=True))
                    assert numbers == list(range(1, DEALS + 1)), (table.pk, numbers[:5], len(numbers))
    return {name: {key: median(values) for key, values in by_key.items()} for name, by_key in figures.items()}


def taps_and_seconds() -> dict | None:
    """The representative mix on a 390 x 844 touch phone in headless Chromium, against the running server:
    actions (taps and keys) per deal and seconds from "sheet shown" to "deal saved". None without Chromium."""
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).exists():
        return None
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM_ARGS
    from tests.browser.entry_driver import FOSTER_MIX, ISKO_MIX, PHONE, Counted, enter_mix

    counted = Counted()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        context = browser.new_context(**PHONE)
        page = context.new_page()
        for rulebook, mix in (("foster-1922", FOSTER_MIX), ("isko", ISKO_MIX)):
            (_, token), *_ = make_tables(1, rulebook)
            done, _ = enter_mix(page, f"http://127.0.0.1:{PORT}/t/{token}/", mix)
            counted.add(done)
        browser.close()
    return {"actions": counted.actions, "median_ordinary": counted.median_ordinary,
            "median_actions": median(counted.actions), "worst_actions": max(counted.actions),
            "median_seconds": median(counted.seconds), "worst_seconds": max(counted.seconds)}


def measure(*, browser: bool = True, http: bool = True) -> dict:
    """Everything above on a scratch database of DATABASE_URL's kind (``http=False``: in process only). Returns
    ``{"database": "SQLite"|"PostgreSQL", "in_process": {entry_ms, floor_ms, deal_1_10_ms, deal_71_80_ms,
    entry_cpu_ms, floor_cpu_ms,
    bytes: {1: n, 40: n, 80: n}, queries: {1: (data statements, table locks), 40: ..., 80: ...}},
    "several_stays": ``several_stays_answers()``,
    "http": {1: {entry: {median_ms, wall_s, deals}, floor: {...}}, 16: {...}}, "phone": {actions, median_ordinary,
    median_actions, worst_actions, median_seconds, worst_seconds} or None}``."""
    url, kind = _scratch_database()
    _setup(url)
    figures = {"database": kind, "in_process": in_process(), "several_stays": several_stays_answers(), "http": {},
               "phone": None}
    if not http:
        _drop_database(url, kind)
        return figures
    server = _start_server(url)
    try:
        warm_up()
        for clients in (1, CLIENTS):
            figures["http"][clients] = over_http(clients)
        figures["phone"] = taps_and_seconds() if browser else None
    finally:
        server.terminate()
        server.wait(20)
        _drop_database(url, kind)
    return figures


def main() -> None:
    from summary import report

    f = measure(http="--in-process" not in sys.argv)
    p = f["in_process"]
    db = f["database"]
    print(f"database: {db}")
    print(f"in process: entry {p['entry_ms']:.2f} ms a deal, floor {p['floor_ms']:.2f} ms: "
          f"{p['entry_ms'] / p['floor_ms']:.1f}x (target <= 3x); CPU {p['entry_cpu_ms']:.2f} ms against "
          f"{p['floor_cpu_ms']:.2f} ms: {p['entry_cpu_ms'] / p['floor_cpu_ms']:.1f}x")
    print(f"deal 1-10 {p['deal_1_10_ms']:.2f} ms, deal 71-80 {p['deal_71_80_ms']:.2f} ms: "
          f"{(p['deal_71_80_ms'] / p['deal_1_10_ms'] - 1) * 100:+.0f} % (target within 15 %)")
    print("answers checked first: each says its deal and its stay's totals, counted by hand")
    for number in CHECKED:
        data, locks = p["queries"][number]
        print(f"deal {number:2d}: {data} data statements (target <= 6){' and the table lock' if locks else ''}, "
              f"answer {p['bytes'][number]} bytes (target < 8192)")
    stays = f["several_stays"]
    print(f"a table of {stays['stays']} stays of {stays['per_stay']} deals: answer at deal 1 {stays['first']} bytes, "
          f"at a middle deal {stays['middle']} bytes, at each stay's last deal "
          f"{', '.join(str(n) for n in stays['last'])} bytes (target < 8192)")
    report(f"entry in process ({db})", f"{p['entry_ms']:.2f} ms/deal", f"floor {p['floor_ms']:.2f} ms/deal",
           f"{p['entry_ms'] / p['floor_ms']:.1f}x")
    for clients, run in f["http"].items():
        e, fl = run["entry"], run["floor"]
        print(f"HTTP, {clients:2d} client(s): entry {e['median_ms']:.1f} ms a deal ({e['deals']} deals, "
              f"{e['wall_s']:.1f} s), floor {fl['median_ms']:.1f} ms ({fl['wall_s']:.1f} s): "
              f"{e['median_ms'] / fl['median_ms']:.1f}x a deal; wall time a deal {e['wall_ms_per_deal']:.1f} ms "
              f"against {fl['wall_ms_per_deal']:.1f} ms: {e['wall_s'] / fl['wall_s']:.1f}x (target <= 3x)")
        report(f"entry HTTP {clients} clients ({db})", f"{e['median_ms']:.1f} ms/deal",
               f"floor {fl['median_ms']:.1f} ms/deal", f"{e['median_ms'] / fl['median_ms']:.1f}x")
    phone = f["phone"]
    if phone:
        print(f"phone 390x844: actions per deal {phone['actions']}; median {phone['median_actions']:g}, ordinary "
              f"games' median {phone['median_ordinary']:g} (target <= 6), worst {phone['worst_actions']} "
              f"(target <= 12); sheet shown to deal saved: median {phone['median_seconds']:.2f} s, worst "
              f"{phone['worst_seconds']:.2f} s")
        report("entry on a phone (actions)", f"median {phone['median_ordinary']:g}, worst {phone['worst_actions']}",
               "paper list: 6 / 12", "")


if __name__ == "__main__":
    main()
