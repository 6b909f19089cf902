"""The cash desk's book now belongs to the ``cashdesk`` app (its first migration takes it over): scoring forgets the
model in the migrations' state only, and the table with every line in it stays where it is."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0016_series_clock'),
        ('cashdesk', '0001_payment_from_scoring'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name='Payment')],
            database_operations=[],
        ),
    ]
