"""The tournament's and a table's locks have one home (``seating.locks``): every write that takes the tournament's
row lock takes it there, and it hands back the tournament as it stands, so a writer never decides on an old copy."""

import re
import time
from pathlib import Path

import pytest
from django.db import connection, transaction  # noqa: F401 - connection is read by the skipif condition below

from clubs.models import Club
from seating.locks import lock_tournament
from seating.models import Tournament
from tests.races import race

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = [path for path in ROOT.glob("*/**/*.py") if path.parts[len(ROOT.parts)] not in {"tests", "bench", ".venv"}]


def test_no_module_but_the_locks_takes_the_tournament_row_lock_itself():
    taking = re.compile(r"Tournament\.objects\.select_for_update\(")
    takers = sorted(str(path.relative_to(ROOT)) for path in PRODUCT if taking.search(path.read_text()))
    assert takers == ["seating/locks.py"]


def test_the_writers_of_seats_players_series_sign_ups_and_the_cash_book_all_take_it():
    callers = sorted(str(path.relative_to(ROOT)) for path in PRODUCT
                     if "lock_tournament(" in path.read_text() and path.name != "locks.py")
    assert callers == ["cashdesk/services.py", "scoring/series/services.py", "seating/event_series.py",
                       "seating/replanning.py", "seating/services.py", "seating/signups.py"]


@pytest.mark.django_db
def test_the_lock_hands_back_the_tournament_as_it_stands_now():
    old = Tournament.objects.create(name="Evening", club=Club.objects.first())
    Tournament.objects.filter(pk=old.pk).update(series_count=3)
    with transaction.atomic():
        assert lock_tournament(old.pk).series_count == 3
    assert old.series_count != 3


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)")
def test_two_writers_under_the_lock_never_read_the_same_count():
    club, _ = Club.objects.get_or_create(slug="locks", defaults={"name": "Locks"})  # a flushed database has none
    evening = Tournament.objects.create(name="Evening", club=club, series_count=1)

    def one_more():
        with transaction.atomic():
            count = lock_tournament(evening.pk).series_count
            time.sleep(0.3)  # without the lock the other writer reads the same count here
            Tournament.objects.filter(pk=evening.pk).update(series_count=count + 1)
        return "done"

    assert race(one_more, one_more, one_more) == ["done"] * 3
    assert Tournament.objects.get(pk=evening.pk).series_count == 4
