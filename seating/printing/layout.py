"""Page geometry of the printed documents: paper, fixed-width text, packing parts onto pages, the score-sheet grid.

Pure Python (no Django): everything here is arithmetic in millimetres, so the page count of a document is
known before WeasyPrint lays it out, and long documents can be rendered in chunks of whole pages.

Vocabulary:
    paper        A4 or US Letter. Every document uses the same 190 mm wide text column on both, so a card
                 prints the same on either; only the number of cards a page holds differs.
    part         what the director cuts out or hands over: a ticket, a card, a score sheet (a long score
                 sheet has several sheet pages, each with the heading repeated).
    block        a part's printed rectangle of known height; blocks are packed onto pages top to bottom.
    mono line    a line of DejaVu Sans Mono: every glyph is 1233/2048 em wide, so columns of text line up
                 without a box per cell. This is what makes a thousand cards render in seconds: WeasyPrint
                 pays per box, and a card is a few boxes instead of a table of a hundred cells.
    grid         the score sheet's ruling and the dealer's shading, drawn as one SVG image of three paths
                 behind a mono text block; columns are whole numbers of mono characters wide.
    art          an inline SVG image used as a CSS background (rulings, shading, cut lines). A page refers to
                 it by class name, and each chunk's stylesheet holds it once: a long data URL in every
                 block's style attribute would be parsed again for every block.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from hashlib import sha1
from math import ceil, floor
from urllib.parse import quote

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from common.paper import CONTENT_WIDTH, FONTS_DIR, Paper

MM_PER_PT = 25.4 / 72
MONO_ADVANCE = 1233 / 2048
"""Advance of every DejaVu Sans Mono glyph in em (digits, letters, en dash, arrow, ellipsis alike)."""


def mono_width(points: float) -> float:
    """Width in mm of one character of DejaVu Sans Mono at ``points``."""
    return MONO_ADVANCE * points * MM_PER_PT


def mono_chars(width: float, points: float) -> int:
    """How many mono characters at ``points`` fit in ``width`` mm."""
    return floor(width / mono_width(points) + 1e-9)


@lru_cache(maxsize=2)
def _advances(font_file: str) -> tuple[dict[int, int], int, int]:
    """(code point → advance, units per em, default advance) of a shipped TTF."""
    from fontTools.ttLib import TTFont  # WeasyPrint's own dependency

    font = TTFont(str(FONTS_DIR / font_file), lazy=True)
    metrics = font["hmtx"].metrics
    advances = {code: metrics[glyph][0] for code, glyph in font.getBestCmap().items()}
    return advances, font["head"].unitsPerEm, metrics[".notdef"][0]


def sans_width(text: str, points: float, *, bold: bool = False) -> float:
    """Width in mm of ``text`` in DejaVu Sans (Bold) at ``points``, from the font's advances (no kerning)."""
    advances, em, default = _advances("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return sum(advances.get(ord(char), default) for char in text) / em * points * MM_PER_PT


def wrapped_lines(text: str, width: float, points: float, *, bold: bool = False) -> int:
    """How many lines ``text`` takes in ``width`` mm, breaking after spaces and hyphens as a browser does."""
    pieces = [piece for piece in re.split(r"(?<=[ -])", " ".join(text.split())) if piece]
    lines, line = 1, ""
    for piece in pieces:
        if line and sans_width((line + piece).rstrip(), points, bold=bold) > width:
            lines, line = lines + 1, piece
        else:
            line += piece
    return lines


NAME_LEADING = 1.15
"""A printed name's line height, in ems: a name set on two or three lines keeps them close, as one name."""
MOST_NAME_LINES = 3
NAME_SLACK = 0.96
"""The share of a name's room that the font's advances may fill: the renderer's own measure (kerning, rounding)
must never find the line a hair too long and break it once more."""


@dataclass(frozen=True)
class NameType:
    """The type a player's name is printed in, whole: its size in points and the lines it takes."""

    points: float
    lines: int

    @property
    def line_height(self) -> float:
        """mm from one line of the name to the next."""
        return round(self.points * NAME_LEADING * MM_PER_PT, 2)

    @property
    def height(self) -> float:
        """mm the name takes."""
        return round(self.lines * self.line_height, 2)


def name_lines(text: str, width: float, points: float, *, bold: bool = True) -> int | None:
    """How many lines ``text`` takes in ``width`` mm at ``points``, broken after spaces and hyphens; None when a
    word alone is wider than the line (the renderer would have to break it inside)."""
    room = width * NAME_SLACK
    if any(sans_width(word, points, bold=bold) > room for word in re.split(r"(?<=[ -])", " ".join(text.split()))):
        return None
    return wrapped_lines(text, room, points, bold=bold)


def name_type(name: str, width: float, *, largest: float, smallest: float, wrap_below: float | None = None,
              box: float | None = None, bold: bool = True) -> NameType:
    """The type that prints ``name`` whole in ``width`` mm, never cut: the fewest lines (up to
    ``MOST_NAME_LINES``) at the largest size from ``largest`` down to ``wrap_below`` (in half points), so a long
    name takes a second line before it gets small; failing that, the largest size down to ``smallest`` on as many
    lines as it needs. ``box``: the mm of height the name must keep within. Past all that (a name of a single
    word wider than the line at ``smallest``), ``smallest`` on the lines the renderer breaks it into, letter by
    letter where it must (the templates say ``overflow-wrap: anywhere``)."""
    wrap_below = largest if wrap_below is None else wrap_below
    steps = [largest - step / 2 for step in range(int((largest - smallest) * 2) + 1)]

    def fits(points: float, lines: int) -> bool:
        taken = name_lines(name, width, points, bold=bold)
        return (taken is not None and taken <= lines
                and (box is None or NameType(points, taken).height <= box + 1e-6))

    for lines in range(1, MOST_NAME_LINES + 1):
        for points in (p for p in steps if p >= wrap_below):
            if fits(points, lines):
                return NameType(points, name_lines(name, width, points, bold=bold))
    for points in (p for p in steps if p < wrap_below):
        if fits(points, MOST_NAME_LINES):
            return NameType(points, name_lines(name, width, points, bold=bold))
    letters = sans_width(name, smallest, bold=bold) / (width * NAME_SLACK)
    return NameType(smallest, max(1, ceil(letters) + 1))


CLUB_LINE = 4.5
"""mm of height a player's club takes under his name on a card or ticket: a long club is set smaller, on one line
or two within it, never cut."""
CLUB_SMALLEST = 4.5


def club_type(club: str, width: float, largest: float) -> NameType:
    """The type of a player's club line ``width`` mm wide: ``largest`` points, smaller and then on a second line
    within ``CLUB_LINE`` for a long one."""
    return name_type(club, width, largest=largest, smallest=CLUB_SMALLEST, box=CLUB_LINE, bold=False)


def club_line_height(kind: NameType) -> float:
    """mm a line of the club takes: one line fills the club's line, as a short club always did."""
    return CLUB_LINE if kind.lines == 1 else kind.line_height


def fit(text: str, width: int, *, right: bool = False) -> str:
    """``text`` cut to ``width`` characters (an ellipsis marks the cut) and padded to exactly ``width``.

    Spaces inside are kept (callers align columns with them); line breaks and tabs become spaces.
    """
    text = re.sub(r"[\t\r\n\f\v]", " ", str(text))
    if len(text) > width:
        text = text[: max(width - 1, 0)] + "…" if width > 0 else ""
    return text.rjust(width) if right else text.ljust(width)


def deal_range(first: int, last: int) -> str:
    return f"{first}–{last}" if last != first else str(first)


# --- packing ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Block:
    """One printed rectangle: ``item`` is what the template shows, ``height`` its height in mm."""

    item: object
    height: float
    part: bool = True
    """Whether the block finishes a part (the last sheet page of a score sheet, a whole card)."""
    arts: tuple[Art, ...] = ()
    """The background images the block's template uses."""


@dataclass(frozen=True)
class Page:
    blocks: tuple[Block, ...]

    @property
    def parts(self) -> int:
        return sum(block.part for block in self.blocks)

    @property
    def arts(self) -> list[Art]:
        return list(dict.fromkeys(art for block in self.blocks for art in block.arts))


def pack(blocks, paper: Paper) -> list[Page]:
    """Blocks onto pages in order, as many as fit; a block taller than a page gets a page of its own."""
    pages, current, used = [], [], 0.0
    for block in blocks:
        if current and used + block.height > paper.usable_height:
            pages.append(Page(tuple(current)))
            current, used = [], 0.0
        current.append(block)
        used += block.height
    if current:
        pages.append(Page(tuple(current)))
    return pages


# --- text cards (movement cards and guide cards) -------------------------------------------------------

CARD_POINTS = 8.0
CARD_PADDING = 2.5
"""mm of padding inside a card, all round."""
CARD_LINE = 3.8
"""mm from one mono line to the next."""
CARD_HEAD = 11.5
"""mm for a card's two heading lines (title, players) and the gap under them."""
CARD_CHARS = mono_chars(CONTENT_WIDTH - 2 * CARD_PADDING, CARD_POINTS)
DENSE_POINTS = 7.5
DENSE_LINE = 3.4
"""A dense card (a guide card: two lines a stay) sets its body smaller, so two fit on an A4 page."""
DENSE_CHARS = mono_chars(CONTENT_WIDTH - 2 * CARD_PADDING, DENSE_POINTS)
SUBTITLE_POINTS = 9.0
SUBTITLE_LINE = 4.5
"""A card's subtitle (its players) in the body type; a long pair of names takes a second line, not a cut."""


@dataclass(frozen=True)
class TextCard:
    """A card as printed: a heading, a column heading line and the body's mono lines."""

    title: str
    aside: str
    subtitle: str
    columns: str
    lines: tuple[str, ...]
    continued: bool = False
    band: int = 1
    """Lines shaded together: one stay is one line of a movement card and two lines of a guide card."""
    dense: bool = False
    groups: tuple[int, ...] = ()
    """The lines of each stay in turn, when a stay takes more than ``band`` (a long name on a second line);
    shaded together and never cut apart. Empty: every stay takes ``band`` lines."""

    @property
    def stays(self) -> tuple[int, ...]:
        """The lines of each stay (shaded band) in turn."""
        if self.groups:
            return self.groups
        whole, rest = divmod(len(self.lines), self.band)
        return (self.band,) * whole + ((rest,) if rest else ())

    @property
    def subtitle_lines(self) -> int:
        """Lines the subtitle (the players' names) takes across the card, wrapped, never cut."""
        return wrapped_lines(self.subtitle, (CONTENT_WIDTH - 2 * CARD_PADDING) * NAME_SLACK, SUBTITLE_POINTS)

    @property
    def text(self) -> str:
        """The column heading and the body, one mono block."""
        return "\n".join((self.columns, *self.lines))

    @property
    def height(self) -> float:
        return card_height(len(self.lines), self.dense, self.subtitle_lines)

    @property
    def background(self) -> Art:
        return card_background(self.stays, self.dense, self.subtitle_lines)


CUT = '<path d="M0 {y:.2f}H{width:.2f}" stroke="#888" stroke-width="0.2" stroke-dasharray="1.2 0.8"/>'
"""A dashed cut line (SVG): one path, where a dashed CSS border would be drawn dash by dash."""


@dataclass(frozen=True)
class Art:
    """An inline SVG background: ``name`` is its CSS class, ``url`` its data URL (nothing to fetch)."""

    name: str
    url: str


def svg_art(width: float, height: float, body: str) -> Art:
    """An SVG image ``width`` x ``height`` mm whose user units are millimetres."""
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.3f}mm" height="{height:.3f}mm" '
           f'viewBox="0 0 {width:.3f} {height:.3f}">{body}</svg>')
    url = "data:image/svg+xml," + quote(svg)
    return Art("art-" + sha1(url.encode()).hexdigest()[:12], url)


