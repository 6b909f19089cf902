"""The series page's whole-event plan: the director plans every series at once, sees how good the plan is in
English and German, and late entries and withdrawals after play began re-plan only the series not played."""

import io
import json
from itertools import combinations

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring.series.services import series_played
from scoring.tournaments.services import tournament_open
from seating.models import Player, Seat, SeriesDraw, Tournament
from tests.german_pages import english_words, visible_text
from tests.scoring.conftest import enter_isko

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}


def event(players=14, series=3) -> Tournament:
    tournament = tournament_open(name="Club evening", rulebook="isko", method="fixed", series_count=series)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"P{n:02}", club=f"Club {n % 4}")
                                for n in range(players)])
    return tournament


def url(name, tournament):
    return reverse(f"director:{name}", args=[tournament.pk])


def seatings(tournament, series):
    tables = {}
    for number, table, player in (Seat.objects.filter(tournament=tournament, series__in=series)
                                  .order_by("series", "table__number", "seat")
                                  .values_list("series", "table__number", "player_id")):
        tables.setdefault((number, table), []).append(player)
    return tables


def most_meetings(tournament, series) -> int:
    met = {}
    for table in seatings(tournament, series).values():
        for pair in combinations(sorted(table), 2):
            met[pair] = met.get(pair, 0) + 1
    return max(met.values())


@pytest.mark.slow
def test_the_director_plans_every_series_at_once_and_reads_the_plan_quality(admin_client):
    tournament = event()

    response = admin_client.post(url("series-draw", tournament), {"how": "plan", "seed": "12", "number": "1"})

    assert response.status_code == 302
    assert list(SeriesDraw.objects.filter(tournament=tournament).values_list("number", "how", "seed")) == [
        (1, "plan", 12), (2, "plan", 12), (3, "plan", 12)]
    assert most_meetings(tournament, (1, 2, 3)) == 1
    html = admin_client.get(url("series", tournament)).content.decode()
    assert "Series 1 to 3 planned with the whole event, seed 12." in html
    assert "The plan of the whole event" in html
    assert "No two players meet more than once." in html
    assert "Every series is drawn" in html


@pytest.mark.slow
def test_the_plan_quality_is_german_for_a_german_browser(admin_client):
    tournament = event()
    admin_client.post(url("series-draw", tournament), {"how": "plan", "seed": "12", "number": "1"}, **GERMAN)

    response = admin_client.get(url("series", tournament), **GERMAN)

    text = visible_text(response.content.decode())
    assert "Die Auslosung aller Serien im Voraus" in text
    assert "Keine zwei Spieler treffen sich mehr als einmal." in text
    assert "mit allen Serien im Voraus ausgelost" in text
    assert "Serien 1 bis 3 im Voraus ausgelost, Los-Nr. 12." in text
    names = tuple(sorted({tournament.name, *tournament.players.values_list("name", flat=True),
                          *tournament.players.values_list("club", flat=True)}, key=len, reverse=True))
    assert english_words(text, names) == []


def test_a_late_entry_after_series_1_is_played_replans_the_others_and_keeps_series_1(admin_client):
    tournament = event(players=15)
    admin_client.post(url("series-draw", tournament), {"how": "plan", "seed": "5", "number": "1"})
    enter_isko(tournament, series=1)
    played = seatings(tournament, (1,))
    assert series_played(tournament) == 1
    page = admin_client.get(url("series", tournament)).content.decode()
    assert "the series from 2 on are planned again with him" in page

    response = admin_client.post(url("series-late-entry", tournament),
                                 {"name": "Late Comer", "club": "Guests", "series": "2"})

    assert response.status_code == 302
    late = Player.objects.get(name="Late Comer")
    assert late.first_series == 2
    assert seatings(tournament, (1,)) == played
    for number in (2, 3):
        seated = Seat.objects.filter(tournament=tournament, series=number)
        assert seated.filter(player=late).count() == 1 and seated.count() == 16
    assert most_meetings(tournament, (1, 2, 3)) == 1
    assert "Series 2 to 3 are planned again with him." in admin_client.get(url("series", tournament)).content.decode()


