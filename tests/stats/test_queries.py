"""The statistics read with a fixed number of queries, whatever the number of a member's series or of a club's
evenings (the benchmark's builders, small: ``bench/bench_stats.py``); once the evenings are kept, from the kept
rows alone: not one query reads a deal."""

import re
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
    read()  # the first reading keeps the evenings' series totals and plays
    with CaptureQueriesContext(connection) as queries:
        read()
    assert not [q["sql"] for q in queries if re.search(r"\bscoring_deal\b", q["sql"])]
    return len(queries)


def test_a_members_and_a_clubs_figures_take_the_same_queries_for_4_or_12_series():
    few, _events = build_member(1, seed=3)
    few_queries = count(lambda: member_figures(few))
    Club.objects.filter(slug="stats-bench").update(slug="stats-bench-1")
    many, _events = build_member(3, seed=4)
    assert member_figures(many).series == 12 and member_figures(few).series == 4
    assert count(lambda: member_figures(many)) == few_queries
    club = Club.objects.get(slug="stats-bench")
    first = Club.objects.get(slug="stats-bench-1")
    assert count(lambda: club_figures(club)) == count(lambda: club_figures(first))
    assert Member.objects.filter(club=club).count() == 4
