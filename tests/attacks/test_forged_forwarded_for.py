"""A made-up ``X-Forwarded-For`` is no fresh allowance: the API throttle and the sign-up limit count by the client's
address as the login does (``common.client_address``). With no proxy (``PROXY_COUNT`` 0) the header is never read;
behind one proxy the right-most address, the one the proxy wrote, counts, and whatever the client wrote left of it
does not.

The API's rate is lowered to three a minute for these tests (the class reads it once, at import); the sign-up limit
is the product's five an hour."""

import itertools

import pytest
from django.core.cache import cache
from django.urls import reverse

from public.api.throttles import ClientAddressThrottle
from seating.models import SignUp, Tournament
from seating.signup_views import SIGNUPS_PER_HOUR

pytestmark = pytest.mark.django_db

RATE = 3
_made_up = (f"203.0.113.{n}" for n in itertools.count(1))


@pytest.fixture
def low_rate(monkeypatch):
    cache.clear()
    monkeypatch.setattr(ClientAddressThrottle, "THROTTLE_RATES", {"anon": f"{RATE}/minute"})


def api(client, forwarded: str | None = None) -> int:
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
    return client.get("/api/v1/clubs/", **headers).status_code


def test_without_a_proxy_a_new_forwarded_for_still_gets_429(client, low_rate, settings):
    settings.PROXY_COUNT = 0
    assert [api(client, next(_made_up)) for _ in range(RATE)] == [200] * RATE
    assert [api(client, next(_made_up)) for _ in range(10)] == [429] * 10
    assert api(client) == 429


def test_behind_one_proxy_the_right_most_address_counts(client, low_rate, settings):
    settings.PROXY_COUNT = 1
    # The client writes whatever it likes on the left; the proxy appends the address it was reached from.
    assert [api(client, f"{next(_made_up)}, 198.51.100.7") for _ in range(RATE)] == [200] * RATE
    assert [api(client, f"{next(_made_up)}, 198.51.100.7") for _ in range(5)] == [429] * 5
    assert api(client, "198.51.100.8") == 200  # another client behind the same proxy has his own allowance
    assert api(client, "198.51.100.7") == 429


@pytest.fixture
def open_event(db):
    cache.clear()
    return Tournament.objects.create(name="Preisskat", signup_open=True)


def sign_up(client, event, number: int, forwarded: str) -> int:
    return client.post(reverse("signup:form", args=[event.club.slug, event.pk]),
                       {"name": f"Player {number}", "contact": "0171 1234567"},
                       HTTP_X_FORWARDED_FOR=forwarded).status_code


def test_the_signup_limit_ignores_a_made_up_forwarded_for(client, open_event, settings):
    settings.PROXY_COUNT = 0
    answers = [sign_up(client, open_event, n, next(_made_up)) for n in range(SIGNUPS_PER_HOUR + 4)]
    assert answers == [302] * SIGNUPS_PER_HOUR + [429] * 4
    assert SignUp.objects.filter(tournament=open_event).count() == SIGNUPS_PER_HOUR


def test_behind_one_proxy_the_signup_limit_counts_each_client(client, open_event, settings):
    settings.PROXY_COUNT = 1
    answers = [sign_up(client, open_event, n, f"{next(_made_up)}, 198.51.100.7") for n in range(SIGNUPS_PER_HOUR + 2)]
    assert answers == [302] * SIGNUPS_PER_HOUR + [429] * 2
    assert sign_up(client, open_event, 99, "198.51.100.8") == 302  # the proxy's other client
