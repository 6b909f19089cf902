"""The director's four printed documents: what each shows, how it is cut into pages, its file name.

Vocabulary: ``kind`` names a document in URLs and file names (tickets, movement-cards, guide-cards,
score-sheets); ``paper`` is A4 or Letter. Each ``Document`` couples a selector (plain data from the draw)
with a layout (blocks of known height packed onto pages) and a template under ``templates/print``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext, pgettext, pgettext_lazy

from common.i18n import file_slug, in_language
from common.paper import CONTENT_WIDTH, PAPERS, Paper
from common.pdf import Progress, render_pdf
from seating.models import Tournament

from . import selectors, start_cards
from .layout import (
    CARD_CHARS,
    DEAL_CHARS,
    DENSE_CHARS,
    TICKET_NAME_BOX,
    TICKET_TEXT,
    Block,
    NameType,
    Page,
    SheetPage,
    TextCard,
    card_blocks,
    club_line_height,
    club_type,
    deal_range,
    fit,
    mono_rows,
    name_type,
    pack,
    player_chars,
    sans_width,
    sheet_best,
    sheet_pages,
    ticket_name_type,
    ticket_pages,
)
from .selectors import GuideCard, MovementCard, PrintingError, Printout, ScoreSheet, Ticket


@dataclass(frozen=True)
class Document:
    kind: str
    title: str  # English, marked for the catalogue: said with gettext where it is shown
    template: str
    select: Callable[[Tournament, int | None], Printout]  # the tournament and the series
    paginate: Callable[[Printout, Paper], list[Page]]
    chunk: int
    """Pages per HTML document while rendering."""
    needs_site: bool = False
    """Whether the selector builds full addresses (QR codes): it is then given the site's base address."""
    every_series: bool = False
    """Whether the document shows every series drawn so far (its download name names no series)."""


def _w(word: str, width: int) -> str:
    """A column label of a card's mono table (said with the context "card column", so a translator can keep it
    short: Stay is four letters wide), cut to its column."""
    return word[:width]


# --- movement cards ------------------------------------------------------------------------------------------

_STAY, _DEALS, _TABLE, _PLACE = 4, 9, 5, 6
_OPPONENTS = CARD_CHARS - (_STAY + 2 + _DEALS + 1 + _TABLE + 2 + _PLACE + 2)


def movement_card_text(card: MovementCard, heading) -> TextCard:
    h_stay, h_deals, h_table, h_place = (_w(pgettext("card column", "Stay"), _STAY), _w(pgettext("card column", "Deals"), _DEALS),
                                         _w(pgettext("card column", "Table"), _TABLE),
                                         _w(pgettext("card column", "Place"), _PLACE))
    opponents = _("Opponents")
    columns = f"{h_stay:>{_STAY}}  {h_deals:<{_DEALS}} {h_table:>{_TABLE}}  {h_place:<{_PLACE}}  {opponents}"
    lines, groups = [], []
    for stay in card.stays:
        table = "—" if stay.table is None else str(stay.table)
        rows = mono_rows((str(stay.stay), _STAY, True, False), ("  ", 2, False, False),
                         (deal_range(*stay.deals), _DEALS, False, False), (" ", 1, False, False),
                         (table, _TABLE, True, False), ("  ", 2, False, False),
                         (stay.place or "—", _PLACE, False, False), ("  ", 2, False, False),
                         (stay.opponents, _OPPONENTS, False, True))
        lines += rows
        groups.append(len(rows))
    first, second = card.players
    return TextCard(title=_("Pair {pair} · Section {section}").format(pair=card.pair, section=card.section),
                    aside=_("Movement card · {heading}").format(heading=heading.line),
                    subtitle=f"{first} & {second}", columns=columns, lines=tuple(lines), groups=tuple(groups))


def _movement_pages(printout: Printout, paper: Paper) -> list[Page]:
    return pack([block for card in printout.parts
                 for block in card_blocks(movement_card_text(card, printout.heading), paper)], paper)


# --- guide cards ---------------------------------------------------------------------------------------------

_GPLACE, _GPAIR, _NAME = 6, 4, 27
_SEATS = 2 * (4 + _NAME) + 2
_NEXT = DENSE_CHARS - (_STAY + 2 + _DEALS + 1 + _GPLACE + 2 + _GPAIR + 2 + _SEATS + 2)
_FPLAYER, _FCLUB = 40, 40
_FDEALS = DENSE_CHARS - (_STAY + 2 + _FPLAYER + 2 + _FCLUB + 2)


