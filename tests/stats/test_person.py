"""A person's statistics across clubs: every membership carrying his federation number counts, as if one.

Recomputed by hand from both clubs' deals (``tests/stats/by_hand.py``); the sums of his memberships' counts; the
same figures once all his play is moved onto one membership; hidden in one club, hidden on every public page."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from clubs.models import Member
from seating.models import Player
from stats.core import as_data, rounded
from stats.selectors import Scope, member_figures, person_figures
from tests.seasons.conftest import club_evening, club_with_members
from tests.stats.by_hand import figures_by_hand

pytestmark = [pytest.mark.django_db]

COUNTS = ("events", "series", "deals", "own_games", "won", "lost", "passed_in", "points")


def run(*args) -> str:
    out = io.StringIO()
    call_command("stats", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.fixture
def two_clubs(club_play):
    """club_play's club and a second one whose evenings seat the same people: the first three members of each
    carry one federation number a pair."""
    club, members, evenings = club_play
    other, theirs = club_with_members(slug="nachbarn", count=8, guests=0)
    more = [club_evening(other, theirs, seed=21, series=2), club_evening(other, theirs[:7], seed=22, series=1)]
    for n, (here, there) in enumerate(zip(members[:3], theirs[:3]), start=1):
        for member in (here, there):
            member.federation_number = f"SP-{n}"
            member.save(update_fields=["federation_number"])
    return members, theirs, evenings + more


@pytest.mark.slow
def test_a_persons_figures_are_counted_by_hand_over_both_clubs(two_clubs):
    members, theirs, events = two_clubs
    for here, there in zip(members[:3], theirs[:3]):
        said = json.loads(run("person", here.federation_number, "--format", "json"))
        players = list(Player.objects.filter(member__in=[here, there]).select_related("tournament__scoring"))
        hand = figures_by_hand(players)
        ratios = {key: rounded(hand[key]) for key in ("win_rate", "own_share", "per_48", "per_series", "vs_table")}
        assert said == {"person": here.federation_number, "members": sorted([here.pk, there.pk]),
                        "name": there.name, **hand, **ratios}
        # and the sums of his two memberships' figures
        one, two = (as_data(m.pk, m.name, member_figures(m)) for m in (here, there))
        assert one["series"] and two["series"]
        for key in COUNTS:
            assert said[key] == one[key] + two[key], key
        for kind, cell in said["by_game"].items():
            assert cell == {what: one["by_game"][kind][what] + two["by_game"][kind][what] for what in cell}
        assert said["best_series"] == max(one["best_series"], two["best_series"])


@pytest.mark.slow
def test_a_persons_figures_are_those_of_one_membership_holding_all_his_play(two_clubs):
    members, theirs, events = two_clubs
    before = {m.federation_number: person_figures(m.federation_number) for m in members[:3]}
    for here, there in zip(members[:3], theirs[:3]):
        Player.objects.filter(member=there).update(member=here)  # all his play under one membership
        assert member_figures(here) == before[here.federation_number]
        assert member_figures(there).series == 0


@pytest.mark.slow
def test_a_person_hidden_in_one_club_is_hidden_on_every_public_page(two_clubs):
    members, theirs, events = two_clubs
    number = members[0].federation_number
    assert person_figures(number, Scope(published=True), public_only=True) is not None
    Member.objects.filter(pk=theirs[0].pk).update(public=False)
    assert person_figures(number, Scope(published=True), public_only=True) is None
    assert person_figures(number).series  # the director still reads him


@pytest.mark.parametrize("args, message", [
    (("person", "NOPE-1"), "NUMBER: no member carries the federation number 'NOPE-1'"),
    (("person", ""), "NUMBER: no member carries"),
    (("person", "SP-9", "--from", "2026-13-01"), "NUMBER: no member carries"),
])
def test_a_person_nobody_is_is_refused_naming_the_field(args, message):
    club, members = club_with_members(count=1, guests=0)
    Member.objects.filter(pk=members[0].pk).update(federation_number="SP-9")
    if args[1] == "SP-9":
        message = "--from: '2026-13-01' is no date"
    with pytest.raises(CommandError, match=message):
        run(*args)


@pytest.mark.slow
def test_the_associations_director_reads_a_persons_figures_from_its_persons_list(client, two_clubs):
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from clubs.models import Club, ClubRole
    from seating.models import Tournament
    from stats.charts import number

    members, theirs, events = two_clubs
    for event in Tournament.objects.all():  # the association's director reads his clubs' published evenings only
        event.scoring.published = True
        event.scoring.save()
    association = Club.objects.create(slug="lv", name="Landesverband")
    Club.objects.filter(pk__in=[members[0].club_id, theirs[0].club_id]).update(within=association)
    user = get_user_model().objects.create_user("verband", password="pw-123456789")
    ClubRole.objects.create(club=association, user=user, role="director")
    client.force_login(user)
    from clubs.persons import persons_touched
    persons_touched(members[:3] + theirs[:3])
    listed = client.get(reverse("clubs:association", args=["lv"]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    link = reverse("stats:person", args=["lv"]) + "?number=SP-1"
    assert f'href="{link}"' in listed
    page = client.get(link, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    f = person_figures("SP-1")
    assert "Über alle seine Vereine" in page and "Skatfreunde nachbarn" in page
    assert number(f.per_48) in page and str(f.deals) in page
    # a number no member of its clubs carries, and another association's person, are no page
    assert client.get(reverse("stats:person", args=["lv"]) + "?number=SP-77").status_code == 404
    Club.objects.filter(pk=theirs[0].club_id).update(within=None)
    Club.objects.filter(pk=members[0].club_id).update(within=None)
    assert client.get(link).status_code == 404
