"""Printed documents: every document for a small drawn tournament in each method, on A4 and Letter.

The PDFs are read back with poppler's ``pdftotext`` and ``pdfinfo``: the page count, the paper size and the
names and numbers on the page. Page counts below are worked out by hand from ``seating.printing.layout``
(ten tickets a page; three moving score sheets of four deals a page; a fixed sheet of 80 deals on two pages).
"""

import dataclasses
import re
import subprocess

import pytest

from common.paper import PAPERS
from seating.models import Player, PrintJob, Seat, Tournament
from seating.movements import table_sizes
from seating.printing import DOCUMENTS, PrintingError, document_filename, print_job_start, render_document, selectors
from seating.printing.documents import document_pages
from seating.printing.layout import TextCard, card_blocks, dealer, fit, sheet_split, sheet_text, ticket_pages
from seating.services import tournament_draw

SCENARIOS = {
    # name: (method, players, extra fields); the fixed one has one expert per table
    "fixed": ("fixed", 17, {}),
    "ns": ("n-s-stationary", 18, {}),  # 3 moving tables and two fixed tables of three
    "up": ("up-sides-down-middle", 12, {}),  # Foster's 3 tables, 5 stays
    "sit-out": ("up-sides-down-middle", 10, {"remainder": "sit-out"}),  # 5 pairs and a phantom
}

PAGES = {  # (scenario, kind) → pages, the same on A4 and Letter for these small halls
    ("fixed", "tickets"): 2, ("fixed", "guide-cards"): 1, ("fixed", "score-sheets"): 9,
    ("ns", "tickets"): 2, ("ns", "movement-cards"): 1, ("ns", "guide-cards"): 1, ("ns", "score-sheets"): 7,
    ("up", "tickets"): 2, ("up", "movement-cards"): 1, ("up", "guide-cards"): 1, ("up", "score-sheets"): 5,
    ("sit-out", "tickets"): 1, ("sit-out", "movement-cards"): 1, ("sit-out", "guide-cards"): 1,
    ("sit-out", "score-sheets"): 4,
}

PAGE_SIZE = {"A4": "595.276 x 841.89 pts (A4)", "Letter": "612 x 792 pts (letter)"}


def make_drawn(scenario: str, seed: int = 1907) -> Tournament:
    method, players, fields = SCENARIOS[scenario]
    tournament = Tournament.objects.create(name=f"Congress {scenario}", place="Chicago", method=method, **fields)
    experts = len(table_sizes(players)) if method == "fixed" else 0  # one per table
    Player.objects.bulk_create([
        Player(tournament=tournament, name=f"Player{n:02d} Name", club=f"Club{n % 3}", is_expert=n < experts)
        for n in range(players)
    ])
    tournament_draw(tournament=tournament, seed=seed)
    return tournament


def pdf_text(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "doc.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True,
                          text=True).stdout


def pdf_pages(pdf: bytes, tmp_path) -> list[str]:
    """The size line of every page, as pdfinfo prints it."""
    path = tmp_path / "info.pdf"
    path.write_bytes(pdf)
    info = subprocess.run(["pdfinfo", "-f", "1", "-l", "9999", str(path)], check=True, capture_output=True,
                          text=True).stdout
    return re.findall(r"^Page +\d+ size: +(.*)$", info, flags=re.M)


CASES = [(scenario, kind, paper) for (scenario, kind) in PAGES for paper in PAPERS]


@pytest.mark.django_db
@pytest.mark.parametrize("scenario, kind, paper", CASES, ids=["-".join(case) for case in CASES])
def test_document_renders_with_expected_pages_and_paper(scenario, kind, paper, tmp_path):
    tournament = make_drawn(scenario)

    pdf = render_document(tournament, kind, paper)

    sizes = pdf_pages(pdf, tmp_path)
    assert pdf.startswith(b"%PDF")
    assert len(sizes) == PAGES[(scenario, kind)]
    assert set(sizes) == {PAGE_SIZE[paper]}
    assert len(document_pages(tournament, kind, paper)[1]) == len(sizes)  # nothing overflowed its page


