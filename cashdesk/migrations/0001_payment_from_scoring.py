"""The cash desk's book moves out of scoring into its own app, in the migrations' state only: the table keeps its
name (``scoring_payment``), so not one row moves. Its content type follows it, so permissions given on it stay."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def _content_type_follows(apps, schema_editor, *, before="scoring", after="cashdesk"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label=after, model="payment").exists():
        ContentType.objects.filter(app_label=before, model="payment").update(app_label=after)


def _content_type_returns(apps, schema_editor):
    _content_type_follows(apps, schema_editor, before="cashdesk", after="scoring")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('scoring', '0016_series_clock'),
        ('seating', '0010_tournament_club_player_member'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Payment',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('fee', 'entry fee'), ('lost_games', 'lost-game money'), ('prize', 'prize payout')], max_length=12)),
                        ('series', models.PositiveSmallIntegerField(blank=True, help_text='lost-game money: the series', null=True)),
                        ('prize', models.CharField(blank=True, help_text="a prize payout: the award's key, category:place", max_length=40)),
                        ('amount', models.DecimalField(decimal_places=2, max_digits=9)),
                        ('at', models.DateTimeField(auto_now_add=True)),
                        ('note', models.CharField(blank=True, max_length=200)),
                        ('by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='payments', to='seating.player')),
                        ('reverses', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='reversed_by', to='cashdesk.payment')),
                        ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='payments', to='seating.tournament')),
                    ],
                    options={
                        'db_table': 'scoring_payment',
                        'ordering': ['tournament', 'at', 'pk'],
                        'indexes': [models.Index(fields=['tournament', 'player'], name='payment_tournament_player')],
                        'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('amount__gt', 0), ('reverses__isnull', True)), models.Q(('amount__lt', 0), ('reverses__isnull', False)), _connector='OR'), name='payment_positive_unless_reversal'), models.CheckConstraint(condition=models.Q(models.Q(('kind', 'lost_games'), ('series__isnull', False)), models.Q(models.Q(('kind', 'lost_games'), _negated=True), ('series__isnull', True)), _connector='OR'), name='payment_series_only_for_lost_games')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(_content_type_follows, _content_type_returns),
    ]
