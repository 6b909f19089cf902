"""The live board for the projector: its settings from the address, its pages, what it shows and hides."""

import re
from html import unescape

import pytest
from django.contrib.auth.models import User

from scoring.committee.live import BoardSettings
from scoring.models import TournamentScoring
from scoring.results import tournament_results
from seating.models import Player
from tests.scoring.committee.test_views import played  # noqa: F401 (fixture)

HOSTILE = '<script>alert("x")</script>=1+1'


@pytest.mark.parametrize("query, expected", [
    ({}, BoardSettings("standings", 1, 15, 12)),
    ({"show": "prizes", "page": "3", "rows": "20", "seconds": "30"}, BoardSettings("prizes", 3, 20, 30)),
    ({"show": "<b>", "page": "-4", "rows": "100000", "seconds": "1"}, BoardSettings("standings", 1, 60, 5)),
    ({"page": "two", "rows": "", "seconds": "1e9"}, BoardSettings("standings", 1, 15, 12)),
])
def test_the_address_sets_the_board_and_nothing_in_it_is_refused(query, expected):
    assert BoardSettings.from_query(query) == expected


def _lines(html: str) -> list[list[str]]:
    body = html[html.index("<tbody>"):html.index("</tbody>")]
    return [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", body, flags=re.S)]


@pytest.mark.django_db
def test_the_pages_together_show_every_player_once_in_ranking_order_and_wrap_round(client, played):  # noqa: F811
    TournamentScoring.objects.filter(tournament=played).update(published=True)
    Player.objects.filter(pk=played.players.order_by("pk").first().pk).update(name=HOSTILE)
    # a negative total with the typographic minus ("−20"), as every figure the hall reads
    ranking = [(str(row["rank"]), row["name"], str(row["total"]).replace("-", "\u2212"),
                f"{row['games_won']} / {row['games_lost']}")
               for row in tournament_results(played).rows()]

    shown, query = [], "?rows=5"
    for page in (1, 2, 3):
        html = client.get(f"/live/{played.pk}/{query}", HTTP_HX_REQUEST="true").content.decode()
        assert f"page {page} of 3" in html
        shown += [(rank, name, total, games) for rank, name, _club, total, games in _lines(html)]
        query = re.search(r'hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert query == "?show=standings&page=1&rows=5&seconds=12"  # after the last page, the first again
    escaped = HOSTILE.replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    assert shown == [(rank, escaped if name == HOSTILE else name, total, games) for rank, name, total, games in ranking]
    assert "<script>alert" not in html


@pytest.mark.django_db
def test_a_page_past_the_last_shows_the_first(client, played):  # noqa: F811
    TournamentScoring.objects.filter(tournament=played).update(published=True)
    html = client.get(f"/live/{played.pk}/?rows=5&page=9").content.decode()
    assert "page 1 of 3" in html


@pytest.mark.django_db
def test_the_board_shows_only_what_players_look_for_and_no_staff_navigation(client, played):  # noqa: F811
    client.force_login(User.objects.create_superuser("boss", "", "pw-long-enough"))
    html = client.get(f"/live/{played.pk}/").content.decode()
    heads = re.findall(r"<th(?: [^>]*)?>(.*?)</th>", html)
    assert heads == ["#", "Player", "Club", "Total", "Games won / lost"]
    assert "/director/" not in html and "/admin/" not in html and "/committee/" not in html
    assert '<a href="?show=prizes&amp;page=1&amp;rows=15&amp;seconds=12">Prizes</a>' in html


@pytest.mark.django_db
def test_the_prize_view_lists_each_prize_with_its_winner(client, played):  # noqa: F811
    TournamentScoring.objects.filter(tournament=played).update(published=True)
    results = tournament_results(played)
    names = {player.id: player.name for player in results.players.values()}
    html = client.get(f"/live/{played.pk}/?show=prizes&rows=60").content.decode()
    lines = [[unescape(cell) for cell in line] for line in _lines(html)]
    assert [(line[0], line[1], line[2]) for line in lines] == [
        (str(award.place), award.name, names[award.player]) for award in results.awards]


@pytest.mark.django_db
def test_an_event_of_several_series_shows_the_current_series_and_its_teams(client):
    from scoring.results import event_results
    from seating.models import Team
    from tests.scoring.committee.test_series_event import demo_event

    event = demo_event(7, 2)
    TournamentScoring.objects.filter(tournament=event).update(published=True)
    players = list(event.players.order_by("pk"))
    germania = Team.objects.create(tournament=event, name="Germania")
    Player.objects.filter(pk__in=[p.pk for p in players[:4]]).update(team=germania)
    Team.objects.create(tournament=event, name="Liederkranz").members.set(players[4:])

    html = client.get(f"/live/{event.pk}/?show=series&rows=60").content.decode()
    assert "<span>Series 2</span>" in html
    series_2 = event_results(event).series[1]
    assert [(line[0], unescape(line[1]), line[3]) for line in _lines(html)] == [
        (str(row["rank"]), row["name"], str(row["total"])) for row in series_2.rows()]

    teams = client.get(f"/live/{event.pk}/?show=teams").content.decode()
    overall = event_results(event)
    assert [(line[0], line[1], line[3]) for line in _lines(teams)] == [
        (str(row.rank), row.team.name, str(row.standing.total(overall.overall.system))) for row in overall.teams]
    # the teams' totals are their members' sums, added up here from the overall rows
    totals = {row["player"]: row["total"] for row in overall.overall.rows()}
    assert {row.team.name: row.standing.total(overall.overall.system) for row in overall.teams} == {
        "Germania": sum(totals[p.pk] for p in players[:4]), "Liederkranz": sum(totals[p.pk] for p in players[4:])}


@pytest.mark.django_db
def test_a_single_session_offers_neither_series_nor_teams(client, played):  # noqa: F811
    TournamentScoring.objects.filter(tournament=played).update(published=True)
    html = client.get(f"/live/{played.pk}/?show=teams").content.decode()
    assert ">Standings</span>" in html and "This series" not in html and ">Teams<" not in html


def _heads(html: str) -> list[str]:
    return re.findall(r"<th(?: [^>]*)?>(.*?)</th>", html)


GERMAN_HEADS = ["#", "Spieler", "Verein", "Gesamt", "Sp. gew./verl."]
ENGLISH_HEADS = ["#", "Player", "Club", "Total", "Games won / lost"]


@pytest.mark.django_db
@pytest.mark.parametrize("print_language, browser, heads, html_lang", [
    ("de", "en", GERMAN_HEADS, "de"), ("en", "de", ENGLISH_HEADS, "en")])
def test_the_board_speaks_the_print_language_whatever_the_projectors_browser_asks(
        client, played, print_language, browser, heads, html_lang):  # noqa: F811
    TournamentScoring.objects.filter(tournament=played).update(published=True)
    played.language = print_language
    played.save(update_fields=["language"])
    response = client.get(f"/live/{played.pk}/", HTTP_ACCEPT_LANGUAGE=browser)
    html = response.content.decode()
    assert _heads(html) == heads
    assert f'<html lang="{html_lang}">' in html and response["Content-Language"] == html_lang
    # the refresh and the view links carry no language of their own: the next page is again the print language's
    assert 'hx-get="?show=standings&amp;page=1&amp;rows=15&amp;seconds=12"' in html
    refreshed = client.get(f"/live/{played.pk}/?show=standings&page=1", HTTP_ACCEPT_LANGUAGE=browser,
                           HTTP_HX_REQUEST="true").content.decode()
    assert _heads(refreshed) == heads


@pytest.mark.django_db
def test_lang_in_the_address_overrides_the_print_language_for_one_screen_and_every_refresh_keeps_it(
        client, played):  # noqa: F811
    TournamentScoring.objects.filter(tournament=played).update(published=True)
    played.language = "de"
    played.save(update_fields=["language"])
    html = client.get(f"/live/{played.pk}/?lang=en&rows=5", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert _heads(html) == ENGLISH_HEADS and "page 1 of 3" in html
    refresh = re.search(r'hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert refresh == "?show=standings&page=2&rows=5&seconds=12&lang=en"
    assert '<a href="?show=prizes&amp;page=1&amp;rows=5&amp;seconds=12&amp;lang=en">Prizes</a>' in html
    next_page = client.get(f"/live/{played.pk}/{refresh}", HTTP_ACCEPT_LANGUAGE="de",
                           HTTP_HX_REQUEST="true").content.decode()
    assert _heads(next_page) == ENGLISH_HEADS and "page 2 of 3" in next_page
    # a language we do not have is ignored: the print language again
    german = client.get(f"/live/{played.pk}/?lang=xx", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert _heads(german) == GERMAN_HEADS and "lang=xx" not in german
    assert '<a href="?show=prizes&amp;page=1&amp;rows=15&amp;seconds=12">Preise</a>' in german


def test_lang_in_the_address_is_one_of_ours_or_none():
    assert BoardSettings.from_query({"lang": "de"}).lang == "de"
    assert BoardSettings.from_query({"lang": "<b>"}).lang == ""