@pytest.mark.django_db
@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_tickets_show_every_player_where_he_starts(scenario, tmp_path):
    tournament = make_drawn(scenario)

    text = pdf_text(render_document(tournament, "tickets"), tmp_path)

    names = list(tournament.players.values_list("name", flat=True))
    assert [name for name in names if name not in text] == []
    assert text.count("draw seed 1907") == len(names)
    if scenario == "fixed":
        assert text.count("fixed table · controller") == 4
    if scenario == "sit-out":
        assert text.count("Stay 1: sit out (wait by table 1); you start at stay 2.") == 2


@pytest.mark.django_db
def test_ticket_shows_section_table_seat_pair_and_place(tmp_path):
    tournament = make_drawn("up")
    seat = Seat.objects.select_related("player", "table", "pair").get(tournament=tournament, stay=1, table__number=2,
                                                                      seat=2)

    tickets = selectors.tickets(tournament).parts

    ticket = next(t for t in tickets if t.player == seat.player.name)
    assert (ticket.section, ticket.table, ticket.seat, ticket.compass, ticket.pair, ticket.place) == \
        ("A", 2, 2, "E", seat.pair.number, "side")


@pytest.mark.django_db
def test_movement_cards_name_opponents_and_deals_each_stay(tmp_path):
    tournament = make_drawn("up")  # Foster's diagram: pair 1 (A) is the pivot at table 1, pair 6 (F) opposite
    pairs = {p.number: p for p in tournament.sections.get().pairs.select_related("first", "second")}

    card = next(c for c in selectors.movement_cards(tournament).parts if c.pair == 1)
    text = pdf_text(render_document(tournament, "movement-cards", "Letter"), tmp_path)

    assert [(s.stay, s.deals, s.table, s.place) for s in card.stays] == [
        (stay, (4 * stay - 3, 4 * stay), 1, "middle") for stay in range(1, 6)]
    assert card.stays[0].opponents == f"pair 6: {pairs[6].first.name} & {pairs[6].second.name}"
    assert card.stays[1].opponents.startswith("pair 5: ")  # E comes up to table 1 after the first stay
    assert "Pair 1 · Section A" in text
    assert "17–20" in text
    assert f"pair 6: {pairs[6].first.name} & {pairs[6].second.name}" in text


@pytest.mark.django_db
def test_movement_cards_say_who_sits_out_against_the_phantom(tmp_path):
    tournament = make_drawn("sit-out")

    cards = selectors.movement_cards(tournament).parts
    text = pdf_text(render_document(tournament, "movement-cards"), tmp_path)

    assert [c.pair for c in cards] == [2, 3, 4, 5, 6]  # pair 1, the pivot, is the phantom
    assert [sum(s.sits_out for s in c.stays) for c in cards] == [1] * 5
    assert text.count("sits out (wait by table 1)") == 5


@pytest.mark.django_db
def test_movement_cards_use_the_rounds_of_the_draw_for_deal_numbers():
    tournament = make_drawn("ns")  # three tables: three rounds a stay (Foster's forty deals at most)

    card = selectors.movement_cards(tournament).parts[0]

    assert set(tournament.tables.filter(section__isnull=False).values_list("rounds_per_stay", flat=True)) == {3}
    assert [s.deals for s in card.stays] == [(1, 12), (13, 24), (25, 36)]


@pytest.mark.django_db
def test_movement_cards_of_the_fixed_method_are_refused_clearly():
    tournament = make_drawn("fixed")

    with pytest.raises(PrintingError) as refused:
        render_document(tournament, "movement-cards")

    assert refused.value.message == "There are no movement cards to print: nobody moves at fixed tables."


@pytest.mark.django_db
def test_guide_cards_show_seats_and_next_moves(tmp_path):
    tournament = make_drawn("ns")

    cards = selectors.guide_cards(tournament).parts
    text = pdf_text(render_document(tournament, "guide-cards"), tmp_path)

    first = cards[0]
    assert [p.place for p in first.stays[0].pairs] == ["N-S", "E-W"]
    assert [p.next for p in first.stays[0].pairs] == ["table 1 N-S", "table 2 E-W"]
    assert [p.next for p in first.stays[-1].pairs] == ["last stay", "last stay"]
    assert [s.seat for s in first.stays[0].pairs[1].seats] == [2, 4]
    assert [c.table for c in cards if c.is_fixed] == [4, 5]
    assert text.count("last stay") == 6
    assert "Table 4 · fixed table" in text
    assert "Nobody moves: 9 rounds = 27 deals" in text


