"""The start card (the DSkV's Startkarte): one card per player with his table and seat in every series drawn so
far and a QR code of his page, eight to an A4 sheet with cut marks at every card's corners.

Vocabulary:
    start seat     where a player sits down in one series: the table and seat of his first stay in it (at a fixed
                   table his only one). A series he does not play (a late entry's earlier series, a withdrawn
                   player's later ones) shows no table.
    page address   the full address the card's QR code opens, the player's own page (``addresses``; the
                   entry ticket carries the same code).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from math import floor

from django.utils.translation import gettext as _

from common.paper import CONTENT_WIDTH, Paper
from seating.models import Player, Seat, Tournament
from seating.selectors import drawn_series

from .addresses import player_page_qr
from .layout import CLUB_LINE, Art, Block, NameType, Page, club_line_height, club_type, name_type, svg_art
from .selectors import PrintingError, Printout, _Hall

START_COLUMNS = 2
START_ROWS = 4
"""Eight cards a sheet: two across, four down."""
ROWS_IN_ONE = 8
"""Series a card lists in one column; more go in two."""
ABOVE_ROWS = 8.0 + 21.0 + 4.5
"""mm of a card above its series' lines: the padding, the card's four lines (kind, event, name, club) and the
column heads (see print/start_cards.html), with the name on one line (``NAME_LINE``)."""
NAME_WIDTH = 52.0
"""mm the player's name may take beside the QR code."""
NAME_LINE = 5.4
"""mm the name's line takes when the name fits on one."""
NAME_POINTS = (13.0, 10.0, 6.5)
"""The name's type: 13 pt, down to 10 pt on one line; a longer name takes two or three lines (the series' lines
make room) at up to 10 pt, smaller only where it must, never under 6.5 pt; never cut."""
NAME_BOX = 11.5
"""mm the name may take at most, whatever its lines."""
CLUB_POINTS = 8.5
ROW_HEIGHT = 5.0
MM_PER_PT = 25.4 / 72
CUT_MARK = 4.0
"""mm each arm of a corner's cut mark is long."""


@dataclass(frozen=True)
class StartSeat:
    series: int
    table: int | None  # None: he plays no table in this series
    seat: int | None


@dataclass(frozen=True)
class StartCard:
    player: str
    club: str
    seats: tuple[StartSeat, ...]
    address: str
    qr: str  # inline SVG of ``address``

    @property
    def columns(self) -> tuple[tuple[StartSeat, ...], ...]:
        """The series in one column, or in two side by side past ``ROWS_IN_ONE`` of them."""
        if len(self.seats) <= ROWS_IN_ONE:
            return (self.seats,)
        half = -(-len(self.seats) // 2)
        return self.seats[:half], self.seats[half:]


def start_cards(tournament: Tournament, series: int | None = None, *, site: str = "") -> Printout:
    """Every player seated in a drawn series, by name: his start seat in each series drawn so far (all of them,
    whichever ``series`` the print page shows) and his page's address as a QR code."""
    hall = _Hall(tournament, series)
    drawn = drawn_series(tournament)
    first: dict[tuple[int, int], tuple[int, int, int]] = {}  # (player, series) → (stay, table, seat)
    for player, number, stay, table, seat in (Seat.objects.filter(tournament=tournament)
                                              .values_list("player_id", "series", "stay", "table__number", "seat")):
        if (player, number) not in first or stay < first[(player, number)][0]:
            first[(player, number)] = (stay, table, seat)
    seated = {player for player, _number in first}
    if not seated:
        raise PrintingError(None, _("Nobody is seated yet: draw the seats before printing the start cards."))
    players = sorted(Player.objects.filter(tournament=tournament, pk__in=seated),
                     key=lambda p: (p.name.casefold(), p.club.casefold(), p.pk))
    parts = []
    for player in players:
        seats = tuple(StartSeat(number, *first[(player.pk, number)][1:]) if (player.pk, number) in first
                      else StartSeat(number, None, None) for number in range(1, drawn + 1))
        parts.append(StartCard(player.name, player.club, seats, *player_page_qr(site, player.page_token)))
    heading = dataclasses.replace(hall.heading, name=tournament.name)  # every series, not the one shown
    return Printout(heading, tuple(parts))


@dataclass(frozen=True)
class PrintedStartCard:
    """A start card on its paper: the type its player's name is set in, whole (``start_card_name``), and the
    height its series' lines share of the room the card's height leaves them."""

    card: StartCard
    name: NameType
    row_height: float  # mm
    club: NameType | None = None
    """The type of the player's club line (``CLUB_POINTS``, smaller for a long club)."""

    @property
    def club_line_height(self) -> float:
        return CLUB_LINE if self.club is None else club_line_height(self.club)

    @property
    def name_line_height(self) -> float:
        """mm a line of the name takes: one line keeps the card's name line, as a short name always did."""
        return NAME_LINE if self.name.lines == 1 else self.name.line_height

    @property
    def name_height(self) -> float:
        return NAME_LINE if self.name.lines == 1 else self.name.height

    @property
    def font_points(self) -> float:
        """The lines' type: 8.5 pt, smaller when many series make the lines lower than 5 mm."""
        return round(min(8.5, self.row_height / MM_PER_PT / 1.45), 1)  # the bold table number is 1.15 em, 1.2 lines


def start_card_name(name: str) -> NameType:
    """The type of a player's name on his start card: whole within ``NAME_WIDTH`` x ``NAME_BOX``."""
    largest, wrap_below, smallest = NAME_POINTS
    return name_type(name, NAME_WIDTH, largest=largest, wrap_below=wrap_below, smallest=smallest, box=NAME_BOX)


def row_height(card: StartCard, height: float, name_height: float = NAME_LINE) -> float:
    """mm a series' line takes on a card ``height`` mm tall whose name takes ``name_height`` mm: 5, less when its
    longest column needs more room."""
    above = ABOVE_ROWS + max(0.0, name_height - NAME_LINE)
    return floor(min(ROW_HEIGHT, (height - above) / max(1, len(card.columns[0]))) * 100) / 100


def printed_start_card(card: StartCard, height: float) -> PrintedStartCard:
    name = start_card_name(card.player)
    unplaced = PrintedStartCard(card, name, 0.0)
    return PrintedStartCard(card, name, row_height(card, height, unplaced.name_height),
                            club_type(card.club, NAME_WIDTH, CLUB_POINTS))


def start_card_height(paper: Paper) -> float:
    return floor(paper.usable_height / START_ROWS * 10) / 10


@lru_cache(maxsize=4)
def start_card_marks(height: float) -> Art:
    """Cut marks at the four corners of a card: where the cards meet, the marks of neighbours make a cross."""
    width, arm = CONTENT_WIDTH / START_COLUMNS, CUT_MARK
    path = (f"M0 {arm}V0H{arm} M{width - arm:.2f} 0H{width:.2f}V{arm} "
            f"M0 {height - arm:.2f}V{height:.2f}H{arm} M{width - arm:.2f} {height:.2f}H{width:.2f}V{height - arm:.2f}")
    return svg_art(width, height, f'<path d="{path}" fill="none" stroke="#000" stroke-width="0.25"/>')


def start_card_pages(printout: Printout, paper: Paper) -> list[Page]:
    per_page = START_COLUMNS * START_ROWS
    height = start_card_height(paper)
    marks = start_card_marks(height)
    cards = list(printout.parts)
    return [Page(tuple(Block(printed_start_card(card, height), height, arts=(marks,))
                       for card in cards[start:start + per_page]))
            for start in range(0, len(cards), per_page)]
