"""The cash desk's book moved from scoring to its own app by the migrations' state alone: a database with payments
in it keeps every line, under the same table, read now through ``cashdesk.Payment``; its permissions' content type
follows it. The migration is run for real, from the state before the move to today's."""

from decimal import Decimal

import pytest

from tests.migrating import latest_migrations, migrate_to

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow, pytest.mark.database]

BEFORE = ("scoring", "0016_series_clock")


def test_the_book_moves_to_the_cash_desk_app_and_keeps_every_line():
    leaves = latest_migrations()
    others = latest_migrations(except_apps=("scoring", "cashdesk"))
    old = migrate_to([BEFORE, ("cashdesk", None)], state_of=[BEFORE, *others])
    Club, Tournament, Player, Payment, ContentType = (
        old.get_model("clubs", "Club"), old.get_model("seating", "Tournament"), old.get_model("seating", "Player"),
        old.get_model("scoring", "Payment"), old.get_model("contenttypes", "ContentType"))
    club = Club.objects.first() or Club.objects.create(slug="club", name="Skatclub")
    evening = Tournament.objects.create(name="Before the move", club=club)
    anna = Player.objects.create(tournament=evening, name="Anna")
    fee = Payment.objects.create(tournament=evening, player=anna, kind="fee", amount=Decimal("10.00"))
    Payment.objects.create(tournament=evening, player=anna, kind="fee", amount=Decimal("-10.00"), reverses=fee)
    Payment.objects.create(tournament=evening, player=anna, kind="lost_games", series=1, amount=Decimal("1.50"))
    ContentType.objects.get_or_create(app_label="scoring", model="payment")
    before = sorted(Payment.objects.values_list("pk", "kind", "series", "amount", "reverses_id"))

    new = migrate_to(leaves)
    Moved, ContentType = new.get_model("cashdesk", "Payment"), new.get_model("contenttypes", "ContentType")
    assert Moved._meta.db_table == "scoring_payment"
    assert sorted(Moved.objects.values_list("pk", "kind", "series", "amount", "reverses_id")) == before
    assert Moved.objects.get(pk=fee.pk).reversed_by.amount == Decimal("-10.00")
    assert ContentType.objects.filter(app_label="cashdesk", model="payment").exists()
    assert not ContentType.objects.filter(app_label="scoring", model="payment").exists()
