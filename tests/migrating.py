"""Migrations run for real on the test database, for the tests that prove a migration keeps rows made before it.

Vocabulary:
    target              ``(app, migration name)``: the app stands at that migration; ``(app, None)``: at none of
                        its migrations (its tables gone).
    the latest          the last migration of every app (the migration graph's leaves): where each such test leaves
                        the database, so that the tests after it find today's tables.
    migrate to targets  run the migrations forwards or backwards until every app named stands at its target, and get
                        back the models as they stood there: a test makes its old rows with those, never with
                        today's models, which may have columns the old tables lack.
    the triggers in the database
                        the names of the triggers there now: SQLite's from ``sqlite_master``, PostgreSQL's from
                        ``pg_trigger`` without its internal ones (those keep the foreign keys).
"""

from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

Target = tuple[str, str | None]


def latest_migrations(except_apps: tuple[str, ...] = ()) -> list[Target]:
    """The latest migration of every app but ``except_apps`` (a test names those apps' targets itself)."""
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    return [leaf for leaf in leaves if leaf[0] not in except_apps]


def migrate_to(targets: list[Target], state_of: list[Target] | None = None) -> Apps:
    """Migrate to ``targets``; the models returned are those of ``state_of`` (``targets`` unless given), for a test
    that takes an app back to none of its migrations and still wants the models of the apps standing."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()  # the graph read before the migration says what was applied then
    return executor.loader.project_state(targets if state_of is None else state_of).apps


def triggers_in_database() -> set[str]:
    """The names of the triggers in the database now."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        else:
            cursor.execute("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal")
        return {name for (name,) in cursor.fetchall()}
