"""The prize schedules offered on the committee's settings page fit the event's scoring system (an ISkO
event was offered Foster's points, games and booby) and are named in the page's language, not by their keys."""

import pytest
from django.utils import translation

from scoring.committee.forms import ScoringSettingsForm
from scoring.tournaments.selectors import scoring_settings
from scoring.tournaments.services import tournament_open

pytestmark = pytest.mark.django_db


def offered(tournament) -> dict[str, str]:
    form = ScoringSettingsForm(instance=scoring_settings(tournament))
    return {key: str(label) for key, label in form.fields["preset"].choices if key}


def test_an_isko_event_is_offered_its_own_schedule_only_named_in_german():
    event = tournament_open(rulebook="isko", name="Open", method="fixed")
    with translation.override("de"):
        assert offered(event) == {"isko": "ISkO: Plätze 1 bis 3 der Gesamtwertung"}


def test_a_foster_event_is_offered_the_american_schedules():
    event = tournament_open(rulebook="foster-1922", name="Congress", method="fixed")
    assert set(offered(event)) == {"foster", "nasl-1908", "mccoll", "isko"}
    assert offered(event)["foster"] == "Foster 1922: points, games, the hardest game, booby"


def test_a_schedule_that_does_not_fit_the_system_sent_is_refused_with_the_ones_that_do():
    event = tournament_open(rulebook="foster-1922", name="Congress", method="fixed")
    settings = scoring_settings(event)
    data = {"system": "seeger-fabian", "preset": "foster", "prize_seed": 0}
    form = ScoringSettingsForm(data, instance=settings)
    assert not form.is_valid()
    assert form.errors["preset"] == ["this prize schedule does not count what Seeger-Fabian (ISkO) counts: choose "
                                     "one of ISkO: places 1 to 3 of the overall standings"]
    data["preset"] = "isko"
    form = ScoringSettingsForm(data, instance=settings)
    form.is_valid()
    assert "preset" not in form.errors
