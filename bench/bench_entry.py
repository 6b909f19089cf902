"""Deals entered per second through the real HTTP entry path, against a raw INSERT of the same rows.

Starts gunicorn on a scratch PostgreSQL database, lets one client and then 16 concurrent clients enter
every deal of their tables through the table links (GET the sheet once for the CSRF cookie, then one
POST per deal, exactly as the browser's form does), and inserts the same rows again with one raw
``executemany`` into a copy of the deals table. Prints both rates and the ratio. Asserts nothing.

Run: python bench/bench_entry.py   (needs PostgreSQL on 127.0.0.1:5432; BENCH_PG_URL to change it)
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
import http.cookiejar
import os
from pathlib import Path
import re
import subprocess
import sys
import time
import urllib.parse
import urllib.request

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
ADMIN_URL = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = "skat_bench_entry"
PORT = 8765
CLIENTS = 16


def _psql(sql: str) -> None:
    import psycopg

    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        conn.execute(sql)


def setup_database() -> str:
    _psql(f"DROP DATABASE IF EXISTS {DB_NAME}")
    _psql(f"CREATE DATABASE {DB_NAME}")
    url = ADMIN_URL.rsplit("/", 1)[0] + f"/{DB_NAME}"
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skat_tourney.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return url


def make_tournament(tables: int):
    from scoring.entry.access import table_link
    from seating.models import Player, Table, Tournament
    from seating.services import tournament_draw

    tournament = Tournament.objects.create(name=f"Bench {tables} tables", method="n-s-stationary")
    Player.objects.bulk_create([Player(tournament=tournament, name=f"P{n:04d}") for n in range(tables * 4)])
    tournament_draw(tournament=tournament, seed=1)
    return tournament, [(t, table_link(t).token) for t in Table.objects.filter(tournament=tournament).order_by("number")]


def deal_posts(table) -> list[dict]:
    """The form data of every deal of a table: a club Solo by Vorhand, as the controller would enter it."""
    from scoring.entry.sheets import deal_slot
    from seating.schedule import schedule_of

    posts = []
    for number in range(1, schedule_of(table).deals + 1):
        slot = deal_slot(table, number)
        posts.append({"number": number, "submission_key": f"t{table.pk}-{number}", "kind": "game",
                      "declarer_id": slot.active[0].player_id, "game": "club solo", "matadores": "2",
                      "points": "79", "tricks": "8"})
    return posts


def enter_table(token: str, posts: list[dict]) -> int:
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    base = f"http://127.0.0.1:{PORT}/t/{token}/"
    opener.open(base).read()
    csrf = next(c.value for c in jar if c.name == "csrftoken")
    for data in posts:
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": csrf}).encode()
        request = urllib.request.Request(base + "save/", data=body, headers={"HX-Request": "true", "Referer": base})
        with opener.open(request) as response:
            page = response.read().decode()
        if f"Deal {data['number']} saved" not in page:
            raise RuntimeError(f"deal {data['number']} not saved: {re.sub(r'<[^>]+>', ' ', page)[:300]}")
    return len(posts)


def start_server(url: str) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": url, "DEBUG": "0", "SECRET_KEY": "bench-only-secret-key-" + "x" * 40,
           "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0", "SECURE_COOKIES": "0", "CONN_MAX_AGE": "60"}
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "skat_tourney.wsgi", "-b", f"127.0.0.1:{PORT}",
                               "-w", "4", "--threads", "4", "--log-level", "warning"], cwd=ROOT, env=env)
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{PORT}/", timeout=1).read()
            return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise RuntimeError("gunicorn did not start")


def raw_insert_rate(url: str) -> tuple[float, int]:
    """The same rows again, one ``executemany`` into a copy of the deals table."""
    import psycopg

    with psycopg.connect(url) as conn:
        conn.execute("CREATE TABLE bench_deal_raw (LIKE scoring_deal INCLUDING DEFAULTS)")
        columns = [r[0] for r in conn.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'scoring_deal' ORDER BY ordinal_position")]
        rows = conn.execute(f"SELECT {', '.join(columns)} FROM scoring_deal").fetchall()
        placeholders = ", ".join(["%s"] * len(columns))
        start = time.perf_counter()
        with conn.cursor() as cur:
            cur.executemany(f"INSERT INTO bench_deal_raw ({', '.join(columns)}) VALUES ({placeholders})",
                            [tuple(psycopg.types.json.Jsonb(v) if isinstance(v, list) else v for v in row) for row in rows])
        conn.commit()
        return len(rows) / (time.perf_counter() - start), len(rows)


def main() -> None:
    url = setup_database()
    tournament, links = make_tournament(CLIENTS + 1)  # one table for the single client, one for each of 16
    plans = [(token, deal_posts(table)) for table, token in links]
    server = start_server(url)
    try:
        token, posts = plans[0]
        start = time.perf_counter()
        single = enter_table(token, posts) / (time.perf_counter() - start)
        start = time.perf_counter()
        with ThreadPoolExecutor(CLIENTS) as pool:
            entered = sum(pool.map(lambda plan: enter_table(*plan), plans[1:]))
        concurrent = entered / (time.perf_counter() - start)
    finally:
        server.terminate()
        server.wait(10)
    raw, rows = raw_insert_rate(url)
    from scoring.models import Deal

    assert Deal.objects.filter(tournament=tournament).count() == rows  # nothing lost or doubled
    print(f"HTTP entry, 1 client:              {single:8.1f} deals/s")
    print(f"HTTP entry, {CLIENTS} concurrent clients:  {concurrent:8.1f} deals/s ({entered} deals)")
    print(f"raw INSERT of the same {rows} rows:  {raw:8.1f} rows/s")
    print(f"ratio raw / HTTP: {raw / single:.0f}x (1 client), {raw / concurrent:.0f}x (concurrent)")
    from summary import report

    report("HTTP entry, 1 client", f"{single:.1f} deals/s", f"raw INSERT {raw:,.0f} rows/s", f"{raw / single:.0f}x")
    report(f"HTTP entry, {CLIENTS} clients", f"{concurrent:.1f} deals/s", f"raw INSERT {raw:,.0f} rows/s",
           f"{raw / concurrent:.0f}x")
    from django.db import connections

    connections.close_all()
    _psql(f"DROP DATABASE IF EXISTS {DB_NAME}")


if __name__ == "__main__":
    main()
