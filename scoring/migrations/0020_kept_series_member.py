"""Each kept series total keeps its player's registry member (``Player.member``) beside it: a season reads its
evenings' rows under their members without joining every player of them (an association's year: 31,000 rows,
joined to 31,000 players on every reading).

The rows kept before get their players' members here. A trigger on ``seating_player`` keeps the copy true: when a
player's member changes (linked, unlinked, or his member deleted: ``SET_NULL``), his kept rows take the new one in
the same transaction. PostgreSQL: the trigger first takes his event's advisory lock (7302, its id modulo 1024),
which whoever makes an event's kept rows holds while reading the players and writing the rows
(``scoring.results.series_totals``): a change meanwhile waits and then updates the rows made, or was committed
before they were made. SQLite writes one transaction at a time.

SQLite drops a table's triggers when a migration copies the table: a migration that copies ``seating_player`` must
run ``SQLITE`` again; a test fails when a trigger is missing (``TRIGGERS``). The SQL is written out here, not
imported.
"""

import django.db.models.deletion
from django.db import migrations, models

KEPT = "scoring_keptseriestotal"
PLAYER = "seating_player"
NAME = "seating_player_kept_member"

SQLITE = [f"CREATE TRIGGER {NAME} AFTER UPDATE OF member_id ON {PLAYER} "
          f"WHEN OLD.member_id IS NOT NEW.member_id BEGIN "
          f"UPDATE {KEPT} SET member_id = NEW.member_id WHERE player_id = NEW.id; END;"]
SQLITE_DROP = [f"DROP TRIGGER IF EXISTS {NAME};"]
POSTGRES = [f"""CREATE OR REPLACE FUNCTION {NAME}() RETURNS trigger AS $$
    BEGIN
        PERFORM pg_advisory_xact_lock(7302, (NEW.tournament_id % 1024)::integer);
        UPDATE {KEPT} SET member_id = NEW.member_id WHERE player_id = NEW.id;
        RETURN NULL;
    END $$ LANGUAGE plpgsql;""",
            f"""CREATE TRIGGER {NAME} AFTER UPDATE OF member_id ON {PLAYER} FOR EACH ROW
       WHEN (OLD.member_id IS DISTINCT FROM NEW.member_id) EXECUTE FUNCTION {NAME}();"""]
POSTGRES_DROP = [f"DROP TRIGGER IF EXISTS {NAME} ON {PLAYER};", f"DROP FUNCTION IF EXISTS {NAME}();"]
TRIGGERS = {"sqlite": (NAME,), "postgresql": (NAME,)}


def _run(schema_editor, statements):
    for statement in statements:
        schema_editor.execute(statement, params=None)


def triggers_on(apps, schema_editor):
    _run(schema_editor, {"sqlite": SQLITE, "postgresql": POSTGRES}[schema_editor.connection.vendor])


def triggers_off(apps, schema_editor):
    _run(schema_editor, {"sqlite": SQLITE_DROP, "postgresql": POSTGRES_DROP}[schema_editor.connection.vendor])


class Migration(migrations.Migration):

    # the first clubs migration (the members) and the one giving players their member: no later one, so a test
    # that takes the clubs' migrations back need not take this one back
    dependencies = [
        ('scoring', '0019_kept_series_plays'),
        ('clubs', '0001_clubs_roles_members'),
        ('seating', '0010_tournament_club_player_member'),
    ]

    operations = [
        migrations.AddField(
            model_name='keptseriestotal',
            name='member',
            field=models.ForeignKey(db_constraint=False, db_index=False, null=True,
                                    on_delete=django.db.models.deletion.DO_NOTHING, related_name='+',
                                    to='clubs.member'),
        ),
        migrations.RunSQL(f"UPDATE {KEPT} SET member_id = (SELECT p.member_id FROM {PLAYER} p "
                          f"WHERE p.id = {KEPT}.player_id)", migrations.RunSQL.noop),
        migrations.RunPython(triggers_on, triggers_off),
    ]
