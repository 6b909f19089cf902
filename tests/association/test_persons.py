"""One person across clubs: clubs within an association and their regions, the federation number on the members'
import and export, ``person show`` and ``person region``; run as from the command line, so exit codes are real."""

import csv
import io
import json
from collections import Counter

import pytest
from django.core.management import execute_from_command_line

from clubs.members import member_save, members_merge
from clubs.models import Club, Member, Person
from clubs.persons import member_give_number, person_region, persons_merge

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _keep_the_tests_connection(monkeypatch):
    monkeypatch.setattr("django.core.management.base.connections.close_all", lambda: None)


def run(*args) -> int:
    try:
        execute_from_command_line(["manage.py", *map(str, args)])
    except SystemExit as leaving:
        return leaving.code
    return 0


@pytest.fixture
def clubs():
    assert run("club", "create", "lv", "--name", "Landesverband", "--language", "de") == 0
    assert run("club", "create", "west", "--name", "SC West", "--within", "lv", "--region", "VG 1") == 0
    assert run("club", "create", "ost", "--name", "SC Ost", "--within", "lv", "--region", "VG 2") == 0
    return {c.slug: c for c in Club.objects.all()}


def test_clubs_are_made_within_an_association_and_moved(clubs, capsys):
    west = Club.objects.get(slug="west")
    assert (west.within.slug, west.region) == ("lv", "VG 1")
    assert run("club", "set", "west", "--region", "VG 3") == 0
    west.refresh_from_db()
    assert (west.within.slug, west.region) == ("lv", "VG 3")
    assert run("club", "set", "west", "--within", "") == 0
    west.refresh_from_db()
    assert west.within is None and west.region == "VG 3"
    capsys.readouterr()
    assert run("club", "set", "lv", "--within", "ost") == 1  # ost is within lv: lv within ost is a circle
    assert "within" in capsys.readouterr().err
    assert Club.objects.get(slug="lv").within is None
    assert run("club", "set", "lv", "--within", "lv") == 1
    assert run("club", "set", "west", "--within", "nowhere") == 1
    assert run("club", "set", "nowhere", "--region", "x") == 1


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_import_takes_the_federation_number_and_the_export_gives_it(clubs, tmp_path, capsys):
    path = write(tmp_path, "west.csv", "name,birth_year,federation_number\nHans Meier,1950,P-1\nEva Roth,1990,\n")
    assert run("members", "import", "west", path) == 0
    path = write(tmp_path, "ost.csv", "Name,Jahrgang,Spielerpass\nHans Meier,1950,P-1\n")
    assert run("members", "import", "ost", path) == 0
    capsys.readouterr()
    assert run("members", "export", "west", "--format", "csv") == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {r["name"]: r["federation_number"] for r in rows} == {"Hans Meier": "P-1", "Eva Roth": ""}
    assert run("members", "export", "ost", "--format", "json") == 0
    assert [r["federation_number"] for r in json.loads(capsys.readouterr().out)] == ["P-1"]
    assert run("person", "show", "P-1", "--format", "json") == 0
    shown = json.loads(capsys.readouterr().out)
    west, ost = Member.objects.get(club__slug="west", name="Hans Meier"), Member.objects.get(club__slug="ost")
    # a member of clubs of two regions who names none and played nowhere: the first region in the alphabet
    assert shown == {"federation_number": "P-1", "name": "Hans Meier", "birth_year": 1950, "region": "VG 1",
                     "memberships": [{"club": "ost", "member": ost.pk, "guest": False},
                                     {"club": "west", "member": west.pk, "guest": False}]}
    assert run("person", "region", "P-1", "VG 2") == 0
    assert json.loads(capsys.readouterr().out)["region"] == "VG 2"
    assert run("person", "region", "P-1", "VG 9") == 1
    assert "region" in capsys.readouterr().err
    assert run("person", "show", "P-404", "--format", "json") == 1


