"""The statistics in the read-only API: a published event's players' figures and a public member's, the same
figures as ``manage.py stats``; in the schema; nothing of an unpublished event or of a hidden member."""

import io
import json

import pytest
from django.core.management import call_command

from scoring.models import TournamentScoring
from seating.models import Player
from stats.core import as_data
from stats.selectors import Scope, member_figures
from tests.stats.by_hand import figures_by_hand

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def test_the_api_gives_published_figures_only(client, club_play):
    club, members, evenings = club_play
    hidden = members[1]
    hidden.public = False
    hidden.save()
    TournamentScoring.objects.filter(tournament__in=evenings[:2]).update(published=True)
    TournamentScoring.objects.filter(tournament=evenings[2]).update(published=False)

    said = client.get(f"/api/v1/clubs/{club.slug}/members/{members[0].pk}/statistics/").json()
    assert said == as_data(members[0].pk, members[0].name, member_figures(members[0], Scope(published=True)))
    out = io.StringIO()
    call_command("stats", "member", str(members[0].pk), stdout=out)
    assert json.loads(out.getvalue())["points"] != said["points"]  # the unpublished evening is left out here
    assert client.get(f"/api/v1/clubs/{club.slug}/members/{hidden.pk}/statistics/").status_code == 404
    assert client.get(f"/api/v1/clubs/other/members/{members[0].pk}/statistics/").status_code == 404

    rows = client.get(f"/api/v1/events/{evenings[0].pk}/statistics/").json()
    players = dict(Player.objects.filter(tournament=evenings[0]).values_list("pk", "member_id"))
    assert {players[row["member"]] for row in rows} == {m.pk for m in members[:7]} - {hidden.pk}
    one = next(row for row in rows if players[row["member"]] == members[0].pk)
    hand = figures_by_hand(list(Player.objects.filter(tournament=evenings[0], member=members[0])))
    assert one["name"] == members[0].name and one["events"] == 1
    assert {key: one[key] for key in ("series", "deals", "points", "own_games", "won", "passed_in", "by_game")} == {
        key: hand[key] for key in ("series", "deals", "points", "own_games", "won", "passed_in", "by_game")}
    assert client.get(f"/api/v1/events/{evenings[2].pk}/statistics/").status_code == 404
    schema = client.get("/api/v1/schema/").json()
    assert "/api/v1/events/{tournament_id}/statistics/" in schema["paths"]
    assert "/api/v1/clubs/{club}/members/{member_id}/statistics/" in schema["paths"]
    assert "per_48" in json.dumps(schema["components"])
