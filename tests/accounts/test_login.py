"""The site's login page, the roles and ``manage.py adduser``."""

import io

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import CommandError, call_command

from accounts.services import person_add
from clubs.models import Club, ClubRole, default_club_id
from clubs.scope import roles_in
from common.errors import UserError
from common.permissions import COMMITTEE_GROUP, DIRECTOR_GROUP
from seating.models import Tournament

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-hall-password"


@pytest.mark.slow
def test_the_roles_migration_made_both_groups():
    assert set(Group.objects.values_list("name", flat=True)) >= {DIRECTOR_GROUP, COMMITTEE_GROUP}


def roles(user) -> frozenset:
    """The roles ``user`` holds in the server's first club."""
    return roles_in(user, default_club_id())


def test_every_page_header_leads_to_the_login_with_a_way_back(client):
    text = client.get("/score/").content.decode()
    assert 'href="/accounts/login/?next=/score/"' in text
    assert "/admin/login/" not in text


def test_login_returns_to_the_page_the_person_came_from(client):
    User.objects.create_user("chair", password=PASSWORD)
    response = client.post("/accounts/login/", {"username": "chair", "password": PASSWORD, "next": "/score/"})
    assert response.status_code == 302 and response.url == "/score/"


def test_login_never_returns_to_another_site(client):
    User.objects.create_user("chair", password=PASSWORD)
    response = client.post("/accounts/login/", {"username": "chair", "password": PASSWORD,
                                                "next": "https://evil.example.com/"})
    assert response.status_code == 302 and response.url == "/start/"  # the landing: a captain's team, else home
    assert client.get(response.url).url == "/"


def test_logout_is_a_post_and_the_header_offers_it(client):
    user = User.objects.create_user("chair", password=PASSWORD)
    client.force_login(user)
    assert 'action="/accounts/logout/"' in client.get("/").content.decode()
    assert client.get("/accounts/logout/").status_code == 405
    client.post("/accounts/logout/")
    assert "_auth_user_id" not in client.session


def test_a_committee_member_who_is_not_staff_logs_in_and_works_on_the_committee_pages(client):
    tournament = Tournament.objects.create(name="Club night")
    person_add(username="chair", role="committee", password=PASSWORD)
    response = client.post("/accounts/login/", {"username": "chair", "password": PASSWORD,
                                                "next": f"/committee/{tournament.pk}/"})
    assert response.url == f"/committee/{tournament.pk}/"
    assert client.get(response.url).status_code == 200
    assert client.get(f"/committee/{tournament.pk}/slips/").status_code == 200
    assert f'href="/committee/{tournament.pk}/"' in client.get("/").content.decode()


def test_a_committee_member_gets_a_clear_403_on_the_director_pages(client):
    tournament = Tournament.objects.create(name="Club night")
    user, _ = person_add(username="chair", role="committee", password=PASSWORD)
    client.force_login(user)
    response = client.get(f"/director/{tournament.pk}/")
    assert response.status_code == 403
    assert "This page is for the director" in response.content.decode()


def test_roles_hold_in_one_club_only_and_staff_or_groups_grant_nothing():
    other = Club.objects.create(slug="west", name="Skatclub West")
    director, _ = person_add(username="helper", role="director", password=PASSWORD,
                             club=Club.objects.get(pk=default_club_id()))
    staff = User.objects.create_user("staff", password=PASSWORD, is_staff=True)
    staff.groups.add(Group.objects.get(name=DIRECTOR_GROUP))
    assert roles(director) == {"director"} and roles_in(director, other.pk) == frozenset()
    assert roles(staff) == frozenset()
    person_add(username="helper", role="cashier", password=None, club=other)
    assert roles_in(director, other.pk) == {"cashier"} and roles(director) == {"director"}


def test_adduser_makes_a_committee_login_from_standard_input(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD + "\n"))
    out = io.StringIO()
    call_command("adduser", "chair", "--role", "committee", stdout=out)
    user = User.objects.get(username="chair")
    assert user.check_password(PASSWORD) and not user.is_staff and roles(user) == {"committee"}
    assert "Made the login chair" in out.getvalue()


def test_adduser_with_club_gives_the_role_there_and_without_it_on_a_server_of_several_clubs_asks(monkeypatch):
    Club.objects.create(slug="west", name="Skatclub West")
    default_club_id()
    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD + "\n"))
    with pytest.raises(CommandError, match="--club"):
        call_command("adduser", "kasse", "--role", "cashier")
    assert not User.objects.filter(username="kasse").exists()
    with pytest.raises(CommandError, match="no club 'east'"):
        call_command("adduser", "kasse", "--club", "east", "--role", "cashier")
    call_command("adduser", "kasse", "--club", "west", "--role", "cashier", stdout=io.StringIO())
    assert list(ClubRole.objects.filter(user__username="kasse").values_list("club__slug", "role")) == [
        ("west", "cashier")]


def test_adduser_in_german_names_the_role_in_german(monkeypatch):
    from django.utils import translation

    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD + "\n"))
    out = io.StringIO()
    with translation.override("de"):
        call_command("adduser", "chair", "--role", "committee", stdout=out)
    assert out.getvalue().strip() == "Zugang chair angelegt, mit der Rolle Preisausschuss in Skatclub."


def test_adduser_refuses_a_weak_password_and_makes_nothing(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("123\n"))
    with pytest.raises(CommandError, match="password"):
        call_command("adduser", "chair", "--role", "committee")
    assert not User.objects.filter(username="chair").exists()


def test_an_existing_login_keeps_its_password_and_is_not_made_staff():
    User.objects.create_user("helper", password=PASSWORD)
    user, created = person_add(username="helper", role="director")
    assert not created and not user.is_staff and user.check_password(PASSWORD) and roles(user) == {"director"}


def test_an_unknown_role_is_refused():
    with pytest.raises(UserError, match="director or committee or cashier"):
        person_add(username="x", role="treasurer", password=PASSWORD)


@pytest.mark.parametrize("name", ["", "x" * 151, "\x7f\x01", "<script>", "a\x00b", "two words"])
def test_adduser_refuses_a_name_django_would_not_take_and_makes_nothing(name):
    with pytest.raises(CommandError, match="username"):
        call_command("adduser", name, "--role", "committee")
    assert not User.objects.exists()


def test_a_table_links_page_offers_the_login_without_its_token_in_the_address(client):
    from scoring.entry.access import table_link
    from seating.models import Table
    from tests.scoring.conftest import drawn_tournament

    token = table_link(Table.objects.filter(tournament=drawn_tournament(12)).first()).token
    text = client.get(f"/t/{token}/").content.decode()
    assert 'href="/accounts/login/"' in text and f"next=/t/{token}" not in text
