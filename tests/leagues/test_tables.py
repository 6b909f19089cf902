"""The fast table (``leagues.tables``: the teams' series sums added in the database from the kept series totals)
equals the full reading's (``leagues.selectors.league_reading``: every player's row of every series), over leagues
of several shapes: days already kept and a day still being read live, a team short, a team absent, a substitute,
a group of five, a table on paper slips, other rules; and its queries do not grow with the teams or the Staffeln.
The table from the sums (``table_of_sums``) equals the table added up from the series' points for any sums."""

import datetime
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from hypothesis import given, settings
from hypothesis import strategies as st

from clubs.models import Club
from leagues import services
from leagues.core import LeagueRules, SeriesSums, TableRow, ranked, series_points, table_of_sums
from leagues.models import MatchDay
from leagues.play import day_play
from leagues.selectors import league_reading
from leagues.tables import league_table_reading, league_tables, overview
from scoring.models import Deal, KeptSeriesTotal, Slip
from seating.models import Seat, Table

pytestmark = [pytest.mark.django_db]


def _row(row):
    return (row.team, row.name, row.rank, row.points, row.points_against, row.game_points, row.days_played,
            row.status)


def build(club, slug, teams, rules, *, days_past=(), absent=None, short=None, substitute=None, paper=False,
          days=1):
    league = services.league_create(club=club, slug=slug, name=f"Staffel {slug}", rules=rules)
    made = [services.team_add(league=league, name=f"{slug} {t}", roster=[f"{slug} {t} Spieler{n}"
                                                                         for n in range(1, 6)])
            for t in range(1, teams + 1)]
    services.schedule_make(league=league, seed=3)
    for day in range(1, days + 1):
        if day in days_past:  # played weeks ago: its events are kept on the first reading
            MatchDay.objects.filter(league=league, number=day).update(
                date=timezone.localdate() - datetime.timedelta(days=30 - day))
        if absent and absent[0] == day:
            services.absent_set(league=league, day=day, team=made[absent[1]])
        if short and short[0] == day:
            team = made[short[1]]
            services.lineup_set(league=league, day=day, team=team,
                                names=[entry.name for entry in team.roster.order_by("order")[:3]])
        services.day_seat(league=league, day=day, seed=day)
        if substitute and substitute[0] == day:
            team = made[substitute[1]]
            services.substitute(league=league, day=day, team=team, out=f"{team.name} Spieler2",
                                into=f"{team.name} Spieler5", from_series=2)
        day_play(league=league, day=day, seed=day)
    if paper:  # one table's sheet stays on paper: its OK'd slips count
        table = Table.objects.filter(tournament__league_group__day__league=league, series=1).first()
        Deal.objects.filter(table=table).delete()
        Slip.objects.filter(table=table).delete()  # the slips made from the sheet: written again by hand
        players = list(Seat.objects.filter(table=table, stay=1).values_list("player_id", flat=True))
        Slip.objects.bulk_create([Slip(tournament_id=table.tournament_id, table=table, stay=1, player_id=player,
                                       net_points=25 * i, net_games=i, games_won=i, games_lost=0,
                                       ok_by_id=players[(i + 1) % len(players)])
                                  for i, player in enumerate(players)])
    return league


LEAGUES = [
    ("two-days", 4, {"series_per_day": 2, "days": 3, "per_beaten": 2, "promote": 1, "relegate": 1},
     dict(days=2, days_past=(1,), short=(1, 3), substitute=(1, 0), absent=(2, 2))),
    ("eight", 8, {"days": 2, "series_per_day": 2, "table_order": ["game_points", "points"], "relegate": 2},
     dict(days=2, days_past=(1, 2), absent=(2, 5))),
    ("five-paper", 5, {"days": 1, "series_per_day": 2, "promote": 2}, dict(days=1, paper=True)),
    ("today", 6, {"days": 1, "series_per_day": 1}, dict(days=1, substitute=None)),
]


@pytest.fixture
def club():
    return Club.objects.create(slug="verband", name="Landesverband")