@lru_cache(maxsize=512)
def card_background(stays: tuple[int, ...], dense: bool = False, subtitle_lines: int = 1) -> Art:
    """A card's background: the column-heading band, every other stay shaded, the cut line at the bottom.

    Drawn once per card shape (cached) instead of a CSS gradient and a dashed border on every card.
    """
    lines, line = sum(stays), DENSE_LINE if dense else CARD_LINE
    height = card_height(lines, dense, subtitle_lines)
    top = CARD_PADDING + CARD_HEAD + (subtitle_lines - 1) * SUBTITLE_LINE
    left, width = CARD_PADDING, CONTENT_WIDTH - 2 * CARD_PADDING
    starts = [sum(stays[:index]) for index in range(len(stays))]
    stripes = "".join(
        f"M{left:.2f} {top + (1 + first) * line:.2f}h{width:.2f}v{taken * line:.2f}h{-width:.2f}Z"
        for index, (first, taken) in enumerate(zip(starts, stays)) if index % 2 == 1
    )
    body = (f'<rect x="{left:.2f}" y="{top:.2f}" width="{width:.2f}" height="{line:.2f}" fill="#d9d9d9"/>'
            + (f'<path d="{stripes}" fill="#efefef"/>' if stripes else "")
            + CUT.format(y=height - 0.15, width=CONTENT_WIDTH))
    return svg_art(CONTENT_WIDTH, height, body)


