"""No login throttling. 25 wrong passwords in a row, then the right one, logged in.

Now a name is locked after five wrong passwords from one address, on the site's login page and the admin's,
and the login page says so; the right password does not get in until the cool-off has passed.
"""

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "the-right-password-at-last"


@pytest.fixture
def director():
    return User.objects.create_user("director", password=PASSWORD, is_staff=True, is_superuser=True)


@pytest.mark.slow
@pytest.mark.parametrize("login_url", ["/accounts/login/", "/admin/login/"])
def test_25_wrong_passwords_then_the_right_one_does_not_log_in(client, director, login_url):
    for attempt in range(25):
        client.post(login_url, {"username": "director", "password": f"guess-{attempt}"})
    response = client.post(login_url, {"username": "director", "password": PASSWORD})
    assert "_auth_user_id" not in client.session
    assert response.status_code == 429
    assert "Too many wrong passwords" in response.content.decode()


@pytest.mark.slow
def test_the_lock_comes_after_five_failures_and_says_for_how_long(client, director):
    for attempt in range(4):
        response = client.post("/accounts/login/", {"username": "director", "password": f"guess-{attempt}"})
        assert response.status_code == 200  # the form again, with Django's own message
    response = client.post("/accounts/login/", {"username": "director", "password": "guess-5"})
    text = response.content.decode()
    assert response.status_code == 429 and "locked for 15 minutes" in text


@pytest.mark.slow
def test_another_name_from_the_same_address_is_not_locked(client, director):
    User.objects.create_user("chair", password=PASSWORD)
    for attempt in range(6):
        client.post("/accounts/login/", {"username": "director", "password": f"guess-{attempt}"})
    response = client.post("/accounts/login/", {"username": "chair", "password": PASSWORD})
    assert response.status_code == 302 and "_auth_user_id" in client.session


@pytest.mark.slow
def test_the_lock_ends_after_the_cool_off(client, director):
    for attempt in range(6):
        client.post("/accounts/login/", {"username": "director", "password": f"guess-{attempt}"})
    AccessAttempt.objects.all().delete()  # what the cool-off (or `manage.py axes_reset`) does
    response = client.post("/accounts/login/", {"username": "director", "password": PASSWORD})
    assert response.status_code == 302 and "_auth_user_id" in client.session
