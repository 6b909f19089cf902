"""Many events' series totals at once (a season's evenings): each player's ``total`` and ``deals_played`` in each
series, as each series' standings show them, and each player's overall rank.

Vocabulary:
    stay sums     a player's sums over one series' table stays (``scoring.standings.StaySums``): his own entries'
                  points and games, the deals at the stays he sat at, and what the others there lost. One query
                  over the kept tallies (``StayTally``, the rows the standings read) gives them for every player
                  of every series of every event; ``sums_total`` makes his total of them: the one
                  ``compute_standings`` gives (a property test holds the two equal for every system).
    series rows   the same totals as plain rows (event id, series, player, total, deals played), all of many events'
                  series in one list in no order (``events_series_rows``): what a season reads, 12,500 of them for a
                  club's year, made into nothing in Python on the way; or with the player's registry member in his
                  place (``members``), joined in the database.
    kept totals   the series totals as kept (``KeptSeriesTotal``): made by the first reading after a change of an
                  event's deals or scoring settings, read by every later one; triggers delete an event's rows on
                  any such change. Each row keeps its player's plays of the series beside (``scoring.results.
                  plays``: deals thrown in, games declared), counted from the deals when the row is made, read by
                  the statistics (``kept_series_plays``), and his player's registry member (a trigger copies a
                  change of the player's member to his rows): a season reads the rows under their members.
    seated        who sat at a table in a stay: the seats of that stay, else the table's stay 1 (a fixed table
                  keeps its seats at stay 1), as ``scoring.results.tournament.fold_tallies`` reads them.
    paper stays   a stay counted from OK'd paper slips: an event with one is read through its full standings
                  (``tournament_results``), as are the overall ranks when asked for (points by placement).
    marks         a caller's grouping of event players (``grouped_series_totals``): a league's teams, say. The
                  series totals of each mark's players seated in a series are summed in the database, one row a
                  mark, so a reading fetches a handful of rows per series instead of one per player.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter
from typing import NamedTuple

from django.db import OperationalError, connection, connections, transaction
from django.db.models import F, QuerySet

from common.any_of import AnyOf
from common.rows import plain_rows
from scoring.models import KeptSeriesTotal, PrizeChoice, PrizeCut, StayTally
from scoring.results.plays import PLAY_COLUMNS, series_plays
from scoring.results.slips import events_with_paper_stays, slip_checks
from scoring.results.tallies import kept_tally_rows_by_tournament
from scoring.results.tournament import SEAT_ORDER, Reads, seated_of, tournament_results
from scoring.standings import ScoringSystem, StaySums, sums_total
from scoring.standings.systems import SEEGER_FABIAN_OTHERS_LOST
from scoring.tournaments.selectors import scoring_settings
from seating.models import Player, Seat, Table, Tournament
from seating.selectors import event_played


class SeriesTotal(NamedTuple):
    """A player's row of a series' standings, as far as a season reads it: its ``total`` and ``deals_played``."""

    player: int
    total: int
    deals_played: int


class MarkTotal(NamedTuple):
    """The series totals of one mark's players in one series, summed: their ``total`` and ``deals_played``."""

    total: int
    deals_played: int


@dataclass(frozen=True)
class EventTotals:
    """One event's series totals: for each drawn series (``series_numbers``, in order) a row of every player who
    played a deal in it or holds a total there (by player id; a player entered but not yet at a table has none,
    his standing being all noughts); each player's overall rank (``event_results(t).overall.rows()``; empty when
    not asked for); and its currency. (The entry fees a season holds a share of are those the cash book says were
    taken: ``cashdesk.selectors.fees_taken``.)"""

    tournament: Tournament
    series_numbers: list[int]
    series: list[list[SeriesTotal]]
    ranks: dict[int, int]
    currency: str