def card_height(lines: int, dense: bool = False, subtitle_lines: int = 1) -> float:
    """Height in mm of a card with ``lines`` body lines (plus the column heading line) under a subtitle of
    ``subtitle_lines``."""
    return round(2 * CARD_PADDING + CARD_HEAD + (subtitle_lines - 1) * SUBTITLE_LINE
                 + (lines + 1) * (DENSE_LINE if dense else CARD_LINE), 2)


def card_blocks(card: TextCard, paper: Paper) -> list[Block]:
    """One block per card; a card longer than a page is cut into pieces marked "continued", between stays."""
    room = floor((paper.usable_height - card_height(0, card.dense, card.subtitle_lines))
                 / (DENSE_LINE if card.dense else CARD_LINE))
    if len(card.lines) <= room:
        return [Block(card, card.height, arts=(card.background,))]
    pieces: list[list[int]] = [[]]
    for taken in card.stays:  # a stay is never cut in two
        if pieces[-1] and sum(pieces[-1]) + taken > room:
            pieces.append([])
        pieces[-1].append(taken)
    blocks, start = [], 0
    for number, stays in enumerate(pieces):
        lines = card.lines[start:start + sum(stays)]
        start += sum(stays)
        piece = TextCard(card.title, card.aside, card.subtitle, card.columns, tuple(lines), continued=number > 0,
                         band=card.band, dense=card.dense, groups=tuple(stays))
        blocks.append(Block(piece, piece.height, part=number == len(pieces) - 1, arts=(piece.background,)))
    return blocks