@pytest.mark.django_db
def test_guide_cards_of_fixed_tables_name_the_controller(tmp_path):
    tournament = make_drawn("fixed")
    table = tournament.tables.select_related("controller").get(number=1)

    text = pdf_text(render_document(tournament, "guide-cards"), tmp_path)

    assert f"{table.controller.name} (controller)" in text
    assert f"controller {table.controller.name} keeps the score sheet" in text
    assert "20 rounds = 80 deals" in text
    assert "20 rounds = 100 deals" in text  # the table of five


@pytest.mark.django_db
def test_guide_card_of_the_idle_table_says_who_sits_out_there():
    tournament = make_drawn("sit-out")

    idle = selectors.guide_cards(tournament).parts[0]

    assert idle.table == 1
    assert [s.pairs for s in idle.stays] == [()] * 5
    assert sorted(s.sitting_out for s in idle.stays) == [2, 3, 4, 5, 6]
    assert idle.stays[-1].sitting_out_next == "last stay"


@pytest.mark.django_db
def test_score_sheets_follow_fosters_layout(tmp_path):
    tournament = make_drawn("fixed")
    controller = tournament.tables.select_related("controller").get(number=1).controller

    sheets = selectors.score_sheets(tournament).parts
    text = pdf_text(render_document(tournament, "score-sheets"), tmp_path)

    assert [(s.table, s.first_deal, s.last_deal, len(s.players)) for s in sheets] == [
        (1, 1, 80, 4), (2, 1, 80, 4), (3, 1, 80, 4), (4, 1, 100, 5)]
    assert sheets[0].players[0].name == controller.name
    assert text.count("Table's highest net points") == 4  # at the head of each sheet, not repeated
    assert text.count("Score sheet · Table 1 · page 2 of 2") == 1
    assert text.count("Remarks") == 9  # the column heading on every page
    assert re.search(r"^\s+80\s+D\s*$", text, flags=re.M)  # seat 4 deals deal 80
    assert re.search(r"^\s+Games\s*$", text, flags=re.M)


@pytest.mark.django_db
@pytest.mark.slow
@pytest.mark.parametrize("language, foster_line", [("en", "highest net points"), ("de", "Punktsaldo am Tisch")])
def test_an_isko_events_score_sheets_offer_no_foster_table_prizes(tmp_path, language, foster_line):
    # The ISkO rulebook seats tables of three and four (scoring.tournaments.services.TABLE_SIZES); it counts no
    # table's highest net points or net games, so its sheets' head leaves that line out. Foster's keep it.
    isko = Tournament.objects.create(name="Kreispokal", method="fixed", table_sizes="3-and-4", language=language)
    foster = Tournament.objects.create(name="Congress", method="fixed", language=language)
    for tournament in (isko, foster):
        Player.objects.bulk_create([Player(tournament=tournament, name=f"Spieler {n:02d}", is_expert=n < 3)
                                    for n in range(11)])
        tournament_draw(tournament=tournament, seed=5)

    isko_text = pdf_text(render_document(isko, "score-sheets"), tmp_path)
    foster_text = pdf_text(render_document(foster, "score-sheets"), tmp_path)

    assert foster_line not in isko_text and "Spieler 00" in isko_text
    assert foster_text.count(foster_line) == len(selectors.score_sheets(foster).parts)


@pytest.mark.django_db
def test_score_sheets_of_moving_tables_are_one_a_stay_with_that_stays_players(tmp_path):
    tournament = make_drawn("sit-out")

    sheets = selectors.score_sheets(tournament).parts

    assert [(s.table, s.stay) for s in sheets] == [(t, s) for t in (2, 3) for s in range(1, 6)]  # table 1 idle
    seated = Seat.objects.filter(tournament=tournament, table__number=3, stay=4).order_by("seat")
    assert [p.name for p in sheets[8].players] == [s.player.name for s in seated.select_related("player")]
    assert (sheets[8].first_deal, sheets[8].last_deal) == (13, 16)


def test_dealer_passes_to_the_left_from_seat_one():
    assert [dealer(deal, 4) for deal in range(1, 10)] == [1, 2, 3, 4, 1, 2, 3, 4, 1]
    assert [dealer(deal, 3) for deal in (1, 2, 3, 4)] == [1, 2, 3, 1]