def _stay_sums_sql(count: int) -> str:
    """One query: per event, series and player, the ``StaySums`` columns over the kept tallies of ``count``
    events. A row of a group without a player, or thrown in, counts for the stay's deals only (as in
    ``fold_tallies``). What the others lost at a player's stays is what all lost there (added from the seats)
    less his own there (taken off from his tally rows at the stays he sat at)."""
    tally, seat, table = StayTally._meta.db_table, Seat._meta.db_table, Table._meta.db_table
    ids = ", ".join(["%s"] * count)
    counted = "k.player_id IS NOT NULL AND k.kind <> 'thrown_in'"
    bonus = " ".join(f"WHEN {size} THEN {points}" for size, points in SEEGER_FABIAN_OTHERS_LOST.items())
    bonus = f"CASE z.seated {bonus} ELSE {SEEGER_FABIAN_OTHERS_LOST[4]} END"
    seated = (f"EXISTS (SELECT 1 FROM {seat} x WHERE x.table_id = k.table_id AND x.stay = z.seats_at "
              f"AND x.player_id = k.player_id)")
    return f"""
    WITH stay AS (
        SELECT k.table_id, k.stay, SUM(k.entries) AS deals,
               SUM(CASE WHEN {counted} THEN k.points_lost ELSE 0 END) AS points_lost,
               SUM(CASE WHEN {counted} THEN k.games_lost ELSE 0 END) AS games_lost
        FROM {tally} k WHERE k.tournament_id IN ({ids}) GROUP BY k.table_id, k.stay),
    placed AS (
        SELECT st.*, CASE WHEN EXISTS (SELECT 1 FROM {seat} x WHERE x.table_id = st.table_id AND x.stay = st.stay)
                          THEN st.stay ELSE 1 END AS seats_at FROM stay st),
    sized AS (
        SELECT p.*, (SELECT COUNT(*) FROM {seat} x WHERE x.table_id = p.table_id AND x.stay = p.seats_at) AS seated
        FROM placed p)
    SELECT t.tournament_id, t.series, u.player_id, SUM(u.points_won), SUM(u.points_lost), SUM(u.games_won),
           SUM(u.games_lost), SUM(u.game_games_won), SUM(u.game_games_lost), SUM(u.deals), SUM(u.others_points_lost),
           SUM(u.others_lost), SUM(u.others_lost_bonus)
    FROM (
        SELECT s.player_id, z.table_id, 0 AS points_won, 0 AS points_lost, 0 AS games_won, 0 AS games_lost,
               0 AS game_games_won, 0 AS game_games_lost, z.deals, z.points_lost AS others_points_lost,
               z.games_lost AS others_lost, z.games_lost * {bonus} AS others_lost_bonus
        FROM sized z JOIN {seat} s ON s.table_id = z.table_id AND s.stay = z.seats_at
        UNION ALL
        SELECT k.player_id, k.table_id, k.points_won, k.points_lost, k.games_won, k.games_lost,
               CASE WHEN k.kind = 'game' THEN k.games_won ELSE 0 END,
               CASE WHEN k.kind = 'game' THEN k.games_lost ELSE 0 END, 0,
               CASE WHEN {seated} THEN -k.points_lost ELSE 0 END, CASE WHEN {seated} THEN -k.games_lost ELSE 0 END,
               CASE WHEN {seated} THEN -k.games_lost * {bonus} ELSE 0 END
        FROM {tally} k JOIN sized z ON z.table_id = k.table_id AND z.stay = k.stay
        WHERE k.tournament_id IN ({ids}) AND {counted}) u
    JOIN {table} t ON t.id = u.table_id
    GROUP BY t.tournament_id, t.series, u.player_id"""


def stay_sums(ids: list[int]) -> dict[tuple[int, int], dict[int, StaySums]]:
    """{(event id, series): {player: his ``StaySums``}} of the events ``ids``, from their kept tallies in one
    query."""
    sums: dict[tuple[int, int], dict[int, StaySums]] = {}
    if not ids:
        return sums
    with connection.cursor() as cursor:
        cursor.execute(_stay_sums_sql(len(ids)), [*ids, *ids])
        for tournament_id, series, player, *figures in cursor.fetchall():
            sums.setdefault((tournament_id, series), {})[player] = StaySums._make(map(int, figures))
    return sums


KEPT_COLUMNS = ("tournament_id", "series", "player_id", "total", "deals_played")
_series_of, _event_of = itemgetter(0, 1), itemgetter(0)  # a series row's (event, series), its event


