"""A club's director gives and takes its people's roles; a person with roles in two clubs switches."""

import pytest
from django.contrib.auth.models import User

from clubs.models import Club, ClubRole, default_club_id
from tests.roles import grant

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-hall-password"


@pytest.fixture
def home():
    return Club.objects.get(pk=default_club_id())


@pytest.mark.slow
def test_the_director_gives_a_new_login_the_cashiers_role_and_takes_it_away(client, home):
    boss = grant(User.objects.create_user("boss", password=PASSWORD), "director", home)
    client.force_login(boss)
    response = client.post("/accounts/people/", {"username": "kasse", "role": "cashier", "password": PASSWORD})
    assert response.status_code == 302
    kasse = User.objects.get(username="kasse")
    assert kasse.check_password(PASSWORD)
    assert list(ClubRole.objects.filter(user=kasse).values_list("club", "role")) == [(home.pk, "cashier")]
    assert "kasse" in client.get("/accounts/people/").content.decode()
    client.post(f"/accounts/people/{kasse.pk}/remove/")
    assert not ClubRole.objects.filter(user=kasse).exists()


def test_a_new_login_without_a_password_is_refused_and_nothing_is_made(client, home):
    client.force_login(grant(User.objects.create_user("boss", password=PASSWORD), "director", home))
    response = client.post("/accounts/people/", {"username": "kasse", "role": "cashier", "password": ""})
    assert response.status_code == 422 and "give a password" in response.content.decode()
    assert not User.objects.filter(username="kasse").exists()


def test_the_director_cannot_take_his_own_directors_role(client, home):
    boss = grant(User.objects.create_user("boss", password=PASSWORD), "director", home)
    client.force_login(boss)
    client.post(f"/accounts/people/{boss.pk}/remove/")
    assert ClubRole.objects.filter(user=boss, role="director").exists()


def test_another_clubs_director_sees_and_changes_none_of_our_people(client, home):
    west = Club.objects.create(slug="west", name="Skatclub West")
    ours = grant(User.objects.create_user("ours", password=PASSWORD), "committee", home)
    client.force_login(grant(User.objects.create_user("west-boss", password=PASSWORD), "director", west))
    page = client.get("/accounts/people/").content.decode()
    assert "Skatclub West" in page and "<td>ours</td>" not in page and "<td>west-boss</td>" in page
    assert client.post(f"/accounts/people/{ours.pk}/remove/").status_code == 404
    assert ClubRole.objects.filter(user=ours).exists()


def test_a_person_of_two_clubs_switches_and_sees_each_clubs_tournaments_only(client, home):
    from seating.models import Tournament

    west = Club.objects.create(slug="west", name="Skatclub West")
    person = grant(grant(User.objects.create_user("both", password=PASSWORD), "director", home), "director", west)
    Tournament.objects.create(name="Home evening", club=home)
    Tournament.objects.create(name="West evening", club=west)
    client.force_login(person)
    first = client.get("/director/").content.decode()
    assert "Home evening" in first and "West evening" not in first and "Skatclub West" in first  # the switch
    assert client.post("/accounts/club/", {"club": west.pk, "next": "/director/"}).status_code == 302
    second = client.get("/director/").content.decode()
    assert "West evening" in second and "Home evening" not in second
    assert client.post("/accounts/club/", {"club": 99999}).status_code == 404


def test_a_club_of_one_never_shows_the_switch(client, home):
    client.force_login(grant(User.objects.create_user("boss", password=PASSWORD), "director", home))
    assert 'class="club-switch"' not in client.get("/director/").content.decode()


def test_the_director_takes_his_own_cashiers_role_only_after_saying_yes_on_a_second_page(client, home):
    boss = grant(grant(User.objects.create_user("boss", password=PASSWORD), "director", home), "cashier", home)
    client.force_login(boss)
    page = client.get("/accounts/people/").content.decode()
    assert page.count(f'action="/accounts/people/{boss.pk}/remove/"') == 1  # his cashier's role only
    asked = client.post(f"/accounts/people/{boss.pk}/remove/", {"role": "cashier"}, HTTP_ACCEPT_LANGUAGE="de-DE")
    assert asked.status_code == 200 and "Die eigene Rolle entziehen?" in asked.content.decode()
    assert 'name="confirm" value="yes"' in asked.content.decode()  # a plain form: no script needed
    assert ClubRole.objects.filter(user=boss, role="cashier").exists()
    client.post(f"/accounts/people/{boss.pk}/remove/", {"role": "cashier", "confirm": "yes"})
    assert sorted(ClubRole.objects.filter(user=boss).values_list("role", flat=True)) == ["director"]


def test_another_persons_single_role_is_taken_without_a_confirmation(client, home):
    client.force_login(grant(User.objects.create_user("boss", password=PASSWORD), "director", home))
    both = grant(grant(User.objects.create_user("both", password=PASSWORD), "cashier", home), "committee", home)
    client.post(f"/accounts/people/{both.pk}/remove/", {"role": "cashier"})
    assert list(ClubRole.objects.filter(user=both).values_list("role", flat=True)) == ["committee"]
    response = client.post(f"/accounts/people/{both.pk}/remove/", {"role": "boss"}, follow=True)
    assert "no role" in response.content.decode() and ClubRole.objects.filter(user=both).exists()


@pytest.mark.slow
def test_a_club_always_keeps_a_director(client, home):
    from accounts.services import person_remove
    from common.errors import UserError

    boss = grant(User.objects.create_user("boss", password=PASSWORD), "director", home)
    other = grant(User.objects.create_user("other", password=PASSWORD), "director", home)
    client.force_login(boss)
    client.post(f"/accounts/people/{other.pk}/remove/", {"role": "director"})  # two directors: one may go
    assert list(ClubRole.objects.filter(club=home, role="director").values_list("user", flat=True)) == [boss.pk]
    with pytest.raises(UserError, match="only director"):
        person_remove(user=boss, club=home)
    admin = User.objects.create_superuser("root", password=PASSWORD)  # not a director of the club, yet may open the page
    client.force_login(admin)
    response = client.post(f"/accounts/people/{boss.pk}/remove/", {"role": "director"}, follow=True)
    assert "only director" in response.content.decode()
    response = client.post(f"/accounts/people/{boss.pk}/remove/", HTTP_ACCEPT_LANGUAGE="de-DE", follow=True)
    assert "einzige Turnierleitung" in response.content.decode()
    assert ClubRole.objects.filter(club=home, user=boss, role="director").exists()
