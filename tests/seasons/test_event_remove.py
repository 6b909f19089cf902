"""An evening added to a season by mistake is taken out on the season page: the director is asked first (a page of
its own, yes or no), then the event leaves the season, its results untouched, and may be added again. The committee
and another club's people take nothing out; an event not in the season is not found."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from clubs.models import Club, ClubRole
from seasons.models import SeasonEvent
from seasons.services import season_add, season_create
from seating.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.database]
GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}


def login(client, club, role: str, name: str):
    user = get_user_model().objects.create_user(name, password="pw-123456789")
    ClubRole.objects.create(club=club, user=user, role=role)
    client.force_login(user)
    return client


@pytest.fixture
def season_of_two():
    club = Club.objects.create(slug="skatfreunde", name="Skatfreunde")
    evenings = [Tournament.objects.create(name=name, club=club) for name in ("Clubabend März", "Pokal 2025")]
    season = season_create(club=club, slug="2026", name="Vereinsmeisterschaft 2026", rules={"best": 3})
    season_add(season=season, tournaments=evenings)
    return club, evenings, season


def in_season(season) -> list[str]:
    return sorted(SeasonEvent.objects.filter(season=season).values_list("tournament__name", flat=True))


def test_the_director_is_asked_first_then_the_event_leaves_the_season(client, season_of_two):
    club, (march, cup), season = season_of_two
    login(client, club, "director", "leiter")
    page = reverse("seasons:season", args=[club.slug, season.slug])
    remove = reverse("seasons:remove", args=[club.slug, season.slug, cup.pk])
    assert remove in client.get(page).content.decode()  # each event carries its way out

    asked = client.get(remove, **GERMAN)
    assert asked.status_code == 200
    text = asked.content.decode()
    assert "Das Turnier aus der Saison nehmen?" in text and "Ja, herausnehmen" in text and "Nein, behalten" in text
    assert client.post(remove).status_code == 200  # a post without the question's yes only asks again
    assert in_season(season) == ["Clubabend März", "Pokal 2025"]

    done = client.post(remove, {"confirm": "yes"}, **GERMAN)
    assert done.status_code == 302 and done["Location"] == page + "#season-events"
    assert in_season(season) == ["Clubabend März"]
    assert Tournament.objects.filter(pk=cup.pk).exists()  # the event itself and its results stay
    assert "Pokal 2025 wurde aus der Saison genommen." in client.get(page, **GERMAN).content.decode()

    assert client.get(remove).status_code == 404  # no longer in the season: nothing to take out
    client.post(reverse("seasons:add", args=[club.slug, season.slug]), {"tournament": [cup.pk]})
    assert in_season(season) == ["Clubabend März", "Pokal 2025"]  # and it may come back


def test_the_committee_and_another_club_take_nothing_out(client, season_of_two):
    club, (march, cup), season = season_of_two
    remove = reverse("seasons:remove", args=[club.slug, season.slug, cup.pk])
    login(client, club, "committee", "kommission")
    assert "/remove/" not in client.get(reverse("seasons:season", args=[club.slug, season.slug])).content.decode()
    assert client.get(remove).status_code == 403
    assert client.post(remove, {"confirm": "yes"}).status_code == 403

    other = Club.objects.create(slug="nachbarn", name="Nachbarn")
    login(client, other, "director", "nachbar")
    assert client.post(remove, {"confirm": "yes"}).status_code == 404
    theirs = season_create(club=other, slug="2026", name="Unsere", rules={})
    assert client.post(reverse("seasons:remove", args=[other.slug, theirs.slug, cup.pk]),
                       {"confirm": "yes"}).status_code == 404
    assert in_season(season) == ["Clubabend März", "Pokal 2025"]


def test_an_event_of_the_club_not_in_the_season_is_not_found(client, season_of_two):
    club, evenings, season = season_of_two
    login(client, club, "director", "leiter")
    outside = Tournament.objects.create(name="Ohne Saison", club=club)
    assert client.post(reverse("seasons:remove", args=[club.slug, season.slug, outside.pk]),
                       {"confirm": "yes"}).status_code == 404
    assert len(in_season(season)) == 2
