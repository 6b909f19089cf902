"""The members' folded name, club and number (``common.folding``), kept beside them so a search finds "Müller" by
"mü" on SQLite too; the members already kept are folded here."""

import unicodedata

from django.db import migrations, models


def _folded(text):
    # common.folding.folded as it is today: a migration keeps its own copy, so it never changes under it
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text or "").casefold())


def fold_members(apps, schema_editor):
    Member = apps.get_model("clubs", "Member")
    members = list(Member.objects.only("pk", "name", "home_club", "number"))
    for member in members:
        member.name_folded, member.home_club_folded = _folded(member.name), _folded(member.home_club)
        member.number_folded = _folded(member.number)
    Member.objects.bulk_update(members, ["name_folded", "home_club_folded", "number_folded"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0002_the_first_club'),
    ]

    operations = [
        migrations.AddField(
            model_name='member',
            name='home_club_folded',
            field=models.TextField(blank=True, default='', editable=False),
        ),
        migrations.AddField(
            model_name='member',
            name='name_folded',
            field=models.TextField(blank=True, default='', editable=False),
        ),
        migrations.AddField(
            model_name='member',
            name='number_folded',
            field=models.TextField(blank=True, default='', editable=False),
        ),
        migrations.AddIndex(
            model_name='member',
            index=models.Index(fields=['club', 'name_folded'], name='member_club_name_folded'),
        ),
        migrations.RunPython(fold_members, migrations.RunPython.noop),
    ]
