"""ISkO events of several series in a real browser: a club evening of fourteen players and three series,
and two series of forty-one players. The director creates the event with its series and imports the players with
their clubs, draws series 1 by lot, a controller enters a deal through his table's link, series 2 is drawn by the
standings (and, in the evening of three, series 3 by lot after a withdrawal and a late entry); the committee reads
each series, the overall standings, the teams, a category and the money at 1366 px; the live board shows the
current series.

Set ``SCREENSHOTS_DIR`` to keep screenshots of the series page and the committee page.
"""

from decimal import Decimal

import pytest
from openpyxl import Workbook

from scoring.entry.access import table_link
from scoring.models import Deal, TournamentScoring
from scoring.results import event_results
from seating.models import Category, Player, Seat, Table, Team, Tournament
from tests.browser import screens
from tests.roles import grant
from tests.scoring.conftest import enter_isko

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "director-password-2026"


def players_file(path, count=14):
    workbook = Workbook()
    workbook.active.append(["Name", "Club"])
    for n in range(1, count + 1):
        workbook.active.append([f"Spieler {n:02d}", ["Altenburg", "Berlin", "Köln", "Dresden"][n % 4]])
    workbook.save(path)
    return path


TABLES = {14: [3, 3, 4, 4], 41: [3, 3, 3] + [4] * 8}  # ISkO: tables of four, the rest at tables of three


@pytest.mark.parametrize("players, series", [(14, 3), (41, 2)])
def test_an_event_of_several_series(page, live_server, django_user_model, tmp_path, players, series):
    grant(django_user_model.objects.create_user("director", password=PASSWORD))
    page.goto(f"{live_server.url}/director/")
    page.fill("#id_username", "director")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/director/")

    page.fill("input[name=name]", "Club evening")
    page.select_option("select[name=rulebook]", "isko")
    page.select_option("select[name=method]", "fixed")
    page.fill("input[name=series_count]", str(series))
    page.click("text=Create the tournament")
    page.locator("text=now register the players").wait_for()
    tournament = Tournament.objects.get()
    assert (tournament.series_count, tournament.session_rounds, tournament.table_sizes) == (series, 12, "3-and-4")
    page.set_input_files("input[name=file]", str(players_file(tmp_path / "players.xlsx", players)))
    page.click("#import button[type=submit]")
    page.locator(f"text=Imported {players} players").wait_for()

    # Series 1 by lot
    page.click("nav.tabs >> text=Series")
    page.select_option("select[name=how]", "lot")
    page.fill("input[name=seed]", "2026")
    page.click("#draw-next button[type=submit]")
    page.locator("text=Series 1 drawn by lot with seed 2026.").wait_for()
    assert sorted(Table.objects.filter(tournament=tournament, series=1).values_list("size", flat=True)) == TABLES[players]
    screens.shoot(page, "series")

    # A controller enters deal 1 at table 1 of series 1 through the table's link; the other deals come from the sheets
    table = Table.objects.get(tournament=tournament, series=1, number=1)
    controller = page.context.new_page()
    controller.goto(f"{live_server.url}/t/{table_link(table).token}/")
    controller.locator("#deal-form fieldset.who label.pill").nth(0).click()
    controller.locator("#deal-form fieldset.picks label.pill", has_text="Grand").click()
    controller.locator("#deal-form fieldset.mats label.chip", has_text="2").first.click()
    controller.fill("input[name=points]", "75")
    controller.fill("input[name=tricks]", "6")
    controller.click("button.save")
    controller.locator("#entry-status", has_text="Deal 1 saved").wait_for()
    assert Deal.objects.get(table=table, number=1).score == 72  # Grand, with 2: 3 × 24
    controller.close()
    enter_isko(tournament, series=1, deals=4, first_table=2)

    # Series 2 by the standings: the best four at table 1
    leaders = [row.standing.player for row in event_results(tournament).overall.ranked()][:4]
    page.reload()
    page.select_option("select[name=how]", "standings")
    page.click("#draw-next button[type=submit]")
    page.locator("text=Series 2 drawn by the standings.").wait_for()
    assert list(Seat.objects.filter(tournament=tournament, series=2, table__number=1).order_by("seat")
                .values_list("player_id", flat=True)) == leaders

    enter_isko(tournament, series=2, deals=4)
    last = 2
    if series >= 3:
        last = 3
        play_a_third_series_with_a_withdrawal_and_a_late_entry(page, tournament, players)
    # The committee: teams, a category and money are set up; each series, the overall, teams, category, cash
    everyone = list(Player.objects.filter(tournament=tournament).order_by("pk"))
    Team.objects.create(tournament=tournament, name="Altenburg").members.set(
        [p for p in everyone if p.club == "Altenburg"])
    Category.objects.create(tournament=tournament, name="Damen").players.set([p for p in everyone if p.club == "Köln"])
    TournamentScoring.objects.filter(tournament=tournament).update(entry_fee=Decimal("15.00"),
                                                                  per_lost_game=Decimal("0.50"), published=True)
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(f"{live_server.url}/committee/{tournament.pk}/")
    event = event_results(tournament)
    leader = event.overall.rows()[0]
    assert page.locator("table.standings tbody tr").first.locator("td").nth(1).inner_text() == leader["name"]
    assert page.locator("h2#teams").is_visible() and page.locator("h2.category", has_text="Damen").is_visible()
    assert "Collected" in page.locator("table.cash").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    screens.shoot(page, "committee-series")
    for number in range(1, series + 1):
        page.click(f"nav.stays >> text=Series {number}")
        page.locator("h2#standings", has_text=f"Series {number}").wait_for()
        first = event.series[number - 1].rows()[0]
        assert page.locator("table.standings tbody tr").first.locator("td").nth(1).inner_text() == first["name"]

    # The live board shows the current series
    page.goto(f"{live_server.url}/live/{tournament.pk}/?show=series")
    assert f"Series {last}" in page.locator("#board .status").inner_text()


def play_a_third_series_with_a_withdrawal_and_a_late_entry(page, tournament, players):
    gone = Player.objects.get(tournament=tournament, name="Spieler 05")
    page.select_option("select[name=player]", str(gone.pk))
    page.fill("input[name=after]", "2")
    page.click("#withdraw button[type=submit]")
    page.locator("text=Spieler 05 plays no series after series 2").wait_for()
    page.fill("#late-entry input[name=name]", "Spät Kommer")
    page.fill("#late-entry input[name=club]", "Gäste")
    page.click("text=Enter for series 3")
    page.locator("text=Spät Kommer plays from series 3.").wait_for()
    page.select_option("select[name=how]", "lot")
    page.click("#draw-next button[type=submit]")
    page.locator("text=Series 3 drawn by lot").wait_for()
    seated_3 = set(Seat.objects.filter(tournament=tournament, series=3).values_list("player__name", flat=True))
    assert "Spät Kommer" in seated_3 and "Spieler 05" not in seated_3 and len(seated_3) == players
    enter_isko(tournament, series=3, deals=4)

