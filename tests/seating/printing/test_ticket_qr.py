"""The entry ticket's QR code: it opens the player's own page (/p/<token>/) on the event's site, with no
login, as the start card's does; the name beside it shrinks, then takes more lines, and stops before the code."""

import html
import re
import shutil
import subprocess

import pytest

from common.paper import CONTENT_WIDTH, PAPERS
from seating.models import Player
from seating.printing import render_document, selectors
from seating.printing.documents import document_pages
from seating.printing.layout import (
    TICKET_COLUMNS,
    TICKET_NAME_BOX,
    TICKET_NAME_POINTS,
    TICKET_PADDING,
    TICKET_QR,
    TICKET_TEXT,
    NameType,
    sans_width,
    ticket_name_type,
)
from tests.seating.printing.test_printing import make_drawn

SITE = "http://10.0.0.5:8000"
PT = 72 / 25.4
HOSTILE = "<script>alert(1)</script> " + "Wolfgang-Maximilian " * 4


@pytest.mark.django_db
def test_every_ticket_carries_the_address_of_its_players_own_page():
    tournament = make_drawn("ns")
    tokens = dict(Player.objects.filter(tournament=tournament).values_list("name", "page_token"))

    tickets = selectors.tickets(tournament, site=SITE + "/").parts

    assert len(tickets) == len(tokens) == 18
    for ticket in tickets:
        assert ticket.address == f"http://10.0.0.5:8000/p/{tokens[ticket.player]}/"
        assert ticket.qr.startswith("<svg") and ticket.qr.count("<path") == 1


@pytest.mark.django_db
def test_without_a_site_the_ticket_uses_site_url(settings):
    settings.SITE_URL = "https://skat.example.org"
    tournament = make_drawn("fixed")
    player = Player.objects.get(tournament=tournament, name="Player03 Name")

    _printout, pages = document_pages(tournament, "tickets", "A4")  # no site given: a print job's default

    ticket = next(block.item.ticket for page in pages for block in page.blocks
                  if block.item.ticket.player == player.name)
    assert ticket.address == f"https://skat.example.org/p/{player.page_token}/"


@pytest.mark.django_db
@pytest.mark.parametrize("paper, pages", [("A4", 2), ("Letter", 2)])
def test_the_code_keeps_ten_tickets_a_page_and_its_caption_speaks_the_print_language(tmp_path, paper, pages):
    tournament = make_drawn("ns")  # 18 players: ten tickets, then eight
    tournament.language = "de"
    tournament.save(update_fields=["language"])
    path = tmp_path / "tickets.pdf"
    path.write_bytes(render_document(tournament, "tickets", paper, site=SITE))

    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert re.search(r"^Pages:\s+(\d+)", info, re.M).group(1) == str(pages)
    assert text.count("Ihre Seite: Platz und Ergebnisse") == 18
    assert text.count("Ihr OK-Code") == 18  # the line under the box is still on every ticket


@pytest.mark.django_db
@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg (Debian zbar-tools, installed by .ci/run) "
                                                            "scans the printed codes")
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_phone_scanning_the_printed_ticket_opens_the_players_page(tmp_path, paper):
    """The codes as printed, scanned off the page at 150 dpi (a phone's camera sees more): one per ticket,
    each the page of a player of the event."""
    tournament = make_drawn("sit-out")  # 10 players: one page
    tokens = set(Player.objects.filter(tournament=tournament).values_list("page_token", flat=True))
    path = tmp_path / "tickets.pdf"
    path.write_bytes(render_document(tournament, "tickets", paper, site=SITE))
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(path), str(tmp_path / "page")], check=True,
                   capture_output=True)

    scanned = subprocess.run(["zbarimg", "-q", "--raw", *sorted(map(str, tmp_path.glob("page*.png")))],
                             capture_output=True, text=True).stdout.split()

    assert sorted(scanned) == sorted(f"{SITE}/p/{token}/" for token in tokens)


def test_a_name_is_set_as_large_as_fits_beside_the_code():
    largest, wrap_below, smallest = TICKET_NAME_POINTS
    assert ticket_name_type("Hans Meier") == NameType(largest, 1) and largest == 14.0
    kind = ticket_name_type("Karl-Heinz Müller-Lüdenscheidt")
    assert kind.lines == 1 and wrap_below <= kind.points < largest
    assert sans_width("Karl-Heinz Müller-Lüdenscheidt", kind.points, bold=True) <= TICKET_TEXT
    assert sans_width("Karl-Heinz Müller-Lüdenscheidt", kind.points + 0.5, bold=True) > TICKET_TEXT * 0.96
    hostile = ticket_name_type(HOSTILE)  # whole, on more lines within the name's box: never cut
    assert hostile.lines > 1 and smallest <= hostile.points < wrap_below and hostile.height <= TICKET_NAME_BOX


@pytest.mark.django_db
def test_a_hostile_name_prints_as_text_and_stops_short_of_the_code(tmp_path):
    tournament = make_drawn("sit-out")
    Player.objects.filter(tournament=tournament, name="Player00 Name").update(
        name=HOSTILE, club=("Skatfreunde Oberhausen-Sterkrade 1957 e.V. " * 3)[:120])  # the longest a club may be
    paper = PAPERS["A4"]
    path = tmp_path / "tickets.pdf"
    path.write_bytes(render_document(tournament, "tickets", "A4", site=SITE))

    boxes = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True,
                           check=True).stdout
    words = [(float(x_min), float(y_min), float(x_max), word) for x_min, y_min, x_max, word in
             re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>', boxes)]
    first = next(word for word in words if word[3] == "&lt;script&gt;alert(1)&lt;/script&gt;")
    column = CONTENT_WIDTH / TICKET_COLUMNS
    left = paper.side_margin + (column if first[0] / PT > paper.side_margin + column else 0)  # his ticket's
    lines = [word for word in words if 0 <= word[1] - first[1] < TICKET_NAME_BOX * PT - 1
             and left <= word[0] / PT < left + column]
    code_left = left + column - TICKET_PADDING[1] - TICKET_QR  # the code sits flush with the ticket's padding
    assert max(x_max for _x, _y, x_max, _w in lines) / PT < code_left
    printed = html.unescape(" ".join(word for _x, _y, _x_max, word in lines))
    # whole on its lines, never cut (a line broken after a hyphen is read back with a space there)
    assert re.sub(r"- ", "-", " ".join(printed.split())) == " ".join(HOSTILE.split())
