"""What the cash desk reads: each player's dues and what the book says he paid, the desk's list with its search
and filters, and the cash report's sums. See ``cashdesk`` for the vocabulary."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import F, Sum

from cashdesk.holdbacks import Holdback, holdbacks_of
from cashdesk.models import Payment
from cashdesk.outside import OutsideLine, outside_lines
from common.any_of import AnyOf
from common.folding import contains_folded, folded
from scoring.results import lost_game_money_owed, prize_amounts, tournament_results
from scoring.tournaments.selectors import scoring_settings
from seating.models import Player, Tournament

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
TAKEN = (Payment.Kind.FEE, Payment.Kind.LOST_GAMES)
PAID_OUT = (Payment.Kind.PRIZE,)
SEARCH_MOST = 120


@dataclass(frozen=True)
class Due:
    """One thing one player owes (``kind`` fee or lost_games) or is owed (a prize), and what the book says."""

    player: int
    kind: str
    series: int | None
    prize: str  # a prize's key, "category:place"; "" for the others
    label: str  # a prize's name (a sentence of the standings), "" for the others
    amount: Decimal  # under the rules
    paid: Decimal  # in the book

    @property
    def open(self) -> Decimal:
        return self.amount - self.paid

    @property
    def key(self) -> tuple:
        return (self.player, self.kind, self.series, self.prize)

    @property
    def place(self) -> int | None:
        """A prize's place in its category (``prize`` is "category:place"); None for the others."""
        return int(self.prize.rsplit(":", 1)[1]) if self.prize else None


@dataclass
class PlayerDues:
    """A player's line at the desk: his dues in order (fee, each series, prizes)."""

    player: Player
    dues: list[Due] = field(default_factory=list)

    def of(self, kind: str, series: int | None = None) -> list[Due]:
        return [due for due in self.dues if due.kind == kind and (series is None or due.series == series)]

    @property
    def fee(self) -> Due | None:
        return next(iter(self.of(Payment.Kind.FEE)), None)

    @property
    def series(self) -> list[Due]:
        return self.of(Payment.Kind.LOST_GAMES)

    @property
    def prizes(self) -> list[Due]:
        return self.of(Payment.Kind.PRIZE)

    @property
    def settled(self) -> bool:
        return all(due.open == 0 for due in self.dues)


def prize_key(category: str, place: int) -> str:
    return f"{category}:{place}"


def book_paid(tournament: Tournament) -> dict[tuple, Decimal]:
    """The book's sum for each (player, kind, series, prize)."""
    rows = (Payment.objects.filter(tournament=tournament).order_by()
            .values("player_id", "kind", "series", "prize").annotate(total=Sum("amount")))
    return {(row["player_id"], row["kind"], row["series"], row["prize"]): in_cents(row["total"]) for row in rows}


def dues_of(tournament: Tournament) -> list[Due]:
    """Every due of the event with what the book says of it, in the players' order: the fee (when the rules set
    one), each series' lost-game money (when he owes some or paid some), each money prize he won; and anything the
    book holds that the rules no longer ask (a prize gone to another after a correction): due 0, to give back."""
    settings = scoring_settings(tournament)
    paid = book_paid(tournament)
    amounts: dict[tuple, tuple[Decimal, str]] = {}
    if settings.entry_fee > 0:
        for player in Player.objects.filter(tournament=tournament).values_list("pk", flat=True):
            amounts[(player, Payment.Kind.FEE, None, "")] = (settings.entry_fee, "")
    for number, owed in lost_game_money_owed(tournament).items():
        for player, money in owed.items():
            if money > 0:
                amounts[(player, Payment.Kind.LOST_GAMES, number, "")] = (money, "")
    if settings.prize_money:
        amounts |= prizes_due(tournament, settings)
    for key in paid:
        amounts.setdefault(key, (ZERO, ""))
    return [Due(player, str(kind), series, prize, label=label, amount=amount, paid=paid.get(
                (player, kind, series, prize), ZERO))
            for (player, kind, series, prize), (amount, label) in amounts.items()]


def prizes_due(tournament: Tournament, settings) -> dict[tuple, tuple[Decimal, str]]:
    """Each money prize won, by its due's key: (amount, the prize's name), the prize list's own amounts (the
    standings' awards, ``prize_amounts``), never computed another way."""
    awards = tournament_results(tournament).awards
    return {(award.player, Payment.Kind.PRIZE, None, prize_key(award.category, award.place)): (money, award.name)
            for award, money in zip(awards, prize_amounts(settings, awards))
            if money is not None and award.player is not None}


