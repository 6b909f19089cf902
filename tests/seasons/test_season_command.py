"""The season command's contract (``manage.py season create|add|table``), and the table recomputed for a
few demo evenings of one club from the evenings' own standings: each series' row ``total`` and ``deals_played``
in ``manage.py standings T --format json``, each event's overall rank, and each player's member in ``manage.py
export T --format json``. The recomputation here is written apart from ``seasons.core``: plain sorting and sums."""

import csv
import io
import json
from collections import defaultdict

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from clubs.models import Club
from seating.models import Player
from tests.seasons.conftest import club_evening, club_with_members

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

CLUB = "skatfreunde"


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def demo_evenings(count: int, club: str = CLUB) -> list[int]:
    """``count`` ISkO evenings of two series in ``club``, a quarter of its members absent each time."""
    found = Club.objects.get(slug=club)
    members = list(found.members.order_by("pk"))
    return [club_evening(found, members, seed=20 + i, absent=0.25).pk for i in range(count)]


def rules_file(tmp_path, rules: dict) -> str:
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(rules), encoding="utf-8")
    return str(path)


def evening_facts(tournament: int):
    """(series count, {member: [(series, total, deals_played)]}, {member: overall rank}) from the contract's JSON."""
    standings = json.loads(run("standings", str(tournament), "--format", "json"))
    export = json.loads(run("export", str(tournament), "--format", "json"))
    if all("member" in p for p in export["players"]):
        member_of = {p["id"]: p["member"] for p in export["players"] if p["member"] is not None}
    else:  # the export does not carry the member yet: the players' links as the database keeps them
        member_of = dict(Player.objects.filter(tournament=tournament, member__isnull=False)
                         .values_list("id", "member_id"))
    series = defaultdict(list)
    for block in standings["series"]:
        for row in block["standings"]:
            if row["player"] in member_of and (row["deals_played"] or row["total"]):
                series[member_of[row["player"]]].append((block["number"], row["total"], row["deals_played"]))
    places = {member_of[row["player"]]: row["rank"] for row in standings["standings"]
              if row["player"] in member_of and member_of[row["player"]] in series}
    return len(standings["series"]), series, places


def recompute(tournaments: list[int], rules: dict) -> dict[int, dict]:
    """Each member's counted sum, counted count, dropped count, total and average, by hand."""
    season_series, scores, games, played, places = 0, defaultdict(list), defaultdict(int), defaultdict(int), \
        defaultdict(list)
    for tournament in tournaments:
        count, series, ranks = evening_facts(tournament)
        season_series += count
        for member, rows in series.items():
            scores[member] += [total for _number, total, _deals in rows]
            games[member] += sum(deals for _number, _total, deals in rows)
            played[member] += len(rows)
        for member, rank in ranks.items():
            places[member].append(rank)
    expected = {}
    for member in scores:
        if rules.get("score") == "placement":
            points = rules["placement_points"]
            values = sorted((points[r - 1] if r <= len(points) else 0 for r in places[member]), reverse=True)
        else:
            values = sorted(scores[member], reverse=True)
        best, worst = rules.get("best"), rules.get("worst_kept", 0)
        if best is None or len(values) <= best + worst:
            counted = values
        else:
            counted = values[:best] + (values[len(values) - worst:] if worst else [])
        missed = season_series - played[member]
        total = sum(counted) - missed * rules.get("missed_penalty", 0)
        expected[member] = {"counted": len(counted), "dropped": len(values) - len(counted), "total": total,
                            "average": round(sum(counted) / len(counted), 2), "series_played": played[member],
                            "games": games[member],
                            "qualified": played[member] >= rules.get("min_series", 0)}
    return expected


def test_the_table_is_recomputed_from_the_evenings_own_standings(tmp_path):
    club_with_members(CLUB)
    tournaments = demo_evenings(3)
    rules = {"score": "average", "best": 4, "worst_kept": 1, "min_series": 4, "missed_penalty": 10}
    run("season", "create", "2026", "--club", CLUB, "--name", "Vereinsmeisterschaft 2026",
        "--rules", rules_file(tmp_path, rules))
    assert run("season", "add", "2026", *map(str, tournaments)).strip().endswith(": 3")
    table = json.loads(run("season", "table", "2026", "--format", "json"))
    expected = recompute(tournaments, rules)
    assert {row["member"] for row in table["rows"]} == set(expected)
    for row in table["rows"]:
        mine = expected[row["member"]]
        assert (len(row["counted"]), len(row["dropped"])) == (mine["counted"], mine["dropped"])
        assert row["total"] == mine["total"] and row["average"] == mine["average"]
        assert (row["series_played"], row["games"], row["qualified"]) == (mine["series_played"], mine["games"],
                                                                          mine["qualified"])
        assert set(row) >= {"member", "name", "rank", "qualified", "series_played", "games", "counted", "dropped",
                            "total", "average"}
        assert all(set(item) >= {"tournament", "series", "score"} for item in row["counted"] + row["dropped"])
    ranked = [row for row in table["rows"] if row["qualified"]]
    for row in ranked:  # 1, 2, 2, 4: one more than the number with a better average
        assert row["rank"] == 1 + sum(1 for other in ranked if other["average"] > row["average"])
    assert all(row["rank"] is None for row in table["rows"] if not row["qualified"])


