"""The league command's contract (``manage.py league …``, points 1-11), each figure recomputed apart from
``leagues``: the series sums from the events' own standings (``manage.py standings T --format json``, its
``series`` blocks) and the seats in the database; the points, the table and the ranking by plain counting here."""

import csv
import io
import json
from collections import Counter, defaultdict
from itertools import combinations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from clubs.models import Club, Member
from leagues.models import League, RosterEntry, Team
from seating.models import Player, Seat

pytestmark = [pytest.mark.django_db]


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def rules_file(tmp_path, rules) -> str:
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(rules), encoding="utf-8")
    return str(path)


@pytest.fixture
def club():
    club = Club.objects.create(slug="skv-bonn", name="Skatverein Bonn")
    Member.objects.create(club=club, name="Anna Albers")
    return club


def make_league(tmp_path, teams=4, rules=None, slug="ll"):
    run("league", "create", slug, "--club", "skv-bonn", "--name", "Landesliga", "--rules",
        rules_file(tmp_path, rules or {}))
    ids = []
    for t in range(teams):
        letter = chr(ord("A") + t % 26) + (str(t // 26) if t >= 26 else "")
        roster = "; ".join(f"{letter} Spieler{n}" for n in range(1, 6))
        ids.append(int(run("league", "team", slug, "--name", f"Team {letter}", "--roster", roster)))
    return ids


def test_create_refuses_a_bad_rule_naming_it_and_writes_nothing(tmp_path, club):
    for rules, key in (({"per_beaten": 0}, "per_beaten"), ({"table_order": ["goals"]}, "table_order"),
                       ({"colour": 1}, "colour"), ({"team_size": "4"}, "team_size")):
        with pytest.raises(CommandError, match=key):
            run("league", "create", "x", "--club", "skv-bonn", "--name", "X", "--rules", rules_file(tmp_path, rules))
    assert not League.objects.exists()


def test_team_roster_matches_members_else_guests_and_refuses_too_many(tmp_path, club):
    run("league", "create", "ll", "--club", "skv-bonn", "--name", "Landesliga", "--rules", rules_file(tmp_path, {}))
    team = int(run("league", "team", "ll", "--name", "Bonn 1", "--roster", "anna albers; Bernd Bauer"))
    entries = list(RosterEntry.objects.filter(team=team).order_by("order"))
    assert [(e.name, e.member and e.member.name) for e in entries] == [("anna albers", "Anna Albers"),
                                                                       ("Bernd Bauer", None)]
    with pytest.raises(CommandError, match="roster"):
        run("league", "team", "ll", "--name", "Bonn 2", "--roster", "; ".join(f"P{n}" for n in range(7)))
    assert Team.objects.count() == 1


def test_schedule_json_sixteen_teams_meet_once(tmp_path, club):
    ids = make_league(tmp_path, 16)
    run("league", "schedule", "ll", "--seed", "4")
    data = json.loads(run("league", "schedule", "ll", "--format", "json"))
    assert [day["day"] for day in data["days"]] == [1, 2, 3, 4, 5]
    met = Counter()
    for day in data["days"]:
        assert sorted(t for g in day["groups"] for t in g["teams"]) == sorted(ids)
        for group in day["groups"]:
            assert set(group) == {"group", "host", "teams", "event", "venue", "date", "moved"} and group["event"] is None
            assert group["venue"] == "Skatverein Bonn"  # no central day: at the host, a team of the club
            assert group["host"] in group["teams"] and len(group["teams"]) == 4
            met.update(frozenset(p) for p in combinations(group["teams"], 2))
    assert all(met[frozenset(p)] == 1 for p in combinations(ids, 2))


def test_lineup_and_absent_refusals(tmp_path, club):
    ids = make_league(tmp_path, 4)
    run("league", "schedule", "ll")
    with pytest.raises(CommandError, match="players"):
        run("league", "lineup", "ll", "--day", "1", "--team", str(ids[0]), "--players", "A Spieler1; Nobody")
    with pytest.raises(CommandError, match="players"):
        run("league", "lineup", "ll", "--day", "1", "--team", str(ids[0]), "--players", "A Spieler1; A Spieler2")
    with pytest.raises(CommandError, match="day"):
        run("league", "lineup", "ll", "--day", "9", "--team", str(ids[0]))
    assert run("league", "lineup", "ll", "--day", "1", "--team", str(ids[0])).strip() == \
        "A Spieler1; A Spieler2; A Spieler3; A Spieler4"


def test_seat_puts_one_player_of_each_team_at_every_table(tmp_path, club):
    ids = make_league(tmp_path, 4, {"series_per_day": 3})
    run("league", "schedule", "ll")
    run("league", "lineup", "ll", "--day", "1", "--team", str(ids[3]), "--players", "D Spieler1; D Spieler2; "
                                                                                   "D Spieler3")
    run("league", "seat", "ll", "--day", "1")
    (group,) = json.loads(run("league", "schedule", "ll", "--format", "json"))["days"][0]["groups"]
    assert group["event"] is not None
    tables = defaultdict(list)
    for series, table, club_name in Seat.objects.filter(tournament=group["event"]).values_list(
            "series", "table__number", "player__club"):
        tables[(series, table)].append(club_name)
    assert {s for s, _t in tables} == {1, 2, 3}
    for at in tables.values():
        assert len(at) == len(set(at)) and len(at) in (3, 4)
    # 4-4-4-3: three tables of four and one of three in every series
    for series in (1, 2, 3):
        assert sorted(len(at) for (s, _t), at in tables.items() if s == series) == [3, 4, 4, 4]
    with pytest.raises(CommandError, match="day"):
        run("league", "seat", "ll", "--day", "1")
    with pytest.raises(CommandError, match="day"):
        run("league", "absent", "ll", "--day", "1", "--team", str(ids[0]))


def _by_hand_points(sums: dict, per_beaten: int) -> dict:
    return {t: per_beaten * sum(1 for o, v in sums.items() if o != t and v < s)
            + per_beaten / 2 * sum(1 for o, v in sums.items() if o != t and v == s) for t, s in sums.items()}


@pytest.mark.slow
def test_a_season_of_two_days_recomputed_from_the_events_standings(tmp_path, club):
    rules = {"series_per_day": 2, "days": 3, "promote": 1, "relegate": 1, "per_beaten": 2}
    ids = make_league(tmp_path, 4, rules)
    run("league", "schedule", "ll", "--seed", "2")
    a, b, c, d = ids
    run("league", "lineup", "ll", "--day", "1", "--team", str(d), "--players", "D Spieler2; D Spieler1; D Spieler3")
    run("league", "seat", "ll", "--day", "1", "--seed", "5")
    run("league", "substitute", "ll", "--day", "1", "--team", str(a), "--out", "A Spieler2", "--in", "A Spieler5",
        "--from-series", "2")
    with pytest.raises(CommandError, match="in"):
        run("league", "substitute", "ll", "--day", "1", "--team", str(a), "--out", "A Spieler1", "--in",
            "A Spieler5", "--from-series", "2")
    run("league", "play", "ll", "--day", "1", "--seed", "7")
    run("league", "absent", "ll", "--day", "2", "--team", str(c))
    run("league", "seat", "ll", "--day", "2")
    run("league", "play", "ll", "--day", "2", "--seed", "8")

    schedule = json.loads(run("league", "schedule", "ll", "--format", "json"))
    won, lost, game_points, played = Counter(), Counter(), Counter(), defaultdict(set)
    games, totals, series_of = Counter(), Counter(), defaultdict(set)
    for day_number in (1, 2):
        (group,) = schedule["days"][day_number - 1]["groups"]
        event = group["event"]
        standings = json.loads(run("standings", str(event), "--format", "json"))
        team_of = {p.pk: next(t for t in ids if Team.objects.get(pk=t).name == p.club)
                   for p in Player.objects.filter(tournament=event)}
        name_of = dict(Player.objects.filter(tournament=event).values_list("pk", "name"))
        day = json.loads(run("league", "day", "ll", "--day", str(day_number), "--format", "json"))
        assert day["day"] == day_number and [g["event"] for g in day["groups"]] == [event]
        present = [t for t in group["teams"] if not (day_number == 2 and t == c)]
        for series in day["groups"][0]["series"]:
            rows = standings["series"][series["number"] - 1]["standings"]
            seated = set(Seat.objects.filter(tournament=event, series=series["number"])
                         .values_list("player_id", flat=True))
            sums = {t: sum(r["total"] for r in rows if r["player"] in seated and team_of[r["player"]] == t)
                    for t in present}
            points = _by_hand_points(sums, 2)
            for entry in series["teams"]:
                team = entry["team"]
                if team in present:
                    assert entry["sum"] == sums[team]
                    assert entry["points"] == points[team]
                    assert sorted(entry["players"]) == sorted(name_of[p] for p in seated if team_of[p] == team)
                    won[team] += points[team]
                    lost[team] += 2 * (len(present) - 1) - points[team]
                    game_points[team] += sums[team]
                    played[team].add(day_number)
                else:  # did not appear: nothing won, everything lost
                    assert (entry["players"], entry["sum"], entry["points"]) == ([], 0, 0)
                    lost[team] += 2 * (len(group["teams"]) - 1)
            assert sum(points.values()) == 2 * len(present) * (len(present) - 1) / 2
            for r in rows:
                if r["deals_played"]:
                    games[name_of[r["player"]]] += r["deals_played"]
                    totals[name_of[r["player"]]] += r["total"]
                    series_of[name_of[r["player"]]].add((day_number, series["number"]))
        if day_number == 1:  # the substitute sat from series 2 in the seat of the man he replaced
            (out,) = [p for p, n in name_of.items() if n == "A Spieler2"]
            (into,) = [p for p, n in name_of.items() if n == "A Spieler5"]
            assert set(Seat.objects.filter(player=out).values_list("series", flat=True)) == {1}
            assert set(Seat.objects.filter(player=into).values_list("series", flat=True)) == {2}
        if day_number == 2:  # three teams present: tables of 3
            assert set(Seat.objects.filter(tournament=event).values_list("table__size", flat=True)) == {3}

    table = json.loads(run("league", "table", "ll", "--format", "json"))
    expected = sorted(ids, key=lambda t: (-won[t], -game_points[t]))
    assert [row["team"] for row in table] == expected
    for index, row in enumerate(table):
        t = row["team"]
        assert set(row) == {"team", "name", "rank", "points", "points_against", "game_points", "days_played",
                            "status", "deducted", "deductions"}
        assert (row["points"], row["points_against"], row["game_points"], row["days_played"]) == (
            won[t], lost[t], game_points[t], len(played[t]))
        assert row["status"] == ("promote" if index == 0 else "relegate" if index == 3 else None)
    from leagues.selectors import league_find
    from leagues.tables import league_table_reading

    assert league_table_reading(league_find("ll")).provisional_days() == [1, 2]
    rows = list(csv.DictReader(io.StringIO(run("league", "table", "ll", "--format", "csv"))))
    assert [int(r["team"]) for r in rows] == expected and float(rows[0]["points"]) == won[expected[0]]

    players = json.loads(run("league", "players", "ll", "--format", "json"))
    assert {p["name"]: (p["games"], p["total"], p["series_played"]) for p in players} == {
        name: (games[name], totals[name], len(series_of[name])) for name in games}
    for p in players:
        assert p["average"] == round(p["total"] / p["games"] + 1e-9, 2)
        assert set(p) >= {"name", "team", "series_played", "games", "total", "average"}

    run("league", "confirm", "ll", "--day", "1")
    assert league_table_reading(league_find("ll")).provisional_days() == [2]


def test_the_queries_of_a_reading_do_not_grow_with_the_teams(tmp_path, club):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from leagues.selectors import league_find, league_reading

    counts = []
    for slug, teams in (("small", 4), ("large", 8)):
        make_league(tmp_path, teams, {"days": 2}, slug=slug)
        run("league", "schedule", slug)
        run("league", "seat", slug, "--day", "1")
        run("league", "seat", slug, "--day", "2")
        league = league_find(slug)
        with CaptureQueriesContext(connection) as captured:
            league_reading(league).table()
        counts.append(len(captured.captured_queries))
    assert counts[0] == counts[1]
