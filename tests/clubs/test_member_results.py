"""A member's own copy of his data carries his results, not only the names of his events ("a member can
be exported (his data and results)"). Clubs knows no scores: scoring registers them (``clubs.member_results``)."""

import json

import pytest

from clubs.members import member_data, member_save
from clubs.models import Club
from scoring.entry.services import deal_enter
from scoring.entry.sheets import deal_slot
from scoring.results import DealFacts
from scoring.tournaments.services import tournament_open
from seating.models import Player, Table
from seating.services import tournament_draw

pytestmark = pytest.mark.django_db


def test_his_data_carries_each_events_totals_worked_by_hand():
    club = Club.objects.create(slug="west", name="SC West")
    hans = member_save(club=club, name="Hans Müller")
    event = tournament_open(rulebook="isko", name="Herbst", method="fixed", club=club)
    Player.objects.bulk_create([Player(tournament=event, name=f"Player {n:02d}", is_expert=n <= 3) for n in range(1, 13)])
    tournament_draw(tournament=event, seed=3)
    table = Table.objects.get(tournament=event, number=1)
    declarer = deal_slot(table, 1).active[0].player_id
    Player.objects.filter(pk=declarer).update(member=hans, name="Hans Müller")
    deal_enter(table=table, number=1, facts=DealFacts(declarer_id=declarer, game="grand", matadores=1, result="won"))

    data = json.loads(json.dumps(member_data(hans)))
    [played] = data["events"]
    results = played["results"]
    # By hand (ISkO): a Grand with 1 won is game 2 × 24 = 48, and a game won adds 50 (Seeger-Fabian): 98.
    assert results["overall"]["total"] == 98
    assert results["overall"]["games_won"] == 1 and results["overall"]["games_lost"] == 0
    assert [row["series"] for row in results["series"]] == [1]
    assert results["series"][0]["total"] == 98


def test_a_member_who_never_played_has_no_results():
    club = Club.objects.create(slug="ost", name="SC Ost")
    eva = member_save(club=club, name="Eva")
    assert member_data(eva)["events"] == []
