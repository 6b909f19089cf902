"""A withdrawal's re-plan racing the first deal saved at a table of the series it plans again, on real PostgreSQL:
the deal waits for the re-plan or the re-plan is refused because the series holds scores, never a server error and
never a deal on a table the plan replaced. Each is a process of its own with its own connection; skipped on
SQLite."""

import pytest
from django.db import connection  # noqa: F401 - read by the skipif condition below

from scoring.entry.services import deal_enter, deal_slot
from scoring.models import Deal
from scoring.results import EntryError
from seating.errors import SeatingError
from seating.models import Seat, Table
from seating.replanning import player_withdraw
from tests.races import race
from tests.scoring.entry.test_concurrency import _facts
from tests.seating.test_replanning import club, planned  # noqa: F401 - club is a fixture

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)"),
]


def answer(call, done: str):
    def run():
        try:
            call()
        except (SeatingError, EntryError) as refused:
            return f"refused: {refused.message}"
        return done
    return run


@pytest.mark.parametrize("hold", [(Deal, "save"), (Seat.objects, "bulk_create")])
def test_a_withdrawals_replan_racing_a_deal_at_that_table(club, hold):  # noqa: F811
    tournament = planned(club, players=16, played=1)
    table = Table.objects.select_related("tournament").get(tournament=tournament, series=2, number=1)
    gone = Seat.objects.filter(table=table).first().player_id
    slot = deal_slot(table, 1)
    save = answer(lambda: deal_enter(table=table, number=1, facts=_facts(slot), submission_key="race"), "saved")
    withdraw = answer(lambda: player_withdraw(tournament=tournament, player_id=gone, after=1), "withdrawn")
    answers = race(save, withdraw, hold=hold)
    deals = list(Deal.objects.filter(tournament=tournament, table__series=2))
    if "saved" in answers:
        assert answers[1].startswith("refused") and len(deals) == 1
        assert Seat.objects.filter(tournament=tournament, series=2, player_id=gone).exists()  # he stays seated
    else:
        assert answers == ["refused: This series was seated anew a moment ago (a late entry or a withdrawal): "
                           "nothing was saved; ask the director for the table's new link.", "withdrawn"], answers
        assert deals == []
