"""A results file's players kept gathered as a ranking reads them (``SubmittedEvent.gathered``), made for the files
taken before."""

from django.db import migrations, models


def gather(apps, schema_editor):
    from seasons.models import gathered_text

    SubmittedEvent = apps.get_model("seasons", "SubmittedEvent")
    for submitted in SubmittedEvent.objects.only("pk", "players").iterator(chunk_size=200):
        SubmittedEvent.objects.filter(pk=submitted.pk).update(gathered=gathered_text(submitted.players))


class Migration(migrations.Migration):

    dependencies = [
        ("seasons", "0003_submitted_results_files"),
    ]

    operations = [
        migrations.AddField(
            model_name="submittedevent",
            name="gathered",
            field=models.TextField(default="[]", editable=False),
        ),
        migrations.RunPython(gather, migrations.RunPython.noop),
    ]
