"""A club's language: its new evenings and seasons print in it. The clubs already kept take the language their
latest evening prints in (a German club that switched its evenings to German stays German), else English."""

from django.db import migrations, models


def from_latest_evening(apps, schema_editor):
    Club = apps.get_model("clubs", "Club")
    Tournament = apps.get_model("seating", "Tournament")
    for club in Club.objects.all():
        latest = Tournament.objects.filter(club=club).order_by("-date", "-pk").values_list("language", flat=True).first()
        if latest and latest != club.language:
            club.language = latest
            club.save(update_fields=["language"])


class Migration(migrations.Migration):

    dependencies = [
        ("clubs", "0003_member_folded_names"),
        ("seating", "0010_tournament_club_player_member"),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="language",
            field=models.CharField(default="en", help_text="the language the club's new evenings and seasons print in",
                                   max_length=10, verbose_name="language"),
        ),
        migrations.RunPython(from_latest_evening, migrations.RunPython.noop),
    ]