def guide_card_text(card: GuideCard, heading) -> TextCard:
    if card.is_fixed:
        return _fixed_guide_text(card, heading)
    h_stay, h_deals, h_place = (_w(pgettext("card column", "Stay"), _STAY), _w(pgettext("card column", "Deals"), _DEALS),
                                _w(pgettext("card column", "Place"), _GPLACE))
    h_pair, h_seats = _w(pgettext("card column", "Pair"), _GPAIR), _w(pgettext("card column", "Seats"), _SEATS)
    next_stay = _("Next stay")
    columns = (f"{h_stay:>{_STAY}}  {h_deals:<{_DEALS}} {h_place:<{_GPLACE}}  {h_pair:>{_GPAIR}}  {h_seats:<{_SEATS}}  "
               f"{next_stay}")
    idle, drawn_out = _("idle: the phantom pair plays here"), _("sits out here (drawn against the phantom)")
    lines, groups = [], []
    for stay in card.stays:
        lead = f"{stay.stay:>{_STAY}}  {fit(deal_range(*stay.deals), _DEALS)} "
        if not stay.pairs:  # the phantom pair's table: whoever is drawn against it waits here
            lines.append(f"{lead}{fit('—', _GPLACE)}  {fit('', _GPAIR)}  "
                         f"{fit(idle, _SEATS)}".rstrip())
            if stay.sitting_out:
                lines.append(f"{' ' * len(lead)}{fit('', _GPLACE)}  {stay.sitting_out:>{_GPAIR}}  "
                             f"{fit(drawn_out, _SEATS)}  "
                             f"{fit(stay.sitting_out_next, _NEXT)}".rstrip())
            else:
                lines.append("")
            groups.append(2)
            continue
        taken = 0
        for index, pair in enumerate(stay.pairs):
            seats = [cell for number, seat in enumerate(pair.seats)
                     for cell in ((("  ", 2, False, False),) if number else ())
                     + ((f"{seat.seat} {seat.compass}", 4, False, False), (seat.player, _NAME, False, True))]
            rows = mono_rows((lead if index == 0 else " " * len(lead), len(lead), False, False),
                             (pair.place, _GPLACE, False, False), ("  ", 2, False, False),
                             (str(pair.pair), _GPAIR, True, False), ("  ", 2, False, False), *seats,
                             ("  ", 2, False, False), (pair.next, _NEXT, False, False))
            lines += rows
            taken += len(rows)
        groups.append(taken)
    stays = len(card.stays)
    per_stay = card.deals // stays if stays else 0
    return TextCard(
        title=_("Table {table} · Section {section}, table {number}").format(table=card.table, section=card.section,
                                                                           number=card.number_in_section),
        aside=_("Guide card · {heading}").format(heading=heading.line),
        subtitle=ngettext("{stays} stay of {deals} deals · seats clockwise 1 N, 2 E, 3 S, 4 W; partners sit opposite "
                          "and move together",
                          "{stays} stays of {deals} deals · seats clockwise 1 N, 2 E, 3 S, 4 W; partners sit opposite "
                          "and move together", stays).format(stays=stays, deals=per_stay),
        columns=columns, lines=tuple(lines), band=2, dense=True, groups=tuple(groups))


def _fixed_guide_text(card: GuideCard, heading) -> TextCard:
    h_seat, h_player, h_club = (_w(pgettext("card column", "Seat"), _STAY),
                                _w(pgettext("card column", "Player"), _FPLAYER), _w(pgettext("card column", "Club"), _FCLUB))
    dealt = _("Deals dealt")
    columns = f"{h_seat:>{_STAY}}  {h_player:<{_FPLAYER}}  {h_club:<{_FCLUB}}  {dealt}"
    size = len(card.fixed_seats)
    lines, groups = [], []
    for seat in card.fixed_seats:
        name = _("{name} (controller)").format(name=seat.player) if seat.controller else seat.player
        deals = ", ".join(str(deal) for deal in range(seat.first_deal, seat.first_deal + 3 * size, size)) + " …"
        rows = mono_rows((str(seat.seat), _STAY, True, False), ("  ", 2, False, False), (name, _FPLAYER, False, True),
                         ("  ", 2, False, False), (seat.club, _FCLUB, False, True), ("  ", 2, False, False),
                         (deals, _FDEALS, False, False))
        lines += rows
        groups.append(len(rows))
    keeper = (_("controller {name} keeps the score sheet").format(name=card.controller) if card.controller
              else _("the players keep the score sheet"))
    return TextCard(title=_("Table {table} · fixed table").format(table=card.table),
                    aside=_("Guide card · {heading}").format(heading=heading.line),
                    subtitle=_("Nobody moves: {rounds} rounds = {deals} deals · {keeper}").format(
                        rounds=card.rounds, deals=card.deals, keeper=keeper),
                    columns=columns, lines=tuple(lines), dense=True, groups=tuple(groups))


