"""The locks that make concurrent writes wait for each other: the only place that takes them.

Vocabulary:
    tournament lock  the tournament's row lock (``lock_tournament``): every write that changes who plays where or
                     what the event holds (a draw, a player registered or withdrawn, a series added or re-planned,
                     a sign-up taken, a line of the cash book) takes it first, so two of them never interleave.
    table lock       one table's lock (``lock_table``): the table's writes (a deal saved, taken back, corrected or
                     voided; a slip entered or OK'd) wait for each other, and so does closing the table's series
                     (``scoring.series.services``), which must read what the tables hold with no save half done.
                     Entry and the series both take it; neither imports the other.
    league lock      one league's lock (``lock_league``): every write of a league (its teams and rosters, schedule,
                     line-ups, absences, seating, substitutions, confirmations) takes it first and reads what it
                     checks after it, so two directors, or a director and a captain, never interleave.
A transaction that takes several takes the league's first, then the tournament's, then the tables'.
"""

from django.db import connection

from seating.models import Table, Tournament


def lock_tournament(tournament_id: int) -> Tournament:
    """Take the tournament's row lock for the rest of the transaction and return the tournament as it stands now
    (what the caller was handed may be older). On SQLite a write transaction is one at a time already (BEGIN
    IMMEDIATE) and no FOR UPDATE is sent, but the tournament is read afresh the same way there."""
    return Tournament.objects.select_for_update().get(pk=tournament_id)

TABLE_WRITES_LOCK = 7302
"""The class of PostgreSQL's advisory locks that serialise one table's writes (the kept tallies' triggers use 7301)."""


LOCK_KEYS = 1024

LEAGUE_WRITES_LOCK = 7303
"""The class of PostgreSQL's advisory locks that serialise one league's writes."""


def lock_league(league_id: int) -> None:
    """Take the league's lock for the rest of the transaction: the league's writes wait for each other. On
    PostgreSQL a transaction-scoped advisory lock on the league's id (the league's pages and commands live above
    seating, which cannot name their model); elsewhere the database's own one-writer-at-a-time serves (SQLite's
    BEGIN IMMEDIATE), so no query is sent there."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [LEAGUE_WRITES_LOCK, league_id])


def lock_order(table_id: int) -> tuple[int, int]:
    """The order in which a transaction taking several tables' locks takes them: by the lock's key, then the id, so
    that two such transactions never hold what the other waits for."""
    return table_id % LOCK_KEYS, table_id


def lock_table(table_id: int) -> None:
    """Take the table's lock for the rest of the transaction: the table's writes wait for each other (always the
    table before a deal or a slip, so two writes never wait for each other's locks). On PostgreSQL a
    transaction-scoped advisory lock (the table's id modulo 1024, so a transaction writing thousands of tables holds
    a bounded number of locks): unlike a row lock it writes nothing, and 16 tables saving at once stay as fast as
    without it (bench/bench_entry.py). Elsewhere the table's row lock; on SQLite every write transaction is already
    one at a time (BEGIN IMMEDIATE), so no query is sent there."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [TABLE_WRITES_LOCK, table_id % LOCK_KEYS])
    elif connection.features.has_select_for_update:
        Table.objects.select_for_update().filter(pk=table_id).values_list("pk", flat=True).first()


def is_table_lock(sql: str) -> bool:
    """Whether a statement of a query log is ``lock_table``'s: it takes the lock and reads no data, so whoever
    counts a save's data statements (tests/scoring/entry/statements.py) leaves it out and counts it apart."""
    return "pg_advisory_xact_lock" in sql or (sql.lstrip().startswith('SELECT "seating_table"."id"')
                                             and sql.rstrip().endswith("FOR UPDATE"))
