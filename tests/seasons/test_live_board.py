"""The season table on the event's live board (``scoring:live``, ``?show=season``): the seasons offer it
through ``scoring.offered_boards``, scoring never imports them. An evening of a season shows the season's rows (recomputed
here by hand from ``manage.py standings`` of each evening), in public names; an event in no season does not offer
it; between series (``between=season``) the board turns from the standings to the season's table and back, and
while a series is being played it stays with the standings."""

import re
from datetime import timedelta
from fractions import Fraction
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Max
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from clubs.models import Member
from scoring.models import SeriesClock
from scoring.series.clock.reading import between_series, clock_reading
from seasons.services import season_add
from seating.models import Table
from tests.roles import grant
from tests.seasons.conftest import club_evening, two_evenings_one_hidden
from tests.seasons.test_season_command import evening_facts

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
MIN_SERIES = 3  # of the two evenings' four series: one who missed an evening is not ranked


@pytest.fixture
def season():
    """Two evenings of two series, eight members and a guest, some absent; three series played to be ranked."""
    season, evenings = two_evenings_one_hidden({"min_series": MIN_SERIES})
    publish(evenings)
    return season, evenings


def publish(evenings, published: bool = True):
    for evening in evenings:
        evening.scoring.published = published
        evening.scoring.save()


def live(tournament, **query) -> str:
    return f"/live/{tournament.pk}/?" + "&".join(f"{key}={value}" for key, value in query.items())


def lines(html: str) -> list[tuple[str, ...]]:
    body = html[html.index("<tbody>"):html.index("</tbody>")]
    return [tuple(unescape(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row))
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, flags=re.S)]


def figure(value: Fraction) -> str:
    """A figure as the hall reads it in English: whole as it is, else two places; a real minus."""
    text = str(abs(value.numerator)) if value.denominator == 1 else f"{abs(float(value)):.2f}"
    return ("\u2212" if value < 0 else "") + text


def by_hand(evenings) -> list[tuple[str, ...]]:
    """The season table under ``min_series: 3`` from each evening's standings: a member's total is the sum of his
    series' totals, his average that over his series; ranked (higher total first, equal totals one rank, 1 2 2 4)
    with three series played, the others after them unranked; equal figures listed by name. Hidden members are
    "Player N", N their line."""
    scores = {}
    for evening in evenings:
        for member, rows in evening_facts(evening.pk)[1].items():
            scores.setdefault(member, []).extend(total for _series, total, _deals in rows)
    members = {m.pk: m for m in Member.objects.filter(pk__in=scores)}
    order = sorted(scores, key=lambda m: (len(scores[m]) < MIN_SERIES, -sum(scores[m]), members[m].name))
    table, rank = [], 0
    for line, member in enumerate(order, start=1):
        total, ranked = sum(scores[member]), len(scores[member]) >= MIN_SERIES
        if ranked and (line == 1 or total != sum(scores[order[line - 2]])):
            rank = line
        name = members[member].name if members[member].public else f"Player {line}"
        table.append((str(rank) if ranked else "—", name, str(len(scores[member])), figure(Fraction(total)),
                      figure(Fraction(total, len(scores[member]))), "✓" if ranked else "not ranked"))
    return table


def test_an_evening_of_a_season_shows_the_seasons_table_by_hand_in_public_names(client, season):
    season, evenings = season
    html = client.get(live(evenings[-1], show="season", rows=60)).content.decode()
    assert f"<span>{season.name}</span>" in html  # the board says whose table it shows
    shown = lines(html)
    assert shown == by_hand(evenings)
    assert any(line[0] == "—" for line in shown) and any(line[0] == "1" for line in shown)  # both kinds are there
    assert "Bernd Bauer" not in html and any(re.fullmatch(r"Player \d+", line[1]) for line in shown)
    assert 'href="/club/skatfreunde/seasons/2026/board/"' in html  # the season's own board
    assert re.search(rf'<a href="\?show=season&amp;page=1&amp;rows=60&amp;seconds=12"[^>]*>{season.name}</a>',
                     html)  # the director's choice among the board's views