def _guide_pages(printout: Printout, paper: Paper) -> list[Page]:
    return pack([block for card in printout.parts
                 for block in card_blocks(guide_card_text(card, printout.heading), paper)], paper)


# --- score sheets ---------------------------------------------------------------------------------------------


NAME_POINTS = 7.5
NAME_PADDING = 1.2
"""mm either side of a player's name over his columns (see score_sheets.html)."""
SHEET_NAME_BOX = 6.8
"""mm of height a player's name takes over his columns, whatever its lines: the notes under it stay put."""
SHEET_NAME_SMALLEST = 4.5
SHEET_TITLE_POINTS, SHEET_TITLE_LINE = 8.5, 4.5
SHEET_PAGE_DEALS = 50.0
"""mm kept on a long sheet's title line for " · this page deals 101–148" (in either language)."""


@dataclass(frozen=True)
class SheetHead:
    left: float
    width: float
    name: str
    note: str

    @property
    def type(self) -> NameType:
        """The type the name is set in over its columns: 7.5 pt on up to two lines, smaller and on three lines
        where a long name must, within the head's box; never cut."""
        return name_type(self.name, self.width - 2 * NAME_PADDING, largest=NAME_POINTS, wrap_below=NAME_POINTS,
                         smallest=SHEET_NAME_SMALLEST, box=SHEET_NAME_BOX)


def sheet_title(sheet: ScoreSheet) -> str:
    deals = deal_range(sheet.first_deal, sheet.last_deal)
    if sheet.section:
        return _("Section {section}, table {number} · stay {stay} of {stays} · deals {deals}").format(
            section=sheet.section, number=sheet.number_in_section, stay=sheet.stay, stays=sheet.stays, deals=deals)
    keeper = (_("controller {name}").format(name=sheet.controller) if sheet.controller
              else _("the players keep the score"))
    return _("Fixed table · {keeper} · {rounds} rounds, deals {deals}").format(keeper=keeper, rounds=sheet.rounds,
                                                                                deals=deals)


@dataclass(frozen=True)
class PrintedSheet:
    """One page of a score sheet with what its heading shows."""

    page: SheetPage
    title: str
    heads: tuple[SheetHead, ...]
    notes: str
    """One mono line under the names: each player's seat and pair, over his won and lost columns."""
    best: str = ""

    @property
    def title_type(self) -> NameType:
        """The type of the line under the heading (it names the controller): 8.5 pt, smaller for a long name so
        the line keeps whole within its one line; room is kept for "this page deals …" of a long sheet."""
        room = CONTENT_WIDTH - (SHEET_PAGE_DEALS if self.page.pages > 1 else 0.0)
        return name_type(self.title, room, largest=SHEET_TITLE_POINTS, smallest=SHEET_NAME_SMALLEST,
                         box=SHEET_TITLE_LINE, bold=False)


def _sheet_pages(printout: Printout, paper: Paper) -> list[Page]:
    blocks = []
    for sheet in printout.parts:
        title = sheet_title(sheet)
        for page in sheet_pages(sheet, size=len(sheet.players), first_deal=sheet.first_deal,
                                last_deal=sheet.last_deal, paper=paper):
            heads = tuple(SheetHead(column.left, column.width, player.name, player.note)
                          for column, player in zip(page.columns, sheet.players))
            width = 2 * player_chars(len(sheet.players))
            notes = (" " * DEAL_CHARS + "".join(" " + fit(player.note, width - 1) for player in sheet.players)).rstrip()
            blocks.append(Block(PrintedSheet(page, title, heads, notes, sheet_best() if sheet.table_prizes else ""),
                                page.height,
                                part=page.number == page.pages,
                                arts=(page.background, page.grid)))
    return pack(blocks, paper)