def kept_series_totals(events: list[Tournament]) -> dict[tuple[int, int], list[SeriesTotal]]:
    """{(event id, series): its rows (``SeriesTotal``, by player id)} of ``events`` (read with their scoring
    settings): as kept (``KeptSeriesTotal``) for an event played, whose first reading after a change makes its rows
    (``_keep``); summed now for one still being played (a reading of the evening at the tables never writes)."""
    ids = [event.pk for event in events]
    if not ids:  # every event read through its standings (paper stays): no query of an empty list
        return {}
    rows = plain_rows(_kept_totals(ids).order_by(*KEPT_COLUMNS[:3]).values_list(*KEPT_COLUMNS))
    totals = {key: [SeriesTotal(player, total, deals) for _, _, player, total, deals in part]
              for key, part in groupby(rows, key=_series_of)}
    return totals | _unkept(events, {tournament_id for tournament_id, _ in totals})


def kept_series_rows(events: list[Tournament], *, members: bool = False) -> list[tuple[int, int, int, int, int]]:
    """The rows of ``kept_series_totals`` as one list of series rows (event id, series, player, total, deals
    played), in no order: the kept ones as the database gives them (no sort, no row made in Python: a season reads
    some 12,500 of them). With ``members``, a row's player is the registry member he is linked to
    (``Player.member``; None for a player linked to nobody): as kept beside the row."""
    ids = [event.pk for event in events]
    if not ids:  # every event read through its standings (paper stays): no query of an empty list
        return []
    columns = (*KEPT_COLUMNS[:2], "member_id", *KEPT_COLUMNS[3:]) if members else KEPT_COLUMNS
    rows = plain_rows(_kept_totals(ids).order_by().values_list(*columns))
    unkept = _unkept(events, set(map(itemgetter(0), rows)))
    made = [(tournament_id, series, *row) for (tournament_id, series), part in unkept.items() for row in part]
    return rows + (_to_members(made) if members else made)


def _to_members(rows: list[tuple]) -> list[tuple]:
    """Series rows made in Python (by player id) with each player's registry member instead (None: nobody)."""
    if not rows:
        return rows
    member_of = dict(Player.objects.filter(pk__in={row[2] for row in rows}).values_list("pk", "member_id"))
    return [(tournament_id, series, member_of.get(player), *figures) for tournament_id, series, player, *figures
            in rows]


def _kept_totals(ids: list[int]) -> QuerySet:
    """The kept rows of the events ``ids`` that are a row of their series' standings: those with a total or a deal
    (a row of plays alone is not; see the model)."""
    return KeptSeriesTotal.objects.filter(AnyOf(F("tournament_id"), ids)).exclude(total=0, deals_played=0)


def _unkept(events: list[Tournament], kept: set[int]) -> dict[tuple[int, int], list[SeriesTotal]]:
    """The series totals of ``events`` with no kept row (not in ``kept``): kept now for one played, summed for one
    still being played."""
    missing = [event for event in events if event.pk not in kept]
    missing = list(_as_models(missing).values()) if missing else missing
    played = [event for event in missing if event_played(event)]
    totals = _keep([event.pk for event in played]) if played else {}
    if len(played) < len(missing):
        totals |= summed_series_totals([event for event in missing if not event_played(event)])
    return totals


def summed_series_totals(events: list[Tournament]) -> dict[tuple[int, int], list[SeriesTotal]]:
    """The rows of ``kept_series_totals`` made from the stay sums now, under each event's scoring settings."""
    rules = {event.pk: (ScoringSystem(scoring_settings(event).system), scoring_settings(event).ramsch_counts_as_game)
             for event in events}
    totals = {}
    for (tournament_id, series), players in stay_sums(list(rules)).items():
        system, ramsch = rules[tournament_id]
        rows = [SeriesTotal(player, sums_total(figures, system, ramsch), figures.deals_played)
                for player, figures in sorted(players.items())]
        totals[(tournament_id, series)] = [row for row in rows if row.deals_played or row.total]
    return totals


