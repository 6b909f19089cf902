"""Plain rows of a query, for the few reads that bring back thousands of them.

Vocabulary:
    plain rows   the tuples the database driver gives for a ``values_list`` query, fetched all at once with the
                 query Django built, without Django's per-row work (converters, the iterator's bookkeeping). For
                 columns that need no converting only: integers, text, NULL. At 2,700 players this takes about a
                 third off the standings' reads (bench/bench_standings.py).
"""

from django.db import connections


def plain_rows(queryset) -> list[tuple]:
    """The rows of a ``values_list`` queryset of integer and text columns, as the driver gives them."""
    sql, params = queryset.query.sql_with_params()
    with connections[queryset.db].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()