@pytest.mark.slow
@pytest.mark.parametrize("slug, teams, rules, shape", LEAGUES, ids=[case[0] for case in LEAGUES])
def test_the_fast_table_equals_the_full_reading(club, slug, teams, rules, shape):
    league = build(club, slug, teams, rules, **shape)
    for _reading in range(2):  # the first reading keeps the events played; the second reads them kept
        full = league_reading(league)
        fast = league_table_reading(league)
        assert [_row(row) for row in fast.table()] == [_row(row) for row in full.table()]
        assert fast.provisional_days() == [day.number for day in full.days
                                           if day.number in full.groups and full.provisional(day)]
        assert any(row.game_points for row in fast.table())
    if shape.get("paper"):  # the one query that finds the events on paper says what the slips' check says
        from scoring.results.slips import events_with_paper_stays, slip_checks
        from seating.models import Tournament

        events = list(Tournament.objects.filter(league_group__day__league=league))
        assert events_with_paper_stays([t.pk for t in events]) == {
            pk for pk, check in slip_checks(events).items() if check.paper} != set()
    if shape.get("days_past"):
        assert KeptSeriesTotal.objects.filter(tournament__league_group__day__league=league).exists()


@pytest.mark.slow
def test_many_staffeln_at_once_equal_each_alone_and_the_overview_compares_a_place(club):
    leagues = [build(club, slug, teams, rules, **shape) for slug, teams, rules, shape in LEAGUES]
    together = league_tables(leagues)
    for league, table in zip(leagues, together):
        assert [_row(row) for row in table.rows] == [_row(row) for row in league_reading(league).table()]
    seen = overview(club, place=3, down=2)
    assert [table.league.slug for table in seen.tables] == sorted(league.slug for league in leagues)
    third = [(table.league.slug, table.rows[2]) for table in together]
    # their table orders differ: compared by Wertungspunkte, then Spielpunkte, the worst first
    worst = sorted(third, key=lambda item: (item[1].points, item[1].game_points, item[0]))
    assert [(row.staffel, row.row.team) for row in seen.compared] == [(slug, row.team) for slug, row in worst]
    keys = [(row.points, row.game_points) for _slug, row in worst]
    assert [seen.goes_down(row) for row in seen.compared] == [1 + sum(other < key for other in keys) <= 2
                                                              for key in keys]


def _queries(function) -> int:
    with CaptureQueriesContext(connection) as captured:
        function()
    return len(captured.captured_queries)


@pytest.mark.slow
def test_the_queries_do_not_grow_with_the_teams_nor_the_staffeln(club):
    small = build(club, "small", 4, {"days": 2, "series_per_day": 1}, days=2, days_past=(1, 2))
    large = build(club, "large", 8, {"days": 2, "series_per_day": 1}, days=2, days_past=(1, 2), absent=(2, 1))
    more = build(club, "more", 5, {"days": 2, "series_per_day": 1}, days=2, days_past=(1, 2))
    league_tables([small, large, more])  # keeps the events
    counts = [_queries(lambda: league_table_reading(small)), _queries(lambda: league_table_reading(large)),
              _queries(lambda: league_tables([small])), _queries(lambda: league_tables([small, large, more]))]
    assert counts == [6, 6, 6, 6]  # the five of the sums, and the leagues' deductions
    assert _queries(lambda: overview(club, place=2)) == 7  # the club's leagues, then the same six


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 3), st.lists(st.tuples(st.integers(1, 3), st.lists(st.integers(-60, 60), min_size=2,
                                                                          max_size=5),
                                             st.integers(0, 2)), max_size=6))
def test_the_table_of_sums_is_the_table_of_the_series_points(per_beaten, series):
    rules = LeagueRules(per_beaten=per_beaten, promote=1, relegate=1)
    teams = {team: f"T{team}" for team in range(1, 9)}
    sums, results = [], []
    for day, values, absent in series:
        present = dict(zip(range(1, 9), values))
        gone = tuple(range(len(values) + 1, len(values) + 1 + absent))
        sums.append(SeriesSums(day, present, gone))
        results += [(day, points) for points in series_points(present, per_beaten, gone).values()]
    assert [_row(row) for row in table_of_sums(rules, teams, sums)] == \
        [_row(row) for row in _table_of_points(rules, teams, results)]


