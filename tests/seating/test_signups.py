"""Sign-up before the day: places and the waiting list moving up, the deadline, the honeypot and the
throttle, members matched and never made, and the check-in list."""

import datetime

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from clubs.models import Member
from seating.errors import SeatingError
from seating.models import Category, Player, SignUp, Tournament
from seating.signups import place_of, signup_cancel, signup_create, signup_places, signups_check_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(db):
    cache.clear()
    return Tournament.objects.create(name="Preisskat", signup_open=True, signup_limit=2)


def sign(event, name, **extra):
    return signup_create(tournament=event, name=name, club=extra.pop("club", "SC Nord"),
                         contact=extra.pop("contact", "0171 234567"), **extra)


def test_the_waiting_list_moves_up_when_someone_cancels(event):
    first, second, third, fourth = (sign(event, name) for name in ("Anna", "Bert", "Carl", "Dora"))
    assert [(p.signup.name, p.confirmed, p.waiting) for p in signup_places(event)] == [
        ("Anna", True, None), ("Bert", True, None), ("Carl", False, 1), ("Dora", False, 2)]
    signup_cancel(token=second.cancel_token)
    assert place_of(third).confirmed and place_of(fourth).waiting == 1
    assert place_of(SignUp.objects.get(pk=second.pk)) is None


def test_closed_after_the_deadline_and_twice_the_same_refused(event):
    sign(event, "Anna")
    with pytest.raises(SeatingError):
        sign(event, "anna")
    Tournament.objects.filter(pk=event.pk).update(signup_deadline=timezone.now() - datetime.timedelta(minutes=1))
    event.refresh_from_db()
    with pytest.raises(SeatingError):
        sign(event, "Bert")


def test_a_member_is_matched_never_made_and_checked_in_as_himself(event):
    member = Member.objects.create(club=event.club, name="Anna Berg", home_club="SC Nord")
    ladies = Category.objects.create(tournament=event, name="Damen")
    anna = sign(event, "anna berg", categories=[ladies])
    stranger = sign(event, "Xaver Fremd")
    assert anna.member == member and stranger.member is None
    assert Member.objects.count() == 1
    players = signups_check_in(tournament=event, signup_ids=[anna.pk, stranger.pk]).players
    assert [p.member_id for p in players] == [member.pk, None]
    assert list(Player.objects.get(name="anna berg").categories.all()) == [ladies]
    assert Member.objects.count() == 1  # nothing a stranger typed became a member


