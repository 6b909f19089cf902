"""The statistics read with a fixed number of queries, whatever the number of a member's series or of a club's
evenings (the benchmark's builders, small: ``bench/bench_stats.py``)."""

import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Club, Member
from stats.selectors import club_figures, member_figures

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from bench_stats import build_member  # noqa: E402

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def count(read) -> int:
    read()  # the first reading keeps the evenings' series totals
    with CaptureQueriesContext(connection) as queries:
        read()
    return len(queries)


def test_a_members_figures_take_the_same_queries_for_4_or_12_series(django_assert_num_queries):
    few, _events = build_member(1, seed=3)
    few_queries = count(lambda: member_figures(few))
    Club.objects.filter(slug="stats-bench").update(slug="stats-bench-1")
    many, _events = build_member(3, seed=4)
    assert member_figures(many).series == 12 and member_figures(few).series == 4
    member_figures(many)
    with django_assert_num_queries(few_queries):
        member_figures(many)
    club = Club.objects.get(slug="stats-bench")
    first = Club.objects.get(slug="stats-bench-1")
    one_club = count(lambda: club_figures(first))
    with django_assert_num_queries(one_club):
        club_figures(club)
    assert Member.objects.filter(club=club).count() == 4
