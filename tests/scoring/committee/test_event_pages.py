"""The committee page of an event of several series: each series' standings, teams, categories and the cash."""

import re
from decimal import Decimal
from html import unescape

import pytest

from scoring.models import Deal, TournamentScoring
from scoring.results import event_results
from seating.models import Category, Player, Seat, Table, Team
from tests.scoring.committee.test_series_event import demo_event

pytestmark = pytest.mark.django_db


def figure(said: str) -> Decimal:
    """An amount as the cash table says it ("€70.00", "−€5.00"), as a number."""
    return Decimal(re.sub(r"[^0-9.\u2212-]", "", said).replace("\u2212", "-"))


def cells(html: str, table_class: str) -> list[list[str]]:
    start = html.index(f'class="grid {table_class}"')
    body = html[html.index("<tbody", start):html.index("</tbody>", start)]
    return [[unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


@pytest.fixture
def event():
    tournament = demo_event(7, 2)
    players = list(tournament.players.order_by("pk"))
    team = Team.objects.create(tournament=tournament, name="Germania")
    Player.objects.filter(pk__in=[p.pk for p in players[:3]]).update(team=team)
    ladies = Category.objects.create(tournament=tournament, name="Ladies")
    ladies.players.set(players[2:5])
    TournamentScoring.objects.filter(tournament=tournament).update(
        entry_fee=Decimal("10.00"), per_lost_game=Decimal("0.50"), per_lost_game_at_three=Decimal("0.60"),
        raised_per_lost_game=Decimal("1.00"), raised_from=4)
    return tournament


@pytest.mark.slow
def test_each_series_has_its_standings_with_the_seeger_fabian_breakdown(admin_client, event):
    html = admin_client.get(f"/committee/{event.pk}/?series=2").content.decode()
    assert "<h2 id=\"standings\">Series 2" in html and 'href="?series=1#standings"' in html
    heads = [unescape(re.sub(r"<[^>]+>", "", h)).strip() for h in
             re.findall(r"<th[^>]*>(.*?)</th>", html[html.index('class="grid standings"'):], re.S)][:9]
    assert heads == ["#", "Player", "Club", "Won", "Lost", "Game points", "Won − lost × 50", "Others' lost games",
                     "Total"]
    rows = cells(html, "standings")
    series_2 = event_results(event).series[1].rows()
    assert [(r[1], int(r[5]), int(r[6]), int(r[7]), int(r[8])) for r in rows] == [
        (row["name"], row["game_points"], 50 * (row["games_won"] - row["games_lost"]), row["others_lost"], row["total"])
        for row in series_2]
    assert all(int(r[5]) + int(r[6]) + int(r[7]) == int(r[8]) for r in rows)  # the list's sum


@pytest.mark.slow
def test_teams_and_categories_are_ranked_from_the_overall_totals(admin_client, event):
    html = admin_client.get(f"/committee/{event.pk}/").content.decode()
    totals = {row["name"]: row["total"] for row in event_results(event).overall.rows()}
    players = list(event.players.order_by("pk"))
    teams = cells(html, "teams")
    assert [(r[1], int(r[2]), int(r[5])) for r in teams] == [("Germania", 3, sum(totals[p.name] for p in players[:3]))]
    ladies = cells(html, "category")
    expected = sorted((totals[p.name], p.name) for p in players[2:5])[::-1]
    assert [(r[2], int(r[5])) for r in ladies] == [(name, total) for total, name in expected]  # Prize, #, Player...
    assert [r[1] for r in ladies] == ["1", "2", "3"] or len({total for total, _ in expected}) < 3


@pytest.mark.slow
def test_the_cash_report_counts_fees_and_each_lost_game_at_its_table(admin_client, event):
    html = admin_client.get(f"/committee/{event.pk}/").content.decode()
    owed = {1: Decimal("0"), 2: Decimal("0")}
    for series in (1, 2):  # by hand: each player's lost games in the series, at his table's size
        for player in event.players.all():
            seat = Seat.objects.filter(player=player, series=series).select_related("table").first()
            lost = Deal.objects.filter(table__series=series, player=player, voided=False, score__lt=0,
                                       kind="game").count()
            rate = Decimal("0.60") if seat.table.size == 3 else Decimal("0.50")
            owed[series] += sum((Decimal("1.00") if n >= 4 else rate for n in range(1, lost + 1)), Decimal("0"))
    rows = {r[0].split(" (")[0]: figure(r[1]) for r in cells(html, "cash")}
    assert rows["Entry fees"] == Decimal("70.00")  # 7 × 10.00
    assert rows["Lost-game money, series 1"] == owed[1] and rows["Lost-game money, series 2"] == owed[2]
    assert rows["Collected"] == Decimal("70.00") + owed[1] + owed[2] == rows["Balance"]
    assert Table.objects.filter(tournament=event, size=3).exists()  # the rate at three was used


@pytest.mark.slow
@pytest.mark.parametrize("change, field", [({"entry_fee": "-5"}, "Entry fee: "), ({"currency": "E1"}, "Currency: "),
                                           ({"per_lost_game": "0.505"}, "Per lost game: ")])
def test_money_settings_that_cannot_be_right_are_refused(admin_client, event, change, field):
    data = {"system": "seeger-fabian", "prize_seed": 0, "currency": "EUR", "entry_fee": "10", "per_lost_game": "0.5",
            "raised_from": 4, **change}
    response = admin_client.post(f"/committee/{event.pk}/settings/", data)
    assert response.status_code == 422 and field in response.content.decode()
    assert TournamentScoring.objects.get(tournament=event).entry_fee == Decimal("10.00")


@pytest.mark.slow
def test_money_settings_are_saved(admin_client, event):
    admin_client.post(f"/committee/{event.pk}/settings/", {
        "system": "seeger-fabian", "prize_seed": 0, "currency": "usd", "entry_fee": "12,50".replace(",", "."),
        "per_lost_game": "0.25", "per_lost_game_at_three": "", "raised_per_lost_game": "", "raised_from": 4})
    settings = TournamentScoring.objects.get(tournament=event)
    assert (settings.currency, settings.entry_fee, settings.per_lost_game, settings.per_lost_game_at_three) == (
        "USD", Decimal("12.50"), Decimal("0.25"), None)


@pytest.mark.slow
def test_the_workbook_has_a_sheet_for_each_series_the_teams_each_category_and_the_cash(admin_client, event):
    from io import BytesIO

    from openpyxl import load_workbook

    Category.objects.create(tournament=event, name="Seniors: 60+ [A/B]")  # a title Excel cannot take as it is
    workbook = load_workbook(BytesIO(admin_client.get(f"/committee/{event.pk}/results.xlsx").content))

    assert workbook.sheetnames == ["Standings", "Prizes", "Series 1", "Series 2", "Teams", "Category Ladies",
                                   "Category Seniors  60+  A B", "Cash", "Deals"]
    series = event_results(event).series
    for number in (1, 2):
        sheet = workbook[f"Series {number}"]
        heads = [cell.value for cell in sheet[1]]
        rows = [dict(zip(heads, values)) for values in sheet.iter_rows(min_row=2, max_row=1 + len(series[0].rows()),
                                                                          values_only=True)]
        assert [(r["Player"], r["Total"], r["Game points"], r["Won − lost × 50"], r["Others' lost games"])
                for r in rows] == [(row["name"], row["total"], row["game_points"], row["bonus"], row["others_lost"])
                                   for row in series[number - 1].rows()]
    cash = {row[0].split(" (")[0]: row[1] for row in workbook["Cash"].iter_rows(min_row=2, values_only=True)}
    assert Decimal(str(cash["Entry fees"])) == Decimal("70.00")


@pytest.mark.slow
def test_money_prizes_are_paid_out_of_the_cash(admin_client, event):
    admin_client.post(f"/committee/{event.pk}/settings/", {
        "system": "seeger-fabian", "prize_seed": 0, "currency": "EUR", "entry_fee": "10", "per_lost_game": "0.5",
        "raised_from": 4, "preset": "isko", "prize_money": "total 1 25.00\ntotal 2, 15"})
    settings = TournamentScoring.objects.get(tournament=event)
    assert settings.prize_money == [["total", 1, "25.00"], ["total", 2, "15.00"]]
    html = admin_client.get(f"/committee/{event.pk}/").content.decode()
    rows = {r[0].split(" (")[0]: figure(r[1]) for r in cells(html, "cash")}
    assert rows["Prizes paid out"] == Decimal("40.00")
    assert rows["Balance"] == rows["Collected"] - Decimal("40.00")


@pytest.mark.slow
@pytest.mark.parametrize("text", ["total one 5", "bogus 1 5", "total 1 -5", "total 1 5\ntotal 1 6", "total 1"])
def test_money_prizes_that_cannot_be_right_are_refused(admin_client, event, text):
    response = admin_client.post(f"/committee/{event.pk}/settings/", {
        "system": "seeger-fabian", "prize_seed": 0, "currency": "EUR", "raised_from": 4, "prize_money": text})
    assert response.status_code == 422 and "Money prizes: line " in response.content.decode()
    assert TournamentScoring.objects.get(tournament=event).prize_money == []


@pytest.mark.slow
def test_the_filled_table_lists_sum_each_column_and_say_what_each_player_owes(admin_client, event, tmp_path):
    import subprocess

    from scoring.committee.lists import filled_lists

    lists = filled_lists(event, 2)
    for table_list in lists:
        table = Table.objects.get(tournament=event, series=2, number=table_list.table)
        seated = list(Seat.objects.filter(table=table).order_by("seat").select_related("player"))
        deals = Deal.objects.filter(table=table, voided=False).exclude(kind="thrown_in")
        others_rate = 40 if table.size == 3 else 30
        summary = {line.label.split(" (")[0].split(" × ")[0]: line.figures for line in table_list.summary}
        for column, seat in enumerate(seated):  # by hand, from the deal rows
            own = [d.score for d in deals if d.player_id == seat.player_id]
            won, lost = sum(s > 0 for s in own), sum(s < 0 for s in own)
            others_lost = sum(1 for d in deals if d.player_id != seat.player_id and d.score < 0)
            total = sum(own) + 50 * (won - lost) + others_rate * others_lost
            rate = Decimal("0.60") if table.size == 3 else Decimal("0.50")
            owed = sum((Decimal("1.00") if n >= 4 else rate for n in range(1, lost + 1)), Decimal("0"))
            assert (summary["Game points"][column], summary["Games won"][column], summary["Games lost"][column],
                    summary["Total"][column], summary["Lost-game money"][column]) == (sum(own), won, lost, total, owed)
            assert table_list.lines[-1].cells[column][1] == sum(own)  # the running total ends at the sum
    response = admin_client.get(f"/committee/{event.pk}/series/2/lists.pdf")
    assert response.status_code == 200
    path = tmp_path / "lists.pdf"
    path.write_bytes(response.content)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    words = " ".join(text.split())
    assert "Lost-game money (EUR)" in words and "Signed:" in words and "{%" not in words
    assert admin_client.get(f"/committee/{event.pk}/series/9/lists.pdf").status_code == 404


@pytest.mark.slow
def test_a_teams_ranking_for_each_series(admin_client, event):
    import io
    import json

    from django.core.management import call_command

    players = list(event.players.order_by("pk"))
    for number in (1, 2):
        html = admin_client.get(f"/committee/{event.pk}/?series={number}").content.decode()
        series_totals = {row["player"]: row["total"] for row in event_results(event).series[number - 1].rows()}
        expected = sum(series_totals.get(p.pk, 0) for p in players[:3])
        assert f"Teams in series {number}" in html
        assert [(r[1], int(r[5])) for r in cells(html, "teams")] == [("Germania", expected)]
    out = io.StringIO()
    call_command("standings", str(event.pk), stdout=out)
    payload = json.loads(out.getvalue())
    assert [part["teams"][0]["total"] for part in payload["series"]] == [
        sum(row["total"] for row in part["standings"] if row["player"] in {p.pk for p in players[:3]})
        for part in payload["series"]]


@pytest.mark.slow
def test_each_category_has_a_prize_list_of_its_first_places(admin_client, event, tmp_path):
    import subprocess

    TournamentScoring.objects.filter(tournament=event).update(category_places=2)
    html = admin_client.get(f"/committee/{event.pk}/").content.decode()
    ladies = cells(html, "category")  # Prize, #, Player, Club, Overall rank, Total
    assert [row[0] for row in ladies] == ["1", "2", ""]
    response = admin_client.get(f"/committee/{event.pk}/prizes.pdf")
    path = tmp_path / "prizes.pdf"
    path.write_bytes(response.content)
    text = " ".join(subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    assert "Category: Ladies" in text and ladies[0][2] in text and ladies[1][2] in text
    assert ladies[2][2] not in text.split("Category: Ladies")[1]
