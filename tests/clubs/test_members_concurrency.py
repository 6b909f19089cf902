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
