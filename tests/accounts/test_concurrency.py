"""A club always keeps a director, also when its two directors take each other's role at the same moment, on real
PostgreSQL: one is taken, the other told the club would be left without one. On SQLite (one writer at a time)
this is skipped: .ci/run runs it on PostgreSQL."""

import pytest
from django.contrib.auth.models import User
from django.db import connection  # noqa: F401 - read by the skipif condition below
from django.db.models.query import QuerySet

from accounts.services import person_remove
from clubs.models import Club, ClubRole, default_club_id
from common.errors import UserError
from tests.races import race, told
from tests.roles import grant

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)"),
]


def test_two_directors_taking_each_others_role_at_once_leave_one_director():
    home = Club.objects.get(pk=default_club_id())
    anna = grant(User.objects.create_user("anna", password="x"), "director", home)
    bernd = grant(User.objects.create_user("bernd", password="x"), "director", home)
    answers = race(told(lambda: person_remove(user=anna, club=home, role="director"), UserError, "taken"),
                   told(lambda: person_remove(user=bernd, club=home, role="director"), UserError, "taken"),
                   hold=(QuerySet, "delete"))
    kept = ClubRole.objects.get(club=home, role="director").user.username  # the one refused
    assert sorted(answers) == ["refused: {} is the only director of {}, and a club always keeps one: give another "
                               "login the director's role first.".format(kept, home.name), "taken"]
    assert ClubRole.objects.filter(club=home, role="director").count() == 1
