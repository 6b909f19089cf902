"""What the deals say about who played what: plain rows for the statistics above scoring, read in a fixed number
of queries whatever the number of events and series.

Vocabulary:
    reading     a stored deal's game as the engine valued it (``game_read``): its kind ("clubs" … "diamonds",
                "grand", "null") and whether it was played from the hand (``Game.from_hand``), found from the
                name the engine wrote beside the deal, else from the entered words, hand and ouvert, under the
                event's rulebook. One reading under every rulebook: the statistics and the export use it alike.
    declared    the games a player declared, not voided, grouped: (player, kind, hand, won, count), or the same
                per registry member (``games_declared``): some thirty rows a member, read by one GROUP BY. A
                Ramsch or a deal thrown in is nobody's game.
    thrown in   the deals of a player's stays that were thrown in (all passed under ISkO), not voided: (event,
                series, table, player, count) (``thrown_in_at``). A stay's seats are its own, else the table's
                stay 1 (a fixed table keeps its seats at stay 1), as the standings read them.
    seated      who sat at each table of the players' series, with the table's size: (event, series, table, size,
                player) (``seated_with``): a player's table mates.
    table deals every deal of some tables, one row each (``table_deals``): for a seat two people held in one series.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from django.db import connection
from django.db.models import Count, QuerySet

from common.rows import plain_rows
from scoring.engine import InvalidDeal, find_game, get_rulebook
from scoring.models import Deal
from seating.models import Seat


class DeclaredGames(NamedTuple):
    holder: int  # the declarer's event player id, or his member id (``per_member``)
    kind: str
    hand: bool
    won: bool
    count: int


class TableDeal(NamedTuple):
    event: int
    series: int
    table: int
    number: int
    kind: str  # the deal's kind: "game", "ramsch" or "thrown_in"
    declarer: int | None
    game: str  # the game's kind (``game_read``), "" for a deal that is no game
    hand: bool
    won: bool


@lru_cache(maxsize=4096)
def game_read(rulebook: str, game_name: str, game: str, hand: bool, ouvert: bool) -> tuple[str, bool]:
    """(kind, from the hand) of a deal's game as the engine valued it under ``rulebook``; ("", False) for words no
    game of the rulebook answers to (a deal kept from an import the engine no longer reads)."""
    book = get_rulebook(rulebook)
    found = book.games_by_name.get(game_name)
    if found is None:
        try:
            found = find_game(book, game, hand=hand, ouvert=ouvert)
        except InvalidDeal:
            return "", False
    return found.kind, found.from_hand


def deal_from_hand(deal: Deal, rulebook: str) -> bool:
    """Whether ``deal``'s game was played from the hand, as the engine read it (False for a deal that is no game)."""
    if deal.kind != Deal.Kind.GAME:
        return False
    return game_read(rulebook, deal.game_name, deal.game, deal.hand, deal.ouvert)[1]


def games_declared(players: QuerySet | Iterable[int], *, per_member: bool = False,
                   events: Iterable[int] | None = None) -> list[DeclaredGames]:
    """The games ``players`` (event player ids, or a query of them) declared, grouped by declarer, or by his
    registry member with ``per_member`` (see the module); ``events``, when given, are the events they played
    (the deals of others are then not even looked at)."""
    holder = "declarer__member_id" if per_member else "declarer_id"
    deals = Deal.objects.filter(tournament__in=list(events)) if events is not None else Deal.objects.all()
    rows = (deals.filter(declarer__in=players, kind=Deal.Kind.GAME, voided=False).order_by()
            .values_list(holder, "tournament__scoring__rulebook", "game_name", "game", "hand", "ouvert", "won")
            .annotate(count=Count("id")))
    made: dict[tuple, int] = defaultdict(int)  # two names of one reading (an old row's words) are one row
    for who, rulebook, name, game, hand, ouvert, won, count in rows:
        made[(who, *game_read(rulebook, name, game, hand, ouvert), bool(won))] += count
    return [DeclaredGames(*key, count) for key, count in made.items()]


def thrown_in_at(players: QuerySet | Iterable[int],
                 events: Iterable[int] | None = None) -> list[tuple[int, int, int, int, int]]:
    """(event, series, table, player, deals thrown in) of the stays of ``players`` (see the module): a list of
    ids, or a query of one column of them (read as a subquery, however many they are); ``events``, when given,
    the events they played (no other deal is looked at)."""
    deal, seat = Deal._meta.db_table, Seat._meta.db_table
    if isinstance(players, QuerySet):
        chosen, params = players.query.get_compiler(using=players.db).as_sql()
    else:
        ids = list(players)
        if not ids:
            return []
        chosen, params = ", ".join(["%s"] * len(ids)), ids
    among = list(events) if events is not None else []
    within = f"AND d.tournament_id IN ({', '.join(['%s'] * len(among))})" if among else ""
    sql = f"""
    SELECT s.tournament_id, s.series, d.table_id, s.player_id, COUNT(*)
    FROM {deal} d JOIN {seat} s ON s.table_id = d.table_id
        AND s.stay = CASE WHEN EXISTS (SELECT 1 FROM {seat} x WHERE x.table_id = d.table_id AND x.stay = d.stay)
                          THEN d.stay ELSE 1 END
    WHERE d.kind = %s AND NOT d.voided AND s.player_id IN ({chosen}) {within}
    GROUP BY s.tournament_id, s.series, d.table_id, s.player_id"""
    with connection.cursor() as cursor:
        cursor.execute(sql, [Deal.Kind.THROWN_IN, *params, *among])
        return [tuple(row) for row in cursor.fetchall()]


def seated_with(players: QuerySet | Iterable[int]) -> list[tuple[int, int, int, int, int]]:
    """(event, series, table, table size, player) of everyone seated at the tables ``players`` sat at, each once a
    table."""
    tables = Seat.objects.filter(player__in=players).order_by().values("table_id")
    return plain_rows(Seat.objects.filter(table__in=tables).order_by()
                      .values_list("tournament_id", "series", "table_id", "table__size", "player_id").distinct())


def table_deals(tables: Iterable[int]) -> list[TableDeal]:
    """Every deal of ``tables`` not voided, in the tables' order, one row each (see the module)."""
    rows = (Deal.objects.filter(table__in=list(tables), voided=False).order_by("table_id", "number")
            .values_list("tournament_id", "table__series", "table_id", "number", "kind", "declarer_id",
                         "tournament__scoring__rulebook", "game_name", "game", "hand", "ouvert", "won"))
    made = []
    for event, series, table, number, kind, declarer, rulebook, name, game, hand, ouvert, won in rows:
        game_kind, from_hand = (game_read(rulebook, name, game, hand, ouvert) if kind == Deal.Kind.GAME
                                else ("", False))
        made.append(TableDeal(event, series, table, number, kind, declarer, game_kind, from_hand, bool(won)))
    return made
