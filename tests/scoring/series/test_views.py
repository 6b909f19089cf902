"""The series page: drawing each series, by lot or by the standings, adding and ending series, late entries and
withdrawals; refusals beside their field, nothing changed."""

import pytest
from django.urls import reverse

from scoring.results import tournament_results
from scoring.tournaments.services import tournament_open
from seating.models import Player, Seat, SeriesDraw, Tournament
from tests.scoring.conftest import enter_isko

pytestmark = pytest.mark.django_db


def event(players=14, series=2) -> Tournament:
    tournament = tournament_open(name="Club evening", rulebook="isko", method="fixed", series_count=series)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"P{n:02}", club=f"Club {n % 4}")
                                for n in range(players)])
    return tournament


def url(name, tournament, **kwargs):
    return reverse(f"director:{name}", args=[tournament.pk])


def test_the_series_page_needs_the_director(client):
    tournament = event()
    response = client.get(url("series", tournament))
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")


def test_draw_the_first_series_by_lot_and_see_how_well_it_kept_clubs_apart(admin_client):
    tournament = event()

    response = admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "21"})

    assert response.status_code == 302
    draw = SeriesDraw.objects.get(tournament=tournament)
    assert (draw.number, draw.how, draw.seed) == (1, "lot", 21)
    html = admin_client.get(url("series", tournament)).content.decode()
    assert "Series 1 drawn by lot with seed 21." in html
    assert "the fewest these clubs allow" in html or "no two players of one club at a table" in html
    assert "Draw series 2" in html


def test_the_second_series_by_the_standings_seats_the_leaders_together(admin_client):
    tournament = event()
    admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "3"})
    enter_isko(tournament, series=1)
    leaders = [row.standing.player for row in tournament_results(tournament).ranked()][:4]

    response = admin_client.post(url("series-draw", tournament), {"how": "standings"})

    assert response.status_code == 302
    table_1 = list(Seat.objects.filter(tournament=tournament, series=2, table__number=1)
                   .order_by("seat").values_list("player_id", flat=True))
    assert table_1 == leaders


def test_a_late_entry_and_a_withdrawal_between_series(admin_client):
    tournament = event()
    admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "3"})
    gone = tournament.players.get(name="P00")

    late = admin_client.post(url("series-late-entry", tournament), {"name": "Late Comer", "club": "Guests"})
    out = admin_client.post(url("series-withdraw", tournament), {"player": gone.pk, "after": "1"})

    assert late.status_code == 302 and out.status_code == 302
    assert Player.objects.get(name="Late Comer").first_series == 2
    gone.refresh_from_db()
    assert gone.last_series == 1
    admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "4"})
    seated = set(Seat.objects.filter(tournament=tournament, series=2).values_list("player__name", flat=True))
    assert "Late Comer" in seated and "P00" not in seated and len(seated) == 14


def test_add_a_series_and_end_the_event_early(admin_client):
    tournament = event(series=2)
    admin_client.post(url("series-add", tournament))
    tournament.refresh_from_db()
    assert tournament.series_count == 3
    admin_client.post(url("series-draw", tournament), {"how": "lot"})
    admin_client.post(url("series-end", tournament))
    tournament.refresh_from_db()
    assert tournament.series_count == 1
    assert "Every series is drawn" in admin_client.get(url("series", tournament)).content.decode()


@pytest.mark.slow
@pytest.mark.parametrize("data, message", [
    ({"how": "standings"}, "The first series has no standings before it: draw it by lot"),
    ({"how": "lot", "seed": "-1"}, "greater than or equal to 0"),
    ({"how": "dice"}, "Select a valid choice"),
])
def test_a_draw_that_cannot_be_made_is_refused_beside_the_form_and_seats_nobody(admin_client, data, message):
    tournament = event()
    response = admin_client.post(url("series-draw", tournament), data)
    assert response.status_code == 422 and message in response.content.decode()
    assert Seat.objects.filter(tournament=tournament).count() == 0


