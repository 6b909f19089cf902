"""The database cache's table (settings.CACHES without REDIS_URL): made by ``migrate``, so every path that readies a
database (``make run``'s launcher, a deployment's migrate, the tests) has it. Nothing to do when the cache is Redis
or files; ``createcachetable`` leaves a table that is there alone."""

from django.core.management import call_command
from django.db import migrations


def make_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_roles")]

    operations = [migrations.RunPython(make_cache_table, migrations.RunPython.noop)]
