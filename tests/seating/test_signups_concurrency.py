"""Sign-ups at the same moment, on real PostgreSQL: the last free place taken by two (one has it, the other is
first on the waiting list), one person's form sent twice (signed up once), a cancellation moving the waiting list
up while another signs up. Each visitor is a process with its own connection; on SQLite (one writer at a time)
these are skipped: .ci/run runs them on PostgreSQL, and tests/attacks/test_concurrent_office.py races the public
form through the real server on SQLite."""

import pytest
from django.db import connection  # noqa: F401 - read by the skipif condition below

from seating.errors import SeatingError
from seating.models import SignUp, Tournament
from seating.signups import signup_cancel, signup_create, signup_places
from tests.races import race, told

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)"),
]


@pytest.fixture
def event():
    tournament = Tournament.objects.create(name="Preisskat", signup_open=True, signup_limit=3)
    for name in ("Early 1", "Early 2"):
        signup_create(tournament=tournament, name=name, club="", contact="0171 234567")
    return tournament


def sign(event, name):
    return told(lambda: signup_create(tournament=event, name=name, club="SC Nord", contact="0171 234567"),
                SeatingError, f"{name} signed up")


def places(event) -> list[tuple[str, bool, int | None]]:
    return [(place.signup.name, place.confirmed, place.waiting) for place in signup_places(event)]


def test_the_last_place_taken_by_two_at_once_one_has_it_the_other_waits_first(event):
    assert race(sign(event, "Anna"), sign(event, "Bert"), hold=(SignUp.objects, "create")) == [
        "Anna signed up", "Bert signed up"]
    found = places(event)
    assert found[:2] == [("Early 1", True, None), ("Early 2", True, None)]
    assert sorted(name for name, _confirmed, _waiting in found[2:]) == ["Anna", "Bert"]
    assert [(confirmed, waiting) for _name, confirmed, waiting in found[2:]] == [(True, None), (False, 1)]


def test_one_form_sent_twice_at_once_signs_him_up_once(event):
    answers = race(sign(event, "Anna"), sign(event, "Anna"), hold=(SignUp.objects, "create"))
    assert answers == ["Anna signed up", "refused: Anna is already signed up."]
    assert SignUp.objects.filter(tournament=event, name="Anna").count() == 1


def test_a_cancellation_while_another_signs_up_moves_the_waiting_list_up(event):
    signup_create(tournament=event, name="Anna", club="", contact="0171 234567")
    waiting = signup_create(tournament=event, name="Bert", club="", contact="0171 234567")
    early = SignUp.objects.get(tournament=event, name="Early 1")
    cancel = told(lambda: signup_cancel(token=early.cancel_token), SeatingError, "cancelled")
    assert race(cancel, sign(event, "Carl"), hold=(SignUp.objects, "create")) == ["Carl signed up", "cancelled"]
    assert places(event) == [("Early 2", True, None), ("Anna", True, None), ("Bert", True, None),
                             ("Carl", False, 1)]
    assert waiting.pk == SignUp.objects.get(name="Bert").pk


def test_a_cancel_racing_the_check_in_ends_checked_in_or_cancelled_never_both(event):
    """The check-in and his cancel link at the same moment: one waits for the other (the tournament's lock), so he
    is either a player whose cancel is refused, or cancelled and not checked in; never cancelled yet seated."""
    from seating.signups import signups_check_in

    anna = signup_create(tournament=event, name="Anna", club="", contact="0171 234567")
    cancel = told(lambda: signup_cancel(token=anna.cancel_token), SeatingError, "cancelled")

    def check_in():
        return f"checked in {len(signups_check_in(tournament=event, signup_ids=[anna.pk]).players)}"

    answers = race(cancel, check_in, hold=(SignUp, "save"))
    assert answers in (["cancelled", "checked in 0"],
                       ["checked in 1", "refused: You are checked in: ask the director to withdraw you."]), answers
    anna.refresh_from_db()
    assert (anna.cancelled_at is None) == (anna.player_id is not None)