@pytest.mark.slow
def test_a_withdrawal_after_the_plan_replans_the_series_after_it(admin_client):
    tournament = event(players=15, series=4)
    admin_client.post(url("series-draw", tournament), {"how": "plan", "seed": "5", "number": "1"})
    enter_isko(tournament, series=1)
    gone = tournament.players.get(name="P00")
    kept = seatings(tournament, (1, 2))

    response = admin_client.post(url("series-withdraw", tournament), {"player": gone.pk, "after": "2"})

    assert response.status_code == 302
    assert seatings(tournament, (1, 2)) == kept
    assert not Seat.objects.filter(tournament=tournament, series__gt=2, player=gone).exists()
    assert Seat.objects.filter(tournament=tournament, series=3).count() == 14


def test_a_withdrawal_from_a_played_series_is_refused_and_nothing_changes(admin_client):
    tournament = event(players=15)
    admin_client.post(url("series-draw", tournament), {"how": "plan", "seed": "5", "number": "1"})
    enter_isko(tournament, series=1)
    before = seatings(tournament, (1, 2, 3))
    gone = tournament.players.get(name="P00")

    response = admin_client.post(url("series-withdraw", tournament), {"player": gone.pk, "after": "0"})

    assert response.status_code == 422
    assert seatings(tournament, (1, 2, 3)) == before
    gone.refresh_from_db()
    assert gone.last_series is None


@pytest.mark.slow
def test_demo_draw_plan_seats_every_series_and_the_export_holds_them():
    out = io.StringIO()
    call_command("demo", "--rulebook", "isko", "--method", "fixed", "--players", "14", "--series", "3",
                 "--seed", "9", "--draw", "plan", stdout=out, stderr=io.StringIO())
    tournament = Tournament.objects.get(pk=int(out.getvalue().strip().splitlines()[-1]))
    assert list(tournament.series_draws.values_list("how", flat=True)) == ["plan"] * 3
    assert most_meetings(tournament, (1, 2, 3)) == 1

    exported = io.StringIO()
    call_command("export", str(tournament.pk), "--format", "json", stdout=exported)
    data = json.loads(exported.getvalue())
    assert sorted({row["series"] for row in data["seatings"]}) == [1, 2, 3]
    assert len(data["seatings"]) == 14 * 3
    assert [row["how"] for row in data["series_draws"]] == ["plan"] * 3


def test_demo_draw_lot_stays_the_default():
    out = io.StringIO()
    call_command("demo", "--rulebook", "isko", "--method", "fixed", "--players", "14", "--series", "3",
                 "--seed", "9", stdout=out, stderr=io.StringIO())
    tournament = Tournament.objects.get(pk=int(out.getvalue().strip().splitlines()[-1]))
    assert list(tournament.series_draws.values_list("how", flat=True)) == ["lot"]


@pytest.mark.slow
def test_a_planned_event_ends_after_the_series_played_and_its_later_plan_is_dropped(admin_client):
    tournament = event(players=14, series=4)
    admin_client.post(url("series-draw", tournament), {"how": "plan", "seed": "5", "number": "1"})
    enter_isko(tournament, series=1)
    enter_isko(tournament, series=2)
    kept = seatings(tournament, (1, 2))
    assert "End the event after series 2" in admin_client.get(url("series", tournament)).content.decode()

    response = admin_client.post(url("series-end", tournament))

    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.series_count == 2
    assert seatings(tournament, (1, 2)) == kept
    assert not Seat.objects.filter(tournament=tournament, series__gt=2).exists()
    assert list(tournament.series_draws.values_list("number", flat=True)) == [1, 2]


def test_a_late_entry_the_plan_cannot_seat_is_refused_and_nobody_is_entered(admin_client):
    tournament = event(players=4, series=2)
    admin_client.post(url("series-draw", tournament), {"how": "plan", "seed": "5", "number": "1"})
    before = seatings(tournament, (1, 2))

    response = admin_client.post(url("series-late-entry", tournament), {"name": "Fifth", "series": "1"})

    assert response.status_code == 422
    assert "5 players cannot be seated" in response.content.decode()
    assert not Player.objects.filter(name="Fifth").exists()
    assert seatings(tournament, (1, 2)) == before
