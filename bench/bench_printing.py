"""Time printing every card and sheet for the largest congress on record: 2,700 players (Chicago 1907).

For each method (fixed tables; N-S stationary; up the sides and down the middle) a throwaway SQLite database
gets 2,700 registered players and a saved draw; then every document is rendered to PDF in full (entry
tickets, movement cards, guide cards, score sheets) while its progress is shown.

The yardstick (the "naive layout"): a movement card as a straightforward HTML <table>, one card a
page, rendered by the same WeasyPrint with the same fonts, on a sample of the same cards, in the same run.
The real movement cards must print at least three times as many cards a second over the full congress set.
Prints figures only; nothing here asserts on time.

    python bench/bench_printing.py [--players 2700] [--naive-sample 60] [--paper A4]
                                   [--methods fixed,n-s-stationary,up-sides-down-middle]
                                   [--kinds tickets,movement-cards,guide-cards,score-sheets]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WORKDIR = Path(tempfile.mkdtemp(prefix="bench-printing-"))
os.environ["DATABASE_URL"] = f"sqlite:///{WORKDIR / 'bench.sqlite3'}"
os.environ["DJANGO_SETTINGS_MODULE"] = "skat_tourney.settings"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.template import engines  # noqa: E402
from weasyprint import HTML  # noqa: E402

from common.pdf import FONTS_URL, LocalFetcher  # noqa: E402
from seating.models import Player, Tournament  # noqa: E402
from seating.movements import table_sizes  # noqa: E402
from seating.printing import DOCUMENTS, render_document  # noqa: E402
from seating.printing.documents import document_pages  # noqa: E402
from seating.printing.layout import deal_range  # noqa: E402
from seating.printing.selectors import movement_cards  # noqa: E402
from seating.services import tournament_draw  # noqa: E402

FIRST = ("Johann Wilhelm Karl Otto Friedrich Heinrich August Hermann Ernst Paul Gustav Max Louis Fritz Carl Adolph "
         "Julius Emil Richard Rudolph Theodor George Henry Charles William Edward Frank John Joseph Anton").split()
LAST = ("Meyer Schulze Bergmann Kahn Hauptmann Schneider Vogel Zimmermann Krüger Hoffmann Lange Braun Wagner Becker "
        "Schäfer Koch Richter Klein Wolf Schröder Neumann Schwarz Fischer Weber Hartmann Werner Lehmann Köhler "
        "Walter Mayer König Huber Kaiser Fuchs Peters Scholz Möller Weiß Jung Hahn Vogt Friedrich Keller Günther "
        "Frank Berger Winkler Roth Beck Lorenz Baumann Franke Albrecht Schuster Simon Ludwig Böhm Winter Kraus").split()
CLUBS = ("Chicago Skat Club", "Germania Skat Verein", "Milwaukee Skat Club", "St. Louis Skat Club", "Teutonia",
         "Cincinnati Skat Verein", "Detroit Skat Club", "")
METHODS = ("fixed", "n-s-stationary", "up-sides-down-middle")

NAIVE = engines["django"].from_string("""<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>
@font-face { font-family: "Print Sans"; src: url("{{ fonts }}DejaVuSans.ttf"); }
@font-face { font-family: "Print Sans"; font-weight: bold; src: url("{{ fonts }}DejaVuSans-Bold.ttf"); }
@page { size: A4; margin: 15mm; }
body { font-family: "Print Sans"; font-size: 10pt; }
.card { break-after: page; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #000; padding: 2px 4px; text-align: left; }
</style></head><body>
{% for card in cards %}<div class="card">
<h2>Movement card: pair {{ card.pair }}, section {{ card.section }}</h2>
<p>{{ heading.line }}</p>
<p>{{ card.players.0 }} &amp; {{ card.players.1 }}</p>
<table><tr><th>Stay</th><th>Deals</th><th>Table</th><th>Place</th><th>Opponents</th></tr>
{% for stay in card.stays %}<tr><td>{{ stay.stay }}</td><td>{{ stay.deals_text }}</td>
<td>{{ stay.table|default:"—" }}</td><td>{{ stay.place|default:"—" }}</td><td>{{ stay.opponents }}</td></tr>
{% endfor %}</table></div>
{% endfor %}</body></html>""")


def build(method: str, players: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    names = rng.sample([(f, la, c) for f in FIRST for la in LAST for c in CLUBS], players)
    tournament = Tournament.objects.create(name=f"Chicago Congress 1907 ({method})", place="Chicago, Ill.",
                                           method=method)
    experts = len(table_sizes(players)) if method == "fixed" else 0  # one controller a table
    Player.objects.bulk_create([
        Player(tournament=tournament, name=f"{first} {last}", club=club, is_expert=number < experts)
        for number, (first, last, club) in enumerate(names)
    ], batch_size=1000)
    tournament_draw(tournament=tournament, seed=seed)
    return tournament


def naive_rate(tournament: Tournament, sample: int) -> tuple[int, float, int]:
    """(cards, seconds, pages) for the naive layout on the first ``sample`` movement cards."""
    printout = movement_cards(tournament)
    cards = [{"pair": c.pair, "section": c.section, "players": c.players,
              "stays": [{**s.__dict__, "deals_text": deal_range(*s.deals)} for s in c.stays]}
             for c in printout.parts[:sample]]
    started = time.perf_counter()
    html = NAIVE.render({"cards": cards, "heading": printout.heading, "fonts": FONTS_URL})
    document = HTML(string=html, base_url=FONTS_URL, url_fetcher=LocalFetcher()).render()
    document.write_pdf()
    return len(cards), time.perf_counter() - started, len(document.pages)


def real_sample_rate(tournament: Tournament, sample: int) -> tuple[int, float]:
    """(cards, seconds) for the real movement cards on the pages that hold the first ``sample`` cards."""
    from common.pdf import render_pdf
    from seating.printing.documents import check_request

    document, size = check_request("movement-cards", "A4")
    printout, pages = document_pages(tournament, "movement-cards", "A4")
    chosen, cards = [], 0
    for page in pages:
        if cards >= sample:
            break
        chosen.append(page)
        cards += page.parts
    started = time.perf_counter()
    render_pdf(document.template, {"heading": printout.heading, "document": document}, chosen, paper=size,
               chunk=document.chunk)
    return cards, time.perf_counter() - started


def sampled_ratio(tournament: Tournament, sample: int, rounds: int) -> tuple[float, float]:
    """Real and naive cards a second on the same sample of cards, interleaved round by round: the medians."""
    real, naive = [], []
    for _ in range(rounds):
        cards, seconds = real_sample_rate(tournament, sample)
        real.append(cards / seconds)
        cards, seconds, _ = naive_rate(tournament, sample)
        naive.append(cards / seconds)
    return statistics.median(real), statistics.median(naive)


def progress_printer(label: str):
    shown = [-1]

    def progress(done: int, total: int) -> None:
        tenth = 10 * done // max(total, 1)
        if tenth != shown[0]:
            shown[0] = tenth
            print(f"\r    {label}: {done}/{total} ({100 * done // max(total, 1)}%)", end="", flush=True)
    return progress


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2700)
    parser.add_argument("--naive-sample", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds of the sample (median)")
    parser.add_argument("--paper", default="A4", choices=("A4", "Letter"))
    parser.add_argument("--methods", default=",".join(METHODS))
    parser.add_argument("--kinds", default=",".join(DOCUMENTS))
    parser.add_argument("--keep", action="store_true", help=f"keep the PDFs (in {WORKDIR})")
    args = parser.parse_args()
    try:
        call_command("migrate", verbosity=0)
        print(f"{args.players} players, paper {args.paper}; database and PDFs in {WORKDIR}")
        results, figures = [], {}
        for method in args.methods.split(","):
            started = time.perf_counter()
            tournament = build(method, args.players, seed=1907)
            print(f"\n{method}: registered and drawn in {time.perf_counter() - started:.1f} s")
            if method != "fixed" and "movement-cards" in args.kinds:
                real, naive = sampled_ratio(tournament, args.naive_sample, args.rounds)
                figures[(method, "naive")] = naive
                figures[(method, "sample")] = (real, naive)
                print(f"    sample of {args.naive_sample} cards, {args.rounds} interleaved rounds (median): real layout "
                      f"{real:.1f} cards/s, naive layout (HTML table, one card a page) {naive:.1f} cards/s: "
                      f"{real / naive:.1f}x")
            for kind in args.kinds.split(","):
                if method == "fixed" and kind == "movement-cards":
                    continue  # nobody moves at fixed tables
                printout, pages = document_pages(tournament, kind, args.paper)
                started = time.perf_counter()
                pdf = render_document(tournament, kind, args.paper, progress=progress_printer(kind))
                seconds = time.perf_counter() - started
                parts = len(printout.parts)
                print(f"\r    {kind}: {parts} in {seconds:.1f} s = {parts / seconds:.1f}/s, {len(pages)} pages, "
                      f"{len(pdf) / 1e6:.1f} MB, peak memory {peak_mb():.0f} MB")
                if args.keep:
                    (WORKDIR / f"{method}-{kind}-{args.paper}.pdf").write_bytes(pdf)
                results.append((method, kind, parts, len(pages), seconds, len(pdf)))
                if kind == "movement-cards":
                    figures[(method, "cards")] = (parts, seconds)
        print(f"\n{'method':<22} {'document':<15} {'parts':>6} {'pages':>6} {'seconds':>8} {'parts/s':>8} {'MB':>6}")
        for method, kind, parts, pages, seconds, size in results:
            print(f"{method:<22} {kind:<15} {parts:>6} {pages:>6} {seconds:>8.1f} {parts / seconds:>8.1f}"
                  f" {size / 1e6:>6.1f}")
        total = sum(row[4] for row in results)
        print(f"{'everything':<38} {sum(r[2] for r in results):>6} {sum(r[3] for r in results):>6} {total:>8.1f}")
        cards = [(method, *figures[(method, "cards")], figures[(method, "naive")])
                 for method in METHODS if (method, "cards") in figures and (method, "naive") in figures]
        if cards:
            print("\nmovement cards, the full congress set against the naive layout on a sample of the same cards:")
            for method, parts, seconds, naive in cards:
                print(f"    {method:<22} {parts} cards in {seconds:.1f} s = {parts / seconds:.1f} cards/s; "
                      f"naive {naive:.1f} cards/s; {parts / seconds / naive:.1f}x")
            parts = sum(row[1] for row in cards)
            seconds = sum(row[2] for row in cards)
            naive_seconds = sum(row[1] / row[3] for row in cards)
            print(f"    {'all':<22} {parts} cards in {seconds:.1f} s = {parts / seconds:.1f} cards/s; naive would take "
                  f"{naive_seconds:.0f} s = {parts / naive_seconds:.1f} cards/s; "
                  f"{naive_seconds / seconds:.1f}x (target >= 3x)")
            sys.path.insert(0, str(ROOT / "bench"))
            from summary import report

            samples = [figures[(m, "sample")] for m in METHODS if (m, "sample") in figures]
            real = statistics.median(r for r, _ in samples)
            naive = statistics.median(n for _, n in samples)
            print(f"    same sample, interleaved: real {real:.1f} cards/s, naive {naive:.1f} cards/s: {real / naive:.1f}x")
            report(f"movement cards, {args.players} players", f"{real:.1f} cards/s (sample)",
                   f"naive layout {naive:.1f} cards/s (same cards)", f"{real / naive:.1f}x faster (aim 3x)")
            report(f"movement cards, full set of {args.players}", f"{parts / seconds:.1f} cards/s",
                   f"naive layout {parts / naive_seconds:.1f} cards/s", f"{naive_seconds / seconds:.1f}x faster")
    finally:
        if not args.keep:
            shutil.rmtree(WORKDIR, ignore_errors=True)


if __name__ == "__main__":
    main()
