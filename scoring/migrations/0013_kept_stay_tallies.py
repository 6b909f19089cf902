"""Kept totals of the deals (``StayTally``), kept by the database's own triggers on ``scoring_deal``.

Each trigger recomputes the one group (table, stay, player, kind) a deal belonged to before the change and the
one it belongs to after, from that group's deals not voided: delete the group's row, insert it again from an
aggregate (nothing when the group has no deal left). Recomputing a whole group (at most one stay's deals) rather
than adding and subtracting keeps the best-game maxima right after a void or a correction, and makes a row
always equal its GROUP BY.

PostgreSQL: a transaction-scoped advisory lock per table (its id modulo 1024, so that a transaction loading
thousands of tables holds a bounded number of locks) makes two transactions that change deals of one table
recompute in turn; each statement of the trigger function reads what was committed before it (READ COMMITTED),
so the second sees the first's deal and never leaves a row that misses it. SQLite writes one transaction at a
time. The SQL is written out here, not imported, so this migration does what it did the day it was written.

SQLite drops a table's triggers when a migration copies the table (most changes to a field of ``Deal``): such a
migration must run ``SQLITE`` again; a test fails when a trigger is missing (``TRIGGERS``).
"""

import django.db.models.deletion
import django.db.models.functions.comparison
from django.db import migrations, models

COLUMNS = ("tournament_id, table_id, stay, player_id, kind, entries, games_won, games_lost, points_won, points_lost, "
           "highest, hardest, solo, tournee")


WON = "score > 0 AND kind = 'game'"
SUMS = f"""COUNT(*),
           SUM(CASE WHEN score > 0 THEN 1 ELSE 0 END), SUM(CASE WHEN score < 0 THEN 1 ELSE 0 END),
           COALESCE(SUM(CASE WHEN score > 0 THEN score ELSE 0 END), 0),
           COALESCE(SUM(CASE WHEN score < 0 THEN -score ELSE 0 END), 0),
           MAX(CASE WHEN {WON} THEN value END),
           MAX(CASE WHEN {WON} AND matadores_without > 0 THEN matadores_without * 1000000 + value END),
           MAX(CASE WHEN {WON} AND matadores_without > 0 AND method = 'solo'
                    THEN matadores_without * 1000000 + suit_rank * 100000 + value END),
           MAX(CASE WHEN {WON} AND matadores_without > 0 AND method = 'tournee'
                    THEN matadores_without * 1000000 + suit_rank * 100000 + value END)"""
"""A group's totals from its deals not voided, in ``COLUMNS`` order after the group's five keys (the best games
packed as ``scoring.results.tallies`` unpacks them)."""


def aggregate(tournament, table, stay, player, kind, same_player):
    """The one group's row from its deals (grouped by its one table, so a group with no deal left gives no row)."""
    return f"""
    INSERT INTO scoring_staytally ({COLUMNS})
    SELECT {tournament}, {table}, {stay}, {player}, {kind}, {SUMS}
    FROM scoring_deal
    WHERE tournament_id = {tournament} AND table_id = {table} AND stay = {stay} AND {same_player} AND kind = {kind}
          AND NOT voided
    GROUP BY table_id;"""


def delete(table, stay, kind, same_player):
    return f"DELETE FROM scoring_staytally WHERE table_id = {table} AND stay = {stay} AND {same_player} AND kind = {kind};"


def sqlite_recompute(row):
    same = f"player_id IS {row}.player_id"
    args = (f"{row}.table_id", f"{row}.stay", f"{row}.kind", same)
    return delete(*args) + aggregate(f"{row}.tournament_id", f"{row}.table_id", f"{row}.stay", f"{row}.player_id",
                                     f"{row}.kind", same)


MOVED = ("OLD.table_id IS NOT NEW.table_id OR OLD.stay IS NOT NEW.stay OR OLD.player_id IS NOT NEW.player_id "
         "OR OLD.kind IS NOT NEW.kind")

SQLITE = [
    f"CREATE TRIGGER scoring_deal_tally_insert AFTER INSERT ON scoring_deal BEGIN {sqlite_recompute('NEW')} END;",
    f"CREATE TRIGGER scoring_deal_tally_delete AFTER DELETE ON scoring_deal BEGIN {sqlite_recompute('OLD')} END;",
    f"CREATE TRIGGER scoring_deal_tally_update AFTER UPDATE ON scoring_deal BEGIN {sqlite_recompute('NEW')} END;",
    f"CREATE TRIGGER scoring_deal_tally_moved AFTER UPDATE ON scoring_deal WHEN {MOVED} "
    f"BEGIN {sqlite_recompute('OLD')} END;",
]
TRIGGERS = {"sqlite": ("scoring_deal_tally_insert", "scoring_deal_tally_delete", "scoring_deal_tally_update",
                        "scoring_deal_tally_moved"),
            "postgresql": ("scoring_deal_tally",)}
