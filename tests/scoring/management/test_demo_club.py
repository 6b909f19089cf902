"""The demo of a club: its evenings played by the club's members (made the first time), some absent by the seed;
and the export's ``member`` (the registry id of each player who is one)."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from clubs.models import Club, Member
from seating.models import Tournament

pytestmark = pytest.mark.django_db


def demo(*args) -> Tournament:
    out = io.StringIO()
    call_command("demo", *args, stdout=out, stderr=io.StringIO())
    return Tournament.objects.get(pk=int(out.getvalue().strip().splitlines()[-1]))


@pytest.fixture
def club():
    return Club.objects.create(slug="west", name="Skatclub West")


def test_two_demo_evenings_of_a_club_share_its_members(club):
    first = demo("--players", "12", "--seed", "1", "--club", "west")
    second = demo("--players", "12", "--seed", "2", "--club", "west")
    assert first.club == second.club == club
    assert Member.objects.filter(club=club).count() == 12
    members = set(Member.objects.filter(club=club).values_list("pk", flat=True))
    for evening in (first, second):
        assert set(evening.players.values_list("member_id", flat=True)) == members
    assert set(first.players.values_list("name", flat=True)) == set(Member.objects.values_list("name", flat=True))
    assert not Tournament.objects.exclude(club=club).exists()


def test_a_club_with_members_keeps_them_and_makes_only_the_missing(club):
    anna = Member.objects.create(club=club, name="Anna Ebert", number="4711")
    evening = demo("--players", "9", "--club", "west")
    assert Member.objects.filter(club=club).count() == 9
    assert evening.players.get(member=anna).membership_number == "4711"


@pytest.mark.parametrize("absent, playing", [("0.25", 15), ("0.1", 18), ("0", 20)])
def test_absent_leaves_out_that_share_by_the_seed(club, absent, playing):
    first = demo("--players", "20", "--seed", "3", "--club", "west", "--absent", absent)
    again = demo("--players", "20", "--seed", "3", "--club", "west", "--absent", absent)
    other = demo("--players", "20", "--seed", "4", "--club", "west", "--absent", absent)
    assert first.players.count() == playing
    assert Member.objects.filter(club=club).count() == 20
    came = [set(t.players.values_list("member_id", flat=True)) for t in (first, again, other)]
    assert came[0] == came[1] and (came[0] != came[2] or playing == 20)


@pytest.mark.parametrize("args, said", [(["--club", "nowhere"], "no club"), (["--absent", "1"], "--absent"),
                                        (["--absent", "-0.1"], "--absent"), (["--absent", "nan"], "--absent")])
def test_a_bad_club_or_share_is_refused_and_makes_nothing(club, args, said):
    with pytest.raises(CommandError, match=said):
        call_command("demo", "--players", "12", *args, stdout=io.StringIO(), stderr=io.StringIO())
    assert not Tournament.objects.exists() and not Member.objects.exists()


def test_too_many_absent_is_refused(club):
    with pytest.raises(CommandError, match="Fewer than three"):
        call_command("demo", "--players", "4", "--club", "west", "--absent", "0.5", stdout=io.StringIO(),
                     stderr=io.StringIO())
    assert not Tournament.objects.exists() and not Member.objects.exists()


def test_the_export_names_each_players_member_or_null(club):
    evening = demo("--players", "12", "--club", "west")
    evening.players.filter(pk=evening.players.first().pk).update(member=None)
    out = io.StringIO()
    call_command("export", str(evening.pk), "--format", "json", stdout=out)
    players = json.loads(out.getvalue())["players"]
    expected = dict(evening.players.values_list("pk", "member_id"))
    assert {p["id"]: p["member"] for p in players} == expected
    assert sum(p["member"] is None for p in players) == 1


def test_father_and_son_of_one_name_both_play_the_clubs_demo(club):
    """Two members of one name and club, told apart by the registry (number, year of birth): both play."""
    father = Member.objects.create(club=club, name="Hans Müller", number="101", birth_year=1958)
    son = Member.objects.create(club=club, name="Hans Müller", number="102", birth_year=1990)
    evening = demo("--players", "12", "--seed", "1", "--club", "west")
    linked = evening.players.filter(name="Hans Müller")
    assert sorted(linked.values_list("member_id", flat=True)) == sorted([father.pk, son.pk])
    assert evening.players.count() == 12


def test_a_refused_write_is_said_as_refused_never_as_a_database_not_migrated(club, monkeypatch):
    from django.db import IntegrityError

    def refused(**kwargs):
        raise IntegrityError('duplicate key value violates unique constraint "player_once_by_name_and_club"')

    monkeypatch.setattr("scoring.management.commands.demo.demo_create", refused)
    with pytest.raises(CommandError) as said:
        demo("--players", "12", "--seed", "1", "--club", "west")
    assert "refused the change" in str(said.value) and "player_once_by_name_and_club" in str(said.value)
    assert "migrate" not in str(said.value)