def test_a_withdrawal_from_a_series_he_is_seated_in_is_refused(admin_client):
    tournament = event()
    admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "3"})
    player = tournament.players.first()
    response = admin_client.post(url("series-withdraw", tournament), {"player": player.pk, "after": "0"})
    assert response.status_code == 422 and "is seated in series 1" in response.content.decode()
    player.refresh_from_db()
    assert player.last_series is None


def test_the_tables_page_and_qr_cards_show_one_series_the_last_drawn_first(admin_client):
    from scoring.entry.access import table_link
    from seating.models import Table

    tournament = event()
    admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "3"})
    admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "4"})
    tokens = {series: {table_link(t).token for t in Table.objects.filter(tournament=tournament, series=series)}
              for series in (1, 2)}
    links = reverse("scoring:table-links", args=[tournament.pk])

    latest = admin_client.get(links).content.decode()
    first = admin_client.get(links, {"series": "1"}).content.decode()

    assert "series 2" in latest and all(token in latest for token in tokens[2])
    assert not any(token in latest for token in tokens[1])
    assert all(token in first for token in tokens[1]) and not any(token in first for token in tokens[2])
    cards = admin_client.get(reverse("scoring:link-cards", args=[tournament.pk]), {"series": "1"})
    assert cards.status_code == 200 and cards.content.startswith(b"%PDF")


# --- the page's series is the one acted on ------------------------------------------------------

def test_a_second_draw_of_the_offered_series_is_told_it_was_drawn_meanwhile(admin_client):
    tournament = event()
    admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "1", "number": "1"})
    first = admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "2", "number": "2"})
    second = admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "3", "number": "2"})

    assert first.status_code == 302
    assert second.status_code == 422
    assert "Series 2 was drawn a moment ago (from another desk?): that draw stands." in second.content.decode()
    assert list(SeriesDraw.objects.filter(tournament=tournament).values_list("number", "seed")) == [(1, 1), (2, 2)]



@pytest.mark.slow
def test_a_second_plan_of_the_offered_series_is_told_it_was_drawn_meanwhile_not_that_a_later_one_stands(
        admin_client):
    # The first director planned series 2 and 3 at once: the second's page still offered series 2.
    tournament = event(series=3)
    admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "1", "number": "1"})
    first = admin_client.post(url("series-draw", tournament), {"how": "plan", "seed": "2", "number": "2"})
    second = admin_client.post(url("series-draw", tournament), {"how": "plan", "seed": "3", "number": "2"})

    assert first.status_code == 302 and second.status_code == 422
    html = second.content.decode()
    assert "Series 2 was drawn a moment ago (from another desk?): that draw stands." in html
    assert "Series 3 is drawn already" not in html
    assert list(SeriesDraw.objects.filter(tournament=tournament).order_by("number").values_list("number", "seed")) == [
        (1, 1), (2, 2), (3, 2)]

def test_a_late_entry_for_a_series_drawn_meanwhile_is_refused_and_nothing_is_saved(admin_client):
    tournament = event(series=3)
    admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "1", "number": "1"})
    page = admin_client.get(url("series", tournament)).content.decode()
    assert '<input type="hidden" name="series" value="2">' in page
    admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "2", "number": "2"})  # another desk

    response = admin_client.post(url("series-late-entry", tournament), {"name": "Late Comer", "series": "2"})

    assert response.status_code == 422
    html = response.content.decode()
    assert "Series 2 was drawn meanwhile, so Late Comer was not entered: enter him for series 3." in html
    assert not Player.objects.filter(name="Late Comer").exists()
    assert '<input type="hidden" name="series" value="3">' in html  # the page now offers the next series


def test_every_late_entry_plays_from_a_series_not_yet_drawn_or_is_seated(admin_client):
    tournament = event(series=3)
    admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "1", "number": "1"})
    admin_client.post(url("series-late-entry", tournament), {"name": "Late Comer", "series": "2"})
    admin_client.post(url("series-draw", tournament), {"how": "lot", "seed": "2", "number": "2"})
    late = Player.objects.get(name="Late Comer")
    assert late.first_series == 2
    assert Seat.objects.filter(player=late, series=2).exists()