def mono_wrap(text: str, width: int) -> list[str]:
    """``text`` on lines of at most ``width`` mono characters, broken after spaces and hyphens, never cut (a
    word longer than the line alone is broken inside it)."""
    text = " ".join(str(text).split())
    if width <= 0:
        return [text]
    lines, line = [], ""
    for piece in (piece for piece in re.split(r"(?<=[ -])", text) if piece):
        while len(piece.rstrip()) > width:  # a single word wider than the column
            if line:
                lines.append(line.rstrip())
                line = ""
            lines.append(piece[:width])
            piece = piece[width:]
        if line and len((line + piece).rstrip()) > width:
            lines.append(line.rstrip())
            line = ""
        line += piece
    return [*lines, line.rstrip()] if line.strip() or not lines else lines


def mono_rows(*cells: tuple[str, int, bool, bool], gap: str = "") -> list[str]:
    """One table row of mono columns as one or more lines: each cell is (text, width, right-aligned, wraps); a
    cell that wraps takes as many lines as its text needs, whole; the others keep to the first line (``fit``)."""
    columns = [mono_wrap(text, width) if wraps else [fit(text, width, right=right)] for text, width, right, wraps
               in cells]
    rows = max(len(column) for column in columns)
    return [gap.join(fit(column[row], width, right=right) if row < len(column) else " " * width
                     for column, (_text, width, right, _wraps) in zip(columns, cells)).rstrip()
            for row in range(rows)]


# --- tickets --------------------------------------------------------------------------------------------

TICKET_COLUMNS = 2
TICKET_ROWS = 5


def ticket_height(paper: Paper) -> float:
    return floor(paper.usable_height / TICKET_ROWS * 10) / 10


TICKET_PADDING = (3.0, 4.0)
"""mm of padding inside a ticket: top and bottom, left and right."""
TICKET_QR = 16.0
"""mm a side of the QR code of the player's page, in the ticket's top right corner beside the event, name and
club lines; its caption takes a line under it."""
TICKET_TEXT = CONTENT_WIDTH / TICKET_COLUMNS - 2 * TICKET_PADDING[1] - TICKET_QR - 2.0
"""mm the event, name and club lines may take, clear of the code."""
TICKET_BOX_TOP = 23.0
"""mm from the ticket's top edge to its box of numbers: under the event, name and club lines (18.5 mm) and the
code's caption (see print/tickets.html)."""
TICKET_NAME_POINTS = (14.0, 10.0, 5.5)
"""The player's name on a ticket: 14 pt, down to 10 pt for a long name on one line; longer still, on two or three
lines within the name's line of the ticket (``TICKET_NAME_BOX``), as large as they fit, never under 5.5 pt."""
TICKET_NAME_BOX = 7.0
"""mm of height the player's name takes on a ticket, whatever its lines: the box of numbers under it stays put."""
TICKET_BOX = (87.0, 16.0)
TICKET_CELL = 18.0
"""Width in mm of a cell in the box of numbers; the values line up on tab stops this far apart."""


