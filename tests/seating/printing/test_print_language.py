"""A tournament prints in its own language, whatever the browser: a German event's tickets, cards and sheets
are German read back from the PDF, and an English event's stay English from a German browser."""

import re
import subprocess

import pytest
from django.utils import translation

from scoring.management.demo import demo_create
from seating.printing import render_document
from tests.german_pages import english_words

pytestmark = pytest.mark.django_db


def pdf_text(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "document.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", "-raw", str(path), "-"], check=True, capture_output=True,
                          text=True).stdout


def without_names(text: str, names: tuple[str, ...]) -> str:
    """``text`` with every name taken out, also where a long name or club wraps onto the next line (names are
    printed whole, never cut: a second line where they must)."""
    for name in names:
        text = re.sub(r"\s+".join(map(re.escape, name.split())), " ", text)
    return text


@pytest.fixture
def tournament():
    tournament = demo_create(players=14, method="up-sides-down-middle", seed=3, rulebook="isko")
    tournament.language = "de"
    tournament.save(update_fields=["language"])
    return tournament


def names(tournament) -> tuple[str, ...]:
    found = {tournament.name, tournament.place}
    for name, club in tournament.players.values_list("name", "club"):
        found |= {name, club}
    return tuple(sorted(found, key=len, reverse=True))


@pytest.mark.parametrize("kind, german", [
    ("tickets", "Ihr OK-Code"), ("movement-cards", "Laufkarte"), ("guide-cards", "Tischkarte"),
    ("score-sheets", "Spielliste · Tisch 1"), ("seating-list", "Sitzplan nach Namen"),
    ("table-lists", "Unterschrift"),
])
def test_german_tournament_prints_german_from_an_english_browser(tournament, tmp_path, kind, german):
    with translation.override("en"):
        text = pdf_text(render_document(tournament, kind, "A4"), tmp_path)
    assert german in text
    assert english_words(without_names(text, names(tournament))) == []


def test_english_tournament_prints_english_from_a_german_browser(tournament, tmp_path):
    tournament.language = "en"
    with translation.override("de"):
        text = pdf_text(render_document(tournament, "tickets", "A4"), tmp_path)
    assert "your OK code" in text and "Ihr OK-Code" not in text


def test_every_german_ticket_shows_its_whole_ok_code(tournament, tmp_path):
    text = pdf_text(render_document(tournament, "tickets", "A4"), tmp_path)
    codes = list(tournament.players.values_list("ok_code", flat=True))
    assert all(f"Ihr OK-Code {code}" in text for code in codes)


@pytest.mark.slow
@pytest.mark.parametrize("kind, title", [
    ("tickets", "Startkarten"), ("guide-cards", "Tischkarten"), ("score-sheets", "Spiellisten"),
    ("seating-list", "Sitzplan"), ("table-lists", "Spiellisten (Seeger-Fabian)"),
])
def test_german_pdf_title_is_german(tournament, tmp_path, kind, title):
    """The title a PDF viewer shows in its tab (the document's metadata) speaks the print language too."""
    path = tmp_path / "document.pdf"
    with translation.override("en"):
        path.write_bytes(render_document(tournament, kind, "A4"))
    info = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True).stdout
    assert f"Title: {title} · {tournament.name}" in [" ".join(line.split()) for line in info.splitlines()]


def test_german_download_names_are_german(tournament):
    from seating.printing import document_filename

    tournament.series_count = 2
    with translation.override("en"):
        assert document_filename(tournament, "tickets", "A4", 1).endswith("-serie-1-startkarten-a4.pdf")
        assert document_filename(tournament, "table-lists", "Letter").endswith("-spiellisten-seeger-fabian-letter.pdf")
    tournament.language = "en"
    with translation.override("de"):
        assert document_filename(tournament, "tickets", "A4", 1).endswith("-series-1-tickets-a4.pdf")