def _keep(ids: list[int]) -> dict[tuple[int, int], list[SeriesTotal]]:
    """The series totals of the events ``ids``, summed and kept in one transaction no deal or scoring settings of
    theirs are written beside: on PostgreSQL it holds every lock the triggers take for them (or, when one is held,
    sums without keeping); SQLite writes one transaction at a time (this one waits for the write lock, as a deal
    does)."""
    try:
        with transaction.atomic():
            if connection.vendor == "postgresql" and not _trigger_locks(ids):
                raise _Busy
            # the settings read again under the locks: a change of them meanwhile waits for this keeping
            totals = summed_series_totals(list(Tournament.objects.filter(pk__in=ids).select_related("scoring")))
            KeptSeriesTotal.objects.filter(tournament__in=ids).delete()  # made meanwhile by another reading
            # each player's member read under the locks too: a change of it meanwhile waits, then updates the rows
            members = dict(Player.objects.filter(tournament__in=ids).values_list("id", "member_id"))
            KeptSeriesTotal.objects.bulk_create(_kept_rows(totals, series_plays(ids), members), batch_size=2000)
            return totals
    except (_Busy, OperationalError):  # a deal or the settings of these events are being written: keep later
        return summed_series_totals(list(Tournament.objects.filter(pk__in=ids).select_related("scoring")))


def _kept_rows(totals: dict[tuple[int, int], list[SeriesTotal]], plays: dict[tuple[int, int, int], list[int]],
               members: dict[int, int | None]) -> list[KeptSeriesTotal]:
    """The rows to keep: each series row with its player's plays there, and a row of noughts with the plays of a
    player who has plays but no series row (see the model); each with the player's member (``members``)."""
    made = []
    for (tournament_id, series), rows in totals.items():
        for row in rows:
            counts = plays.pop((tournament_id, series, row.player), None) or [0] * len(PLAY_COLUMNS)
            made.append(KeptSeriesTotal(tournament_id=tournament_id, series=series, player_id=row.player,
                                        member_id=members.get(row.player), total=row.total,
                                        deals_played=row.deals_played, **dict(zip(PLAY_COLUMNS, counts))))
    made += [KeptSeriesTotal(tournament_id=tournament_id, series=series, player_id=player,
                             member_id=members.get(player), total=0, deals_played=0,
                             **dict(zip(PLAY_COLUMNS, counts)))
             for (tournament_id, series, player), counts in plays.items()]
    return made


def kept_series_plays(events: list[int], players: QuerySet | list[int]) -> list[tuple]:
    """The plays (``scoring.results.plays``) of ``players`` (event player ids, or a query of them) in every series
    of ``events`` (event ids): plain rows (event id, series, player, then the counts in ``PLAY_COLUMNS`` order), in
    no order. As kept beside the series totals, read in one query; an event none of whose players has a kept row
    there (not kept yet, still being played, or they played no deal) counted from its deals now, in two more."""
    if not events:
        return []
    rows = plain_rows(KeptSeriesTotal.objects.filter(tournament__in=events, player__in=players).order_by()
                      .values_list("tournament_id", "series", "player_id", *PLAY_COLUMNS))
    kept = set(map(itemgetter(0), rows))
    missing = [pk for pk in events if pk not in kept]
    if missing:
        rows += [(*key, *counts) for key, counts in series_plays(missing, players).items()]
    return rows


class _Busy(Exception):
    pass


def _trigger_locks(ids: list[int]) -> bool:
    """Take, for this transaction and without waiting, the advisory locks the triggers take for the events
    ``ids``: each of their tables' (7301, its id modulo 1024) and each event's (7302, likewise); False when one
    is held."""
    keys = [(7301, key) for key in sorted({pk % 1024 for pk in Table.objects.filter(tournament__in=ids)
                                           .values_list("pk", flat=True)})]
    keys += [(7302, key) for key in sorted({pk % 1024 for pk in ids})]
    with connection.cursor() as cursor:
        for space, key in keys:
            cursor.execute("SELECT pg_try_advisory_xact_lock(%s, %s)", [space, key])
            if not cursor.fetchone()[0]:
                return False
    return True


