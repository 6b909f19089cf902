"""Migration 0020 (each kept series total keeps its player's member) run for real on a database holding kept rows
made before it: each row gets its player's member (None for a player linked to nobody), and its trigger is there
and keeps them true."""

import datetime
from importlib import import_module

import pytest
from django.db import connection

from tests.migrating import latest_migrations, migrate_to, triggers_in_database

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow, pytest.mark.database]

BEFORE = ("scoring", "0019_kept_series_plays")
PAST = datetime.date.today() - datetime.timedelta(days=7)


def test_the_rows_kept_before_get_their_players_members():
    leaves = latest_migrations()
    old = migrate_to([BEFORE, *latest_migrations(except_apps=("scoring",))])
    Club, Member, Tournament, Player, Kept = (old.get_model("clubs", "Club"), old.get_model("clubs", "Member"),
                                              old.get_model("seating", "Tournament"), old.get_model("seating", "Player"),
                                              old.get_model("scoring", "KeptSeriesTotal"))
    club = Club.objects.create(slug="before", name="Before")
    anna = Member.objects.create(club=club, name="Anna")
    event = Tournament.objects.create(name="Before the members", date=PAST, club=club)
    linked = Player.objects.create(tournament=event, name="Anna", member=anna)
    alone = Player.objects.create(tournament=event, name="Gast")
    for player, total in ((linked, 120), (alone, -30)):
        Kept.objects.create(tournament=event, series=1, player_id=player.pk, total=total, deals_played=12)

    migrate_to(leaves)
    from scoring.models import KeptSeriesTotal
    from seating.models import Player

    assert dict(KeptSeriesTotal.objects.values_list("player_id", "member_id")) == {linked.pk: anna.pk, alone.pk: None}
    member_triggers = set(import_module("scoring.migrations.0020_kept_series_member").TRIGGERS[connection.vendor])
    assert member_triggers <= triggers_in_database()
    Player.objects.filter(pk=linked.pk).update(member=None)
    Player.objects.filter(pk=alone.pk).update(member=anna.pk)
    assert dict(KeptSeriesTotal.objects.values_list("player_id", "member_id")) == {linked.pk: None, alone.pk: anna.pk}
