"""Seeger-Fabian from paper lists, and one ranking everywhere: a hand-made tie under Seeger-Fabian ranks the same
on the standings, the prize list, the live page, the committee page, the XLSX and the JSON of the command."""

import io
import json

import pytest
from django.core.management import call_command
from openpyxl import load_workbook

from scoring.entry.services import slip_enter, slip_ok
from scoring.entry.sheets import seated_by_stay
from scoring.models import Slip
from scoring.results import EntryError, tournament_results
from scoring.tournaments.selectors import scoring_settings
from seating.models import Table
from tests.roles import grant
from tests.scoring.conftest import drawn_tournament

pytestmark = pytest.mark.django_db


def seeger_fabian(tournament, **changes):
    settings = scoring_settings(tournament)
    settings.system, settings.prize_schedule, settings.published = "seeger-fabian", [["total", 1], ["total", 2]], True
    for name, value in changes.items():
        setattr(settings, name, value)
    settings.save()
    return tournament


@pytest.fixture
def listed():
    """Table 1, stay 1 (four players, four deals: one round a stay, up the sides) copied from its paper list."""
    tournament = seeger_fabian(drawn_tournament(12))
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
    a, b, c, d = (p.player_id for p in seated_by_stay(table)[1])
    lines = {a: (100, 2, 1), b: (70, 1, 0), c: (0, 0, 0), d: (0, 0, 0)}
    for player, (points, won, lost) in lines.items():
        slip_enter(table=table, stay=1, player_id=player, net_points=points, games_won=won, games_lost=lost,
                   by_director=True)
    for slip in Slip.objects.filter(table=table):
        slip_ok(slip=slip, by_player_id=a if slip.player_id != a else b, by_director=True)
    return tournament, table, (a, b, c, d)


def test_a_paper_list_gives_the_seeger_fabian_totals_worked_by_hand(listed):
    tournament, _, (a, b, c, d) = listed
    totals = {row["player"]: row["total"] for row in tournament_results(tournament).rows()}
    # A: 100 game points + 50 × (2 won − 1 lost) + 30 × 0 others' lost games = 150
    # B: 70 + 50 × (1 − 0) + 30 × 1 (A lost one) = 150
    # C and D: 0 + 0 + 30 × 1 (A's lost game) = 30
    assert (totals[a], totals[b], totals[c], totals[d]) == (150, 150, 30, 30)


def test_a_tie_ranks_alike_on_every_page_list_and_download(client, listed):
    tournament, _, (a, b, c, d) = listed
    results = tournament_results(tournament)
    names = {p.id: p.name for p in results.players.values()}
    rows = results.rows()
    # Equal totals: more games won first (A won 2, B 1); C and D are equal in everything: one rank, then lot.
    assert [row["player"] for row in rows[:2]] == [a, b]
    assert [row["rank"] for row in rows[:4]] == [1, 2, 3, 3]
    assert {row["player"] for row in rows[2:4]} == {c, d}
    order = [row["name"] for row in rows]
    assert [(award.place, award.player) for award in results.awards] == [(1, a), (2, b)]

    out = io.StringIO()
    call_command("standings", str(tournament.pk), "--format", "json", stdout=out)
    assert [row["name"] for row in json.loads(out.getvalue())["standings"]] == order

    client.force_login(_staff())
    workbook = load_workbook(io.BytesIO(client.get(f"/committee/{tournament.pk}/results.xlsx").content))
    assert [r[1] for r in workbook["Standings"].iter_rows(min_row=2, max_row=1 + len(order), values_only=True)] == order

    for page in (f"/live/{tournament.pk}/", f"/committee/{tournament.pk}/"):
        html = client.get(page).content.decode()
        positions = [html.index(names[p]) for p in (a, b)]
        assert positions == sorted(positions), page


def _staff():
    from django.contrib.auth.models import User

    return grant(User.objects.create_user("staff", password="pw-long-enough"))


def test_a_list_still_missing_a_line_counts_nothing_yet(listed):
    tournament, table, (a, b, c, d) = listed
    Slip.objects.filter(table=table, player_id=d).delete()
    results = tournament_results(tournament)
    assert results.waiting_lists == [(1, 1)]
    assert all(row["total"] == 0 for row in results.rows())


@pytest.mark.parametrize("figures, field", [
    ({"net_points": 10, "games_won": 3, "games_lost": 2}, "games_won"),  # 5 games in a stay of 4 deals
    ({"net_points": 10, "games_won": 0, "games_lost": 1}, "net_points"),  # plus points without a game won
    ({"net_points": 10}, "games_won"),  # a list line gives games won and lost
])
def test_a_list_line_that_cannot_be_right_is_refused_and_saves_nothing(figures, field):
    tournament = seeger_fabian(drawn_tournament(12))
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
    player = seated_by_stay(table)[1][0].player_id
    with pytest.raises(EntryError) as refused:
        slip_enter(table=table, stay=1, player_id=player, **figures, by_director=True)
    assert refused.value.field == field
    assert Slip.objects.count() == 0


def test_the_table_together_cannot_play_more_games_than_deals():
    tournament = seeger_fabian(drawn_tournament(12))
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
    a, b = (p.player_id for p in seated_by_stay(table)[1][:2])
    slip_enter(table=table, stay=1, player_id=a, net_points=60, games_won=3, games_lost=0, by_director=True)
    with pytest.raises(EntryError, match="more than the 4 deals"):
        slip_enter(table=table, stay=1, player_id=b, net_points=30, games_won=2, games_lost=0, by_director=True)
    assert Slip.objects.count() == 1


def test_a_foster_slip_with_more_net_games_than_deals_is_refused():
    tournament = drawn_tournament(12)
    table = Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)
    with pytest.raises(EntryError) as refused:
        slip_enter(table=table, stay=1, player_id=seated_by_stay(table)[1][0].player_id, net_points=99999,
                   net_games=5, by_director=True)
    assert refused.value.field == "net_games"
    assert Slip.objects.count() == 0


def test_the_sheet_page_copies_a_list_line_and_refuses_a_bad_one_beside_nothing_saved(admin_client):
    tournament = seeger_fabian(drawn_tournament(12))
    table = Table.objects.get(tournament=tournament, number=1)
    player = seated_by_stay(table)[1][0].player_id
    url = f"/sheets/{table.pk}/slips/1/paper/"
    bad = admin_client.post(url, {"player_id": player, "net_points": "10", "games_won": "9", "games_lost": "0"})
    assert bad.status_code == 422 and "Nothing was saved" in bad.content.decode()
    good = admin_client.post(url, {"player_id": player, "net_points": "40", "games_won": "1", "games_lost": "0"})
    assert good.status_code == 200
    assert Slip.objects.get().games_won == 1