def events_series_totals(tournaments: list[Tournament], *, ranks: bool = True) -> list[EventTotals]:
    """The series totals (and, with ``ranks``, overall ranks) of many events, in the order given, with a fixed
    handful of queries whatever their number (their slips' check too: ``slip_checks``). The totals are the kept
    ones (``kept_series_totals``); an event with paper stays, and the ranks, are cut by ``tournament_results``
    from reads made for all those events at once, so every figure is the one its standings show."""
    read = _events_read(tournaments, ranks=ranks)
    if read is None:
        return []
    ids, events, currencies, drawn, checks, reads = read
    kept = kept_series_totals([events[pk] for pk in drawn if not checks[pk].paper])
    totals = []
    for pk in ids:
        event, numbers = events[pk], drawn[pk]
        series = (_paper_series(reads[pk].tournament, numbers, reads[pk]) if checks[pk].paper
                  else [kept.get((pk, number), []) for number in numbers])
        totals.append(EventTotals(event, numbers, series, _ranks(pk, reads, ranks), currencies[pk]))
    return totals


@dataclass(frozen=True)
class EventSeries:
    """One event of ``events_series_rows``: its drawn series (``series_numbers``, in order), those of them somebody
    played (``played``: a series with a row), each player's overall rank (empty when not asked for) and its
    currency."""

    tournament: object  # as given: a model or a record with its ``pk``
    series_numbers: list[int]
    played: list[int]
    ranks: dict[int, int]
    currency: str


@dataclass(frozen=True)
class SeriesRows:
    """Many events' series totals as plain rows (``events_series_rows``): the events in the order given, and every
    row of every series of them, (event id, series, player (or his member), ``total``, ``deals_played``), in no
    order."""

    events: list[EventSeries]
    rows: list[tuple[int, int, int, int, int]]


def events_series_rows(tournaments: list, *, ranks: bool = True, members: bool = False) -> SeriesRows:
    """What ``events_series_totals`` gives, each series' rows in one list of plain rows instead of lists of
    ``SeriesTotal``: the same rows, read with the same queries, but the kept ones as the database gives them
    (``kept_series_rows``), for a reader that gathers them its own way (a season: under the players' members;
    with ``members`` a row names the player's member instead of him, None for a player linked to nobody; the
    ranks stay by player). ``tournaments``: models, or any records with their ``pk`` (a season's evenings read as
    plain rows: an association's year has hundreds), each given back as its ``EventSeries``' ``tournament``."""
    read = _events_read(tournaments, ranks=ranks)
    if read is None:
        return SeriesRows([], [])
    ids, events, currencies, drawn, checks, reads = read
    rows = kept_series_rows([events[pk] for pk in drawn if not checks[pk].paper], members=members)
    paper = []
    for pk, numbers in drawn.items():
        if checks[pk].paper:
            series = _paper_series(reads[pk].tournament, numbers, reads[pk])
            paper += [(pk, number, *row) for number, part in zip(numbers, series) for row in part]
    rows += _to_members(paper) if members else paper
    # the (event, series) somebody played: of an event of one series, whether it has a row (an evening's one
    # series: no pair made for each of a season's some 31,000 rows)
    with_rows = set(map(_event_of, rows))
    several = {pk for pk, numbers in drawn.items() if len(numbers) > 1 and pk in with_rows}
    series_played = set(map(_series_of, filter(lambda row: row[0] in several, rows))) if several else set()
    described = []
    for pk in ids:
        event, numbers = events[pk], drawn[pk]
        played = ([n for n in numbers if (pk, n) in series_played] if pk in several
                  else list(numbers) if pk in with_rows else [])
        described.append(EventSeries(event, numbers, played, _ranks(pk, reads, ranks), currencies[pk]))
    return SeriesRows(described, rows)


def _events_read(tournaments: list, *, ranks: bool):
    """(the events' ids in the order given, the events by id as given, their currencies, {event id: its drawn
    series numbers, in order}, their slips' checks, the full reads of those read through their standings: with
    paper stays, or all when ``ranks``); None for no event. An event is a model or any record with its ``pk``
    (``events_series_rows``); a model is read again where its standings are needed (``_as_models``)."""
    ids = [t.pk for t in tournaments]
    if not ids:
        return None
    events = {t.pk: t for t in tournaments}
    drawn: dict[int, set[int]] = {pk: set() for pk in ids}
    for tournament_id, number in Table.objects.filter(AnyOf(F("tournament_id"), ids)).order_by().values_list(
            "tournament_id", "series").distinct():
        drawn[tournament_id].add(number)
    checks = slip_checks(events.values())
    full = [pk for pk in ids if ranks or checks[pk].paper]
    reads = _reads(_as_models([events[pk] for pk in full]), full, checks, ranks=ranks) if full else {}
    return ids, events, _currencies(events), {pk: sorted(numbers) for pk, numbers in drawn.items()}, checks, reads