def _table_of_points(rules, teams, results):
    """The table added up from each series' points as fractions (the other way than the sums' half points)."""
    rows = {team: TableRow(team, name) for team, name in teams.items()}
    for day, points in results:
        row = rows[points.team]
        row.points += points.won
        row.points_against += points.lost
        if points.present:
            row.game_points += points.sum
            row.days.add(day)
    return ranked(list(rows.values()), rules)


def test_the_table_json_is_a_list_of_rows_in_table_order(club, tmp_path):
    from tests.leagues.test_league_command import run

    league = build(club, "json", 4, {"days": 1, "series_per_day": 1})
    rows = json.loads(run("league", "table", "json", "--format", "json"))
    assert isinstance(rows, list)
    assert [row["team"] for row in rows] == [row.team for row in league_reading(league).table()]
    assert all(set(row) == {"team", "name", "rank", "points", "points_against", "game_points", "days_played",
                            "status", "deducted", "deductions"} for row in rows)
    players = json.loads(run("league", "players", "json", "--format", "json"))
    assert isinstance(players, list) and players and set(players[0]) >= {"name", "team", "series_played", "games",
                                                                        "total", "average"}


@pytest.mark.slow
def test_the_overview_command_and_page_compare_one_place(client, club):
    import csv
    import io

    from django.core.management.base import CommandError

    from tests.leagues.test_league_command import run
    from tests.leagues.test_pages import login

    for slug, teams, _seed in (("nord", 4, 1), ("sued", 4, 2), ("west", 5, 3)):
        build(club, slug, teams, {"days": 1, "series_per_day": 1}, days_past=(1,))
    tables = {table.league.slug: table.rows for table in league_tables(list(club.leagues.all()))}
    staffeln = json.loads(run("league", "overview", "verband", "--format", "json"))
    assert [s["league"] for s in staffeln] == ["nord", "sued", "west"]
    for staffel in staffeln:
        assert [row["team"] for row in staffel["rows"]] == [row.team for row in tables[staffel["league"]]]
    second = json.loads(run("league", "overview", "verband", "--place", "2", "--down", "1", "--format", "json"))
    by_hand = sorted(((rows[1].points, rows[1].game_points, slug), rows[1].team) for slug, rows in tables.items())
    assert [(row["league"], row["team"]) for row in second] == [(key[2], team) for key, team in by_hand]
    assert [row["down"] for row in second] == [row["place_rank"] == 1 for row in second]
    assert second[0]["place_rank"] == 1 and set(second[0]) >= {"league_name", "rank", "points", "game_points",
                                                                "status"}
    lines = list(csv.DictReader(io.StringIO(run("league", "overview", "verband", "--place", "2", "--format",
                                                "csv"))))
    assert [int(line["team"]) for line in lines] == [row["team"] for row in second]
    assert json.loads(run("league", "overview", "verband", "--place", "6")) == []  # no Staffel has 6 teams
    for bad in (["--place", "0"], ["--down", "2"]):
        with pytest.raises(CommandError):
            run("league", "overview", "verband", *bad)
    with pytest.raises(CommandError, match="club"):
        run("league", "overview", "nowhere")

    login(client, club, "committee", "leiter")
    page = client.get("/club/verband/leagues/overview/?place=2&down=1", HTTP_ACCEPT_LANGUAGE="de")
    text = page.content.decode()
    assert page.status_code == 200 and "Alle Staffeln" in text and "steigt ab" in text
    assert all(f"Staffel {slug}" in text for slug in ("nord", "sued", "west"))
    assert client.get("/club/verband/leagues/overview/?place=x").status_code == 422
    assert "Alle Staffeln" in client.get("/club/verband/leagues/", HTTP_ACCEPT_LANGUAGE="de").content.decode()


def test_no_league_takes_the_overview_s_address(club):
    with pytest.raises(services.LeagueError, match="overview"):
        services.league_create(club=club, slug="overview", name="Übersicht", rules={})