# --- tickets ------------------------------------------------------------------------------------------------------

TICKET_CLUB_POINTS = 9.0


@dataclass(frozen=True)
class PrintedTicket:
    """A ticket with the type its player's name is set in (smaller, then on more lines, for a long name: see
    ``ticket_name_type``)."""

    ticket: Ticket
    name: NameType
    club: NameType

    @property
    def club_line_height(self) -> float:
        return club_line_height(self.club)

    @property
    def name_line_height(self) -> float:
        """mm a line of the name takes: one line fills the name's box, as a short name always did."""
        return TICKET_NAME_BOX if self.name.lines == 1 else self.name.line_height


def _ticket_pages(printout: Printout, paper: Paper) -> list[Page]:
    printed = [PrintedTicket(ticket, ticket_name_type(ticket.player),
                             club_type(ticket.club, TICKET_TEXT, TICKET_CLUB_POINTS)) for ticket in printout.parts]
    return ticket_pages(printed, paper, cells=lambda printed: 4 if printed.ticket.section else 3)




def _document(kind: str) -> Document:
    if kind not in DOCUMENTS:
        raise PrintingError("kind", _("Unknown document {kind!r}: choose one of {kinds}.").format(
            kind=kind, kinds=", ".join(DOCUMENTS)))
    return DOCUMENTS[kind]


def _paper(paper: str) -> Paper:
    if paper not in PAPERS:
        raise PrintingError("paper", _("Unknown paper {paper!r}: choose one of {papers}.").format(
            paper=paper, papers=", ".join(PAPERS)))
    return PAPERS[paper]


def check_request(kind: str, paper: str) -> tuple[Document, Paper]:
    """The document and paper asked for, or a ``PrintingError`` naming the bad one."""
    return _document(kind), _paper(paper)


def document_pages(tournament: Tournament, kind: str, paper: str = "A4",
                   series: int | None = None, site: str = "") -> tuple[Printout, list[Page]]:
    """The document's data and its pages (of one series: the last drawn unless asked), before rendering (the page
    count is known here). ``site`` is the event's base address for a document that prints addresses ("": the
    ``SITE_URL``)."""
    document, size = check_request(kind, paper)
    printout = (document.select(tournament, series, site=site) if document.needs_site
                else document.select(tournament, series))
    return printout, document.paginate(printout, size)


def render_document(tournament: Tournament, kind: str, paper: str = "A4", progress: Progress | None = None,
                    series: int | None = None, site: str = "") -> bytes:
    """The PDF of one document for the whole hall in one series (the last drawn unless asked);
    ``progress(done, total)`` counts parts as they render."""
    document, size = check_request(kind, paper)
    with in_language(tournament.language):  # the tournament's language, whatever the browser that asked
        printout, pages = document_pages(tournament, kind, paper, series, site)
        return render_pdf(document.template, {"heading": printout.heading, "document": document}, pages, paper=size,
                          chunk=document.chunk, progress=progress)


FILE_WORDS = {
    "tickets": pgettext_lazy("download name", "tickets"),
    "movement-cards": pgettext_lazy("download name", "movement-cards"),
    "guide-cards": pgettext_lazy("download name", "guide-cards"),
    "score-sheets": pgettext_lazy("download name", "score-sheets"),
    "seating-list": pgettext_lazy("download name", "seating-list"),
    "table-lists": pgettext_lazy("download name", "table-lists"),
    "start-cards": pgettext_lazy("download name", "start-cards"),
}
"""Each document's word in its download name, in the print language (German ``startkarten``): the file a
director saves is named as its pages speak."""


def document_filename(tournament: Tournament, kind: str, paper: str = "A4", series: int | None = None) -> str:
    """E.g. ``chicago-congress-1907-movement-cards-letter.pdf``; in an event of several series
    ``club-evening-series-2-score-sheets-a4.pdf``; in the tournament's print language
    (``skatabend-serie-2-spiellisten-a4.pdf``)."""
    document, _size = check_request(kind, paper)
    with in_language(tournament.language):
        name = file_slug(tournament.name) or f"{file_slug(pgettext('download name', 'tournament'))}-{tournament.pk}"
        if tournament.series_count > 1 and series is not None and not document.every_series:
            name = f"{name}-{file_slug(pgettext('download name', 'series'))}-{series}"
        return f"{name}-{file_slug(FILE_WORDS[kind])}-{paper.lower()}.pdf"