def _is_read(event) -> bool:
    """Whether ``event`` is a model read with its scoring settings (``select_related("scoring")``)."""
    return isinstance(event, Tournament) and Tournament.scoring.is_cached(event)


def _as_models(events: list) -> dict[int, Tournament]:
    """{id: the event's model with its scoring settings}: a model read with them as given, the others (records
    with a ``pk``, models without their settings) read in one query."""
    models = {event.pk: event for event in events if _is_read(event)}
    others = [event.pk for event in events if event.pk not in models]
    if others:
        models |= Tournament.objects.filter(pk__in=others).select_related("scoring").in_bulk()
    return models


def _currencies(events: dict[int, object]) -> dict[int, str]:
    """Each event's currency (its scoring settings'): as a record carries it (its ``currency``, read with it), else
    read with one small query (an event without settings of its own has the default rulebook's,
    ``scoring_settings``)."""
    currencies = {pk: scoring_settings(event).currency if _is_read(event) else getattr(event, "currency", None)
                  for pk, event in events.items()}
    currencies = {pk: currency for pk, currency in currencies.items() if currency}
    records = [pk for pk in events if pk not in currencies]
    if records:
        currencies |= dict(plain_rows(Tournament.objects.filter(AnyOf(F("id"), records)).order_by()
                                      .values_list("id", "scoring__currency")))
        unset = [events[pk] for pk, currency in currencies.items() if currency is None]
        currencies |= {pk: scoring_settings(model).currency for pk, model in _as_models(unset).items()}
    return currencies


def _paper_series(event: Tournament, numbers: list[int], reads: Reads) -> list[list[SeriesTotal]]:
    """The series rows of an event with paper stays, cut from its full standings."""
    return [[SeriesTotal(player, standing.total(part.system), standing.deals_played)
             for player, standing in sorted(part.standings.items())
             if standing.deals_played or standing.total(part.system)]
            for part in (tournament_results(event, number, reads=reads, prizes=False) for number in numbers)]


def _ranks(pk: int, reads: dict[int, Reads], ranks: bool) -> dict[int, int]:
    """Each player's overall rank in the event ``pk`` when asked for (``ranks``), else nothing."""
    if not ranks:
        return {}
    return {row.standing.player: row.rank
            for row in tournament_results(reads[pk].tournament, reads=reads[pk], prizes=False).ranked()}


def _reads(events: dict[int, Tournament], ids: list[int], checks, *, ranks: bool) -> dict[int, Reads]:
    """``results_reads`` of the events ``ids`` (without best games), made for all of them at once."""
    if not ids:
        return {}
    players: dict[int, list[tuple]] = {pk: [] for pk in ids}
    for tournament_id, *row in Player.objects.filter(tournament__in=ids).order_by().values_list(
            "tournament_id", "id", "name", "club", "first_series", "last_series"):
        players[tournament_id].append(tuple(row))
    seats: dict[int, list[tuple]] = {pk: [] for pk in ids}
    for tournament_id, *row in Seat.objects.filter(tournament__in=ids).order_by("tournament_id", *SEAT_ORDER) \
            .values_list("tournament_id", "table_id", "stay", "player_id"):
        seats[tournament_id].append(row)
    tables: dict[int, dict[int, tuple[int, int]]] = {pk: {} for pk in ids}
    for tournament_id, pk, number, in_series in Table.objects.filter(tournament__in=ids).order_by().values_list(
            "tournament_id", "id", "number", "series"):
        tables[tournament_id][pk] = (number, in_series)
    rows = kept_tally_rows_by_tournament(ids, best_games=False)
    cuts: dict[int, dict] = {pk: {} for pk in ids}
    choices: dict[int, dict] = {pk: {} for pk in ids}
    if ranks:
        for cut in PrizeCut.objects.filter(tournament__in=ids):
            cuts[cut.tournament_id][(cut.category, cut.place)] = tuple(cut.order)
        for tournament_id, player, category in PrizeChoice.objects.filter(tournament__in=ids).values_list(
                "tournament_id", "player_id", "category"):
            choices[tournament_id][player] = category
    return {pk: Reads(events[pk], scoring_settings(events[pk]), players[pk], seated_of(seats[pk]), tables[pk],
                      rows.get(pk, []), checks[pk], cuts[pk], choices[pk]) for pk in ids}


