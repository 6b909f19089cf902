"""The pages that show players (a match day, the Spielbericht, a team's page, the Einzelwertung) read the league
with a number of queries that does not grow with its teams and players: a Staffel of 4 teams in one group and one
of 8 in two groups (a team absent), each with a substitute, take the same count."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Club
from leagues.models import Team
from leagues.selectors import league_reading
from tests.leagues.test_pages import login
from tests.leagues.test_tables import build

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture
def leagues(client):
    club = Club.objects.create(slug="verband", name="Landesverband")
    small = build(club, "klein", 4, {"days": 1, "series_per_day": 2}, days=1, days_past=(1,), substitute=(1, 0))
    large = build(club, "gross", 8, {"days": 1, "series_per_day": 2}, days=1, days_past=(1,), absent=(1, 5),
                  substitute=(1, 0))
    for league in (small, large):
        league.published = True
        league.save()
        league_reading(league)  # the first reading keeps the day's events: the pages below only read
    login(client, club, "director", "leiter")
    return small, large


def _pages(league):
    team = Team.objects.filter(league=league).order_by("number").first().pk
    club = league.club.slug
    return {"day": f"/club/{club}/leagues/{league.slug}/day/1/",
            "report": f"/club/{club}/leagues/{league.slug}/day/1/group/1/report.pdf",
            "team": f"/club/{club}/leagues/{league.slug}/team/{team}/",
            "public day": f"/league/{league.slug}/day/1/",
            "public team": f"/league/{league.slug}/team/{team}/"}


def test_the_pages_that_show_players_take_as_many_queries_for_8_teams_as_for_4(client, leagues,
                                                                                django_assert_num_queries):
    small, large = leagues
    for (name, few), (_name, many) in zip(_pages(small).items(), _pages(large).items()):
        with CaptureQueriesContext(connection) as captured:
            assert client.get(few).status_code == 200, name
        with django_assert_num_queries(len(captured.captured_queries)):
            assert client.get(many).status_code == 200, name


def test_the_einzelwertung_takes_as_many_queries_for_8_teams_as_for_4(leagues, django_assert_num_queries):
    small, large = leagues
    with CaptureQueriesContext(connection) as captured:
        assert league_reading(small).ranking()
    with django_assert_num_queries(len(captured.captured_queries)):
        assert league_reading(large).ranking()
