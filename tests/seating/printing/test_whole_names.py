"""Every name whole on every card, ticket and list: an event whose players have names of 60 characters with
umlauts, ß and hyphens (and short ones beside them), its start cards, entry tickets, table lists and seating list
read back with ``pdftotext``; each name is there whole, letter for letter, as often as the document prints it, and
nothing is cut with an ellipsis.

Read back in ``-raw`` order (the order the page was written in, so a name's lines follow each other); a name set on
several lines is read back with its line breaks, which are undone as a reader undoes them: a break after a hyphen
joins, any other is a space. The page pictures are in the helper's report (looked at with pdftoppm)."""

import html
import re
import subprocess

import pytest

from common.paper import CONTENT_WIDTH, PAPERS
from seating.event_series import series_draw
from seating.models import Player, Tournament
from seating.printing import render_document
from seating.printing.documents import TICKET_CLUB_POINTS
from seating.printing.layout import (
    CLUB_LINE,
    TICKET_NAME_BOX,
    TICKET_PADDING,
    TICKET_TEXT,
    NameType,
    club_type,
    mono_rows,
    mono_wrap,
    name_type,
    sans_width,
    ticket_name_type,
)
from seating.printing.start_cards import CLUB_POINTS, NAME_BOX, NAME_WIDTH, start_card_name
from seating.services import tournament_draw

LONG = [
    "Edeltraud Heimlich-Müllerschön von Überlingen-Süßenbrück Öhm",
    "Jürgen-Österreicher Käßbohrer-Weißgerber Graf zu Großenhainn",
    "Ölfried Äußerst-Übermäßig von Grünspan-Schließmuskel Rößlerr",
    "Maximiliane Sophie Ffion Fiffi Waffleflügel-Häßler Ofenbäckk",
    "Hedwig Verborgmann-Schüßler von Märkisch-Öderland zu Füssenn",
    "Bärbel-Dörthe Süßmilch-Großkopff von Österreich-Ungarn Fuchß",
]
LONG_CLUB = "Skatfreunde Grün-Weiß Überlingen-Süßenbrück am Bodensee e.V."
"""The club of every player with a long name: 60 characters too."""
PT = 72 / 25.4
SHORT = ["Hedwig Verborgmann", "Edeltraud Heimlich", "Kurt Öz", "Anna Bauer", "Zoë Fährmann-Ößling", "Björn Strauß",
         "Ute Weiß"]


def read_back(pdf: bytes, tmp_path) -> str:
    """The document's text, a name's line breaks undone: after a hyphen nothing, else one space."""
    path = tmp_path / "names.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return re.sub(r"-\s+", "-", " ".join(text.split()))


@pytest.fixture
def long_names(db) -> Tournament:
    assert all(len(name) == 60 for name in LONG)
    tournament = Tournament.objects.create(name="Vereinsabend der Skatfreunde", method="fixed",
                                           table_sizes="3-and-4", session_rounds=12, series_count=1)
    Player.objects.bulk_create([Player(tournament=tournament, name=name, club=LONG_CLUB if name in LONG else "SC Kreuz-Bube")
                                for name in LONG + SHORT])
    series_draw(tournament=tournament, number=1, how="lot", seed=5)
    return tournament


