"""The start card: every player's table and seat in each series drawn so far, read back from the PDF
card by card (each card's rectangle cut out with pdftotext) and checked against the Seat rows."""

import re
import subprocess

import pytest
from django.test import RequestFactory

from common.paper import MARGIN, PAPERS
from seating.models import Player, Seat, Tournament
from seating.printing import document_filename, render_document
from seating.printing.addresses import player_page_address
from seating.printing.start_cards import START_COLUMNS, START_ROWS, start_card_height, start_cards
from tests.seating.printing.test_printing import series_event

PT = 72 / 25.4
ROW = re.compile(r"^\s*(\d+) +(\d+|—) +(\d+|—)(?:\s|$)")  # the QR's caption may follow on the line


def card_texts(pdf: bytes, tmp_path, paper) -> list[str]:
    """The text of every card, in card order: each card's rectangle on its page, read on its own."""
    path = tmp_path / "cards.pdf"
    path.write_bytes(pdf)
    pages = int(re.search(r"^Pages:\s+(\d+)", subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True,
                                                             check=True).stdout, re.M).group(1))
    width, height = 190 / START_COLUMNS, start_card_height(paper)
    texts = []
    for page in range(1, pages + 1):
        for index in range(START_COLUMNS * START_ROWS):
            left = paper.side_margin + (index % START_COLUMNS) * width
            top = MARGIN + (index // START_COLUMNS) * height
            text = subprocess.run(["pdftotext", "-layout", "-f", str(page), "-l", str(page), "-r", "72",
                                   "-x", str(int(left * PT)), "-y", str(int(top * PT)), "-W", str(int(width * PT)),
                                   "-H", str(int(height * PT)), str(path), "-"],
                                  capture_output=True, text=True, check=True).stdout
            if text.strip():
                texts.append(text)
    return texts


def expected_seats(tournament) -> dict[str, list[tuple[int, str, str]]]:
    """Every seated player's (series, table, seat) from the Seat rows: his first stay's seat in each series."""
    series = sorted(set(Seat.objects.filter(tournament=tournament).values_list("series", flat=True)))
    expected = {}
    for player in Player.objects.filter(tournament=tournament):
        rows = []
        for number in series:
            seat = Seat.objects.filter(player=player, series=number).order_by("stay").select_related("table").first()
            rows.append((number, str(seat.table.number), str(seat.seat)) if seat else (number, "—", "—"))
        if any(table != "—" for _n, table, _s in rows):
            expected[player.name] = rows
    return expected


@pytest.mark.django_db
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_every_card_lists_the_players_table_and_seat_in_each_series(tmp_path, paper):
    tournament = series_event(3)
    Player.objects.filter(tournament=tournament, name="Spieler 03").update(last_series=2)
    from seating.event_series import series_draw

    series_draw(tournament=tournament, number=3, how="lot", seed=9)  # drawn again without him

    texts = card_texts(render_document(tournament, "start-cards", paper), tmp_path, PAPERS[paper])

    expected = expected_seats(tournament)
    assert len(texts) == len(expected) == 14
    found = {}
    for text in texts:
        name = next(name for name in expected if name in text)
        found[name] = [(int(a), b, c) for a, b, c in (ROW.match(line).groups() for line in text.splitlines()
                                                       if ROW.match(line))]
    assert found == expected
    assert expected["Spieler 03"][2] == (3, "—", "—")


@pytest.mark.django_db
def test_the_cards_speak_the_print_language_and_the_download_is_named_in_it(tmp_path):
    tournament = series_event(3)
    tournament.language = "de"
    tournament.save()

    texts = card_texts(render_document(tournament, "start-cards", "A4"), tmp_path, PAPERS["A4"])

    assert "STARTKARTE" in texts[0] and "Serie" in texts[0] and "Tisch" in texts[0]
    assert document_filename(tournament, "start-cards", "A4", series=2) == "club-evening-startkarten-alle-serien-a4.pdf"


@pytest.mark.django_db
def test_the_qr_code_opens_the_players_page_on_the_site(settings):
    tournament = series_event(1)
    player = Player.objects.filter(tournament=tournament).first()
    settings.SITE_URL = ""
    request = RequestFactory().get("/", HTTP_HOST="testserver:8000")

    assert player_page_address(request, player.page_token) == f"http://testserver:8000/p/{player.page_token}/"
    assert (player_page_address("http://10.0.0.5:8000", player.page_token)
            == f"http://10.0.0.5:8000/p/{player.page_token}/")
    settings.SITE_URL = "https://skat.example.org"
    assert player_page_address("", player.page_token) == f"https://skat.example.org/p/{player.page_token}/"
    card = start_cards(tournament, site="http://10.0.0.5:8000").parts[0]
    assert card.address == f"http://10.0.0.5:8000/p/{player.page_token}/" and card.qr.startswith("<svg")


@pytest.mark.django_db
@pytest.mark.slow
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_twenty_series_still_fit_every_card(tmp_path, paper):
    """Past eight series the lines go in two columns, and lower (in smaller type) when the card needs it: every
    line of every card is still on the card."""
    tournament = series_event(20)

    texts = card_texts(render_document(tournament, "start-cards", paper), tmp_path, PAPERS[paper])

    expected = expected_seats(tournament)
    found = {}
    for text in texts:
        name = next(name for name in expected if name in text)
        rows = []
        for line in text.splitlines():  # two columns side by side: a line may hold two series
            rows += [(int(a), b, c) for a, b, c in re.findall(r"(\d+) +(\d+|—) +(\d+|—)(?= |$)", line)]
        found[name] = sorted(rows)
    assert found == expected


HOSTILE_NAMES = {  # as long as a player's name and club may be: words that wrap, and one that cannot
    "Spieler 00": ("Maximilian-Alexander Friedrich Wilhelm von und zu Hohenzollern-Sigmaringen-Oberhausen "
                   "Schmidt-Müller"[:120], "Erster Skatclub Berlin-Charlottenburg 1898 e.V. Abteilung Senioren "
                   "und Damen, Spielort Gaststätte Zum Grünen Baum"[:120]),
    "Spieler 01": ("W" * 120, "M" * 120),
    "Spieler 02": (("Ｗｏｌｆｇａｎｇ\u00adＳｃｈｍｉｄｔ " * 6 + "李小龍" * 10)[:120], "Ｓ\u200bＣ" * 40),
}


def words_outside_their_card(pdf: bytes, tmp_path, paper) -> list[str]:
    """Every word on the sheets (pdftotext's boxes) that does not lie wholly inside the card where it starts."""
    path = tmp_path / "cards.pdf"
    path.write_bytes(pdf)
    html = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    width, height = 190 / START_COLUMNS * PT, start_card_height(paper) * PT
    left, top = paper.side_margin * PT, MARGIN * PT
    outside = []
    for x0, y0, x1, y1, word in re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                                           r'yMax="([\d.]+)">([^<]*)</word>', html):
        x0, y0, x1, y1 = map(float, (x0, y0, x1, y1))
        column, row = int((x0 - left) // width), int((y0 - top) // height)
        if x1 > left + (column + 1) * width + 0.5 or y1 > top + (row + 1) * height + 0.5:
            outside.append(word)
    return outside


@pytest.mark.django_db
@pytest.mark.parametrize("paper,language", [("A4", "en"), ("Letter", "de")])
def test_a_name_as_long_as_the_registry_allows_stays_in_its_card(tmp_path, paper, language):
    tournament = series_event(1)
    Tournament.objects.filter(pk=tournament.pk).update(language=language, name="Vereinsabend " * 15)
    tournament.refresh_from_db()
    for was, (name, club) in HOSTILE_NAMES.items():
        Player.objects.filter(tournament=tournament, name=was).update(name=name, club=club)
    pdf = render_document(tournament, "start-cards", paper)
    (tmp_path / f"start-cards-{paper}.pdf").write_bytes(pdf)  # to look at: pdftoppm -png
    assert words_outside_their_card(pdf, tmp_path, PAPERS[paper]) == []
    texts = card_texts(pdf, tmp_path, PAPERS[paper])
    assert len(texts) == 14  # no card pushed onto another
    for name, _club in HOSTILE_NAMES.values():  # each shows its name's start once
        assert sum(name[:6] in text for text in texts) == 1, name[:6]