SQLITE_DROP = [f"DROP TRIGGER IF EXISTS scoring_deal_tally_{name};" for name in ("insert", "delete", "update", "moved")]

PG_SAME = "(player_id = p_player OR (player_id IS NULL AND p_player IS NULL))"
POSTGRES = [
    f"""CREATE OR REPLACE FUNCTION scoring_tally_recompute(p_tournament bigint, p_table bigint, p_stay integer,
                                                        p_player bigint, p_kind varchar) RETURNS void AS $$
    BEGIN
        {delete("p_table", "p_stay", "p_kind", PG_SAME)}
        {aggregate("p_tournament", "p_table", "p_stay", "p_player", "p_kind", PG_SAME)}
    END $$ LANGUAGE plpgsql;""",
    """CREATE OR REPLACE FUNCTION scoring_deal_tally() RETURNS trigger AS $$
    BEGIN
        -- Each recount reads what others committed before it: that holds at READ COMMITTED only.
        IF current_setting('transaction_isolation') <> 'read committed' THEN
            RAISE EXCEPTION 'deals are written at READ COMMITTED only (the kept tallies recount what is committed)';
        END IF;
        -- 7301: this lock's own namespace; one lock per table (by its id modulo 1024, so a restore that loads
        -- thousands of tables holds at most 1024 locks), released at commit.
        IF TG_OP <> 'INSERT' THEN
            PERFORM pg_advisory_xact_lock(7301, (OLD.table_id % 1024)::integer);
            PERFORM scoring_tally_recompute(OLD.tournament_id, OLD.table_id, OLD.stay, OLD.player_id, OLD.kind);
        END IF;
        IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (OLD.table_id, OLD.stay, OLD.player_id, OLD.kind)
                                IS DISTINCT FROM (NEW.table_id, NEW.stay, NEW.player_id, NEW.kind)) THEN
            PERFORM pg_advisory_xact_lock(7301, (NEW.table_id % 1024)::integer);
            PERFORM scoring_tally_recompute(NEW.tournament_id, NEW.table_id, NEW.stay, NEW.player_id, NEW.kind);
        END IF;
        RETURN NULL;
    END $$ LANGUAGE plpgsql;""",
    """CREATE TRIGGER scoring_deal_tally AFTER INSERT OR UPDATE OR DELETE ON scoring_deal
       FOR EACH ROW EXECUTE FUNCTION scoring_deal_tally();""",
]
POSTGRES_DROP = ["DROP TRIGGER IF EXISTS scoring_deal_tally ON scoring_deal;",
                 "DROP FUNCTION IF EXISTS scoring_deal_tally();",
                 "DROP FUNCTION IF EXISTS scoring_tally_recompute(bigint, bigint, integer, bigint, varchar);"]

BACKFILL = f"""
INSERT INTO scoring_staytally ({COLUMNS})
SELECT tournament_id, table_id, stay, player_id, kind, {SUMS}
FROM scoring_deal WHERE NOT voided
GROUP BY tournament_id, table_id, stay, player_id, kind;"""


def _run(schema_editor, statements):
    for statement in statements:
        schema_editor.execute(statement, params=None)


def triggers_on(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    _run(schema_editor, {"sqlite": SQLITE, "postgresql": POSTGRES}[vendor] + [BACKFILL])


def triggers_off(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    _run(schema_editor, {"sqlite": SQLITE_DROP, "postgresql": POSTGRES_DROP}[vendor])


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0012_perf_tally_index'),
        ('seating', '0009_i18n_tournament_language'),
    ]

    operations = [
        migrations.CreateModel(
            name='StayTally',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('stay', models.PositiveSmallIntegerField()),
                ('kind', models.CharField(max_length=10)),
                ('entries', models.IntegerField()),
                ('games_won', models.IntegerField()),
                ('games_lost', models.IntegerField()),
                ('points_won', models.IntegerField()),
                ('points_lost', models.IntegerField()),
                ('highest', models.IntegerField(null=True)),
                ('hardest', models.BigIntegerField(null=True)),
                ('solo', models.BigIntegerField(null=True)),
                ('tournee', models.BigIntegerField(null=True)),
                ('player', models.ForeignKey(db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='seating.player')),
                ('table', models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='seating.table')),
                ('tournament', models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='seating.tournament')),
            ],
            options={
                'indexes': [models.Index(fields=['tournament', 'table'], name='tally_of_tournament')],
                'constraints': [models.UniqueConstraint(models.F('table'), models.F('stay'), django.db.models.functions.comparison.Coalesce('player', models.Value(0)), models.F('kind'), name='one_tally_per_group')],
            },
        ),
        migrations.RunPython(triggers_on, triggers_off),
    ]