@lru_cache(maxsize=8)
def ticket_background(height: float, cells: int) -> Art:
    """A ticket's cut lines (right and bottom edges) and the frame of its box of ``cells`` numbers."""
    width = CONTENT_WIDTH / TICKET_COLUMNS
    left, top = TICKET_PADDING[1], TICKET_BOX_TOP
    box_width, box_height = TICKET_BOX
    rules = "".join(f"M{left + cell * TICKET_CELL:.2f} {top:.2f}v{box_height:.2f}" for cell in range(1, cells))
    return svg_art(width, height,
                   CUT.format(y=height - 0.15, width=width)
                   + f'<path d="M{width - 0.15:.2f} 0V{height:.2f}" stroke="#888" stroke-width="0.2" '
                     'stroke-dasharray="1.2 0.8"/>'
                   + f'<rect x="{left:.2f}" y="{top:.2f}" width="{box_width:.2f}" height="{box_height:.2f}" '
                     'fill="none" stroke="#000" stroke-width="0.3"/>'
                   + f'<path d="{rules}" stroke="#000" stroke-width="0.2"/>')


def cut_line(height: float) -> Art:
    """A dashed cut line along the bottom of a full-width block ``height`` mm tall (score sheets)."""
    return _cut_line(round(height, 3))


@lru_cache(maxsize=256)
def _cut_line(height: float) -> Art:
    return svg_art(CONTENT_WIDTH, height, CUT.format(y=height - 0.15, width=CONTENT_WIDTH))


def ticket_name_type(name: str) -> NameType:
    """The type of a player's name on his ticket, whole within ``TICKET_TEXT`` x ``TICKET_NAME_BOX``."""
    largest, wrap_below, smallest = TICKET_NAME_POINTS
    return name_type(name, TICKET_TEXT, largest=largest, wrap_below=wrap_below, smallest=smallest,
                     box=TICKET_NAME_BOX)


def ticket_pages(tickets, paper: Paper, cells=lambda ticket: 4) -> list[Page]:
    """Ten tickets a page (two across, five down), in ticket order; ``cells(ticket)`` frames its numbers."""
    per_page = TICKET_COLUMNS * TICKET_ROWS
    height = ticket_height(paper)
    return [
        Page(tuple(Block(ticket, height, arts=(ticket_background(height, cells(ticket)),))
                   for ticket in tickets[start:start + per_page]))
        for start in range(0, len(tickets), per_page)
    ]


# --- score sheets ----------------------------------------------------------------------------------------

SHEET_POINTS = 8.0
SHEET_CHAR = mono_width(SHEET_POINTS)
SHEET_CHARS = mono_chars(CONTENT_WIDTH, SHEET_POINTS)
DEAL_CHARS = 8
PLAYER_CHARS = {3: 10, 4: 9, 5: 8, 6: 7}
"""Width of each won and each lost column, in characters, by the number of players at the table."""
SHEET_PADDING = 2.0
SHEET_HEAD = 16.0
"""mm for the sheet's heading: title line, table line and the line for the table's best scores."""
SHEET_HEAD_CONTINUED = 11.0
"""mm for the heading of a continuation page (no best-scores line)."""
SHEET_NAMES = 11.0
"""mm for the row of player names (up to two lines) over their won and lost columns."""
def sheet_best() -> str:
    """Foster's line at the head of a sheet, in the mono font: the underscores are the blanks to fill in."""
    return _("Table's highest net points {blank} by {name}   greatest net games {blank} by {name}").format(
        blank="_" * 8, name="_" * 16)


ROW_HEIGHTS = (6.0, 5.5, 5.2, 5.0)
"""Row heights in mm to choose from, most generous first: the fewest pages win, then the tallest rows."""
FOOTER_ROWS = (gettext_lazy("Total"), pgettext_lazy("net points", "Points"), gettext_lazy("Games"))
"""Rows under the deals on a sheet's last page: each column added up, then net points and net games
(won less lost) for each player."""


@dataclass(frozen=True)
class Column:
    left: float
    width: float