def test_placement_points_recomputed_and_the_csv_says_the_same(tmp_path):
    club_with_members(CLUB)
    tournaments = demo_evenings(2)
    rules = {"score": "placement", "placement_points": [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
             "best": 1}
    run("season", "create", "cup", "--club", CLUB, "--name", "Pokal", "--rules", rules_file(tmp_path, rules))
    run("season", "add", "cup", *map(str, tournaments))
    table = json.loads(run("season", "table", "cup", "--format", "json"))
    expected = recompute(tournaments, rules)
    assert {row["member"]: row["total"] for row in table["rows"]} == {m: e["total"] for m, e in expected.items()}
    rows = list(csv.DictReader(io.StringIO(run("season", "table", "cup", "--format", "csv"))))
    assert [(int(r["member"]), float(r["total"])) for r in rows] == [(r["member"], r["total"]) for r in table["rows"]]


def test_refusals_name_what_to_correct_and_write_nothing(tmp_path):
    from seasons.models import Season, SeasonEvent

    club_with_members(CLUB)
    club_with_members("other")
    with pytest.raises(CommandError, match="best: a whole number of at least 1"):
        run("season", "create", "2026", "--club", CLUB, "--name", "X", "--rules", rules_file(tmp_path, {"best": 0}))
    with pytest.raises(CommandError, match="no club"):
        run("season", "create", "2026", "--club", "nowhere", "--name", "X")
    bad = tmp_path / "bad.json"
    bad.write_text("{best: 3", encoding="utf-8")
    with pytest.raises(CommandError, match="rules: not valid JSON"):
        run("season", "create", "2026", "--club", CLUB, "--name", "X", "--rules", str(bad))
    assert not Season.objects.exists()
    run("season", "create", "2026", "--club", CLUB, "--name", "Vereinsmeisterschaft")
    with pytest.raises(CommandError, match="already"):
        run("season", "create", "2026", "--club", CLUB, "--name", "again")
    theirs = demo_evenings(1, club="other")
    with pytest.raises(CommandError, match="is not an event of"):
        run("season", "add", "2026", str(theirs[0]))
    with pytest.raises(CommandError, match="no season"):
        run("season", "table", "2027")
    assert not SeasonEvent.objects.exists()


HOSTILE = ["", "x" * 5000, "-1", "99999999999999999999999", "\x7f\x01", "<script>", "nan", "'; DROP TABLE x; --"]


def refused_in_one_line_or_done(*args) -> None:
    """The command either does it or refuses in one line (a CommandError); any other error fails the test."""
    try:
        run(*args)
    except CommandError as refused:
        assert str(refused).strip() and "\n" not in str(refused).strip()


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_input_is_one_line_never_a_traceback(value, tmp_path):
    """Each hostile value as a slug, a club, a name, a tournament and inside the rules (NaN, 1e309 and a number of
    400 digits too, which JSON allows): done, or refused in one line naming what to correct."""
    from seasons.models import Season, SeasonEvent

    club_with_members(CLUB, count=0, guests=0)
    run("season", "create", "2026", "--club", CLUB, "--name", "Vereinsmeisterschaft")
    for args in (["season", "create", value, "--club", CLUB, "--name", "X"],
                 ["season", "create", "cup", "--club", value, "--name", "X"],
                 ["season", "create", "cup2", "--club", CLUB, "--name", value],
                 ["season", "add", "2026", value], ["season", "add", value, "1"],
                 ["season", "table", value]):
        refused_in_one_line_or_done(*args)
    for text in ('{"best": NaN}', '{"best": 1e309}', '{"missed_penalty": Infinity}', '{"holdback_percent": -1e309}',
                 '{"score": "placement", "placement_points": [%s]}' % ("9" * 400 + ".5"),
                 '{"prizes": [%s]}' % ("9" * 400), '{"best": %s}' % json.dumps(value), '[%s]' % json.dumps(value),
                 '{%s: 1}' % json.dumps(value)):
        path = tmp_path / "rules.json"
        path.write_text(text, encoding="utf-8")
        refused_in_one_line_or_done("season", "create", "cup", "--club", CLUB, "--name", "Pokal", "--rules", str(path))
        Season.objects.filter(slug="cup").delete()  # a huge but fine number is taken: the next try afresh
    assert not SeasonEvent.objects.exists()
    table = json.loads(run("season", "table", "2026", "--club", CLUB))
    assert table["rows"] == []