def _grouped_sql(count: int, marks_sql: str) -> str:
    """One query: per event, series and mark, the kept totals of the players seated in that series summed; a row
    of a player with no mark, or not seated in the series, counts under the mark NULL (so every series holding a
    row is there). The marked players' seats are joined first (``sat``: each player's series once): a plain join
    the planners cost at what it is (an EXISTS per row made PostgreSQL compile the query, 60 ms, for 10 ms of
    work)."""
    kept, seat = KeptSeriesTotal._meta.db_table, Seat._meta.db_table
    ids = ", ".join(["%s"] * count)
    return f"""
    WITH m(person, mark) AS ({marks_sql}),
    sat AS (SELECT DISTINCT x.player_id, x.series, m.mark FROM {seat} x JOIN m ON m.person = x.player_id)
    SELECT k.tournament_id, k.series, sat.mark, SUM(k.total), SUM(k.deals_played)
    FROM {kept} k LEFT JOIN sat ON sat.player_id = k.player_id AND sat.series = k.series
    WHERE k.tournament_id IN ({ids}) AND (k.total <> 0 OR k.deals_played <> 0)
    GROUP BY k.tournament_id, k.series, sat.mark"""


def grouped_series_totals(tournament_ids: list[int], marks: QuerySet) -> dict[tuple[int, int], dict]:
    """{(event id, series): {mark: its ``MarkTotal``}} of the events
    ``tournament_ids``: each series' totals (those of ``events_series_totals``) of the players ``marks`` names
    (a ``values_list`` of (event player id, mark), each player once) who sat in that series, summed per mark; the
    rest under the mark None. A series nobody has a row in is not there.

    Events kept (``KeptSeriesTotal``) are summed in the database, in one query whatever their number and their
    players; an event not kept yet is kept now (or summed, while being played), and an event with paper stays
    read from its full standings, both then summed here. With no paper stay and every event kept: two queries."""
    if not tournament_ids:
        return {}
    ids = list(dict.fromkeys(tournament_ids))
    marks_sql, marks_params = marks.query.get_compiler(using=marks.db).as_sql()
    on_paper = events_with_paper_stays(ids)
    paper = [pk for pk in ids if pk in on_paper]
    plain = [pk for pk in ids if pk not in on_paper]
    grouped: dict[tuple[int, int], dict] = {}

    def read(events: list[int]) -> None:
        with connections[marks.db].cursor() as cursor:
            cursor.execute(_grouped_sql(len(events), marks_sql), [*marks_params, *events])
            for tournament_id, series, mark, total, deals in cursor.fetchall():
                grouped.setdefault((tournament_id, series), {})[mark] = MarkTotal(int(total), int(deals))

    if plain:
        read(plain)
    kept = {tournament_id for tournament_id, _series in grouped}
    missing = [pk for pk in plain if pk not in kept]
    if not missing and not paper:
        return grouped
    events = Tournament.objects.filter(pk__in=missing + paper).select_related("scoring").in_bulk()
    rows = kept_series_totals([events[pk] for pk in missing])
    for event in events_series_totals([events[pk] for pk in paper], ranks=False):
        for number, series in zip(event.series_numbers, event.series):
            if series:
                rows[(event.tournament.pk, number)] = series
    mark_of = dict(marks)
    seated = set(Seat.objects.filter(tournament__in=missing + paper).order_by().values_list("player_id", "series"))
    for (tournament_id, series), players in rows.items():
        if not players:
            continue
        sums: dict = {}
        for row in players:
            mark = mark_of.get(row.player) if (row.player, series) in seated else None
            total, deals = sums.get(mark, (0, 0))
            sums[mark] = (total + row.total, deals + row.deals_played)
        grouped[(tournament_id, series)] = {mark: MarkTotal(*figures) for mark, figures in sums.items()}
    return grouped
