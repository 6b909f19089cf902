"""Every player gets the token of his own public page; the tournament a notice line for those pages."""

import secrets

from django.db import migrations, models

import seating.models


def fill_tokens(apps, schema_editor):
    Player = apps.get_model("seating", "Player")
    for pk in Player.objects.values_list("pk", flat=True):
        Player.objects.filter(pk=pk).update(page_token=secrets.token_urlsafe(16))


class Migration(migrations.Migration):

    dependencies = [
        ("seating", "0010_tournament_club_player_member"),
    ]

    operations = [
        migrations.AddField(
            model_name="player", name="page_token",
            field=models.CharField(editable=False, max_length=32, null=True),
        ),
        migrations.RunPython(fill_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="player", name="page_token",
            field=models.CharField(default=seating.models.new_page_token, editable=False, max_length=32, unique=True),
        ),
        migrations.AddField(
            model_name="historicalplayer", name="page_token",
            field=models.CharField(db_index=True, default=seating.models.new_page_token, editable=False, max_length=32),
        ),
        migrations.AddField(
            model_name="tournament", name="notice",
            field=models.CharField(blank=True, help_text="one line shown on every player's own page", max_length=300,
                                   verbose_name="notice to the players"),
        ),
        migrations.AddField(
            model_name="historicaltournament", name="notice",
            field=models.CharField(blank=True, help_text="one line shown on every player's own page", max_length=300,
                                   verbose_name="notice to the players"),
        ),
    ]
