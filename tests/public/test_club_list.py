"""The public list of clubs shows a club once it has something to show there (a published event, an event taking
sign-ups): a fresh server's empty first club does not stand beside the club the director made."""

import json

import pytest
from django.urls import reverse

from clubs.models import FIRST_CLUB, Club
from scoring.models import TournamentScoring
from scoring.tournaments.services import tournament_open
from seating.models import Tournament

pytestmark = pytest.mark.django_db


def listed(client) -> tuple[list[str], list[str]]:
    """The clubs' names on the page and the slugs in the API."""
    page = client.get(reverse("public:clubs")).content.decode()
    names = [club.name for club in Club.objects.all() if f">{club.name}<" in page]
    api = [club["slug"] for club in json.loads(client.get("/api/v1/clubs/").content)]
    return sorted(names), sorted(api)


def test_an_empty_club_stays_off_the_public_list_until_it_shows_something(client):
    first = Club.objects.get(slug=FIRST_CLUB["slug"])  # the fresh server's, made by the migration
    west = Club.objects.create(slug="west", name="Skatclub West")
    assert listed(client) == ([], [])
    assert client.get(reverse("public:club", args=["club"])).status_code == 200  # its page still answers

    evening = tournament_open(name="Dienstag", rulebook="isko", method="fixed", club=west)
    assert listed(client) == ([], [])  # an event not published is nothing to show
    TournamentScoring.objects.filter(tournament=evening).update(published=True)
    assert listed(client) == (["Skatclub West"], ["west"])

    later = tournament_open(name="Freitag", rulebook="isko", method="fixed", club=first)
    Tournament.objects.filter(pk=later.pk).update(signup_open=True)  # taking sign-ups: it shows its sign-up
    assert listed(client) == (["Skatclub", "Skatclub West"], ["club", "west"])
    Tournament.objects.filter(pk=later.pk).update(draw_seed=1)  # drawn: the sign-up is over
    assert listed(client) == (["Skatclub West"], ["west"])
