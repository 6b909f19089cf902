"""``common.any_of.AnyOf``: a column one of a list of values given as one parameter, the same rows as ``__in``
on the database the suite runs on (SQLite, or PostgreSQL in ``make test-db``)."""

import pytest
from django.db.models import F

from clubs.models import Club, Member
from common.any_of import AnyOf

pytestmark = pytest.mark.django_db


@pytest.fixture
def members():
    club = Club.objects.create(slug="any", name="Any")
    return [Member.objects.create(club=club, name=name, federation_number=number) for name, number in
            [("Anna", "A-1"), ("Bert", "B-2"), ("Cora", ""), ("Dirk", "D-4'; --"), ("Emil", "E-5")]]


def test_ids_texts_and_nothing_give_the_rows_in_gives(members):
    anna, bert, cora, dirk, emil = members
    ids = [bert.pk, dirk.pk, emil.pk, 10**12]
    assert set(Member.objects.filter(AnyOf(F("id"), ids))) == {bert, dirk, emil}
    numbers = ["A-1", "D-4'; --", "nobody's"]  # a quote in a value is a value, not SQL
    assert set(Member.objects.filter(AnyOf(F("federation_number"), numbers))) == {anna, dirk}
    assert list(Member.objects.filter(AnyOf(F("id"), []))) == []
    assert set(Member.objects.filter(AnyOf(F("id"), {cora.pk}))) == {cora}  # any collection of values


def test_a_thousand_values_are_one_parameter(members):
    ids = [m.pk for m in members] + list(range(10**9, 10**9 + 1000))
    query = Member.objects.filter(AnyOf(F("id"), ids))
    _sql, params = query.query.sql_with_params()
    assert len(params) == 1
    assert query.count() == 5
    _sql, params = Member.objects.filter(id__in=ids).query.sql_with_params()
    assert len(params) == 1005  # what ``__in`` makes of them


def test_ids_past_the_integers_range_and_below_nought_are_values(members):
    """Ids go to PostgreSQL as the text of one array: a big number and a negative one are numbers there too."""
    anna, *_ = members
    assert list(Member.objects.filter(AnyOf(F("id"), [-1, 2**62, anna.pk]))) == [anna]
    assert list(Member.objects.filter(AnyOf(F("club_id"), [anna.club_id])).filter(pk=anna.pk)) == [anna]
