"""A club's language: chosen when the club is made (the terminal's by default), changed on its members page; its
new evenings, seasons and demo evenings print in it, and the new-evening form offers it first."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone, translation

from clubs.models import Club, ClubRole
from clubs.services import club_create
from common.errors import UserError
from scoring.management.demo import demo_create
from scoring.tournaments.services import tournament_open
from seasons.selectors import season_reading
from seasons.services import season_create

pytestmark = pytest.mark.django_db


def director(client, club):
    user = get_user_model().objects.create_user("leiter", password="pw-123456789")
    ClubRole.objects.create(club=club, user=user, role="director")
    client.force_login(user)
    return client


def test_a_club_made_from_a_german_terminal_is_german_unless_told_otherwise():
    with translation.override("de"):  # what LocalizedCommand activates for a German terminal
        call_command("club", "create", "asgard", "--name", "Skatfreunde Asgard")
        call_command("club", "create", "midgard", "--name", "Midgard Skat Club", "--language", "en")
    assert Club.objects.get(slug="asgard").language == "de"
    assert Club.objects.get(slug="midgard").language == "en"
    with pytest.raises(UserError) as refused:
        club_create(slug="x", name="X", language="fr")
    assert refused.value.field == "language"


def test_a_german_clubs_evenings_seasons_and_demo_print_german():
    club = club_create(slug="asgard", name="Skatfreunde Asgard", language="de")
    evening = tournament_open(name="Clubabend", rulebook="isko", method="fixed", club=club)
    assert evening.language == "de"
    english = tournament_open(name="Guest night", rulebook="isko", method="fixed", club=club, language="en")
    assert english.language == "en"  # chosen on the form: kept
    demo = demo_create(players=8, method="fixed", seed=1, rulebook="isko", club=club)
    assert demo.language == "de"
    season = season_create(club=club, slug="2026", name="Jahreswertung 2026", rules={})
    assert season.language == "de" and season_reading(season).language == "de"
    assert season_create(club=club, slug="cup", name="Cup", rules={}, language="en").language == "en"


def test_a_demo_without_a_club_prints_in_the_terminals_language():
    with translation.override("de"):
        assert demo_create(players=8, method="fixed", seed=1, rulebook="isko").language == "de"
    with translation.override("en"):
        assert demo_create(players=8, method="fixed", seed=2, rulebook="isko").language == "en"


def test_the_new_evening_form_offers_the_clubs_language_and_the_members_page_changes_it(client):
    club = club_create(slug="asgard", name="Skatfreunde Asgard", language="de")
    director(client, club)
    english = {"HTTP_ACCEPT_LANGUAGE": "en"}
    page = client.get(reverse("director:tournaments"), **english)
    assert page.context["form"]["language"].value() == "de"  # the club's, not the English browser's
    changed = client.post(reverse("clubs:language", args=[club.slug]), {"language": "en"}, **english)
    assert changed.status_code == 302 and Club.objects.get(pk=club.pk).language == "en"
    refused = client.post(reverse("clubs:language", args=[club.slug]), {"language": "xx"}, **english)
    assert refused.status_code == 302 and Club.objects.get(pk=club.pk).language == "en"
    assert 'id="club-language"' in client.get(reverse("clubs:members", args=[club.slug]), **english).content.decode()


def test_date_fields_carry_iso_values_on_a_german_page(client):
    """A browser shows a type=date field empty unless its value is ISO: the German page must not write 28.11.2026."""
    club = club_create(slug="asgard", name="Skatfreunde Asgard", language="de")
    evening = tournament_open(name="Clubabend", rulebook="isko", method="fixed", club=club,
                              date=datetime.date(2026, 11, 28))
    evening.signup_deadline = datetime.datetime(2026, 12, 4, 17, 0, tzinfo=datetime.timezone.utc)
    evening.save()
    director(client, club)
    german = {"HTTP_ACCEPT_LANGUAGE": "de"}
    new = client.get(reverse("director:tournaments"), **german).content.decode()
    assert 'type="date"' in new and f'value="{datetime.date.today().isoformat()}"' in new
    signups = client.get(reverse("director:signups", args=[evening.pk]), **german).content.decode()
    local = timezone.localtime(evening.signup_deadline)
    assert f'type="datetime-local" name="deadline" value="{local:%Y-%m-%dT%H:%M}"' in signups
    assert "04.12.2026" not in signups.split('name="deadline"')[1][:40]