@dataclass(frozen=True)
class SheetPage:
    """One page of one score sheet as printed."""

    sheet: object
    number: int
    pages: int
    first_deal: int
    last_deal: int
    dealer_of_first: int
    row_height: float
    footer: bool
    text: str
    grid: Art
    columns: tuple[Column, ...]
    remarks: Column
    height: float

    @property
    def continued(self) -> bool:
        return self.number > 1

    @property
    def background(self) -> Art:
        return cut_line(self.height)

    @property
    def grid_height(self) -> float:
        return round(SHEET_NAMES + self.rows * self.row_height, 3)

    @property
    def rows(self) -> int:
        return 1 + self.last_deal - self.first_deal + 1 + (len(FOOTER_ROWS) if self.footer else 0)


def player_chars(size: int) -> int:
    try:
        return PLAYER_CHARS[size]
    except KeyError:
        raise ValueError(f"a score sheet has 3 to 6 players, not {size}") from None


def player_columns(size: int) -> tuple[tuple[Column, ...], Column]:
    """Where each player's won-and-lost pair of columns sits, and the Remarks column, in mm from the left."""
    width = player_chars(size)
    columns = tuple(Column(round((DEAL_CHARS + 2 * width * p) * SHEET_CHAR, 3), round(2 * width * SHEET_CHAR, 3))
                    for p in range(size))
    start = DEAL_CHARS + 2 * width * size
    return columns, Column(round(start * SHEET_CHAR, 3), round((SHEET_CHARS - start) * SHEET_CHAR, 3))


def dealer(deal: int, size: int) -> int:
    """Seat (from 1) dealing ``deal``: seat 1 deals deal 1 and the deal passes to the left, seat by seat."""
    return (deal - 1) % size + 1


def sheet_split(deals: int, size: int, paper: Paper) -> tuple[float, list[int]]:
    """(row height, deals on each page) for a sheet of ``deals`` deals at a table of ``size``.

    Pages break after whole rounds where they can, so every page starts with seat 1 dealing.
    """
    best = None
    for row in ROW_HEIGHTS:
        split = _split_at(deals, size, paper, row)
        if best is None or len(split) < len(best[1]):
            best = (row, split)
    return best


def _room(paper: Paper, row: float, first: bool) -> int:
    """Deal rows a sheet page holds under its heading, names and column-label row."""
    head = SHEET_HEAD if first else SHEET_HEAD_CONTINUED
    return floor((paper.usable_height - 2 * SHEET_PADDING - head - SHEET_NAMES) / row + 1e-9) - 1


def _split_at(deals: int, size: int, paper: Paper, row: float) -> list[int]:
    footer = len(FOOTER_ROWS)
    if deals + footer <= _room(paper, row, True):
        return [deals]
    for pages in range(2, deals + 2):
        split = _balanced(deals, size, pages, _room(paper, row, True), _room(paper, row, False), footer)
        if split:
            return split
    raise ValueError(f"{deals} deals do not fit on pages of {paper.name}")  # a page holds dozens of rows


def _balanced(deals: int, size: int, pages: int, first_room: int, room: int, footer: int) -> list[int] | None:
    """Deals per page, whole rounds and as even as possible, the footer fitting on the last page; or None."""
    target = ceil(ceil(deals / pages) / size) * size
    split, left = [], deals
    for number in range(pages):
        cap = first_room if number == 0 else room
        if number == pages - 1:
            if left + footer > cap:
                return None
            split.append(left)
            return split if left > 0 else None
        take = min(target, cap, left)
        if take < left and take % size and cap >= size:
            take -= take % size
        if take <= 0:
            return None
        split.append(take)
        left -= take
    return None


def sheet_pages(sheet, *, size: int, first_deal: int, last_deal: int, paper: Paper) -> list[SheetPage]:
    """The pages of one score sheet: deal numbers down the left, a won and a lost column for each player,
    the dealer of every deal shaded and marked D, Remarks at the right, the totals under the last deal."""
    deals = last_deal - first_deal + 1
    row, split = sheet_split(deals, size, paper)
    columns, remarks = player_columns(size)
    pages, deal = [], first_deal
    for number, count in enumerate(split, start=1):
        footer = number == len(split)
        last = deal + count - 1
        first_dealer = dealer(deal, size)
        head = SHEET_HEAD if number == 1 else SHEET_HEAD_CONTINUED
        rows = 1 + count + (len(FOOTER_ROWS) if footer else 0)
        pages.append(SheetPage(
            sheet=sheet, number=number, pages=len(split), first_deal=deal, last_deal=last,
            dealer_of_first=first_dealer, row_height=row, footer=footer,
            text=sheet_text(size, deal, last, footer),
            grid=sheet_grid(size, count, first_dealer, footer, row),
            columns=columns, remarks=remarks,
            height=round(2 * SHEET_PADDING + head + SHEET_NAMES + rows * row, 3),
        ))
        deal = last + 1
    return pages