def test_score_sheet_text_marks_the_dealer_in_his_won_column():
    lines = sheet_text(4, 1, 4, footer=True).splitlines()

    assert lines[0].split() == ["Deal", "won", "lost", "won", "lost", "won", "lost", "won", "lost", "Remarks"]
    assert [line.index("D") for line in lines[1:5]] == [9, 27, 45, 63]  # 8 deal chars, then 2 x 9 a player
    assert [line.strip() for line in lines[5:]] == ["Total", "Points", "Games"]


@pytest.mark.parametrize("paper, rows", [("A4", 5.5), ("Letter", 5.2)])
def test_eighty_deals_at_a_table_of_four_take_two_pages_of_whole_rounds(paper, rows):
    assert sheet_split(80, 4, PAPERS[paper]) == (rows, [40, 40])


def test_card_longer_than_a_page_is_cut_between_stays_and_marked_continued():
    card = TextCard("Table 1", "", "", "cols", tuple(f"line {n}" for n in range(118)), band=2)

    blocks = card_blocks(card, PAPERS["Letter"])

    assert [len(b.item.lines) for b in blocks] == [62, 56]
    assert [b.item.continued for b in blocks] == [False, True]
    assert [b.part for b in blocks] == [False, True]
    assert all(b.height <= PAPERS["Letter"].usable_height for b in blocks)


def test_tickets_are_ten_a_page():
    assert [len(page.blocks) for page in ticket_pages([object()] * 23, PAPERS["A4"])] == [10, 10, 3]


def test_fit_cuts_long_text_with_an_ellipsis_and_pads_short_text():
    assert fit("Friedrich Wilhelm Hauptmann", 12) == "Friedrich W…"
    assert fit("Kahn", 6) == "Kahn  "
    assert fit("7", 3, right=True) == "  7"


@pytest.mark.django_db
def test_unknown_kind_or_paper_is_refused_with_the_choices():
    tournament = make_drawn("up")

    with pytest.raises(PrintingError) as kind:
        render_document(tournament, "posters")
    with pytest.raises(PrintingError) as paper:
        render_document(tournament, "tickets", "A5")

    assert (kind.value.field, kind.value.message) == (
        "kind", "Unknown document 'posters': choose one of tickets, movement-cards, guide-cards, score-sheets, "
                "seating-list, table-lists, start-cards.")
    assert (paper.value.field, paper.value.message) == ("paper", "Unknown paper 'A5': choose one of A4, Letter.")


@pytest.mark.django_db
def test_printing_before_the_draw_is_refused():
    tournament = Tournament.objects.create(name="Not drawn")

    with pytest.raises(PrintingError) as refused:
        render_document(tournament, "tickets")

    assert refused.value.message == "The seats are not drawn yet: draw them before printing."


@pytest.mark.django_db
def test_document_filename_names_tournament_kind_and_paper():
    tournament = make_drawn("up")

    assert document_filename(tournament, "movement-cards", "Letter") == "congress-up-movement-cards-letter.pdf"


@pytest.mark.django_db
@pytest.mark.parametrize("selector", [selectors.tickets, selectors.movement_cards, selectors.guide_cards,
                                      selectors.score_sheets])
def test_selectors_read_the_hall_in_eight_queries_whatever_its_size(selector, django_assert_num_queries):
    small, large = make_drawn("up"), make_drawn("sit-out")
    Player.objects.bulk_create([Player(tournament=large, name=f"Extra {n}") for n in range(30)])
    tournament_draw(tournament=large, seed=3)

    for tournament in (small, large):
        with django_assert_num_queries(8):  # the hall's six, the series drawn and its draw
            selector(tournament)


@pytest.mark.django_db
def test_progress_counts_parts_chunk_by_chunk(monkeypatch):
    tournament = make_drawn("fixed")
    monkeypatch.setitem(DOCUMENTS, "tickets", dataclasses.replace(DOCUMENTS["tickets"], chunk=1))
    calls = []

    render_document(tournament, "tickets", progress=lambda done, total: calls.append((done, total)))

    assert calls == [(10, 17), (17, 17)]


