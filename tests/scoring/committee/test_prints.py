"""Each print shows what its event's rulebook counts: a Seeger-Fabian event's standings PDF its
series' Wertungspunkte and the breakdown of the total, the prize list its money prizes.

The figures are recomputed here by hand from the deals entered (``enter_isko``'s four games, valued below by the
ISkO: a won game its value, a lost one twice its value, negative) and the rule of TOURNAMENTS.md §4: game points,
+50 a game won and −50 a game lost, and 40 at a table of three or 30 at a table of four for each game another
player at the table lost. Nothing here calls the standings' code.
"""

import re
import subprocess
from collections import defaultdict

import pytest

from scoring.models import Deal, TournamentScoring
from scoring.series.services import next_series_draw
from scoring.tournaments.services import tournament_open
from seating.models import Player, Seat, Table
from tests.scoring.committee.test_views import committee_client  # noqa: F401 (a fixture)
from tests.scoring.conftest import ISKO_DEALS, enter_isko

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

BY_HAND = {("grand", 2, 75, 6): 3 * 24,  # Grand with 2, game 3: won
           ("clubs", 1, 40, 3): -2 * 2 * 12,  # clubs with 1, game 2: lost, counted twice
           ("hearts", -2, 88, 8): 3 * 10,  # hearts without 2, game 3: won
           ("grand", 1, 52, 4): -2 * 2 * 24}  # Grand with 1, game 2: lost, counted twice
"""Each of ``ISKO_DEALS``' games as the ISkO scores it."""

NAMES = ["Anna Adler", "Bernd Buche", "Carla Dachs", "Dieter Eber", "Emma Fink", "Fritz Gans", "Greta Hase"]


def isko_event(language: str):
    """Seven players (a table of four and one of three) over two series: four games a table, then three."""
    tournament = tournament_open(name="Kreispokal", rulebook="isko", method="fixed", series_count=2,
                                 language=language)
    Player.objects.bulk_create([Player(tournament=tournament, name=name, club=f"SC {name.split()[1]}")
                                for name in NAMES])
    next_series_draw(tournament=tournament, how="lot", seed=3)
    enter_isko(tournament, series=1, deals=4)
    next_series_draw(tournament=tournament, how="lot", seed=8)
    enter_isko(tournament, series=2, deals=3)
    assert sorted(Table.objects.filter(tournament=tournament).values_list("series", "size")) == [
        (1, 3), (1, 4), (2, 3), (2, 4)]
    return tournament


def by_hand(tournament) -> dict[str, dict[int, list[int]]]:
    """{name: {series: [game points, won, lost, others' lost games × 40/30]}} from the deals entered."""
    names = dict(tournament.players.values_list("pk", "name"))
    seated = defaultdict(list)
    for series, table, player in Seat.objects.filter(tournament=tournament).values_list(
            "series", "table__number", "player_id"):
        seated[(series, table)].append(player)
    lines = defaultdict(lambda: defaultdict(lambda: [0, 0, 0, 0]))
    for series, table, number, declarer in Deal.objects.filter(tournament=tournament).values_list(
            "table__series", "table__number", "number", "player_id"):
        score = BY_HAND[ISKO_DEALS[(number + table) % len(ISKO_DEALS)]]  # the game enter_isko entered there
        line = lines[names[declarer]][series]
        line[0] += score
        line[1 if score > 0 else 2] += 1
        if score < 0:
            at_table = seated[(series, table)]
            for other in at_table:
                if other != declarer:
                    lines[names[other]][series][3] += 40 if len(at_table) == 3 else 30
    return lines


def pdf_text(client, tournament, kind, tmp_path) -> tuple[str, tuple[int, int]]:
    response = client.get(f"/committee/{tournament.pk}/{kind}.pdf")
    assert response.status_code == 200
    path = tmp_path / f"{kind}.pdf"
    path.write_bytes(response.content)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    width, height = re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info).groups()
    return text, (round(float(width)), round(float(height)))


WORDS = {"de": ("Wertungspunkte je Serie", "Serie 1", "Serie 2", "Gesamtwertung", "Spielpunkte", "Gegenspieler"),
         "en": ("Points of each series", "Series 1", "Series 2", "Total", "Breakdown of the total", "× 40/30")}
FOSTER = {"de": ("Punktsaldo", "Spielsaldo"), "en": ("Points won", "Net points", "Net games")}


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_seeger_fabian_standings_print_each_series_points_and_the_breakdown(committee_client, tmp_path,
                                                                               language):
    tournament = isko_event(language)
    hand = by_hand(tournament)
    text, size = pdf_text(committee_client, tournament, "standings", tmp_path)

    assert size == (595, 842)  # two series fit A4 portrait
    words = " ".join(text.split())
    assert all(word in words for word in WORDS[language]), words[:600]
    assert not any(word in words for word in FOSTER[language])
    for name in NAMES:
        line = next(line for line in text.splitlines() if name in line)
        figures = [int(f) for f in re.findall(r"-?\d+", line.split(f"SC {name.split()[1]}")[1])]
        series = [hand[name][number] for number in (1, 2)]
        points = [game + 50 * (won - lost) + others for game, won, lost, others in series]
        game, won, lost, others = (sum(part[i] for part in series) for i in range(4))
        assert figures == [*points, sum(points), won, lost, game, 50 * (won - lost), others], name


@pytest.mark.parametrize("language, said", [("de", ["250,00 €", "100,00 €"]), ("en", ["€250.00", "€100.00"])])
def test_the_prize_list_prints_each_money_prize_beside_its_award(committee_client, tmp_path, language, said):
    tournament = isko_event(language)
    TournamentScoring.objects.filter(tournament=tournament).update(
        prize_money=[["total", 1, "250.00"], ["total", 2, "100.00"]])
    text, size = pdf_text(committee_client, tournament, "prizes", tmp_path)

    assert size == (595, 842)
    rows = [line for line in text.splitlines() if any(name in line for name in NAMES)]
    assert [said[0] in rows[0], said[1] in rows[1]] == [True, True], rows
    assert not any("€" in row for row in rows[2:])  # the third place has no money prize


FOSTER_PRIZES = {"de": ("Höchster Punktsaldo", "Höchster Spielsaldo", "Trostpreis", "Punktepreis", "„ohne“"),
                 "en": ("Greatest net points", "Greatest net games", "Booby", "the points prize", '"without"')}


@pytest.mark.parametrize("language", ["de", "en"])
def test_an_isko_events_committee_page_offers_no_foster_prize(admin_client, language):
    tournament = isko_event(language)
    player = tournament.players.first()

    html = admin_client.get(f"/committee/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    refused = admin_client.post(f"/committee/{tournament.pk}/cut/", {
        "category": "points", "place": 1, "winner": player.pk, "others": str(tournament.players.last().pk)},
        HTTP_ACCEPT_LANGUAGE=language)

    assert not [word for word in FOSTER_PRIZES[language] if word in html]
    assert ("Gesamtwertung" if language == "de" else "Standings (the system") in html  # its own prize is offered
    assert refused.status_code == 422 and not tournament.prize_cuts.exists()