def within_their_cards(pdf: bytes, tmp_path, paper: str, right_of_name: float) -> None:
    """No word of a name runs into the neighbouring card or past its own room (a cut name's text is still in the
    PDF, clipped: it must not be there at all). ``right_of_name``: mm from a card's left edge to where its name's
    room ends."""
    path = tmp_path / "boxes.pdf"
    path.write_bytes(pdf)
    boxes = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True,
                           check=True).stdout
    pieces = {piece for name in LONG + SHORT for piece in re.split(r"[ ]", name)}
    column, left = CONTENT_WIDTH / 2, PAPERS[paper].side_margin
    checked = 0
    for x_min, x_max, word in re.findall(r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>',
                                         boxes):
        if html.unescape(word) not in pieces:
            continue
        start, end = float(x_min) / PT - left, float(x_max) / PT - left
        card = int(start // column)
        assert end <= card * column + right_of_name + 0.3, (word, start, end)
        checked += 1
    assert checked >= len(LONG + SHORT)


def whole(text: str, times: int) -> None:
    assert "…" not in text
    for name in LONG + SHORT:
        found = len(re.findall(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text))
        assert found == times, (name, found, text[:3000])


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_start_cards_print_every_name_whole(long_names, tmp_path, paper):
    pdf = render_document(long_names, "start-cards", paper)
    whole(read_back(pdf, tmp_path), 1)
    assert read_back(pdf, tmp_path).count(LONG_CLUB) == len(LONG)  # the club under the name, whole too
    within_their_cards(pdf, tmp_path, paper, 5.0 + NAME_WIDTH)  # the card's padding, the name's width


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_tickets_print_every_name_whole(long_names, tmp_path, paper):
    pdf = render_document(long_names, "tickets", paper, site="http://10.0.0.5:8000")
    whole(read_back(pdf, tmp_path), 1)
    assert read_back(pdf, tmp_path).count(LONG_CLUB) == len(LONG)  # the club under the name, whole too
    within_their_cards(pdf, tmp_path, paper, TICKET_PADDING[1] + TICKET_TEXT)  # clear of the QR code


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_table_lists_print_every_name_whole_over_its_column_and_under_its_signature(long_names, tmp_path,
                                                                                        paper):
    text = read_back(render_document(long_names, "table-lists", paper), tmp_path)
    whole(text, 2)  # the column's head (after the seat) and the signature
    assert text.count("Signed: ") == len(LONG + SHORT)


def test_a_short_name_keeps_its_large_type_on_one_line_and_a_long_one_takes_lines_not_an_ellipsis():
    assert start_card_name("Anna Bauer").points == 13.0 and start_card_name("Anna Bauer").lines == 1
    assert ticket_name_type("Anna Bauer").points == 14.0 and ticket_name_type("Anna Bauer").lines == 1
    hedwig = start_card_name("Hedwig Verborgmann")  # was cut at 13 pt: one line, a little smaller
    assert hedwig.lines == 1 and 10.0 <= hedwig.points < 13.0
    assert sans_width("Hedwig Verborgmann", hedwig.points, bold=True) <= NAME_WIDTH
    for name in LONG:
        card, ticket = start_card_name(name), ticket_name_type(name)
        assert 2 <= card.lines <= 3 and card.height <= NAME_BOX and card.points >= 6.5, (name, card)
        assert 2 <= ticket.lines <= 3 and ticket.height <= TICKET_NAME_BOX and ticket.points >= 5.5, (name, ticket)


def test_a_long_club_is_set_smaller_and_on_two_lines_within_its_line_a_short_one_as_it_was():
    assert club_type("SC Kreuz-Bube", NAME_WIDTH, CLUB_POINTS) == NameType(CLUB_POINTS, 1)
    for width, largest in ((NAME_WIDTH, CLUB_POINTS), (TICKET_TEXT, TICKET_CLUB_POINTS)):
        kind = club_type(LONG_CLUB, width, largest)
        assert kind.lines <= 2 and kind.height <= CLUB_LINE and 4.5 <= kind.points < largest, kind


def test_a_name_takes_a_second_line_before_its_type_gets_small():
    """At 10 pt this name needs two lines of 60 mm: it gets them rather than one line at 7 pt; kept within a
    box too low for two lines at 10 pt, it is set smaller (on one line or two), whole."""
    name = "Wolfgang Amadeus Zweibrücken"
    assert sans_width(name, 7.0, bold=True) < 60 * 0.96 < sans_width(name, 10.0, bold=True)
    kind = name_type(name, 60, largest=10.0, smallest=6.0)
    assert (kind.points, kind.lines) == (10.0, 2)
    lower = name_type(name, 60, largest=10.0, smallest=6.0, box=kind.height - 0.1)
    assert lower.points < 10.0 and lower.height <= kind.height - 0.1


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_seating_list_prints_every_name_whole_by_name_and_by_table(long_names, tmp_path, paper):
    whole(read_back(render_document(long_names, "seating-list", paper), tmp_path), 2)


@pytest.fixture
def long_pairs(db) -> Tournament:
    """Foster's three tables of pairs (twelve players, five stays): half of them with names of 60 characters."""
    tournament = Tournament.objects.create(name="Paarturnier der Skatfreunde", method="up-sides-down-middle")
    Player.objects.bulk_create([Player(tournament=tournament, name=name, club="SC Kreuz-Bube")
                                for name in LONG + SHORT[:6]])
    tournament_draw(tournament=tournament, seed=5)
    return tournament


def in_order(text: str, name: str) -> bool:
    """Whether ``name``'s pieces (broken after spaces and hyphens) are read back in order, each whole: a mono card
    sets two names side by side, so a name on two lines is read back with its neighbour's line between."""
    pieces = [piece.strip() for piece in re.split(r"(?<=[ -])", name) if piece.strip()]
    return re.search(r"(?<![\w-])" + r"(?:\s|\S)*?".join(re.escape(piece) for piece in pieces) + r"(?![\w])",
                     text) is not None


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_movement_cards_print_every_pair_and_opponent_whole(long_pairs, tmp_path, paper):
    text = read_back(render_document(long_pairs, "movement-cards", paper), tmp_path)
    assert "…" not in text
    for name in LONG + SHORT[:6]:
        # on its own pair's card (the subtitle) and as an opponent once a stay it plays against another pair
        assert len(re.findall(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)) >= 2, name


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_guide_cards_print_every_seated_name_whole(long_pairs, tmp_path, paper):
    text = read_back(render_document(long_pairs, "guide-cards", paper), tmp_path)
    assert "…" not in text
    for name in LONG + SHORT[:6]:
        assert in_order(text, name), name


def test_the_fixed_guide_cards_print_every_player_whole(long_names, tmp_path):
    text = read_back(render_document(long_names, "guide-cards", "A4"), tmp_path)
    assert "…" not in re.sub(r"\d …", "", text)  # "3, 6, 9 …": the deals a seat deals go on, no name is cut
    for name in LONG + SHORT:  # its club beside it on the first line
        assert in_order(text, name), name


def test_a_mono_row_wraps_a_long_name_within_its_column_and_keeps_the_others_on_its_first_line():
    rows = mono_rows(("1", 3, True, False), ("  ", 2, False, False), (LONG[0], 27, False, True),
                     ("  ", 2, False, False), ("next: 3", 7, False, False))
    assert rows[0] == "  1  Edeltraud Heimlich-" + " " * 10 + "next: 3"
    assert all(len(row) <= 3 + 2 + 27 for row in rows[1:]) and all(row.startswith(" " * 5) for row in rows[1:])
    assert re.sub(r"-\s+", "-", " ".join(row[5:32].strip() for row in rows)) == LONG[0]
    assert mono_wrap("Hedwig Verborgmann", 27) == ["Hedwig Verborgmann"]
    assert mono_wrap("Abcdefghijk", 4) == ["Abcd", "efgh", "ijk"]


@pytest.mark.parametrize("drawn", ["long_names", "long_pairs"])
def test_the_score_sheets_print_every_name_whole_over_its_columns(db, drawn, request, tmp_path):
    pdf = render_document(request.getfixturevalue(drawn), "score-sheets", "A4")
    text = read_back(pdf, tmp_path)
    assert "…" not in text
    for name in LONG + (SHORT if drawn == "long_names" else SHORT[:6]):  # side by side: read back in order
        assert in_order(text, name), name
    open("/tmp/g37_sheets_%s.pdf" % drawn, "wb").write(pdf)


def test_the_committees_filled_table_lists_print_every_name_whole_over_its_column_and_under_its_signature(db,
                                                                                                          tmp_path):
    from scoring.committee.lists import filled_lists_pdf
    from tests.scoring.committee.test_series_event import demo_event

    event = demo_event(7, 2)
    players = list(event.players.order_by("pk"))
    for player, name in zip(players, LONG + SHORT):
        player.name = name
    Player.objects.bulk_update(players, ["name"])
    text = read_back(filled_lists_pdf(event, 2), tmp_path)
    assert "…" not in text
    for player in players:  # seated in series 2: over its column and under its signature line
        assert len(re.findall(rf"(?<![\w-]){re.escape(player.name)}(?![\w-])", text)) == 2, player.name


def test_the_standings_and_prize_list_print_every_name_and_club_whole(db, tmp_path):
    from scoring.committee.pdf import results_pdf
    from scoring.results import event_results
    from tests.scoring.committee.test_series_event import demo_event

    event = demo_event(7, 2)
    players = list(event.players.order_by("pk"))
    for player, name in zip(players, LONG + SHORT):
        player.name, player.club = name, LONG_CLUB
    Player.objects.bulk_update(players, ["name", "club"])
    standings = read_back(results_pdf(event_results(event), "standings"), tmp_path)
    assert "…" not in standings
    for player in players:  # one row each
        assert len(re.findall(rf"(?<![\w-]){re.escape(player.name)}(?![\w-])", standings)) == 1, player.name
    assert standings.count(LONG_CLUB) == len(players)
    prizes = read_back(results_pdf(event_results(event), "prizes"), tmp_path)
    assert "…" not in prizes
    winners = [player.name for player in players
               if re.search(rf"(?<![\w-]){re.escape(player.name)}(?![\w-])", prizes)]
    assert winners, prizes[:2000]  # the prize list names its winners, each whole


def test_a_fixed_tables_score_sheet_names_its_long_named_controller_whole(db, tmp_path):
    from seating.movements import table_sizes

    tournament = Tournament.objects.create(name="Vereinsabend der Skatfreunde", method="fixed")
    names = LONG + SHORT
    experts = len(table_sizes(len(names)))  # one controller a table, the long names first
    Player.objects.bulk_create([Player(tournament=tournament, name=name, club="SC Kreuz-Bube", is_expert=n < experts)
                                for n, name in enumerate(names)])
    tournament_draw(tournament=tournament, seed=5)
    pdf = render_document(tournament, "score-sheets", "A4")
    text = read_back(pdf, tmp_path)
    assert "…" not in text
    for name in names[:experts]:
        assert f"controller {name} ·" in text, name
    path = tmp_path / "sheets.pdf"
    path.write_bytes(pdf)
    boxes = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True,
                           check=True).stdout
    ends = [float(x_max) / PT - PAPERS["A4"].side_margin for x_max in re.findall(r'xMax="([\d.]+)"', boxes)]
    assert max(ends) <= CONTENT_WIDTH + 0.3  # the title line kept within the page's column, not clipped at it
