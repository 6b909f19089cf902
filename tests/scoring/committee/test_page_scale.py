"""The committee and live pages read the database a fixed number of times, whatever the size of the hall.

A hall of each size has every part the committee page can show: deals entered at some tables, slips at the
others (OK'd and not, agreeing and not with the sheet), teams, a category, a recorded choice and cut. The
same page of a hall ten times larger makes the same number of queries, shows no longer lists, and offers no
player from a list of the whole hall.
"""

import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.committee.views import STANDINGS_PER_PAGE
from scoring.models import PrizeChoice, PrizeCut, Slip
from scoring.tournaments.selectors import scoring_settings
from seating.models import Category, Player, Seat, Table, Team
from tests.scoring.committee.test_results import enter
from tests.scoring.conftest import drawn_tournament

pytestmark = pytest.mark.django_db

LARGEST_SELECT = 40  # options: the category and settings lists, never the players


def hall(players: int):
    """A drawn hall of ``players`` (Foster's moving tables) with every part of the committee's page."""
    tournament = drawn_tournament(players)
    tables = list(Table.objects.select_related("tournament", "section").filter(tournament=tournament)
                  .order_by("number"))
    entered = tables[: len(tables) // 2]
    for table in entered:
        enter(table, 1, (0, 0))
        enter(table, 2, (2, 1))
    sat = {}
    for table_id, stay, player_id in Seat.objects.filter(tournament=tournament).values_list("table_id", "stay",
                                                                                            "player_id"):
        sat.setdefault((table_id, stay), []).append(player_id)
    slips = []
    for (table_id, stay), sitting in sat.items():
        for n, player_id in enumerate(sitting):
            okd = sitting[(n + 1) % len(sitting)] if n % 2 == 0 else None
            slips.append(Slip(tournament=tournament, table_id=table_id, stay=stay, player_id=player_id,
                              net_points=12 * n - 10, net_games=n - 1, ok_by_id=okd))
    Slip.objects.bulk_create(slips)
    everyone = list(Player.objects.filter(tournament=tournament).order_by("id"))
    for number in range(4):
        team = Team.objects.create(tournament=tournament, name=f"Team {number}")
        Player.objects.filter(pk__in=[p.pk for p in everyone[number::8]]).update(team=team)
    experts = Category.objects.create(tournament=tournament, name="Ladies")
    experts.players.set(everyone[::3])
    PrizeChoice.objects.create(tournament=tournament, player=everyone[0], category="games")
    PrizeCut.objects.create(tournament=tournament, category="points", place=1, order=[everyone[1].pk, everyone[2].pk])
    settings = scoring_settings(tournament)  # the defaults: a tournament made here has no row until they are saved
    settings.published = True
    settings.save()
    return tournament


def _get(client, path):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code == 200
    return response.content.decode(), len(queries.captured_queries)


def _largest_select(page: str) -> int:
    return max([len(re.findall(r"<option", s)) for s in re.findall(r"<select.*?</select>", page, re.S)] or [0])


def _standings_lines(page: str) -> int:
    table = re.search(r'<table[^>]*class="grid standings".*?</table>', page, re.S).group(0)
    return len(re.findall(r"<tr", table.split("<tbody", 1)[1]))


@pytest.fixture
def director(client):
    client.force_login(User.objects.create_superuser("director-scale", password="pw"))
    return client


@pytest.mark.slow
def test_committee_slips_and_live_pages_read_the_same_at_24_and_at_120_players(director):
    small, large = hall(24), hall(120)
    for path in ("/committee/{}/", "/committee/{}/slips/", "/live/{}/?show=standings&rows=10"):
        _get(director, path.format(large.pk))  # the first of a tournament may fill its settings row
    small_page, small_queries = _get(director, f"/committee/{small.pk}/")
    large_page, large_queries = _get(director, f"/committee/{large.pk}/")
    assert small_queries == large_queries, "the committee page's queries grow with the hall"
    assert large_queries <= 32  # 30, and the club of the page and the header's switch (clubs.scope)
    assert "not OK&#x27;d" in large_page or "not OK'd" in large_page  # the slips are there, counted
    assert _standings_lines(small_page) == 24
    assert _standings_lines(large_page) == STANDINGS_PER_PAGE  # the rest are a page away
    assert "page=2" in large_page
    assert _largest_select(large_page) <= LARGEST_SELECT
    assert len(large_page) < 2 * len(small_page) + 60_000  # the page grows by a page of standings, no more
    second, _ = _get(director, f"/committee/{large.pk}/?s-page=2")
    assert _standings_lines(second) == 120 - STANDINGS_PER_PAGE
    assert _get(director, f"/committee/{small.pk}/slips/")[1] == _get(director, f"/committee/{large.pk}/slips/")[1]
    for show in ("standings", "teams", "prizes"):
        small_live, small_count = _get(director, f"/live/{small.pk}/?show={show}&rows=10")
        large_live, large_count = _get(director, f"/live/{large.pk}/?show={show}&rows=10")
        assert small_count == large_count, f"the live page's queries grow with the hall ({show})"
        assert large_count <= 20  # 18, whose names may be shown (public_names), whether it is in a season
        assert len(re.findall(r"<tr", large_live)) <= 11  # a head and one page of lines
        assert len(large_live) < 12_000


def test_standings_without_prizes_rank_exactly_as_with_them():
    """The live board reads no best games and awards nothing: its ranking is the committee's, to the player."""
    from scoring.results import tournament_results

    tournament = hall(24)
    full, lean = tournament_results(tournament), tournament_results(tournament, prizes=False)
    assert lean.awards == [] and full.awards
    assert [(r.rank, r.standing.player, r.standing.total(full.system), r.tie_note) for r in lean.ranked()] == \
        [(r.rank, r.standing.player, r.standing.total(full.system), r.tie_note) for r in full.ranked()]