def due_of(tournament: Tournament, player_id: int, kind: str, series: int | None, prize: str) -> Due | None:
    """The one due of ``player_id`` with that key as ``dues_of`` gives it (None where it gives none), reading only
    what it touches: the player's fee, his lost games of that series, or (a prize) the standings' prize list."""
    settings = scoring_settings(tournament)
    key = (player_id, kind, series, prize)
    paid = Payment.objects.filter(tournament=tournament, player_id=player_id, kind=kind, series=series,
                                  prize=prize).aggregate(total=Sum("amount"))["total"]
    amount, label = None, ""
    if kind == Payment.Kind.FEE and series is None and not prize:
        if settings.entry_fee > 0 and Player.objects.filter(tournament=tournament, pk=player_id).exists():
            amount = settings.entry_fee
    elif kind == Payment.Kind.LOST_GAMES and series is not None and not prize:
        money = lost_game_money_owed(tournament, player=player_id, series=series).get(series, {}).get(player_id)
        amount = money if money else None
    elif kind == Payment.Kind.PRIZE and series is None and settings.prize_money:
        amount, label = prizes_due(tournament, settings).get(key, (None, ""))
    if amount is None and paid is None:
        return None
    return Due(player_id, str(kind), series, prize, label=label, amount=amount if amount is not None else ZERO,
               paid=paid if paid is not None else ZERO)


KIND_ORDER = {Payment.Kind.FEE: 0, Payment.Kind.LOST_GAMES: 1, Payment.Kind.PRIZE: 2}


FILTERS = ("fee", "prize", "paid")


@dataclass(frozen=True)
class DeskList:
    """The desk's list as shown: its rows, the series offered as filters (those with lost-game money due: played
    series with deals; a series only drawn has none yet), the filter applied (``""``: everyone) and whether the
    filter sent was one the desk does not offer (then everyone is listed, with a note)."""

    rows: list[PlayerDues]
    series: list[int]
    show: str
    unknown: bool

    @property
    def series_filters(self) -> list[tuple[int, str]]:
        return [(number, series_filter(number)) for number in self.series]


def series_filter(number: int) -> str:
    return f"series-{number}"


def desk_list(tournament: Tournament, *, search: str = "", show: str = "") -> DeskList:
    """The desk's list: every player whose name, club or membership number contains ``search`` (or whose number,
    ``#12`` or ``12``, it is), with his dues; ``show`` filters it: ``fee`` (owes the fee), ``series-N`` (owes
    lost-game money for series N, offered only for a series with lost-game money due), ``prize`` (a prize to pay
    out), ``paid`` (nothing open); no filter or one not offered: everyone."""
    players = Player.objects.filter(tournament=tournament).order_by("name", "pk")
    text = (search or "").strip()[:SEARCH_MOST]
    rows = {player.pk: PlayerDues(player) for player in players if not text or _found(player, text)}
    dues = dues_of(tournament)
    series = sorted({due.series for due in dues if due.kind == Payment.Kind.LOST_GAMES})
    for due in sorted(dues, key=lambda d: (KIND_ORDER[d.kind], d.series or 0, d.prize)):
        if due.player in rows:
            rows[due.player].dues.append(due)
    offered = show in FILTERS or show in {series_filter(number) for number in series}
    applied = show if offered else ""
    return DeskList(rows=[row for row in rows.values() if _shown(row, applied)], series=series, show=applied,
                    unknown=bool(show) and not offered)


def _found(player: Player, text: str) -> bool:
    """Whether the desk's search finds ``player``: his name or club contains ``text`` (folded: "öz" finds
    "Özdemir" on SQLite too), or it is his membership number or his number (``#12`` or ``12``)."""
    number = text.lstrip("#")
    if number.isascii() and number.isdigit() and len(number) <= 12 and player.pk == int(number):
        return True
    return contains_folded(text, player.name, player.club) or folded(text) == folded(player.membership_number)


