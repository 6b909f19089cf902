"""A series has begun once anyone played a deal of it, and a player has a rank once he played one: not once someone
has points. Under Foster a player who never declared has 0 points and 0 games, and a series whose first game was
lost has a top line of 0/0/0; both were shown as "no results yet" / "—"."""

import io
import re

import pytest
from django.core.management import call_command

from public.selectors import public_results
from scoring.entry.services import deal_enter
from scoring.entry.sheets import deal_slot
from scoring.results import DealFacts
from scoring.tournaments.services import tournament_open
from seating.event_series import series_draw
from seating.models import Player, Table

pytestmark = pytest.mark.django_db


def test_a_series_begun_with_a_lost_game_and_a_player_who_never_declared(client):
    event = tournament_open(rulebook="foster-1922", name="Kongress", method="fixed", series_count=2)
    Player.objects.bulk_create([Player(tournament=event, name=f"Player {n:02d}") for n in range(1, 13)])
    series_draw(tournament=event, number=1, how="lot", seed=1)
    series_draw(tournament=event, number=2, how="lot", seed=2)
    call_command("publish", str(event.pk), stdout=io.StringIO())
    assert [part["begun"] for part in public_results(event)["payload"]["series"]] == [False, False]

    table = Table.objects.get(tournament=event, series=1, number=1)
    slot = deal_slot(table, 1)
    declarer, defender = slot.active[0].player_id, slot.active[1].player_id
    deal_enter(table=table, number=1, facts=DealFacts(declarer_id=declarer, game="nullo", result="lost"))

    assert [part["begun"] for part in public_results(event)["payload"]["series"]] == [True, False]
    page = client.get(f"/club/{event.club.slug}/results/{event.pk}/").content.decode()
    assert page.count("No results yet.") == 1  # series 2 only
    mine = client.get(f"/club/{event.club.slug}/results/{event.pk}/players/{defender}/").content.decode()
    row = mine.split("<tbody>")[1].split("</tr>")[0]  # his line of series 1: series, rank, total, …
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
    assert cells[0] == "1" and cells[1].isdigit(), cells  # a rank, not "—"
