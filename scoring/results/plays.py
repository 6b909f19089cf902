"""What the deals say about who played what: plain rows for the statistics above scoring, read in a fixed number
of queries whatever the number of events and series.

Vocabulary:
    reading     a stored deal's game as the engine valued it (``game_read``): its kind ("clubs" … "diamonds",
                "grand", "null") and whether it was played from the hand (``Game.from_hand``), found from the
                name the engine wrote beside the deal, else from the entered words, hand and ouvert, under the
                event's rulebook. One reading under every rulebook: the statistics and the export use it alike.
    plays       what the statistics count of a player's deals in one series (``series_plays``), in the order of
                ``PLAY_COLUMNS``: the deals of his stays thrown in (all passed under ISkO; a stay's seats are its
                own, else the table's stay 1, as the standings read them), then the games he declared, not voided,
                played and won: from the hand, then by kind (``GAME_KINDS``; a game of another kind counts under
                none, yet from the hand when it was). A Ramsch or a deal thrown in is nobody's game. The series totals keep them beside each row
                (``scoring.results.series_totals``), so a club's year reads them without a pass over its deals.
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

GAME_KINDS = ("diamonds", "hearts", "spades", "clubs", "grand", "null")  # the kinds of ``Game.kind`` counted
PLAY_COLUMNS = ("passed_in", "hand_played", "hand_won",
                *(f"{kind}_{what}" for kind in GAME_KINDS for what in ("played", "won")))
_HAND = (PLAY_COLUMNS.index("hand_played"),)
_KIND = {kind: (PLAY_COLUMNS.index(f"{kind}_played"),) for kind in GAME_KINDS}


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


def series_plays(events: Iterable[int], players: QuerySet | Iterable[int] | None = None
                 ) -> dict[tuple[int, int, int], list[int]]:
    """The plays of every player in every series of ``events`` (event ids), counted from their deals now (see the
    module): {(event, series, player): his counts in ``PLAY_COLUMNS`` order}, only ``players``' (event player ids,
    or a query of them, read as a subquery) when given. Two queries whatever the number of events and players; a
    player with nothing counted in a series has no key there."""
    ids = list(events)
    if not ids:
        return {}
    counted: dict[tuple[int, int, int], list[int]] = defaultdict(lambda: [0] * len(PLAY_COLUMNS))
    games = Deal.objects.filter(tournament__in=ids, kind=Deal.Kind.GAME, voided=False, declarer__isnull=False)
    if players is not None:
        games = games.filter(declarer__in=players)
    for event, series, who, rulebook, name, game, hand, ouvert, won, count in (
            games.order_by().values_list("tournament_id", "table__series", "declarer_id",
                                         "tournament__scoring__rulebook", "game_name", "game", "hand", "ouvert", "won")
            .annotate(count=Count("id"))):
        kind, from_hand = game_read(rulebook, name, game, hand, ouvert)
        counts = counted[(event, series, who)]
        for column in ((_HAND if from_hand else ()) + _KIND.get(kind, ())):
            counts[column] += count  # played
            counts[column + 1] += count if won else 0  # won
    for event, series, who, count in _thrown_in(ids, players):
        counted[(event, series, who)][0] += count
    return dict(counted)


def _thrown_in(ids: list[int], players: QuerySet | Iterable[int] | None) -> list[tuple[int, int, int, int]]:
    """(event, series, player, deals thrown in) at the stays of the players of the events ``ids`` (``players``'
    only, when given): a stay's seats are its own, else the table's stay 1."""
    deal, seat = Deal._meta.db_table, Seat._meta.db_table
    params: list = [Deal.Kind.THROWN_IN, *ids]
    among = ""
    if isinstance(players, QuerySet):
        chosen, chosen_params = players.query.get_compiler(using=players.db).as_sql()
        among, params = f"AND s.player_id IN ({chosen})", [*params, *chosen_params]
    elif players is not None:
        chosen_ids = list(players)
        if not chosen_ids:
            return []
        among, params = f"AND s.player_id IN ({', '.join(['%s'] * len(chosen_ids))})", [*params, *chosen_ids]
    sql = f"""
    SELECT s.tournament_id, s.series, s.player_id, COUNT(*)
    FROM {deal} d JOIN {seat} s ON s.table_id = d.table_id
        AND s.stay = CASE WHEN EXISTS (SELECT 1 FROM {seat} x WHERE x.table_id = d.table_id AND x.stay = d.stay)
                          THEN d.stay ELSE 1 END
    WHERE d.kind = %s AND NOT d.voided AND d.tournament_id IN ({', '.join(['%s'] * len(ids))}) {among}
    GROUP BY s.tournament_id, s.series, s.player_id"""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
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
