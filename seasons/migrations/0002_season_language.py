"""A season's own print language. The seasons already kept print as they did: in their latest evening's
language, else in their club's."""

from django.db import migrations, models


def as_before(apps, schema_editor):
    Season = apps.get_model("seasons", "Season")
    SeasonEvent = apps.get_model("seasons", "SeasonEvent")
    for season in Season.objects.select_related("club"):
        latest = (SeasonEvent.objects.filter(season=season).order_by("-tournament__date", "-id")
                  .values_list("tournament__language", flat=True).first())
        season.language = latest or season.club.language
        season.save(update_fields=["language"])


class Migration(migrations.Migration):

    dependencies = [
        ("seasons", "0001_seasons"),
        ("clubs", "0004_club_language"),
    ]

    operations = [
        migrations.AddField(
            model_name="season",
            name="language",
            field=models.CharField(default="en", max_length=10, verbose_name="print language"),
        ),
        migrations.RunPython(as_before, migrations.RunPython.noop),
    ]
