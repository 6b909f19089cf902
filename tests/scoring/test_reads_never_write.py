"""A read never writes: opening a page of a tournament made without its scoring settings (the admin, a
test) shows the defaults and leaves the database as it was; the settings' row is made by the committee's first
save of them, once."""

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.committee.services import scoring_settings_save
from scoring.engine import DEFAULT_RULEBOOK
from scoring.entry.access import table_link
from scoring.models import TournamentScoring
from scoring.tournaments.selectors import scoring_settings
from seating.models import Table

WRITES = ("INSERT", "UPDATE", "DELETE")


def writes_in(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]


def test_the_pages_of_a_tournament_without_settings_write_nothing(client, admin_client, tournament):
    assert not TournamentScoring.objects.exists()
    table = Table.objects.get(tournament=tournament, number=1)
    pages = [(client, f"/t/{table_link(table).token}/"), (admin_client, f"/sheets/{table.pk}/"),
             (admin_client, reverse("scoring:committee", args=(tournament.pk,))),
             (admin_client, reverse("scoring:committee-slips", args=(tournament.pk,)))]
    for visitor, url in pages:
        with CaptureQueriesContext(connection) as read:
            assert visitor.get(url).status_code == 200, url
        assert writes_in(read.captured_queries) == [], url
    assert not TournamentScoring.objects.exists()


def test_the_settings_read_as_defaults_are_made_by_their_first_save_once(tournament):
    settings = scoring_settings(tournament)
    assert settings.pk is None and settings.rulebook == DEFAULT_RULEBOOK and scoring_settings(tournament) is settings
    settings.published = True
    scoring_settings_save(settings=settings)
    assert TournamentScoring.objects.filter(tournament=tournament, published=True).count() == 1
    # Another request that read the defaults before the first save saves over the row, never beside it.
    late = TournamentScoring(tournament=tournament, system="mccoll")
    scoring_settings_save(settings=late)
    assert list(TournamentScoring.objects.values_list("tournament_id", "system")) == [(tournament.pk, "mccoll")]
