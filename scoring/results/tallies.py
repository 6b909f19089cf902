"""The totals the standings read: kept by the database, and proved against a fresh count of the deals.

Vocabulary:
    group          the deals of one table, stay, player (whose column takes the score; none for a deal thrown
                   in) and kind (game, Ramsch, thrown in), not voided.
    tally row      one group's totals: entries, games won and lost, points won and lost, and its best won games
                   packed into integers for the prizes (``pack_*``): the columns of ``StayTally``.
    kept rows      the ``StayTally`` rows the database's triggers keep equal to their groups on every insert,
                   change and deletion of a deal (migration scoring/0013): the standings read these.
    fresh rows     the same totals grouped from the deals now, by another road (the ORM's GROUP BY): what the
                   kept rows are checked against.
"""

from __future__ import annotations

from django.db import connection, transaction
from django.db.models import Count, F, Max, Q, Sum
from django.db.models.functions import Coalesce

from common.rows import plain_rows
from scoring.models import Deal, KeptSeriesTotal, StayTally
from scoring.results.columns import lost, won

# A game's prize key packed into one integer, so the database can take its MAX per group: "without" first, then
# the League's suit order, then the value (values stay far below 100,000). The triggers pack the same way.
WITHOUT_WEIGHT, SUIT_WEIGHT = 1_000_000, 100_000

COLUMNS = ("table_id", "stay", "player_id", "kind", "entries", "games_won", "games_lost", "points_won",
           "points_lost", "highest", "hardest", "solo", "tournee")
"""A tally row, in this order, as both roads give it."""


def in_series(series: int | None, path: str = "series") -> dict:
    """The filter of one series' rows (none for the whole event)."""
    return {} if series is None else {path: series}


def kept_tally_rows(tournament, series: int | None = None, *, best_games: bool = True) -> list[tuple]:
    """The kept rows of a tournament (or of one ``series``), in ``COLUMNS`` order; with ``best_games`` off the
    four best-game columns are None (a page that shows no game prizes)."""
    rows = StayTally.objects.filter(tournament=tournament, **in_series(series, "table__series")).order_by()
    return _kept_columns(rows, best_games)


def _kept_columns(rows, best_games: bool, *first: str) -> list[tuple]:
    """The kept rows' ``first`` columns, then ``COLUMNS`` (the best games None without ``best_games``)."""
    if not best_games:
        return [(*row, None, None, None, None) for row in plain_rows(rows.values_list(*first, *COLUMNS[:9]))]
    return plain_rows(rows.values_list(*first, *COLUMNS))


def kept_tally_rows_by_tournament(tournaments, *, best_games: bool = True) -> dict[int, list[tuple]]:
    """``kept_tally_rows`` of many tournaments in one query: {tournament id: its rows} (a tournament with none
    has no key)."""
    by_tournament: dict[int, list[tuple]] = {}
    for tournament_id, *row in _kept_columns(StayTally.objects.filter(tournament__in=tournaments).order_by(),
                                             best_games, "tournament_id"):
        by_tournament.setdefault(tournament_id, []).append(tuple(row))
    return by_tournament


def _won(**extra) -> Q:
    return won(kind=Deal.Kind.GAME, **extra)


def fresh_tally_rows(tournament, series: int | None = None) -> list[tuple]:
    """The tally rows grouped from the deals now (one GROUP BY), in ``COLUMNS`` order."""
    packed_hardest = F("matadores_without") * WITHOUT_WEIGHT + F("value")
    packed_league = F("matadores_without") * WITHOUT_WEIGHT + F("suit_rank") * SUIT_WEIGHT + F("value")
    groups = (Deal.objects.filter(tournament=tournament, voided=False, **in_series(series, "table__series"))
              .order_by().values("table_id", "stay", "player_id", "kind"))
    return list(groups.annotate(
        entries=Count("id"), games_won=Count("id", filter=won()), games_lost=Count("id", filter=lost()),
        points_won=Coalesce(Sum("score", filter=won()), 0), points_lost=Coalesce(-Sum("score", filter=lost()), 0),
        highest=Max("value", filter=_won()),
        hardest=Max(packed_hardest, filter=_won(matadores_without__gt=0)),
        solo=Max(packed_league, filter=_won(matadores_without__gt=0, method="solo")),
        tournee=Max(packed_league, filter=_won(matadores_without__gt=0, method="tournee")),
    ).values_list(*COLUMNS))


def _keyed(rows) -> dict[tuple, tuple]:
    return {tuple(row[:4]): tuple(row[4:]) for row in rows}


def tallies_check(tournament) -> list[str]:
    """Every group whose kept row differs from its fresh count, or that has more than one kept row, said plainly;
    empty when they all agree."""
    kept_rows = kept_tally_rows(tournament)
    kept, fresh = _keyed(kept_rows), _keyed(fresh_tally_rows(tournament))
    differences = []
    if len(kept) != len(kept_rows):
        seen: dict[tuple, int] = {}
        for row in kept_rows:
            seen[tuple(row[:4])] = seen.get(tuple(row[:4]), 0) + 1
        differences += [f"table id {table}, stay {stay}, player id {player}, {kind}: {count} kept rows"
                        for (table, stay, player, kind), count in seen.items() if count > 1]
    for key in sorted(kept.keys() | fresh.keys(), key=lambda k: tuple(-1 if v is None else v for v in k[:3]) + k[3:]):
        if kept.get(key) != fresh.get(key):
            table, stay, player, kind = key
            differences.append(f"table id {table}, stay {stay}, player id {player}, {kind}: "
                               f"kept {kept.get(key)}, fresh {fresh.get(key)}")
    return differences


def tallies_rebuild(tournament=None) -> int:
    """Make the kept rows of ``tournament`` (of every tournament with None) again from its deals; returns how many
    rows there are now. For a database the triggers did not see filled (a restore that loads rows as they were)."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            # No deal is written while the rows are made again: a deal's trigger waiting on a row deleted here
            # would otherwise add its own beside the rebuilt one. SQLite writes one transaction at a time anyway.
            with connection.cursor() as cursor:
                cursor.execute(f"LOCK TABLE {Deal._meta.db_table} IN SHARE ROW EXCLUSIVE MODE")
        kept = StayTally.objects.all() if tournament is None else StayTally.objects.filter(tournament=tournament)
        kept.delete()
        # the series totals kept of the old rows go with them (a season's next reading makes them again)
        (KeptSeriesTotal.objects.all() if tournament is None else
         KeptSeriesTotal.objects.filter(tournament=tournament)).delete()
        tournaments = ([tournament] if tournament is not None else
                       Deal.objects.order_by().values_list("tournament_id", flat=True).distinct())
        made = []
        for each in tournaments:
            tournament_id = getattr(each, "pk", each)
            made += [StayTally(tournament_id=tournament_id, **dict(zip(COLUMNS, row)))
                     for row in fresh_tally_rows(tournament_id)]
        StayTally.objects.bulk_create(made, batch_size=2000)
        return len(made)
