"""The association's writes at the same moment, on real PostgreSQL: two files of one event, a merge racing a number
given to a member, an event added twice at once or added while it is taken out. Each ends with no duplicate, no lost
history, no member carrying a number whose person is gone, and no 500. Each call in a process of its own
(``tests.races``), the moment between a service's checks and its write held open. Skipped on SQLite."""

import datetime
import json
import time

import pytest
from django.db import connection  # noqa: F401 - read by the skipif condition below

from clubs.models import Club, Member, Person
from clubs.persons import PersonError, member_give_number, persons_merge, persons_touched
from seasons.models import SeasonEvent, SubmittedEvent
from seasons.results_files import results_file, season_submit
from seasons.services import SeasonError, season_add, season_create, season_remove
from tests.races import race, told

pytestmark = [
    pytest.mark.django_db(transaction=True), pytest.mark.slow,
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)"),
]


@pytest.fixture
def association():
    lv = Club.objects.create(slug="lv", name="Landesverband")
    west = Club.objects.create(slug="west", name="SC West", within=lv, region="VG 1")
    return lv, west, season_create(club=lv, slug="rl", name="Rangliste", rules={})


def two_persons(club, first: str, second: str):
    """(first's member, second's member, first's person, second's person): Anna Albers twice, one person too many."""
    members = [Member.objects.create(club=club, name="Anna Albers", federation_number=n, birth_year=1950)
               for n in (first, second)]
    persons_touched(members)
    return (*members, *(Person.objects.get(federation_number=n) for n in (first, second)))


def test_two_files_of_one_event_at_once_leave_one_current_and_the_other_in_the_history(association):
    _lv, _west, season = association

    def submit(total):
        data = {"event": {"name": "Pokal", "date": "2026-03-01", "club": "SC Nord"},
                "players": [{"name": "Zorn", "series": [{"total": total, "games": 48}]}]}
        return lambda: season_submit(season=season, results=results_file("p.json", json.dumps(data).encode()),
                                     today=datetime.date(2026, 3, 2))

    answers = race(told(submit(100), SeasonError, "100"), told(submit(200), SeasonError, "200"),
                   hold=(SubmittedEvent.objects, "create"))
    assert answers == ["100", "200"]
    current = SubmittedEvent.objects.filter(replaced_at__isnull=False).get()
    kept = SubmittedEvent.objects.get(replaced_at__isnull=True)
    assert SubmittedEvent.objects.count() == 2 and current.pk < kept.pk
    assert {current.players[0]["series"][0]["total"], kept.players[0]["series"][0]["total"]} == {100, 200}


def test_a_merge_racing_a_number_given_leaves_no_member_with_a_number_nobody_is(association):
    _lv, west, _season = association
    _anna, twin, keep, other = two_persons(west, "K-1", "O-1")
    late = Member.objects.create(club=west, name="Anna Albers-Berg", birth_year=1950)
    answers = race(told(lambda: persons_merge(keep=keep, other=other), PersonError, "merged"),
                   told(lambda: member_give_number(member=late, number="O-1"), PersonError, "given"),
                   hold=(Person, "delete"))
    assert answers == ["given", "merged"]
    numbers = set(Member.objects.values_list("federation_number", flat=True))
    assert numbers <= set(Person.objects.values_list("federation_number", flat=True)), numbers
    assert Member.objects.get(pk=twin.pk).federation_number == "K-1"


def test_two_merges_of_one_pair_crossed_at_once_leave_one_person(association):
    _lv, west, _season = association
    _one, _two, a, b = two_persons(west, "A-1", "B-1")
    answers = race(told(lambda: persons_merge(keep=a, other=b), PersonError, "merged"),
                   told(lambda: persons_merge(keep=b, other=a), PersonError, "merged"),
                   hold=(Member.objects, "filter"))
    assert answers == ["merged", "refused: One of the two persons was merged or changed meanwhile; read the page "
                                 "again."]
    assert Person.objects.count() == 1
    assert set(Member.objects.values_list("federation_number", flat=True)) == {Person.objects.get().federation_number}


def test_one_event_added_twice_at_once_is_in_the_season_once(association):
    from scoring.tournaments.services import tournament_publish
    from tests.seasons.conftest import club_evening, club_with_members

    lv, west, season = association
    club, members = club_with_members("ost", count=4, guests=0)
    Club.objects.filter(pk=club.pk).update(within=lv)
    evening = club_evening(club, members, seed=3, series=1)
    tournament_publish(evening)  # another club's evening: the association adds it once published
    answers = race(*[told(lambda: season_add(season=season, tournaments=[evening]), SeasonError, "added")
                     for _ in range(2)], hold=(SeasonEvent.objects, "bulk_create"))
    assert answers == ["added", "added"]
    assert SeasonEvent.objects.filter(season=season, tournament=evening).count() == 1
    answers = race(told(lambda: season_add(season=season, tournaments=[evening]), SeasonError, "added"),
                   told(lambda: season_remove(season=season, tournament=evening), SeasonError, "removed"),
                   hold=(SeasonEvent.objects, "bulk_create"))
    assert answers == ["added", "removed"]
    assert SeasonEvent.objects.filter(season=season, tournament=evening).count() in (0, 1)


def test_a_merge_racing_an_edit_of_one_of_its_members_waits_and_deadlocks_nothing(association):
    import clubs.members
    from clubs.members import MemberError, member_save

    _lv, west, _season = association
    _anna, twin, keep, other = two_persons(west, "K-1", "O-1")

    def merge_once_the_edit_holds_its_member():
        time.sleep(0.1)
        persons_merge(keep=keep, other=other)

    answers = race(told(merge_once_the_edit_holds_its_member, PersonError, "merged"),
                   told(lambda: member_save(club=west, member=twin, name="Anna Albers-Berg", birth_year=1950,
                                            federation_number="O-1"), MemberError, "saved"),
                   hold=(clubs.members, "persons_touched"))
    assert answers == ["merged", "saved"]
    assert Member.objects.get(pk=twin.pk).name == "Anna Albers-Berg"
    numbers = set(Member.objects.values_list("federation_number", flat=True))
    assert numbers <= set(Person.objects.values_list("federation_number", flat=True)), numbers