@pytest.mark.django_db
def test_print_job_with_a_bad_kind_is_refused_before_it_starts():
    tournament = make_drawn("up")

    with pytest.raises(PrintingError) as refused:
        print_job_start(tournament, "posters", "A4")

    assert refused.value.field == "kind"
    assert PrintJob.objects.count() == 0


# --- an event of several series ------------------------------------------------------------------------------

def series_event(series: int = 2) -> Tournament:
    from seating.event_series import series_draw

    tournament = Tournament.objects.create(name="Club evening", method="fixed", table_sizes="3-and-4",
                                           session_rounds=12, series_count=series)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Spieler {n:02d}", club=f"Club {n % 4}")
                                for n in range(14)])
    for number in range(1, series + 1):
        series_draw(tournament=tournament, number=number, how="lot", seed=100 + number)
    return tournament


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["tickets", "score-sheets", "seating-list", "table-lists"])
def test_each_document_prints_one_series(kind, tmp_path):
    tournament = series_event()
    Player.objects.filter(tournament=tournament, name="Spieler 00").update(last_series=1)  # not seated in series 2
    from seating.event_series import series_draw

    series_draw(tournament=tournament, number=2, how="lot", seed=7)  # drawn again without him
    Player.objects.create(tournament=tournament, name="Spät Kommer", first_series=2)

    first = pdf_text(render_document(tournament, kind, "A4", series=1), tmp_path)
    second = pdf_text(render_document(tournament, kind, "A4"), tmp_path)  # the last drawn: series 2

    assert "series 1" in first and "series 2" in second
    assert "Spieler 00" in first and "Spieler 00" not in second


@pytest.mark.django_db
def test_the_seating_list_gives_every_players_table_and_seat_and_the_series_seed(tmp_path):
    tournament = series_event()
    text = pdf_text(render_document(tournament, "seating-list", "A4", series=2), tmp_path)
    assert "drawn by lot" in text and "seed 102" in text
    lines = [" ".join(line.split()) for line in text.splitlines()]
    for seat in Seat.objects.filter(tournament=tournament, series=2).select_related("player", "table"):
        assert any(line.startswith(seat.player.name) and f"table {seat.table.number} · seat {seat.seat}" in line
                   for line in lines), seat.player.name


@pytest.mark.django_db
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_table_list_has_a_row_for_every_game_and_the_seeger_fabian_lines(tmp_path, paper):
    tournament = series_event(1)
    pdf = render_document(tournament, "table-lists", paper, series=1)
    assert len(pdf_pages(pdf, tmp_path)) == 4
    pages = [page for page in pdf_text(pdf, tmp_path).split("\f") if page.strip()]
    assert len(pages) == 4  # one page a table: 4, 4, 3, 3 players
    for page, (size, deals, others) in zip(pages, [(4, 48, 30), (4, 48, 30), (3, 36, 40), (3, 36, 40)]):
        numbers = [int(line.split()[0]) for line in page.splitlines() if line.strip().isdigit()]
        assert numbers == list(range(1, deals + 1)), page  # 12 rounds: 48 games at four, 36 at three
        assert f"Others' lost games × {others}" in " ".join(page.split())
        for label in ("Games won", "Games lost", "Won − lost × 50", "Total"):
            assert label in page
        assert page.count("Signed:") == size


@pytest.mark.django_db
def test_a_print_job_for_a_series_stores_that_series_pdf(tmp_path):
    tournament = series_event()
    job = print_job_start(tournament, "seating-list", "A4", series=1)
    job.refresh_from_db()
    assert job.series == 1 and job.status == "done"
    assert "series 1" in pdf_text(bytes(job.pdf), tmp_path)
    with pytest.raises(PrintingError):
        print_job_start(tournament, "seating-list", "A4", series=3)


@pytest.mark.django_db
def test_the_print_page_offers_each_drawn_series(admin_client):
    tournament = series_event()
    html = admin_client.get(f"/director/{tournament.pk}/print/").content.decode()
    assert '<a href="?series=1"' in html and '<a href="?series=2" aria-current="true"' in html
    assert 'name="series" value="2"' in html and "<h2>Series 2</h2>" in html
    older = admin_client.get(f"/director/{tournament.pk}/print/?series=1").content.decode()
    assert 'name="series" value="1"' in older
