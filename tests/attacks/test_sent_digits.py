"""A number a page sends by itself (a ticked row's id, a deal's version) read by one parser for every view
(``common.numbers.digits_number``): "²" and "³" pass ``str.isdigit`` and fail ``int``, so a view that trusted the
one to guard the other answered 500. Each of these answers as for any id that names nothing."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from clubs.models import ClubRole
from common.numbers import NumberRefused, digits_number, sent_number
from seasons.models import SeasonEvent
from seasons.services import season_create
from tests.seasons.conftest import club_with_members

pytestmark = [pytest.mark.django_db]


@pytest.mark.parametrize("text", ["²", "³", "٣", "１", "1_000", " 7", "7 ", "+7", "-7", "", "7.0", "99999999999"])
def test_only_the_digits_0_to_9_make_a_sent_number(text):
    with pytest.raises(NumberRefused):
        digits_number(text, most=10**9)
    assert sent_number(text, 10**9) is None


@pytest.mark.parametrize("text, figure", [("0", 0), ("7", 7), ("007", 7), ("1000000000", 10**9)])
def test_a_number_in_the_digits_0_to_9_is_read(text, figure):
    assert digits_number(text, most=10**9) == figure


def test_a_season_ignores_an_event_id_in_other_digits(client):
    club, _members = club_with_members()
    season = season_create(club=club, slug="2026", name="Vereinsmeisterschaft 2026", rules={})
    user = get_user_model().objects.create_user("leiter", password="pw-123456789")
    ClubRole.objects.create(club=club, user=user, role="director")
    client.force_login(user)
    answer = client.post(reverse("seasons:add", args=[club.slug, season.slug]),
                         {"tournament": ["²", "³", "99999999999999999999999"]})
    assert answer.status_code == 302 and not SeasonEvent.objects.exists()