# --- the series' lists -------------------------------------------------------------------------------------

SEATING_LINE = 4.4
"""mm a line of the seating list takes (8 pt)."""
SEATING_POINTS = 8.0
SEATING_COLUMNS = 3
SEATING_GAP = 4.0
SEATING_FLEX_GAP = 1.5
"""mm between a line's name and its table and seat."""


@dataclass(frozen=True)
class SeatingLine:
    """A player on the seating list with the lines his name (and club) take, whole: one, or more for a long name."""

    entry: selectors.SeatingEntry
    lines: int

    @property
    def height(self) -> float:
        return round(self.lines * SEATING_LINE, 2)


@dataclass(frozen=True)
class SeatedTable:
    """A table on the seating list by table, with its players' lines and the box's height."""

    table: selectors.TableSeating
    players: tuple[SeatingLine, ...]

    @property
    def height(self) -> float:
        return round(SEATING_LINE * (1 + sum(line.lines for line in self.players)), 2)


@dataclass(frozen=True)
class SeatingListPage:
    """A page of the seating list: ``columns`` of players by name, or ``tables`` in table order."""

    columns: tuple[tuple[SeatingLine, ...], ...] = ()
    tables: tuple[SeatedTable, ...] = ()
    first: bool = False


def seating_line(entry: selectors.SeatingEntry, beside: str) -> SeatingLine:
    """``entry``'s line, ``beside`` (bold) sharing its width: the lines the name and club take, whole."""
    column = (CONTENT_WIDTH - SEATING_GAP * (SEATING_COLUMNS - 1)) / SEATING_COLUMNS
    room = column - sans_width(beside, SEATING_POINTS, bold=True) - SEATING_FLEX_GAP
    text = f"{entry.name} ({entry.club})" if entry.club else entry.name
    return SeatingLine(entry, name_type(text, room, largest=SEATING_POINTS, smallest=SEATING_POINTS,
                                        bold=False).lines)


def _seating_list_pages(printout: Printout, paper: Paper) -> list[Page]:
    (seating,) = printout.parts
    room = paper.usable_height - 14  # less the heading lines
    blocks = []
    where = _("table %(table)s · seat %(seat)s")  # the template's words: the same width
    by_name = [seating_line(entry, where % {"table": entry.table, "seat": entry.seat}) for entry in seating.by_name]
    columns: list[list[SeatingLine]] = [[]]
    for line in by_name:
        if columns[-1] and sum(other.height for other in columns[-1]) + line.height > room:
            if len(columns) == SEATING_COLUMNS:
                blocks.append(Block(SeatingListPage(columns=tuple(map(tuple, columns)), first=not blocks),
                                    paper.usable_height))
                columns = []
            columns.append([])
        columns[-1].append(line)
    if columns[-1]:
        blocks.append(Block(SeatingListPage(columns=tuple(map(tuple, columns)), first=not blocks),
                            paper.usable_height))
    first_table = len(blocks)
    tables = [SeatedTable(table, tuple(seating_line(entry, str(entry.seat)) for entry in table.players))
              for table in seating.by_table]
    page: list[SeatedTable] = []
    used = 0.0
    for start in range(0, len(tables), SEATING_COLUMNS):
        row = tables[start:start + SEATING_COLUMNS]
        height = max(table.height for table in row)
        if page and used + height > room:
            blocks.append(Block(SeatingListPage(tables=tuple(page), first=len(blocks) == first_table),
                                paper.usable_height))
            page, used = [], 0.0
        page += row
        used += height
    if page:
        blocks.append(Block(SeatingListPage(tables=tuple(page), first=len(blocks) == first_table),
                            paper.usable_height))
    return [Page((block,)) for block in blocks]


@dataclass(frozen=True)
class TableListPage:
    """One table's blank list: a numbered row for every game of the series, the summary lines, signatures. The
    players' names head their columns and sign the list whole, on more lines where they must (``head``,
    ``signed``)."""

    table: selectors.TableSeating
    rows: tuple[int, ...]
    others_lost: int  # points for each game another player lost: 40 at a table of three, 30 at four
    row_height: float
    head: NameType  # the names over the columns: the type of the longest, and the lines it takes
    signed: NameType  # the signatures' lines under the list

    @property
    def head_height(self) -> float:
        return max(TABLE_LIST_NAMES, self.head.height + 1.0)


