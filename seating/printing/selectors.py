"""What the printed documents show, read from the saved draw: one selector per document.

Vocabulary (see ``seating.models``): a ticket tells a player where he starts; a movement card tells a pair
where it plays each stay and against whom; a guide card tells a table who sits where each stay and where
each pair goes next; a score sheet is the table's record of every deal (Foster's layout).

Every selector reads the hall with the same six queries (sections, tables, players, pairs, seats,
sit-outs), whatever its size, and returns plain frozen dataclasses: no model instance reaches a template.
Deals are numbered per table through the session; how many each table plays, stay by stay, is
``seating.schedule`` (the same figures the entry sheet accepts).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from seating.errors import SeatingError
from seating.models import Pair, Player, Seat, Section, SeriesDraw, SitOut, Table, Tournament, section_letter
from seating.movements import Method, TableSchedule, TableSizes
from seating.schedule import table_schedule
from seating.selectors import drawn_series

from .addresses import player_page_qr

PLACE_LABELS = {"ns": gettext_lazy("N-S"), "ew": gettext_lazy("E-W"), "middle": gettext_lazy("middle"),
                "side": gettext_lazy("side"), "": pgettext_lazy("table", "fixed")}
COMPASS = {1: pgettext_lazy("compass", "N"), 2: pgettext_lazy("compass", "E"), 3: pgettext_lazy("compass", "S"),
           4: pgettext_lazy("compass", "W")}
"""Seats at a moving table, clockwise from North: partners sit opposite (1 and 3, 2 and 4)."""


class PrintingError(SeatingError):
    """A document that cannot be printed as asked (unknown kind or paper, no draw, nothing to print)."""


@dataclass(frozen=True)
class Heading:
    name: str
    date: str
    place: str
    method: str
    seed: int
    rounds: int

    @property
    def line(self) -> str:
        return " · ".join(part for part in (self.name, self.date, self.place) if part)


@dataclass(frozen=True)
class Ticket:
    player: str
    club: str
    section: str
    table: int
    seat: int
    compass: str
    pair: int | None
    place: str
    controller: bool
    note: str
    ok_code: str = ""  # his secret for OK'ing another player's slip (scoring.entry)
    address: str = ""  # his own page (``addresses``), opened by the ticket's QR code
    qr: str = ""  # inline SVG of ``address``


@dataclass(frozen=True)
class CardStay:
    stay: int
    deals: tuple[int, int]
    table: int | None
    place: str
    opponents: str
    sits_out: bool


@dataclass(frozen=True)
class MovementCard:
    section: str
    pair: int
    players: tuple[str, str]
    stays: tuple[CardStay, ...]


@dataclass(frozen=True)
class GuideSeat:
    seat: int
    compass: str
    player: str


@dataclass(frozen=True)
class GuidePair:
    place: str
    pair: int
    seats: tuple[GuideSeat, ...]
    next: str


@dataclass(frozen=True)
class GuideStay:
    stay: int
    deals: tuple[int, int]
    pairs: tuple[GuidePair, ...]
    sitting_out: int | None
    sitting_out_next: str


@dataclass(frozen=True)
class FixedSeat:
    seat: int
    player: str
    club: str
    controller: bool
    first_deal: int


@dataclass(frozen=True)
class GuideCard:
    table: int
    section: str
    number_in_section: int | None
    stays: tuple[GuideStay, ...]
    fixed_seats: tuple[FixedSeat, ...]
    controller: str
    rounds: int
    deals: int

    @property
    def is_fixed(self) -> bool:
        return not self.section


@dataclass(frozen=True)
class SheetPlayer:
    seat: int
    name: str
    note: str


@dataclass(frozen=True)
class ScoreSheet:
    table: int
    section: str
    number_in_section: int | None
    stay: int | None
    stays: int | None
    first_deal: int
    last_deal: int
    players: tuple[SheetPlayer, ...]
    controller: str
    rounds: int
    table_prizes: bool = True
    """Whether the sheet's head offers Foster's table prizes (the table's highest net points and net games)."""


@dataclass(frozen=True)
class Printout:
    heading: Heading
    parts: tuple


# --- the hall, read once -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Table:
    id: int
    number: int
    section_id: int | None
    number_in_section: int | None
    size: int
    controller_id: int | None
    stays: int
    rounds_per_stay: int


def printed_series(tournament: Tournament, series: int | None) -> int:
    """The series a document prints: the one asked for if it is drawn, else the last drawn."""
    drawn = drawn_series(tournament)
    if series is None:
        return max(drawn, 1)
    if not 1 <= series <= drawn:
        raise PrintingError("series", _("Series {number} is not drawn: print series 1 to {drawn}.").format(
            number=series, drawn=drawn))
    return series


class _Hall:
    """One series of the saved draw in memory, indexed for the documents (eight queries)."""

    def __init__(self, tournament: Tournament, series: int | None = None):
        if not tournament.is_drawn:
            raise PrintingError(None, _("The seats are not drawn yet: draw them before printing."))
        self.tournament = tournament
        self.series = series = printed_series(tournament, series)
        self.sections = {pk: (number, stays) for pk, number, stays in
                         Section.objects.filter(tournament=tournament, series=series)
                         .values_list("id", "number", "stays")}
        self.tables = [_Table(*row) for row in Table.objects.filter(tournament=tournament, series=series)
                       .order_by("number")
                       .values_list("id", "number", "section_id", "number_in_section", "size", "controller_id",
                                    "stays", "rounds_per_stay")]
        players = Player.objects.filter(tournament=tournament).values_list("id", "name", "club", "ok_code",
                                                                           "page_token")
        self.players, self.ok_codes, self.page_tokens = {}, {}, {}
        for pk, name, club, ok_code, page_token in players:
            self.players[pk], self.ok_codes[pk], self.page_tokens[pk] = (name, club), ok_code, page_token
        self.pairs = {pk: (section_id, number, first, second) for pk, section_id, number, first, second in
                      Pair.objects.filter(section__tournament=tournament, section__series=series)
                      .values_list("id", "section_id", "number", "first_id", "second_id")}
        seats = Seat.objects.filter(tournament=tournament, series=series).values_list(
            "stay", "table_id", "seat", "player_id", "pair_id", "place")
        sit_outs = SitOut.objects.filter(tournament=tournament, series=series).values_list("section_id", "stay",
                                                                                          "player_id")

        self.table_by_id = {table.id: table for table in self.tables}
        self.at_table = defaultdict(list)  # (table id, stay) → [(seat, player, pair, place)]
        self.pair_at = {}  # (pair id, stay) → (table, place)
        self.player_first = {}  # player → (stay, table, seat, pair, place) of his first seat
        for stay, table_id, seat, player, pair, place in seats:
            self.at_table[(table_id, stay)].append((seat, player, pair, place))
            if pair is not None:
                self.pair_at[(pair, stay)] = (self.table_by_id[table_id], place)
            first = self.player_first.get(player)
            if first is None or stay < first[0]:
                self.player_first[player] = (stay, self.table_by_id[table_id], seat, pair, place)
        for placed in self.at_table.values():
            placed.sort()
        pair_of_player = {}
        for pk, (_section, _number, first, second) in self.pairs.items():
            pair_of_player[first] = pair_of_player[second] = pk
        self.sitting_out = {}  # (section id, stay) → pair id
        for section_id, stay, player in sit_outs:
            if player in pair_of_player:
                self.sitting_out[(section_id, stay)] = pair_of_player[player]
        self.idle = {}  # (section id, stay) → the table left empty (the phantom's) where the sitter waits
        for table in self.tables:
            if table.section_id is not None:
                for stay in range(1, self.sections[table.section_id][1] + 1):
                    if not self.at_table.get((table.id, stay)):
                        self.idle.setdefault((table.section_id, stay), table)
        method = Method(tournament.method)
        draw = SeriesDraw.objects.filter(tournament=tournament, number=series).first()  # a lot or standings draw
        continued = draw is not None and draw.how == SeriesDraw.How.MOVEMENT  # the method's draw, played again
        self.schedule: dict[int, TableSchedule] = {  # the draw's schedule, as every table's row keeps it
            t.id: table_schedule(t.number, t.size, t.section_id and self.sections[t.section_id][0], t.stays,
                                 t.rounds_per_stay) for t in self.tables}
        self.section_schedule = {table.section_id: self.schedule[table.id] for table in self.tables
                                 if table.section_id is not None}  # every moving table of a section plays alike
        first = next(iter(self.section_schedule.values()), None) or next(iter(self.schedule.values()), None)
        self.heading = Heading(
            name=(_("{name} · series {number}").format(name=tournament.name, number=series)
                  if tournament.series_count > 1 else tournament.name),
            # Translators: a date on the printed documents (Django's date format letters): German "j. F Y".
            date=date_format(tournament.date, _("j F Y")), place=tournament.place,
            method=(_("{method}, continued").format(method=_(method.label)) if continued
                    else _("drawn {how}").format(how=draw.get_how_display()) if draw else _(method.label)),
            seed=draw.seed if draw and not continued else tournament.draw_seed,
            rounds=first.rounds_per_stay if first else 0,
        )

    def letter(self, section_id: int | None) -> str:
        return section_letter(self.sections[section_id][0]) if section_id else ""

    def name(self, player: int | None) -> str:
        return self.players[player][0] if player else ""

    def pair_names(self, pair: int) -> tuple[str, str]:
        _section, _number, first, second = self.pairs[pair]
        return self.name(first), self.name(second)


    def where(self, pair: int, stay: int) -> str:
        """Where ``pair`` plays in ``stay``, as a guide card says it."""
        at = self.pair_at.get((pair, stay))
        if at is None:
            idle = self.idle.get((self.pairs[pair][0], stay))
            return _("sits out (table {number})").format(number=idle.number) if idle else _("sits out")
        table, place = at
        return _("table {number} {place}").format(number=table.number, place=PLACE_LABELS[place])


def _deals(schedule: TableSchedule, stay: int) -> tuple[int, int]:
    """The first and last deal numbers of ``stay`` at a table, as the cards print them."""
    numbers = schedule.deal_numbers(stay)
    return numbers[0], numbers[-1]


# --- the documents ------------------------------------------------------------------------------------------


def tickets(tournament: Tournament, series: int | None = None, *, site: str = "") -> Printout:
    """Every player's entry ticket, in the order the tables fill (stay, table, seat of his first seat), with his
    page's address on ``site`` as a QR code (the start card's)."""
    hall = _Hall(tournament, series)
    order = sorted(hall.player_first.items(), key=lambda item: (item[1][0], item[1][1].number, item[1][2]))
    parts = []
    for player, (stay, table, seat, pair, place) in order:
        name, club = hall.players[player]
        note = ""
        if stay > 1:
            idle = hall.idle.get((table.section_id, 1))
            if idle:
                note = _("Stay 1: sit out (wait by table {table}); you start at stay {stay}.").format(
                    table=idle.number, stay=stay)
            else:
                note = _("Stay 1: sit out; you start at stay {stay}.").format(stay=stay)
        elif table.section_id is None and hall.tournament.method != Method.FIXED.value:
            note = _("Your table does not move: {rounds} rounds here.").format(rounds=hall.schedule[table.id].rounds)
        address, qr = player_page_qr(site, hall.page_tokens[player])
        parts.append(Ticket(
            player=name, club=club, section=hall.letter(table.section_id), table=table.number, seat=seat,
            compass=COMPASS.get(seat, "") if table.section_id else "",
            pair=hall.pairs[pair][1] if pair else None,
            place=str(PLACE_LABELS[place]) if table.section_id else _("fixed table"),
            controller=table.controller_id == player, note=note, ok_code=hall.ok_codes.get(player, ""),
            address=address, qr=qr,
        ))
    return Printout(hall.heading, tuple(parts))


def movement_cards(tournament: Tournament, series: int | None = None) -> Printout:
    """Every pair's card: for each stay its table and place, its opponents (or "sits out"), the deals."""
    hall = _Hall(tournament, series)
    if not hall.pairs:
        raise PrintingError(None, _("There are no movement cards to print: nobody moves at fixed tables."))
    parts = []
    for pair, (section_id, number, _first, _second) in sorted(hall.pairs.items(), key=lambda item: item[1][:2]):
        stays = []
        for stay in range(1, hall.sections[section_id][1] + 1):
            at = hall.pair_at.get((pair, stay))
            if at is None:
                idle = hall.idle.get((section_id, stay))
                wait = _("sits out (wait by table {table})").format(table=idle.number) if idle else _("sits out")
                stays.append(CardStay(stay, _deals(hall.section_schedule[section_id], stay), None, "",
                                      wait, True))
                continue
            table, place = at
            others = {p for _seat, _player, p, _place in hall.at_table[(table.id, stay)] if p != pair and p is not None}
            if others:
                other = others.pop()
                first, second = hall.pair_names(other)
                opponents = _("pair {pair}: {first} & {second}").format(pair=hall.pairs[other][1], first=first,
                                                                        second=second)
            else:
                opponents = "—"
            stays.append(CardStay(stay, _deals(hall.schedule[table.id], stay), table.number, PLACE_LABELS[place],
                                  opponents, False))
        parts.append(MovementCard(hall.letter(section_id), number, hall.pair_names(pair), tuple(stays)))
    return Printout(hall.heading, tuple(parts))


def guide_cards(tournament: Tournament, series: int | None = None) -> Printout:
    """Every table's card: who sits in which seat each stay and where each pair goes next."""
    hall = _Hall(tournament, series)
    parts = []
    for table in hall.tables:
        if table.section_id is None:
            parts.append(_fixed_guide(hall, table))
            continue
        stays = []
        schedule = hall.schedule[table.id]
        last = schedule.stays
        for stay in range(1, last + 1):
            seated = hall.at_table.get((table.id, stay), [])
            by_pair = defaultdict(list)
            for seat, player, pair, place in seated:
                by_pair[(pair, place)].append(GuideSeat(seat, COMPASS.get(seat, ""), hall.name(player)))
            pairs = tuple(
                GuidePair(PLACE_LABELS[place], hall.pairs[pair][1], tuple(seats),
                          hall.where(pair, stay + 1) if stay < last else _("last stay"))
                for (pair, place), seats in sorted(by_pair.items(), key=lambda item: item[1][0].seat)
            )
            out, out_next = None, ""
            if not seated and hall.idle.get((table.section_id, stay)) == table:
                sitter = hall.sitting_out.get((table.section_id, stay))
                if sitter is not None:
                    out = hall.pairs[sitter][1]
                    out_next = hall.where(sitter, stay + 1) if stay < last else _("last stay")
            stays.append(GuideStay(stay, _deals(schedule, stay), pairs, out, out_next))
        parts.append(GuideCard(table.number, hall.letter(table.section_id), table.number_in_section, tuple(stays), (),
                               "", schedule.rounds, schedule.deals))
    return Printout(hall.heading, tuple(parts))


def _fixed_guide(hall: _Hall, table: _Table) -> GuideCard:
    seats = tuple(
        FixedSeat(seat, *hall.players[player], controller=player == table.controller_id, first_deal=seat)
        for seat, player, _pair, _place in hall.at_table.get((table.id, 1), [])
    )
    schedule = hall.schedule[table.id]
    return GuideCard(table.number, "", None, (), seats, hall.name(table.controller_id), schedule.rounds,
                     schedule.deals)


def score_sheets(tournament: Tournament, series: int | None = None) -> Printout:
    """Every table's score sheets, table by table: one a stay at a moving table, one a session at a fixed one.

    Ruling: only an event seated by Foster's rule (3 to 5 at a table, the old books) offers Foster's table prizes
    at the head of its sheets; an ISkO event (tables of 3 and 4, its rulebook's mark in the seating) counts no
    such prize, so its sheets leave the line blank."""
    hall = _Hall(tournament, series)
    table_prizes = tournament.table_sizes == TableSizes.FOSTER.value
    parts = []
    for table in hall.tables:
        if table.section_id is None:
            seated = hall.at_table.get((table.id, 1), [])
            players = tuple(
                SheetPlayer(seat, hall.name(player), _("controller") if player == table.controller_id else _("seat {seat}").format(seat=seat))
                for seat, player, _pair, _place in seated
            )
            schedule = hall.schedule[table.id]
            parts.append(ScoreSheet(table.number, "", None, None, None, 1, schedule.deals, players,
                                    hall.name(table.controller_id), schedule.rounds, table_prizes))
            continue
        stays = hall.sections[table.section_id][1]
        for stay in range(1, stays + 1):
            seated = hall.at_table.get((table.id, stay))
            if not seated:  # the phantom's table stands idle
                continue
            players = tuple(
                SheetPlayer(seat, hall.name(player), _("{compass} · pair {pair}").format(compass=COMPASS.get(seat, seat),
                                                                                    pair=hall.pairs[pair][1]))
                for seat, player, pair, _place in seated
            )
            schedule = hall.schedule[table.id]
            first, last = _deals(schedule, stay)
            parts.append(ScoreSheet(table.number, hall.letter(table.section_id), table.number_in_section, stay, stays,
                                    first, last, players, "", schedule.rounds_per_stay, table_prizes))
    return Printout(hall.heading, tuple(parts))


# --- the series' lists -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatingEntry:
    """One player of the seating list: where he sits in the series."""

    name: str
    club: str
    table: int
    seat: int


@dataclass(frozen=True)
class TableSeating:
    """One table of the seating list, or of the table lists: its players in seat order."""

    table: int
    size: int
    deals: int
    players: tuple[SeatingEntry, ...]


@dataclass(frozen=True)
class SeriesSeating:
    """The seating list of a series: everyone by name, then every table."""

    by_name: tuple[SeatingEntry, ...]
    by_table: tuple[TableSeating, ...]


def _tables_of(hall: _Hall) -> tuple[TableSeating, ...]:
    """Every table of the series with the players of its first stay (a fixed table's only one)."""
    tables = []
    for table in hall.tables:
        seated = hall.at_table.get((table.id, 1), [])
        players = tuple(SeatingEntry(*hall.players[player], table.number, seat) for seat, player, _pair, _place in seated)
        tables.append(TableSeating(table.number, table.size, hall.schedule[table.id].deals, players))
    return tuple(tables)


def seating_list(tournament: Tournament, series: int | None = None) -> Printout:
    """The series' seating list: every player alphabetically with his table and seat, then table by table."""
    hall = _Hall(tournament, series)
    tables = _tables_of(hall)
    by_name = tuple(sorted((entry for table in tables for entry in table.players),
                           key=lambda entry: (entry.name.casefold(), entry.club.casefold(), entry.table)))
    return Printout(hall.heading, (SeriesSeating(by_name, tables),))


def table_lists(tournament: Tournament, series: int | None = None) -> Printout:
    """The blank lists of the series' tables (ISkO's Spielliste), one a table."""
    hall = _Hall(tournament, series)
    return Printout(hall.heading, _tables_of(hall))
