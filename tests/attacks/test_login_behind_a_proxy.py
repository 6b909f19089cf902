"""Behind a proxy every login comes from the proxy's address, so the throttle locked a name
for everybody. With PROXY_COUNT set, the lock holds per name and client again (common.client_address); without
it, an X-Forwarded-For header, which anyone can write, is never read."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "the-right-password-at-last"
PROXY = "10.0.0.1"


@pytest.fixture
def director():
    return User.objects.create_user("director", password=PASSWORD, is_staff=True, is_superuser=True)


def behind_the_proxy(forwarded_for: str) -> Client:
    """A client whose requests the proxy passes on: from its own address, the client's appended."""
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded_for)


def guess_six_times(client: Client) -> int:
    for attempt in range(6):
        response = client.post("/accounts/login/", {"username": "director", "password": f"guess-{attempt}"})
    return response.status_code


@pytest.mark.slow
def test_two_clients_behind_the_proxy_are_locked_separately(settings, director):
    settings.PROXY_COUNT = 1
    # What the client wrote itself stands left of what the proxy appended: never read.
    assert guess_six_times(behind_the_proxy("192.0.2.99, 203.0.113.5")) == 429

    assert behind_the_proxy("203.0.113.5").post("/accounts/login/", {"username": "director",
                                                                      "password": PASSWORD}).status_code == 429
    other = behind_the_proxy("198.51.100.7")
    response = other.post("/accounts/login/", {"username": "director", "password": PASSWORD})
    assert response.status_code == 302 and "_auth_user_id" in other.session


@pytest.mark.slow
def test_a_forged_forwarded_for_is_ignored_when_no_proxy_is_configured(settings, director):
    settings.PROXY_COUNT = 0
    for attempt in range(6):  # a new made-up address for every guess
        Client(REMOTE_ADDR="203.0.113.5", HTTP_X_FORWARDED_FOR=f"198.51.100.{attempt}").post(
            "/accounts/login/", {"username": "director", "password": f"guess-{attempt}"})

    response = Client(REMOTE_ADDR="203.0.113.5", HTTP_X_FORWARDED_FOR="198.51.100.200").post(
        "/accounts/login/", {"username": "director", "password": PASSWORD})
    assert response.status_code == 429


@pytest.mark.slow
def test_a_request_that_did_not_pass_the_proxies_counts_by_its_own_address(settings, director):
    settings.PROXY_COUNT = 2  # two proxies, but this request carries one forwarded address, or garbage
    assert guess_six_times(Client(REMOTE_ADDR="203.0.113.5", HTTP_X_FORWARDED_FOR="198.51.100.1")) == 429
    response = Client(REMOTE_ADDR="203.0.113.5", HTTP_X_FORWARDED_FOR="not-an-address, 198.51.100.2").post(
        "/accounts/login/", {"username": "director", "password": PASSWORD})
    assert response.status_code == 429