def test_an_event_in_no_season_offers_no_season_table(client, season):
    season, evenings = season
    alone = club_evening(season.club, list(Member.objects.filter(club=season.club)), seed=9, absent=0.2)
    publish([alone])
    html = client.get(live(alone, show="season", between="season")).content.decode()
    assert ">Standings</span>" in html and season.name not in html
    assert "between series" not in html and "/seasons/" not in html and "show=season" not in html


def test_an_unpublished_seasons_table_is_the_committees_alone(client, season):
    season, evenings = season
    publish(evenings[:1], published=False)
    html = client.get(live(evenings[-1], show="season")).content.decode()
    assert ">Standings</span>" in html and "show=season" not in html
    client.force_login(grant(get_user_model().objects.create_user("leiter", password="pw-123456789"), "committee",
                             season.club))
    html = client.get(live(evenings[-1], show="season", rows=60)).content.decode()
    assert lines(html) == by_hand(evenings)


def test_between_series_the_board_alternates_with_the_season_and_while_a_series_runs_it_does_not(client, season):
    season, evenings = season
    evening = evenings[-1]
    standings = client.get(live(evening, rows=60, between="season")).context["board"]
    assert standings.pages == 1 and standings.next_query == "show=season&page=1&rows=60&seconds=12&between=season"
    table = client.get(live(evening, show="season", rows=5, between="season")).context["board"]
    assert table.pages == 2 and table.next_query == "show=season&page=2&rows=5&seconds=12&between=season"
    last = client.get(live(evening, show="season", page=2, rows=5, between="season")).context["board"]
    assert last.next_query == "show=standings&page=1&rows=5&seconds=12&between=season"  # and back

    now = timezone.now()
    last = Table.objects.filter(tournament=evening).aggregate(last=Max("series"))["last"]
    clock = SeriesClock.objects.create(tournament=evening, series=last, minutes=120, started_at=now,
                                       ends_at=now + timedelta(hours=2))
    running = client.get(live(evening, show="season", rows=60, between="season"))
    assert running.context["board"].settings.show == "standings"  # a series is played: its standings
    assert running.context["board"].next_query == "show=standings&page=1&rows=60&seconds=12&between=season"
    chosen = client.get(live(evening, show="season", rows=60)).context["board"]
    assert chosen.settings.show == "season"  # asked for without alternating, the season's table stays up
    clock.closed_at = now
    clock.save()
    closed = client.get(live(evening, rows=60, between="season")).context["board"]
    assert closed.next_query.startswith("show=season&")


def test_between_series_is_no_clock_one_not_started_or_one_closed():
    now = timezone.now()
    assert between_series(None)
    assert between_series(clock_reading(series=2, minutes=90, now=now))
    started = dict(series=2, minutes=90, now=now, started_at=now - timedelta(hours=2), ends_at=now + timedelta(1))
    assert not between_series(clock_reading(**started))
    over = {**started, "ends_at": now - timedelta(minutes=1)}
    assert not between_series(clock_reading(**over))  # the tables still finish their deals
    assert between_series(clock_reading(**over, closed_at=now))


def test_the_season_table_costs_the_same_queries_however_many_evenings(client, season):
    season, evenings = season

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(live(evenings[-1], show="season", rows=60)).status_code == 200
        return len(captured)

    two = queries()
    members = list(Member.objects.filter(club=season.club))
    more = [club_evening(season.club, members, seed=seed) for seed in (7, 8)]
    season_add(season=season, tournaments=more)
    publish(more)
    # 32 when written: the event's results, the season's reading; the evenings being played today are summed
    # from their tallies on each reading (a played one is read from its kept totals)
    assert queries() == two <= 36, two


def test_the_season_table_speaks_the_boards_language(client, season):
    season, evenings = season
    html = client.get(live(evenings[-1], show="season", lang="de")).content.decode()
    assert re.findall(r"<th(?: [^>]*)?>(.*?)</th>", html) == ["#", "Spieler", "Gespielte Serien", "Gesamt",
                                                                "Schnitt", "In der Wertung"]
    assert "Jahreswertung zwischen den Serien" in html and "Tafel der Jahreswertung" in html
