"""Reads for a table's score sheet: where the next deal stands, who sits where, and the running columns.

Vocabulary:
    slot            a deal's place on the sheet (``scoring.results.Slot``): its number through the session at the
                    table, its stay, its number within the stay, the dealer and the three active players (V, M, H).
    schedule        how many stays the table plays and how many deals in each: ``seating.schedule``.
    running columns each player's won and lost points and games so far (Foster: only the column of the
                    player who played - or lost the Ramsch - takes the entry).
Every function here reads with a fixed number of queries.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Sum
from django.utils.translation import gettext

from scoring.engine.columns import LOST, WON, column_of, won_lost_points
from scoring.engine.table import active_seats, dealer_seat
from scoring.models import Deal
from scoring.results import EntryError, SeatedPlayer, Slot, lost, won
from seating.models import Seat, Table
from seating.movements import MovementUserError
from seating.schedule import schedule_of


def seated_by_stay(table: Table) -> dict[int, tuple[SeatedPlayer, ...]]:
    seats = defaultdict(list)
    for stay, seat, player_id, name in (Seat.objects.filter(table=table).order_by("stay", "seat")
                                        .values_list("stay", "seat", "player_id", "player__name")):
        seats[stay].append(SeatedPlayer(seat, player_id, name))
    return {stay: tuple(players) for stay, players in seats.items()}


def deal_slot(table: Table, number: int, seated: dict | None = None) -> Slot:
    """Where deal ``number`` stands on the table's sheet; refused past the last deal the stays allow."""
    try:
        stay, in_stay = schedule_of(table).stay_of(number)
    except MovementUserError as err:
        raise EntryError(None, err.message[:1].upper() + err.message[1:] + ".") from None
    seated = seated if seated is not None else seated_by_stay(table)
    players = seated.get(stay)
    if not players:
        raise EntryError(None, gettext("Nobody is seated at table {table} in stay {stay}: draw the seats "
                                       "first.").format(table=table.number, stay=stay))
    by_seat = {p.seat: p for p in players}
    size = len(players)
    dealer = by_seat[dealer_seat(in_stay, size)]
    active = tuple(by_seat[s] for s in active_seats(dealer.seat, size))
    return Slot(number, stay, in_stay, players, dealer, active)


def next_deal_number(table: Table) -> int:
    last = Deal.objects.filter(table=table).order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


@dataclass
class Column:
    player_id: int
    name: str
    won_points: int = 0
    lost_points: int = 0
    games_won: int = 0
    games_lost: int = 0

    @property
    def net_points(self) -> int:
        return self.won_points - self.lost_points

    @property
    def net_games(self) -> int:
        return self.games_won - self.games_lost


@dataclass
class Sheet:
    table: Table
    stays: int
    per_stay: int
    seated: dict[int, tuple[SeatedPlayer, ...]]
    deals: list[Deal]
    columns: dict[int, Column] = field(default_factory=dict)

    @property
    def total_deals(self) -> int:
        return self.stays * self.per_stay

    @property
    def next_number(self) -> int:
        return (self.deals[-1].number if self.deals else 0) + 1

    @property
    def complete(self) -> bool:
        return self.next_number > self.total_deals

    @property
    def progress(self) -> SheetProgress:
        return SheetProgress(self.table, self.stays, self.per_stay, self.seated, self.next_number)

    def stay_played(self, stay: int) -> bool:
        return self.progress.stay_played(stay)

    def paper_open(self, stay: int) -> bool:
        return self.progress.paper_open(stay)


@dataclass(frozen=True)
class SheetProgress:
    """How far a table's sheet is entered, known without reading its deals: its stays, who sat in each and the
    number the next deal takes. A save knows it (the seats it read and the number it saved), so its answer needs
    no second read of the sheet."""

    table: Table
    stays: int
    per_stay: int
    seated: dict[int, tuple[SeatedPlayer, ...]]
    next_number: int

    def stay_played(self, stay: int) -> bool:
        """Whether the stay's last deal is entered (its slips can be made from the sheet)."""
        return 1 <= stay <= self.stays and self.next_number > stay * self.per_stay

    def paper_open(self, stay: int) -> bool:
        """Whether a paper slip can be copied for the stay: once its last deal is entered (the slip is then checked
        against the sheet), or while the table has entered no deal at all (its sheet stayed on paper, and nothing
        here tells which of its stays are played). A stay the sheet has not reached yet is not played yet."""
        return 1 <= stay <= self.stays and (self.next_number == 1 or self.stay_played(stay))


def sheet_progress(table: Table, seated: dict[int, tuple[SeatedPlayer, ...]], next_number: int) -> SheetProgress:
    """The progress of a sheet whose seats (``seated_by_stay``) and next deal's number are known: no query."""
    schedule = schedule_of(table)
    return SheetProgress(table, schedule.stays, schedule.deals_per_stay, seated, next_number)


