"""``manage.py stats``: the contract's keys and numbers, the club's CSV, head to head counted by hand, and every
bad input refused with one line naming what to correct (exit code 1, no traceback)."""

import csv
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from seating.models import Player, Seat
from stats.core import GAME_KINDS
from tests.seasons.conftest import club_with_members
from tests.stats.by_hand import series_of

pytestmark = [pytest.mark.django_db]

KEYS = ["member", "name", "events", "series", "deals", "own_games", "won", "lost", "win_rate", "own_share",
        "by_game", "hand", "passed_in", "points", "per_48", "per_series", "best_series", "vs_table"]


def run(*args) -> str:
    out = io.StringIO()
    call_command("stats", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.mark.slow
def test_member_club_and_versus_say_the_contracts_keys(club_play):
    club, members, evenings = club_play
    one = json.loads(run("member", str(members[0].pk), "--format", "json"))
    assert list(one) == KEYS
    assert list(one["by_game"]) == list(GAME_KINDS) and list(one["hand"]) == ["played", "won"]
    assert isinstance(one["per_48"], float) and round(one["per_48"], 4) == one["per_48"]
    rows = json.loads(run("club", club.slug, "--format", "json"))
    assert [row["member"] for row in rows if row["member"] == members[0].pk] == [members[0].pk]
    assert next(row for row in rows if row["member"] == members[0].pk) == one
    per_48 = [row["per_48"] for row in rows]
    assert per_48 == sorted(per_48, reverse=True)
    fewer = json.loads(run("club", club.slug, "--min-series", "4", "--format", "json"))
    assert {row["member"] for row in fewer} == {row["member"] for row in rows if row["series"] >= 4} != set()
    lines = list(csv.DictReader(io.StringIO(run("club", club.slug, "--format", "csv"))))
    assert len(lines) == len(rows)
    first = next(line for line in lines if line["member"] == str(members[0].pk))
    assert (first["grand_played"], first["grand_won"], first["null_won"], first["hand_played"]) == (
        str(one["by_game"]["grand"]["played"]), str(one["by_game"]["grand"]["won"]),
        str(one["by_game"]["null"]["won"]), str(one["hand"]["played"]))


@pytest.mark.slow
def test_head_to_head_is_counted_by_hand(club_play):
    club, members, evenings = club_play
    a, b = members[0], members[1]
    series = total_a = total_b = ahead_a = ahead_b = equal = 0
    for event in evenings:
        pa = Player.objects.filter(tournament=event, member=a).first()
        pb = Player.objects.filter(tournament=event, member=b).first()
        if pa is None or pb is None:
            continue
        mine, theirs = series_of(pa), series_of(pb)
        for number in mine:
            tables = set(Seat.objects.filter(player=pa, series=number).values_list("table", flat=True))
            if not tables & set(Seat.objects.filter(player=pb, series=number).values_list("table", flat=True)):
                continue
            x, y = mine[number]["total"], theirs[number]["total"]
            series, total_a, total_b = series + 1, total_a + x, total_b + y
            ahead_a, ahead_b, equal = ahead_a + (x > y), ahead_b + (y > x), equal + (x == y)
    said = json.loads(run("versus", str(a.pk), str(b.pk), "--format", "json"))
    assert said == {"series": series, "a": {"member": a.pk, "total": total_a, "ahead": ahead_a},
                    "b": {"member": b.pk, "total": total_b, "ahead": ahead_b}, "equal": equal}


@pytest.mark.parametrize("args, message", [
    (("member", "999999"), "member: no member '999999'"),
    (("member", "x1"), "member: no member 'x1'"),
    (("member", "{a}", "--from", "2026-13-01"), "--from: '2026-13-01' is no date"),
    (("member", "{a}", "--from", "2026-05-01", "--to", "2026-01-01"), "--to: 2026-01-01 is before --from"),
    (("member", "{a}", "--season", "nope"), "season: no season 'nope'"),
    (("club", "nowhere"), "club: no club 'nowhere'"),
    (("club", "{club}", "--min-series", "-1"), "--min-series: give a number"),
    (("versus", "{a}", "{a}"), "ID: give two different members"),
])
def test_bad_input_is_refused_naming_the_field(args, message):
    club, members = club_with_members(count=1, guests=0)
    args = [arg.format(a=members[0].pk, club=club.slug) for arg in args]
    with pytest.raises(CommandError, match=message):
        run(*args)
