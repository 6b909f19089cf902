"""What the association's director must not reach: a person's figures from his clubs' unpublished evenings or from
a club of another association, another association's person merged away, a number taken from another association's
members; and what his clubs' directors must not reach through the association's pages."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from clubs.models import Club, ClubRole, Member, Person
from clubs.persons import persons_touched
from tests.seasons.conftest import club_evening, club_with_members

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture
def two_associations(client):
    """lv with west (VG 1) within; lv2 with fremd within. Anna Albers carries P-1 in west and in fremd; west has an
    evening published and one not, fremd one published. The director of lv is logged in."""
    lv = Club.objects.create(slug="lv", name="Landesverband")
    lv2 = Club.objects.create(slug="lv2", name="Anderer Verband")
    west, west_members = club_with_members("west", count=6, guests=0)
    fremd, fremd_members = club_with_members("fremd", count=6, guests=0)
    Club.objects.filter(pk=west.pk).update(within=lv, region="VG 1")
    Club.objects.filter(pk=fremd.pk).update(within=lv2, region="VG 9")
    for member in (west_members[0], fremd_members[0]):
        member.federation_number, member.birth_year = "P-1", 1950
        member.save()
    persons_touched([west_members[0], fremd_members[0]])
    shown = club_evening(west, west_members, seed=3, series=2)
    hidden = club_evening(west, west_members, seed=4, series=1)
    theirs = club_evening(fremd, fremd_members, seed=5, series=1)
    for event in (shown, theirs):
        event.scoring.published = True
        event.scoring.save()
    director = get_user_model().objects.create_user("verband", password="pw-verband-1")
    ClubRole.objects.create(club=lv, user=director, role="director")
    client.force_login(director)
    return west_members, fremd_members, (shown, hidden, theirs)


def test_a_persons_figures_count_only_his_associations_published_evenings(two_associations, client):
    page = client.get(reverse("stats:person", args=["lv"]) + "?number=P-1")
    assert page.status_code == 200
    # the published evening of west: its two series; not west's unpublished one, not fremd's (another association)
    assert page.context["shown"]["figures"].series == 2
    assert page.context["shown"]["figures"].events == 1
    assert "Skatfreunde fremd" not in page.content.decode()
    assert [m.club.slug for m in page.context["memberships"]] == ["west"]


def test_a_person_who_is_a_member_of_another_associations_club_is_not_merged_from_here(two_associations, client):
    west_members, fremd_members, _events = two_associations
    bernd = west_members[1]
    bernd.federation_number = "P-2"
    bernd.save()
    persons_touched([bernd])
    for keep, other in (("P-2", "P-1"), ("P-1", "P-2")):
        answer = client.post(reverse("clubs:association_merge", args=["lv"]), {"keep": keep, "other": other})
        assert answer.status_code == 422, (keep, other)
        assert "Skatfreunde fremd" in answer.content.decode()
    # fremd's member (of lv2) keeps his number, and both persons are there still
    assert Member.objects.get(pk=fremd_members[0].pk).federation_number == "P-1"
    assert set(Person.objects.values_list("federation_number", flat=True)) == {"P-1", "P-2"}


def test_a_club_director_reaches_nothing_of_the_association_through_its_addresses(two_associations, client):
    from seasons.models import SubmittedEvent
    from seasons.services import season_create

    west_members, _fremd_members, _events = two_associations
    season_create(club=Club.objects.get(slug="lv"), slug="rl", name="Rangliste", rules={})
    leiter = get_user_model().objects.create_user("west-leiter", password="pw-west-1")
    ClubRole.objects.create(club=Club.objects.get(slug="west"), user=leiter, role="director")
    client.force_login(leiter)
    for url in ("/club/lv/association/", "/club/lv/seasons/rl/", "/club/lv/stats/person/?number=P-1",
                "/club/lv/seasons/rl/season.xlsx", "/club/lv/seasons/"):
        assert client.get(url).status_code in (403, 404), url
    for url, data in (("/club/lv/association/merge/", {"keep": "P-1", "other": "P-1"}),
                      ("/club/lv/association/number/", {"member": west_members[1].pk, "federation_number": "X"}),
                      ("/club/lv/seasons/rl/events/", {"tournament": [1]}),
                      ("/club/lv/seasons/rl/files/", {})):
        assert client.post(url, data).status_code in (403, 404), url
    assert not SubmittedEvent.objects.exists() and Member.objects.get(pk=west_members[1].pk).federation_number == ""


def test_an_evening_its_club_unpublished_after_it_was_added_is_no_longer_the_associations(two_associations, client):
    from seasons.services import season_add, season_create

    west_members, _fremd_members, (shown, _hidden, _theirs) = two_associations
    season = season_create(club=Club.objects.get(slug="lv"), slug="rl", name="Rangliste", rules={})
    season_add(season=season, tournaments=[shown])
    assert shown.name in client.get("/club/lv/seasons/rl/").content.decode()
    shown.scoring.published = False  # the club takes it back (a wrong list found), after the association added it
    shown.scoring.save()
    page = client.get("/club/lv/seasons/rl/")
    assert page.context["table"].rows == () and shown.name not in page.content.decode()
