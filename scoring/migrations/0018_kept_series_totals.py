"""Kept series totals (``KeptSeriesTotal``): a season reads its evenings' series totals from them. Triggers delete
an event's rows whenever one of its deals (``scoring_deal``) or its scoring settings (``scoring_tournamentscoring``:
the system, whether Ramsch counts as a game) are inserted, changed or deleted.

PostgreSQL: the deals' trigger takes the table's advisory lock the tally triggers take (7301, the table's id
modulo 1024), the settings' trigger the event's (7302, its id modulo 1024), before it deletes; whoever makes an
event's rows holds every one of those locks of the event while reading and writing (``scoring.results.
series_totals``), so a deal or settings written meanwhile waits and then deletes the rows, or was committed before
they were made. SQLite writes one transaction at a time.

SQLite drops a table's triggers when a migration copies the table: such a migration must run ``SQLITE`` again; a
test fails when a trigger is missing (``TRIGGERS``). The SQL is written out here, not imported.
"""

import django.db.models.deletion
from django.db import migrations, models

KEPT = "scoring_keptseriestotal"
SETTINGS = "scoring_tournamentscoring"


def _sqlite(table: str, name: str) -> list[str]:
    return [f"CREATE TRIGGER {name}_insert AFTER INSERT ON {table} BEGIN "
            f"DELETE FROM {KEPT} WHERE tournament_id = NEW.tournament_id; END;",
            f"CREATE TRIGGER {name}_delete AFTER DELETE ON {table} BEGIN "
            f"DELETE FROM {KEPT} WHERE tournament_id = OLD.tournament_id; END;",
            f"CREATE TRIGGER {name}_update AFTER UPDATE ON {table} BEGIN "
            f"DELETE FROM {KEPT} WHERE tournament_id IN (OLD.tournament_id, NEW.tournament_id); END;"]


SQLITE = _sqlite("scoring_deal", "scoring_deal_kept_totals") + _sqlite(SETTINGS, "scoring_settings_kept_totals")
TRIGGERS = {"sqlite": tuple(f"{name}_{op}" for name in ("scoring_deal_kept_totals", "scoring_settings_kept_totals")
                            for op in ("insert", "delete", "update")),
            "postgresql": ("scoring_deal_kept_totals", "scoring_settings_kept_totals")}
SQLITE_DROP = [f"DROP TRIGGER IF EXISTS {name};" for name in TRIGGERS["sqlite"]]


def _postgres(table: str, name: str, lock: str) -> list[str]:
    return [f"""CREATE OR REPLACE FUNCTION {name}() RETURNS trigger AS $$
    BEGIN
        IF TG_OP <> 'INSERT' THEN
            PERFORM pg_advisory_xact_lock({lock.format(row="OLD")});
            DELETE FROM {KEPT} WHERE tournament_id = OLD.tournament_id;
        END IF;
        IF TG_OP <> 'DELETE' THEN
            PERFORM pg_advisory_xact_lock({lock.format(row="NEW")});
            DELETE FROM {KEPT} WHERE tournament_id = NEW.tournament_id;
        END IF;
        RETURN NULL;
    END $$ LANGUAGE plpgsql;""",
            f"""CREATE TRIGGER {name} AFTER INSERT OR UPDATE OR DELETE ON {table}
       FOR EACH ROW EXECUTE FUNCTION {name}();"""]


POSTGRES = (_postgres("scoring_deal", "scoring_deal_kept_totals", "7301, ({row}.table_id % 1024)::integer")
            + _postgres(SETTINGS, "scoring_settings_kept_totals", "7302, ({row}.tournament_id % 1024)::integer"))
POSTGRES_DROP = ["DROP TRIGGER IF EXISTS scoring_deal_kept_totals ON scoring_deal;",
                 "DROP FUNCTION IF EXISTS scoring_deal_kept_totals();",
                 f"DROP TRIGGER IF EXISTS scoring_settings_kept_totals ON {SETTINGS};",
                 "DROP FUNCTION IF EXISTS scoring_settings_kept_totals();"]


def _run(schema_editor, statements):
    for statement in statements:
        schema_editor.execute(statement, params=None)


def triggers_on(apps, schema_editor):
    _run(schema_editor, {"sqlite": SQLITE, "postgresql": POSTGRES}[schema_editor.connection.vendor])


def triggers_off(apps, schema_editor):
    _run(schema_editor, {"sqlite": SQLITE_DROP, "postgresql": POSTGRES_DROP}[schema_editor.connection.vendor])


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0017_payment_to_cashdesk'),
        ('seating', '0013_series_draw_plan'),
    ]

    operations = [
        migrations.CreateModel(
            name='KeptSeriesTotal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('series', models.PositiveSmallIntegerField()),
                ('total', models.IntegerField()),
                ('deals_played', models.IntegerField()),
                ('player', models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.DO_NOTHING,
                                             related_name='+', to='seating.player')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+',
                                                 to='seating.tournament')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('tournament', 'series', 'player'),
                                                        name='one_kept_total_per_series')],
            },
        ),
        migrations.RunPython(triggers_on, triggers_off),
    ]