def _shown(row: PlayerDues, show: str) -> bool:
    """Whether ``row`` is listed under the filter ``show``, one the desk offers (``desk_list``)."""
    if show == "fee":
        return any(due.open > 0 for due in row.of(Payment.Kind.FEE))
    if show.startswith("series-"):
        return any(due.open > 0 for due in row.of(Payment.Kind.LOST_GAMES, int(show.removeprefix("series-"))))
    if show == "prize":
        return any(due.open > 0 for due in row.prizes)
    if show == "paid":
        return row.settled
    return True


@dataclass(frozen=True)
class CashSummary:
    """The cash report: what the book holds, by kind, and what is still open under the rules."""

    currency: str
    fees: Decimal
    fees_paid_by: int  # players whose fee is in the book
    lost_games: dict[int, Decimal]  # series -> taken
    prizes: Decimal
    holdbacks: tuple[Holdback, ...]  # what the apps built on scoring hold back of the fees (a season's share)
    open_fees: Decimal
    open_lost_games: Decimal
    open_prizes: Decimal
    lines: list  # the book's lines, in order
    outside: tuple[OutsideLine, ...] = ()  # a league's lines belonging to the event (``cashdesk.outside``)

    @property
    def lost_game_money(self) -> Decimal:
        return sum(self.lost_games.values(), ZERO)

    @property
    def outside_taken(self) -> Decimal:
        """The league's money taken at this event's desk: in its cash (a line taken elsewhere is not)."""
        return sum((line.amount for line in self.outside if line.here), ZERO)

    @property
    def outside_open(self) -> Decimal:
        return sum((line.amount for line in self.outside if line.open), ZERO)

    @property
    def taken(self) -> Decimal:
        return self.fees + self.lost_game_money + self.outside_taken

    @property
    def paid_out(self) -> Decimal:
        return self.prizes

    @property
    def held_back(self) -> Decimal:
        return sum((held.amount for held in self.holdbacks), ZERO)

    @property
    def balance(self) -> Decimal:
        return self.taken - self.paid_out - self.held_back


def fees_taken(tournament_ids: list[int]) -> dict[int, Decimal]:
    """The entry fees each event's book says were taken: the sum of its fee lines, reversals included (one query
    for all of them; an event without any: 0). What a season's share is held back of."""
    taken = dict(Payment.objects.filter(AnyOf(F("tournament_id"), tournament_ids), kind=Payment.Kind.FEE).order_by()
                 .values_list("tournament").annotate(total=Sum("amount")))
    return {pk: in_cents(taken.get(pk, ZERO)) for pk in tournament_ids}


def in_cents(total: Decimal) -> Decimal:
    """A database's sum of amounts, to the cent: SQLite adds decimals as binary floats (0.01 + 0.02 - 0.01 - 0.02
    comes back as -3.5e-18), and a share held back of that, rounded half a cent up, could be a cent off. The lines
    are whole cents, so the float's error, far below half a cent, is what quantizing takes away."""
    return total.quantize(CENT) + 0  # + 0: never "-0.00"


def cash_summary(tournament: Tournament) -> CashSummary:
    """The cash report's figures, each the plain sum of the book's lines of its kind (reversals included), and
    what is held back of the fees taken (``holdbacks``)."""
    lines = list(Payment.objects.filter(tournament=tournament).select_related("player", "by", "reverses")
                 .order_by("at", "pk"))
    fees = fees_taken([tournament.pk])[tournament.pk]
    prizes, lost_games = ZERO, defaultdict(lambda: ZERO)
    fee_paid: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for line in lines:
        if line.kind == Payment.Kind.FEE:
            fee_paid[line.player_id] += line.amount
        elif line.kind == Payment.Kind.LOST_GAMES:
            lost_games[line.series] += line.amount
        else:
            prizes += line.amount
    dues = dues_of(tournament)

    def open_of(kind) -> Decimal:
        return sum((due.open for due in dues if due.kind == kind and due.open > 0), ZERO)

    settings = scoring_settings(tournament)
    return CashSummary(currency=settings.currency, fees=fees, fees_paid_by=sum(1 for v in fee_paid.values() if v > 0),
                       lost_games=dict(sorted(lost_games.items())), prizes=prizes,
                       holdbacks=holdbacks_of(tournament, fees),
                       open_fees=open_of(Payment.Kind.FEE), open_lost_games=open_of(Payment.Kind.LOST_GAMES),
                       open_prizes=open_of(Payment.Kind.PRIZE), lines=lines, outside=outside_lines(tournament))