def sheet_text(size: int, first: int, last: int, footer: bool) -> str:
    """The mono text over the grid: column labels, deal numbers, the dealer's D, the footer labels."""
    width = player_chars(size)
    remarks = SHEET_CHARS - DEAL_CHARS - 2 * width * size
    label = DEAL_CHARS - 2  # a space either side
    # Translators: "won" and "lost" head a player's two columns of a score sheet: at most 5 letters each ("verl.").
    won, lost = pgettext("sheet column", "won")[:width], pgettext("sheet column", "lost")[:width]
    number_head = pgettext("number column", "Deal")  # German "Nr.", as the halls' lists head it
    lines = [" " + fit(number_head, label, right=True) + " " + (won.center(width) + lost.center(width)) * size
             + " " + fit(_("Remarks"), remarks - 1)]
    for deal in range(first, last + 1):
        cells = [" " * (2 * width)] * size
        # Translators: the dealer's mark on a score sheet: one letter (German G for Geber).
        cells[dealer(deal, size) - 1] = (" " + pgettext("dealer", "D")[:1]).ljust(2 * width)
        lines.append(f" {deal:>{label}} " + "".join(cells))
    if footer:
        lines += [" " + fit(str(name), label, right=True) for name in FOOTER_ROWS]
    return "\n".join(line.rstrip() for line in lines)


@lru_cache(maxsize=256)
def sheet_grid(size: int, deals: int, first_dealer: int, footer: bool, row: float) -> Art:
    """The ruling of one sheet page (cached: a congress's sheets share a handful of shapes).

    Names row, column-label row, ``deals`` deal rows (the dealer's two cells shaded), footer rows. Three
    paths only: shading, thin rules, thick rules; WeasyPrint draws each SVG element separately.
    """
    width_chars = player_chars(size)
    columns, remarks = player_columns(size)
    width = round(SHEET_CHARS * SHEET_CHAR, 3)
    names = SHEET_NAMES
    top = names + row  # first deal row
    rows = 1 + deals + (len(FOOTER_ROWS) if footer else 0)
    height = round(names + rows * row, 3)
    cell = width_chars * SHEET_CHAR
    shade = [f"M0 {names:.2f}H{width:.2f}V{top:.2f}H0Z"]  # the column-label row
    for index in range(deals):
        seat = (first_dealer - 1 + index) % size
        x, y = columns[seat].left, top + index * row
        shade.append(f"M{x:.2f} {y:.2f}h{2 * cell:.2f}v{row:.2f}h{-2 * cell:.2f}Z")
    thin, thick = [], []
    for index in range(1, deals):
        y = top + index * row
        (thick if (first_dealer - 1 + index) % size == 0 else thin).append(f"M0 {y:.2f}H{width:.2f}")
    for y in (0, names, top, top + deals * row):
        thick.append(f"M0 {y:.2f}H{width:.2f}")
    if footer:
        for index in range(1, len(FOOTER_ROWS)):
            thin.append(f"M0 {top + (deals + index) * row:.2f}H{width:.2f}")
        thick.append(f"M0 {height:.2f}H{width:.2f}")
    split_bottom = top + (deals + (1 if footer else 0)) * row  # won | lost split down to the Total row
    for column in columns:
        thick.append(f"M{column.left:.2f} 0V{height:.2f}")
        thin.append(f"M{column.left + cell:.2f} {names:.2f}V{split_bottom:.2f}")
    for x in (0, remarks.left, width):
        thick.append(f"M{x:.2f} 0V{height:.2f}")
    return svg_art(width, height,
                   f'<path d="{"".join(shade)}" fill="#e3e3e3"/>'
                   f'<path d="{"".join(thin)}" fill="none" stroke="#555" stroke-width="0.2"/>'
                   f'<path d="{"".join(thick)}" fill="none" stroke="#000" stroke-width="0.45"/>')
