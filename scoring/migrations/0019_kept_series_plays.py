"""Each kept series total keeps its player's plays of the series beside it (``scoring.results.plays``): the deals
of his stays thrown in, the games he declared from the hand and by kind, played and won. A club's statistics read
them instead of grouping a year's deals.

The rows kept before have none: they are deleted, and the next reading of each event makes them again with their
plays. Migration 0018's triggers delete an event's rows on any change of its deals or scoring settings, plays and
totals alike. SQLite copies this table to add a column, and refuses to while triggers on other tables name it:
their SQLite triggers are dropped first and made again after (the SQL is 0018's, written out here, not imported).
"""

from django.db import migrations, models

PLAYS = ("passed_in", "hand_played", "hand_won",
         *(f"{kind}_{what}" for kind in ("diamonds", "hearts", "spades", "clubs", "grand", "null")
           for what in ("played", "won")))

KEPT = "scoring_keptseriestotal"
WATCHED = (("scoring_deal", "scoring_deal_kept_totals"), ("scoring_tournamentscoring", "scoring_settings_kept_totals"))
SQLITE = [statement for table, name in WATCHED for statement in (
    f"CREATE TRIGGER {name}_insert AFTER INSERT ON {table} BEGIN "
    f"DELETE FROM {KEPT} WHERE tournament_id = NEW.tournament_id; END;",
    f"CREATE TRIGGER {name}_delete AFTER DELETE ON {table} BEGIN "
    f"DELETE FROM {KEPT} WHERE tournament_id = OLD.tournament_id; END;",
    f"CREATE TRIGGER {name}_update AFTER UPDATE ON {table} BEGIN "
    f"DELETE FROM {KEPT} WHERE tournament_id IN (OLD.tournament_id, NEW.tournament_id); END;")]
SQLITE_DROP = [f"DROP TRIGGER IF EXISTS {name}_{op};" for _table, name in WATCHED
               for op in ("insert", "delete", "update")]


def _sqlite(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "sqlite":
            for statement in statements:
                schema_editor.execute(statement, params=None)
    return run


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0018_kept_series_totals'),
    ]

    operations = [
        migrations.RunPython(_sqlite(SQLITE_DROP), _sqlite(SQLITE)),
        migrations.RunSQL(f"DELETE FROM {KEPT}", migrations.RunSQL.noop),
        *(migrations.AddField(model_name='keptseriestotal', name=name, field=models.IntegerField(default=0))
          for name in PLAYS),
        migrations.RunPython(_sqlite(SQLITE), _sqlite(SQLITE_DROP)),
    ]