TABLE_LIST_FOOT = 84.0
"""mm the heading, the names, the summary lines and the signatures take on a table list, each name on one line."""
TABLE_LIST_NAMES = 7.0
"""mm the names' row takes when every name fits on one line."""
TABLE_LIST_NAME_POINTS = (8.5, 6.0)
"""The names over the columns: 8.5 pt on as many lines as they need (up to three), smaller only where they must."""
TABLE_LIST_GAME_COLUMN = 30.0
TABLE_LIST_CELL_PADDING = 2.4 + 0.3
"""mm of a column the name cannot take: the cell's padding left and right, and its rules."""
SIGNED_POINTS = 7.0
SIGNED_GAP = 4.0
SUMMARY_LINES = (gettext_lazy("Games won"), gettext_lazy("Games lost"), gettext_lazy("Won − lost × 50"),
                 gettext_lazy("Others' lost games × {others}"), gettext_lazy("Total"))


def table_list_names(table: selectors.TableSeating) -> tuple[NameType, NameType]:
    """The type of the names over a table list's columns (one size for all, the longest's) and of its
    signatures, each whole."""
    column = (CONTENT_WIDTH - TABLE_LIST_GAME_COLUMN) / table.size - TABLE_LIST_CELL_PADDING
    # a table nobody is seated at yet (a section's empty table) still prints its list: its heads are blank
    heads = [f"{entry.seat}. {entry.name}" for entry in table.players] or [""]
    largest, smallest = TABLE_LIST_NAME_POINTS
    points = min(name_type(text, column, largest=largest, smallest=smallest).points for text in heads)
    head = max((name_type(text, column, largest=points, smallest=points) for text in heads),
               key=lambda kind: kind.lines)
    width = (CONTENT_WIDTH - SIGNED_GAP * (table.size - 1)) / table.size
    signatures = [_("Signed: %(name)s") % {"name": entry.name} for entry in table.players] or [""]
    signed = max((name_type(text, width, largest=SIGNED_POINTS, smallest=SIGNED_POINTS, bold=False)
                  for text in signatures),
                 key=lambda kind: kind.lines)
    return head, signed


def _table_list_pages(printout: Printout, paper: Paper) -> list[Page]:
    pages = []
    for table in printout.parts:
        head, signed = table_list_names(table)
        # Names on more lines than one take their room from the game rows.
        more = (max(TABLE_LIST_NAMES, head.height + 1.0) - TABLE_LIST_NAMES) + (signed.lines - 1) * signed.line_height
        row_height = min(5.0, (paper.usable_height - TABLE_LIST_FOOT - more) / max(1, table.deals))
        others = 40 if table.size == 3 else 30
        pages.append(Page((Block(TableListPage(table, tuple(range(1, table.deals + 1)), others, row_height, head,
                                               signed), paper.usable_height),)))
    return pages


DOCUMENTS = {
    document.kind: document for document in (
        Document("tickets", gettext_noop("Entry tickets"), "print/tickets.html", selectors.tickets, _ticket_pages,
                 25, needs_site=True),
        Document("movement-cards", gettext_noop("Movement cards"), "print/movement_cards.html",
                 selectors.movement_cards, _movement_pages, 25),
        Document("guide-cards", gettext_noop("Guide cards"), "print/guide_cards.html", selectors.guide_cards,
                 _guide_pages, 25),
        Document("score-sheets", gettext_noop("Score sheets"), "print/score_sheets.html", selectors.score_sheets,
                 _sheet_pages, 25),
        Document("seating-list", gettext_noop("Seating list"), "print/seating_list.html", selectors.seating_list,
                 _seating_list_pages, 25),
        Document("table-lists", gettext_noop("Table lists (Seeger-Fabian)"), "print/table_lists.html",
                 selectors.table_lists, _table_list_pages, 25),
        Document("start-cards", gettext_noop("Start cards"), "print/start_cards.html", start_cards.start_cards,
                 start_cards.start_card_pages, 25, needs_site=True, every_series=True),
    )
}
