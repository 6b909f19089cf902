"""The season table on the projector (``seasons:board``): the live board's look and page turning, the
season's print language (or ``?lang=``), public names only; the club's committee sees it, anyone else only once
every event of the season is published, and another club's director finds nothing. Its rows are the rows of
``manage.py season table SLUG --format json``."""

import io
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from clubs.models import Club, Member
from tests.german_pages import english_words, visible_text
from tests.roles import grant
from tests.seasons.conftest import two_evenings_one_hidden

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture
def season():
    return two_evenings_one_hidden({"best": 3})


def board_url(season, **query) -> str:
    url = reverse("seasons:board", args=[season.club.slug, season.slug])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def login(client, club, role: str, name: str = "kassenwart"):
    client.force_login(grant(get_user_model().objects.create_user(name, password="pw-123456789"), role, club))


def publish(evenings, published: bool = True):
    for evening in evenings:
        evening.scoring.published = published
        evening.scoring.save()


def test_the_committee_sees_the_board_and_its_rows_are_the_commands(client, season):
    season, evenings = season
    login(client, season.club, "committee")
    response = client.get(board_url(season, rows=60))
    assert response.status_code == 200
    out = io.StringIO()
    call_command("season", "table", season.slug, "--club", season.club.slug, "--format", "json", stdout=out)
    rows = json.loads(out.getvalue())["rows"]
    lines = response.context["board"].lines
    assert [(line["member"], line["rank"], round(float(line["total"]), 2)) for line in lines] == [
        (row["member"], row["rank"], row["total"]) for row in rows]
    page = response.content.decode()
    assert 'href="/static/css/live.css"' in page or "css/live.css" in page
    assert f'href="{reverse("scoring:live", args=[evenings[-1].pk])}"' in page  # back to the latest evening's board


def test_the_board_turns_its_pages_by_itself(client, season):
    season, _ = season
    login(client, season.club, "director", "leiter")
    first = client.get(board_url(season, rows=5, seconds=20))
    board = first.context["board"]
    assert board.pages == 2 and len(board.lines) == 5
    assert 'hx-trigger="every 20s"' in first.content.decode() and "page=2" in board.next_query
    second = client.get(board_url(season, page=2, rows=5, seconds=20), HTTP_HX_REQUEST="true")
    assert second.context["board"].page == 2 and "<html" not in second.content.decode()
    assert "page=1" in second.context["board"].next_query  # and round again


def test_hidden_names_are_never_shown(client, season):
    season, evenings = season
    login(client, season.club, "director", "leiter")
    page = client.get(board_url(season, rows=60)).content.decode()
    assert f'data-member="{Member.objects.get(name="Bernd Bauer").pk}"' in page  # he is in the table, unnamed
    assert "Bernd Bauer" not in page and "Anna Albers" in page
    assert re.search(r"Player \d+", page)
    publish(evenings)
    client.logout()
    page = client.get(board_url(season, rows=60)).content.decode()
    assert "Bernd Bauer" not in page and re.search(r"Player \d+", page)


def test_anonymous_only_when_every_event_is_published(client, season):
    season, evenings = season
    response = client.get(board_url(season))
    assert response.status_code == 302 and "/login/" in response["Location"]
    publish(evenings[:1])
    assert client.get(board_url(season)).status_code == 302
    publish(evenings)
    assert client.get(board_url(season)).status_code == 200


def test_another_clubs_director_finds_nothing(client, season):
    season, _ = season
    other = Club.objects.create(slug="west", name="Skatclub West")
    login(client, other, "director", "west")
    assert client.get(board_url(season)).status_code == 404


def test_the_board_speaks_the_seasons_print_language_and_the_address_switches_it(client, season):
    season, evenings = season
    season.language = "de"  # the season's print language: what its PDF speaks
    season.save()
    login(client, season.club, "committee")
    german = client.get(board_url(season, rows=60), HTTP_ACCEPT_LANGUAGE="en")
    assert german["Content-Language"] == "de"
    text = visible_text(german.content.decode())
    assert english_words(text, ("Vereinsmeisterschaft 2026", "Skatfreunde skatfreunde", "Clubabend 6")) == []
    assert "Jahreswertung" in text and re.search(r"Spieler \d+", text) and "Bernd" not in text
    english = client.get(board_url(season, rows=60, lang="en"))
    assert english["Content-Language"] == "en" and re.search(r"Player \d+", english.content.decode())
    assert "lang=en" in english.context["board"].next_query


def test_the_season_page_links_the_board(client, season):
    season, _ = season
    login(client, season.club, "committee")
    page = client.get(reverse("seasons:season", args=[season.club.slug, season.slug]), HTTP_ACCEPT_LANGUAGE="en")
    assert board_url(season) in page.content.decode() and "Show on the projector" in page.content.decode()