def table_sheet(table: Table) -> Sheet:
    """The table's sheet: every deal and each player's running won/lost columns (voided deals count nothing)."""
    schedule = schedule_of(table)
    seated = seated_by_stay(table)
    deals = list(Deal.objects.filter(table=table).select_related("player", "declarer", "dealer").order_by("number"))
    sheet = Sheet(table, schedule.stays, schedule.deals_per_stay, seated, deals)
    for players in seated.values():
        for p in players:
            sheet.columns.setdefault(p.player_id, Column(p.player_id, p.name))
    for deal in deals:
        if deal.voided or deal.player_id is None or deal.player_id not in sheet.columns:
            continue
        column = sheet.columns[deal.player_id]
        won_points, lost_points = won_lost_points(deal.score)
        column.won_points += won_points
        column.lost_points += lost_points
        column.games_won += column_of(deal.score) == WON
        column.games_lost += column_of(deal.score) == LOST
    return sheet


@dataclass(frozen=True)
class SheetRow:
    deal: Deal
    dealer: str
    cells: tuple[tuple[int | None, int | None], ...]  # (won, lost) per player of the stay

    @property
    def span(self) -> int:
        """The columns of the deal number and the scores (a phone shows the game on a line of this width)."""
        return 2 * len(self.cells) + 1


@dataclass(frozen=True)
class StayBlock:
    stay: int
    players: tuple[SeatedPlayer, ...]
    rows: tuple[SheetRow, ...]
    totals: tuple[tuple[int, int], ...]  # (won, lost) per player within the stay


def sheet_row(deal: Deal, players: tuple[SeatedPlayer, ...], names: dict[int, str]) -> SheetRow:
    """One deal's line: its score in the won or the lost column of the player it counts for."""
    cells = []
    for p in players:
        side = None if deal.voided or deal.player_id != p.player_id else column_of(deal.score)
        if side == WON:
            cells.append((deal.score, None))
        elif side == LOST:
            cells.append((None, -deal.score))
        else:
            cells.append((None, None))
    return SheetRow(deal, names.get(deal.dealer_id, ""), tuple(cells))


def stay_totals(table: Table, stay: int, players: tuple[SeatedPlayer, ...]) -> tuple[tuple[int, int], ...]:
    """The stay's (won, lost) per player, added up by the database (one query), as ``sheet_blocks`` adds them."""
    sums = {player_id: (won_sum or 0, -(lost_sum or 0)) for player_id, won_sum, lost_sum in (
        Deal.objects.filter(table=table, stay=stay, voided=False, player__isnull=False).order_by()
        .values("player_id").annotate(won=Sum("score", filter=won()), lost=Sum("score", filter=lost()))
        .values_list("player_id", "won", "lost"))}
    return tuple(sums.get(p.player_id, (0, 0)) for p in players)


def slot_plan(table: Table, seated: dict[int, tuple[SeatedPlayer, ...]], first: int, last: int) -> list[dict]:
    """Deals ``first``..``last`` as the phone needs them to open the next deal by itself (offline too): number,
    stay, dealer and the three who hold cards (V, M, H). No query: the seats are given."""
    plan = []
    for number in range(first, last + 1):
        try:
            slot = deal_slot(table, number, seated)
        except EntryError:
            break
        plan.append({"n": number, "stay": slot.stay, "dealer": slot.dealer.name,
                     "active": [[p.player_id, p.name] for p in slot.active]})
    return plan


def sheet_blocks(sheet: Sheet) -> list[StayBlock]:
    """The sheet as Foster drew it, one block per stay: deal numbers down the margin, a won and a lost
    column for each player, the dealer marked and the remarks at the right."""
    names = {p.player_id: p.name for players in sheet.seated.values() for p in players}
    by_stay: dict[int, list[Deal]] = defaultdict(list)
    for deal in sheet.deals:
        by_stay[deal.stay].append(deal)
    blocks = []
    for stay in sorted(set(sheet.seated) | set(by_stay)):
        players = sheet.seated.get(stay, ())
        won_lost = {p.player_id: [0, 0] for p in players}
        rows = []
        for deal in by_stay.get(stay, []):
            row = sheet_row(deal, players, names)
            for p, (won_cell, lost_cell) in zip(players, row.cells):
                won_lost[p.player_id][0] += won_cell or 0
                won_lost[p.player_id][1] += lost_cell or 0
            rows.append(row)
        blocks.append(StayBlock(stay, players, tuple(rows), tuple(tuple(won_lost[p.player_id]) for p in players)))
    return blocks