def test_an_import_naming_another_person_is_refused_for_that_row_and_nothing_written(clubs, tmp_path, capsys):
    member_save(club=clubs["west"], name="Hans Meier", birth_year=1950, federation_number="P-1")
    path = write(tmp_path, "ost.csv", "name,birth_year,federation_number\n"
                                      "Hans Meyer,1950,P-1\n"  # another spelling, the same year: one person
                                      "Karl Kunz,1971,P-1\n"  # another name and year: refused
                                      "Eva Roth,1990,P-2\n")
    assert run("members", "import", "ost", path) == 1
    err = capsys.readouterr().err
    assert "row 3" in err and "Hans Meier" in err and "row 4" not in err
    assert not Member.objects.filter(club__slug="ost").exists()
    # the same name, another year: one person, whose year of birth the latest change gives
    path = write(tmp_path, "ost2.csv", "name,birth_year,federation_number\nHans Meier,1951,P-1\n")
    assert run("members", "import", "ost", path) == 0
    person = Person.objects.get(federation_number="P-1")
    assert (person.name, person.birth_year) == ("Hans Meier", 1951)
    member_save(club=clubs["west"], member=Member.objects.get(club__slug="west"), name="Hans Meier-Lutz",
                birth_year=1951, federation_number="P-1")
    person.refresh_from_db()
    assert person.name == "Hans Meier-Lutz"


def test_the_form_refuses_another_persons_number_beside_its_field(clubs):
    from clubs.members import MemberError

    member_save(club=clubs["west"], name="Hans Meier", birth_year=1950, federation_number="P-1")
    with pytest.raises(MemberError) as refused:
        member_save(club=clubs["ost"], name="Karl Kunz", birth_year=1971, federation_number="P-1")
    assert refused.value.field == "federation_number"
    assert not Member.objects.filter(club__slug="ost").exists()


def test_a_number_is_given_and_two_persons_merged(clubs):
    hans = member_save(club=clubs["west"], name="Hans Meier", birth_year=1950)
    member_give_number(member=hans, number="P-1")
    other = member_save(club=clubs["ost"], name="Hans Meier", federation_number="P-9")
    persons_merge(keep=Person.objects.get(federation_number="P-1"), other=Person.objects.get(federation_number="P-9"))
    assert set(Member.objects.values_list("federation_number", flat=True)) == {"P-1"}
    assert not Person.objects.filter(federation_number="P-9").exists()
    other.refresh_from_db()
    assert other.federation_number == "P-1"


def test_merging_two_members_keeps_the_number():
    club = Club.objects.create(slug="c", name="C")
    a = member_save(club=club, name="Anna")
    b = member_save(club=club, name="Anna", federation_number="P-5")
    members_merge(club=club, keep_id=a.pk, other_id=b.pk)
    a.refresh_from_db()
    assert a.federation_number == "P-5"


@pytest.mark.parametrize("members, named, played, region", [
    (["VG 1"], "", Counter(), "VG 1"),  # one club's region
    (["VG 1", "VG 1"], "VG 2", Counter(), "VG 1"),  # one region, whatever he names
    (["VG 1", "VG 2"], "VG 2", Counter({"VG 1": 9}), "VG 2"),  # several: the one he names
    (["VG 1", "VG 2"], "", Counter({"VG 1": 2, "VG 2": 5}), "VG 2"),  # else where he played the most
    (["VG 1", "VG 2"], "VG 7", Counter({"VG 1": 2, "VG 2": 2}), "VG 1"),  # equal: the first, every time
    ([], "", Counter({"VG 3": 1, "VG 4": 2}), "VG 4"),  # a guest everywhere: where he played the most
    ([], "", Counter(), ""),
])
def test_a_persons_region_by_the_rule(members, named, played, region):
    assert person_region(members, named, played) == region


def test_a_number_is_one_member_of_a_club_and_an_import_matches_by_it(clubs, tmp_path, capsys):
    from clubs.members import MemberError

    hans = member_save(club=clubs["west"], name="Hans Meier", birth_year=1950, federation_number="P-1")
    with pytest.raises(MemberError) as refused:
        member_save(club=clubs["west"], name="Hans Meier", federation_number="P-1")
    assert refused.value.field == "federation_number"
    path = write(tmp_path, "west.csv", "name,birth_year,federation_number\nHans Meier-Lutz,1950,P-1\n")
    assert run("members", "import", "west", path) == 0  # the row updates the member of that number
    hans.refresh_from_db()
    assert hans.name == "Hans Meier-Lutz" and Member.objects.filter(club=clubs["west"]).count() == 1
    assert Person.objects.get(federation_number="P-1").name == "Hans Meier-Lutz"
