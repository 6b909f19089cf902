"""Every player gets his own OK code (printed on his entry ticket); players already registered get one each."""

import secrets

from django.db import migrations, models

import seating.models


def give_each_player_his_own_code(apps, schema_editor):
    # AddField filled every existing row with one and the same code: draw one per player instead.
    Player = apps.get_model("seating", "Player")
    for player in Player.objects.only("pk").iterator():
        code = f"{secrets.randbelow(10 ** 6):06d}"
        Player.objects.filter(pk=player.pk).update(ok_code=code)


class Migration(migrations.Migration):

    dependencies = [
        ("seating", "0005_series_teams_categories"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicalplayer",
            name="ok_code",
            field=models.CharField(default=seating.models.new_ok_code, editable=False, help_text="the code on his entry ticket that he types to OK another's slip", max_length=6),
        ),
        migrations.AddField(
            model_name="player",
            name="ok_code",
            field=models.CharField(default=seating.models.new_ok_code, editable=False, help_text="the code on his entry ticket that he types to OK another's slip", max_length=6),
        ),
        migrations.RunPython(give_each_player_his_own_code, migrations.RunPython.noop),
    ]
