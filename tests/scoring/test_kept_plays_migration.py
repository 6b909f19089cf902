"""Migration 0019 (each kept series total keeps its player's plays) run for real on a database holding kept rows
made before it: those rows, which have no plays, are gone; the triggers of migration 0018 are still there and
still delete an event's rows when one of its deals changes; and the next reading keeps rows whose plays equal a
fresh count of the deals. Then back to 0018 and forward again, the triggers there each time."""

import datetime
from importlib import import_module

import pytest
from django.db import connection

from tests.migrating import latest_migrations, migrate_to, triggers_in_database

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow, pytest.mark.database]

BEFORE = ("scoring", "0018_kept_series_totals")
PAST = datetime.date.today() - datetime.timedelta(days=7)


def test_the_rows_kept_before_go_and_the_next_reading_keeps_them_with_their_plays():
    leaves = latest_migrations()
    kept_triggers = set(import_module("scoring.migrations.0018_kept_series_totals").TRIGGERS[connection.vendor])
    others = latest_migrations(except_apps=("scoring",))
    old = migrate_to([BEFORE, *others])
    assert kept_triggers <= triggers_in_database()
    Tournament, Player, Kept = (old.get_model("seating", "Tournament"), old.get_model("seating", "Player"),
                                old.get_model("scoring", "KeptSeriesTotal"))
    before = Tournament.objects.create(name="Before the plays", date=PAST)
    somebody = Player.objects.create(tournament=before, name="Anna")
    Kept.objects.create(tournament=before, series=1, player_id=somebody.pk, total=100, deals_played=12)

    migrate_to(leaves)
    from scoring.models import Deal, KeptSeriesTotal
    from scoring.results import PLAY_COLUMNS, events_series_rows, series_plays
    from seating.models import Player, Seat, Table, Tournament

    assert not KeptSeriesTotal.objects.exists()
    assert kept_triggers <= triggers_in_database()
    event = Tournament.objects.create(name="After", date=PAST)
    players = [Player.objects.create(tournament=event, name=f"P{n}") for n in range(4)]
    table = Table.objects.create(tournament=event, series=1, number=1, size=4, stays=1)
    Seat.objects.bulk_create([Seat(tournament=event, series=1, stay=1, table=table, seat=n + 1, player_id=p.pk)
                              for n, p in enumerate(players)])
    deals = [("game", "grand hand", 1, 96, True), ("game", "clubs", 2, -60, False), ("thrown_in", "", None, 0, None)]
    for number, (kind, game, who, score, won) in enumerate(deals, start=1):
        player = players[who].pk if who is not None else None
        Deal.objects.create(tournament=event, table=table, number=number, stay=1, dealer_id=players[0].pk,
                            kind=kind, declarer_id=player, player_id=player, game=game, score=score, won=won)
    events_series_rows([Tournament.objects.select_related("scoring").get(pk=event.pk)], ranks=False)
    kept = {(row[0], row[1], row[2]): list(row[3:]) for row in KeptSeriesTotal.objects.filter(
        tournament=event).values_list("tournament_id", "series", "player_id", *PLAY_COLUMNS) if any(row[3:])}
    assert kept == series_plays([event.pk]) and len(kept) == 4  # all four passed in once, two declared
    grand = dict(zip(PLAY_COLUMNS, kept[(event.pk, 1, players[1].pk)]))
    assert (grand["passed_in"], grand["grand_played"], grand["grand_won"], grand["hand_played"]) == (1, 1, 1, 1)
    Deal.objects.filter(tournament=event, number=3).update(voided=True)
    assert not KeptSeriesTotal.objects.filter(tournament=event).exists()  # the trigger dropped them

    migrate_to([BEFORE, *others])
    assert kept_triggers <= triggers_in_database()
    migrate_to(leaves)
    assert kept_triggers <= triggers_in_database()
