"""Counting a request's statements as the save's cost is judged (tests/scoring/entry/test_entry_cost.py and
bench/bench_entry.py).

Vocabulary:
    transaction control  BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE: they open and close the save's transaction
                         (SQLite's backend sends them as SQL, PostgreSQL's driver does not): not counted.
    table lock           ``seating.locks.lock_table``'s statement on PostgreSQL (an advisory lock): it reads and writes
                         no data; counted apart.
    data statement       every other statement: a read or a write of the database's rows.
"""

from seating.locks import is_table_lock

TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


def data_statements(captured) -> list[str]:
    """The data statements of a ``CaptureQueriesContext``'s queries (or its ``captured_queries``), in order."""
    return [q["sql"] for q in captured
            if not q["sql"].lstrip().upper().startswith(TRANSACTION_CONTROL) and not is_table_lock(q["sql"])]


def table_locks(captured) -> int:
    return sum(1 for q in captured if is_table_lock(q["sql"]))