def test_the_public_form_cancel_link_honeypot_and_throttle(client, event):
    address = reverse("signup:form", args=[event.club.slug, event.pk])
    response = client.post(address, {"name": "Anna", "club": "SC Nord", "contact": "anna@example.org"})
    assert response.status_code == 302
    status = client.get(response["Location"]).content.decode()
    assert "place 1" in status
    assert client.post(address, {"name": "Bot", "contact": "bot@example.org", "website": "http://spam"}).status_code == 200
    assert not SignUp.objects.filter(name="Bot").exists()
    assert client.post(address, {"name": "Bert", "contact": "no contact"}).status_code == 422
    for n in range(4):
        client.post(address, {"name": f"Player {n}", "contact": "0171 1234567"})
    assert client.post(address, {"name": "Late", "contact": "0171 1234567"}).status_code == 429
    anna = SignUp.objects.get(name="Anna")
    client.post(reverse("signup:status", args=[event.club.slug, anna.cancel_token]))
    assert SignUp.objects.get(name="Anna").cancelled_at is not None
    german = client.get(address, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Anmelden" in german and "E-Mail oder Telefon" in german


def test_closed_sign_up_is_404_and_the_contact_is_only_on_the_directors_list(client, admin_client, event):
    sign(event, "Anna", contact="anna@example.org")
    assert "anna@example.org" in admin_client.get(reverse("director:signups", args=[event.pk])).content.decode()
    assert "anna@example.org" not in client.get(reverse("signup:form", args=[event.club.slug, event.pk])).content.decode()
    Tournament.objects.filter(pk=event.pk).update(signup_open=False)
    assert client.get(reverse("signup:form", args=[event.club.slug, event.pk])).status_code == 404


def test_one_person_of_any_case_signs_up_and_registers_once_on_sqlite_too(event):
    """SQLite's lower() folds ASCII letters only: "JÜRGEN ÖZTÜRK" of "SC NÜRNBERG" is "Jürgen Öztürk" of "SC Nürnberg"
    all the same, for a sign-up and for a player typed in (``common.folding``)."""
    from seating.services import player_register

    sign(event, "Jürgen Öztürk", club="SC Nürnberg")
    with pytest.raises(SeatingError, match="already signed up"):
        sign(event, "JÜRGEN ÖZTÜRK", club="sc nürnberg")
    player_register(tournament=event, name="Eva Strauß", club="SC Öhringen")
    with pytest.raises(SeatingError, match="already registered"):
        player_register(tournament=event, name="EVA STRAUSS", club="sc öhringen")


def test_a_checked_in_player_cannot_cancel_by_his_link_and_stays_in_the_event(client, event):
    """Once checked in he plays (seated, owing his fee): his link refuses and sends him to the director, who
    withdraws him with the event in view; the sign-up stays, the player stays."""
    anna, bert = sign(event, "Anna"), sign(event, "Bert")
    signups_check_in(tournament=event, signup_ids=[anna.pk])
    with pytest.raises(SeatingError, match="ask the director to withdraw you"):
        signup_cancel(token=anna.cancel_token)
    page = client.get(reverse("signup:status", args=[event.club.slug, anna.cancel_token]))
    assert "Cancel my sign-up" not in page.content.decode() and "ask the director" in page.content.decode()
    answer = client.post(reverse("signup:status", args=[event.club.slug, anna.cancel_token]))
    assert answer.status_code == 409 and 'role="alert">You are checked in' in answer.content.decode()
    assert SignUp.objects.get(pk=anna.pk).cancelled_at is None
    assert Player.objects.filter(tournament=event, name="Anna").exists()
    german = client.post(reverse("signup:status", args=[event.club.slug, anna.cancel_token]),
                         HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Turnierleitung" in german
    # who is not checked in cancels as before
    assert client.post(reverse("signup:status", args=[event.club.slug, bert.cancel_token])).status_code == 200
    assert SignUp.objects.get(pk=bert.pk).cancelled_at is not None


def test_the_sign_ups_own_page_lets_the_browser_send_its_origin(client, event):
    """"no-referrer" makes a browser send the cancel's POST with "Origin: null", which the CSRF check refuses;
    "same-origin" keeps the token out of other sites all the same (the browser test cancels for real)."""
    anna = sign(event, "Anna")
    page = client.get(reverse("signup:status", args=[event.club.slug, anna.cancel_token]))
    assert page["Referrer-Policy"] == "same-origin"


def test_forgetting_a_member_clears_his_sign_ups(event):
    """Privacy: a forgotten member leaves no name, club, e-mail or phone in a sign-up either; one not checked in is
    cancelled (nobody comes under it), one checked in stays, as the player does, under "former member"."""
    from clubs.members import member_forget

    anna = Member.objects.create(club=event.club, name="Anna Berg", home_club="SC Nord")
    ladies = Category.objects.create(tournament=event, name="Damen")
    waiting = sign(event, "Anna Berg", contact="anna@example.org", categories=[ladies])
    later = Tournament.objects.create(name="Herbstskat", club=event.club, signup_open=True)
    seated = sign(later, "Anna Berg", contact="0171 99887766")
    signups_check_in(tournament=later, signup_ids=[seated.pk])
    stranger = sign(event, "Bert Bauer", contact="bert@example.org")
    assert waiting.member == anna and seated.member == anna
    member_forget(club=event.club, member_id=anna.pk)
    for signup in (waiting, seated):
        signup.refresh_from_db()
        assert (signup.name, signup.club, signup.contact, signup.member) == ("former member", "", "", None)
        assert not signup.categories.exists()
    assert waiting.cancelled_at is not None and seated.cancelled_at is None and seated.player is not None
    assert not SignUp.objects.filter(contact__in=["anna@example.org", "0171 99887766"]).exists()
    assert [place.signup.name for place in signup_places(event)] == ["Bert Bauer"]
    stranger.refresh_from_db()
    assert (stranger.name, stranger.contact) == ("Bert Bauer", "bert@example.org")


def test_merging_two_members_moves_the_others_sign_ups_to_the_one_kept(event):
    from clubs.members import members_merge

    anna = Member.objects.create(club=event.club, name="Anna Berg", home_club="SC Nord")
    twice = Member.objects.create(club=event.club, name="Anna Berg", home_club="SC Nord", number="12")
    signup = sign(event, "Anna Berg")
    SignUp.objects.filter(pk=signup.pk).update(member=twice)
    members_merge(club=event.club, keep_id=anna.pk, other_id=twice.pk)
    signup.refresh_from_db()
    assert signup.member == anna
