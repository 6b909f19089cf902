"""Picking a player for a prize choice or a cut by number or by search, never from a list of the whole hall."""

import pytest
from django.contrib.auth.models import User

from scoring.committee.player_search import PickError, player_picked, players_found, players_picked
from scoring.models import PrizeChoice, PrizeCut
from seating.models import Player, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall():
    tournament = Tournament.objects.create(name="Pick")
    Player.objects.bulk_create([Player(tournament=tournament, name=name, club=club) for name, club in [
        ("Anna Berger", "Kreuz Bube"), ("Anton Berger", "Herz Dame"), ("Bruno Zeller", ""),
        ('<script>alert("x")</script>', "=HYPERLINK(1)")]])
    return tournament, {p.name: p.pk for p in Player.objects.filter(tournament=tournament)}


def test_a_number_a_label_a_unique_name_or_part_picks_the_player(hall):
    tournament, ids = hall
    anna = ids["Anna Berger"]
    assert player_picked(tournament, str(anna)) == anna
    assert player_picked(tournament, f"#{anna}") == anna
    assert player_picked(tournament, f"Anna Berger (Kreuz Bube) #{anna}") == anna
    assert player_picked(tournament, "anna berger") == anna
    assert player_picked(tournament, "Zell") == ids["Bruno Zeller"]
    assert players_picked(tournament, f"{anna}, #{ids['Bruno Zeller']}\nAnton") == [anna, ids["Bruno Zeller"],
                                                                                    ids["Anton Berger"]]


@pytest.mark.parametrize("text, says", [("Berger", "several players"), ("Nobody", "no player's name"),
                                        ("999999", "no player of this tournament"), ("", "type a player")])
def test_a_text_that_picks_none_or_several_is_refused_with_the_reason(hall, text, says):
    tournament, _ = hall
    with pytest.raises(PickError, match=says):
        player_picked(tournament, text)


def test_a_player_of_another_tournament_is_never_picked(hall):
    tournament, _ = hall
    other = Tournament.objects.create(name="Other")
    stranger = Player.objects.create(tournament=other, name="Stranger")
    with pytest.raises(PickError):
        player_picked(tournament, str(stranger.pk))
    assert players_found(tournament, "Stranger") == []


def test_search_offers_at_most_twenty_players_escaped(client, hall):
    tournament, ids = hall
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Many {n:02d}") for n in range(30)])
    client.force_login(User.objects.create_superuser("d-pick", password="pw"))
    many = client.get(f"/committee/{tournament.pk}/players/?q=many").content.decode()
    assert many.count("<option") == 20
    hostile = client.get(f"/committee/{tournament.pk}/players/?player=script").content.decode()
    assert "<script>" not in hostile and "&lt;script&gt;" in hostile


def test_the_search_is_the_committees_only(client, hall):
    tournament, _ = hall
    assert client.get(f"/committee/{tournament.pk}/players/?q=a").status_code == 302


def test_choice_and_cut_are_recorded_by_number_and_name_and_refused_when_ambiguous(admin_client, hall):
    tournament, ids = hall
    admin_client.post(f"/committee/{tournament.pk}/choice/", {"player": "Bruno", "category": "games"})
    assert PrizeChoice.objects.get(tournament=tournament).player_id == ids["Bruno Zeller"]
    refused = admin_client.post(f"/committee/{tournament.pk}/choice/", {"player": "Berger", "category": "points"})
    assert refused.status_code == 422 and "several players" in refused.content.decode()
    admin_client.post(f"/committee/{tournament.pk}/cut/", {
        "category": "points", "place": 1, "winner": f"#{ids['Anna Berger']}",
        "others": f"Anton\n{ids['Bruno Zeller']}"})
    assert PrizeCut.objects.get(tournament=tournament).order == [ids["Anna Berger"], ids["Anton Berger"],
                                                                 ids["Bruno Zeller"]]
