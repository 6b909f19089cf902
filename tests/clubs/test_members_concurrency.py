"""The members import confirmed twice at the same moment (a double click, two directors), on real PostgreSQL:
each member made once; the later import finds them and changes nothing. Each import is a process with its own
connection; on SQLite (one writer at a time) these are skipped: .ci/run runs them on PostgreSQL, and
tests/attacks/test_concurrent_office.py races the confirm through the real server on SQLite."""

import pytest
from django.db import connection  # noqa: F401 - read by the skipif condition below

from clubs.members import import_rows, members_import
from clubs.models import Club, Member, default_club_id
from tests.races import race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)"),
]

NAMES = [f"Member {n}" for n in range(5)]


def test_the_import_confirmed_three_times_at_once_makes_each_member_once():
    club = Club.objects.get(pk=default_club_id())
    rows = import_rows("members.csv", ("name,club\n" + "".join(f"{name},Home\n" for name in NAMES)).encode())

    def confirm():
        done = members_import(club, rows)
        return (done.written, done.new_count, done.update_count)

    answers = race(confirm, confirm, confirm, hold=(Member.objects, "bulk_create"))
    assert answers == [(5, 0, 5), (5, 0, 5), (5, 5, 0)]  # the first made them; the others found them
    assert sorted(Member.objects.filter(club=club).values_list("name", flat=True)) == NAMES


def test_forgetting_a_member_while_he_is_merged_ends_one_way_or_the_other(db):
    """The forget of Anna's second entry and the merge of that entry into her first at the same moment: one waits
    for the other's lock. The merge first: the forget finds no such member and says so; the forget first: the
    merge finds one of the two gone and says so. Never a player left pointing at a deleted member, nor one still
    named after the forgotten entry."""
    from clubs.members import MemberError, member_forget, members_merge
    from seating.models import Player, Tournament
    from tests.races import told

    club = Club.objects.get(pk=default_club_id())
    anna = Member.objects.create(club=club, name="Anna Berg", home_club="SC Nord")
    twice = Member.objects.create(club=club, name="Anna Berg", home_club="SC Nord", number="12")
    evening = Tournament.objects.create(name="Herbstskat", club=club)
    Player.objects.create(tournament=evening, name="Anna Berg", club="SC Nord", member=twice)
    forget = told(lambda: member_forget(club=club, member_id=twice.pk), MemberError, "forgotten")
    merge = told(lambda: members_merge(club=club, keep_id=anna.pk, other_id=twice.pk), MemberError, "merged")
    answers = race(forget, merge, hold=(Member, "delete"))
    assert answers in (["merged", "refused: That member is no longer in the registry."],
                       ["forgotten", "refused: One of the two members is no longer in the registry; look at the "
                                     "list again."]), answers
    player = Player.objects.get(tournament=evening)
    assert not Member.objects.filter(pk=twice.pk).exists()
    if answers[0] == "merged":
        assert (player.member_id, player.name) == (anna.pk, "Anna Berg")
    else:
        assert (player.member_id, player.name) == (None, "former member")
