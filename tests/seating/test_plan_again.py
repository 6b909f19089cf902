"""Once every series is planned, the director can plan the series not played again with another
seed (the plan's quality on the series page did not please him); the series played stay as they are."""

import pytest
from django.urls import reverse

from clubs.models import Club
from seating.errors import SeatingError
from seating.event_series import series_draw
from seating.models import SeriesDraw
from seating.replanning import plan_again
from tests.seating.test_replanning import SERIES, planned, seatings

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club.objects.create(slug="west", name="Skatclub West")


@pytest.mark.slow
def test_the_series_not_played_are_planned_again_with_the_new_seed_and_the_played_one_stands(club):
    tournament = planned(club, played=1, seed=5)
    before = seatings(tournament)
    record = plan_again(tournament=tournament, seed=11, offered=2)
    after = seatings(tournament)
    assert record.number == 2 and record.seed == 11
    assert after[1] == before[1]  # series 1 holds scores: its tables stand
    assert [after[n] for n in (2, 3)] != [before[n] for n in (2, 3)]
    assert list(SeriesDraw.objects.filter(tournament=tournament).order_by("number")
                .values_list("number", "how", "seed")) == [(1, "plan", 5), (2, "plan", 11), (3, "plan", 11)]
    for number in (2, 3):  # everyone seated once in each series planned again
        seated = [player for table in after[number] for player in table]
        assert sorted(seated) == sorted(tournament.players.values_list("pk", flat=True))


@pytest.mark.slow
def test_the_same_seed_gives_the_same_plan_and_no_seed_draws_one(club):
    tournament = planned(club, played=0, seed=5)
    before = seatings(tournament)
    plan_again(tournament=tournament, seed=5)
    assert seatings(tournament) == before
    record = plan_again(tournament=tournament, seed=None)
    assert record.number == 1 and record.seed is not None


@pytest.mark.slow
def test_nothing_to_plan_again_and_a_page_shown_before_a_series_was_played_are_refused(club):
    tournament = planned(club, played=SERIES)
    with pytest.raises(SeatingError, match="nothing to plan again"):
        plan_again(tournament=tournament)
    other = planned(club, played=1)
    with pytest.raises(SeatingError, match="Series 1 holds scores since the page was shown"):
        plan_again(tournament=other, offered=1)
    drawn_by_lot = planned(club, played=0)
    series_draw(tournament=drawn_by_lot, number=SERIES, how="lot", seed=1)  # the last series drawn otherwise
    with pytest.raises(SeatingError, match="nothing to plan again"):
        plan_again(tournament=drawn_by_lot)


@pytest.mark.slow
def test_the_series_page_offers_it_and_the_director_plans_again(client, django_user_model, club):
    from tests.roles import director

    client.force_login(director(django_user_model, club=club))
    tournament = planned(club, played=1, seed=5)
    page = client.get(reverse("director:series", args=[tournament.pk])).content.decode()
    assert "Plan again from series 2" in page
    answer = client.post(reverse("director:series-plan-again", args=[tournament.pk]), {"first": "2", "seed": "9"},
                         follow=True)
    assert "Series 2 to 3 planned again with the whole event, seed 9." in answer.content.decode()
    refused = client.post(reverse("director:series-plan-again", args=[tournament.pk]), {"first": "1", "seed": "x"})
    assert refused.status_code == 422
    assert SeriesDraw.objects.get(tournament=tournament, number=2).seed == 9
