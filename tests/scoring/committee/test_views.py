"""The committee's pages, downloads and the public live page."""

import re
import subprocess
from io import BytesIO

import pytest
from django.contrib.auth.models import User
from openpyxl import load_workbook

from scoring.engine import DEFAULT_RULEBOOK
from scoring.models import PrizeChoice, PrizeCut, TournamentScoring
from scoring.results import tournament_results
from scoring.tournaments.selectors import scoring_settings, settings_defaults
from seating.models import Player, Table
from tests.roles import grant
from tests.scoring.committee.test_results import enter
from tests.scoring.conftest import drawn_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    tournament = drawn_tournament(12)
    tables = Table.objects.select_related("tournament", "section").filter(tournament=tournament).order_by("number")
    for table in tables:
        for number, choice in enumerate([(0, 0), (2, 1), (3, 2), "ramsch"], start=1):
            enter(table, number, choice)
    # A tournament opened on the site has its settings' row (a read makes none); the fixture's object keeps no copy.
    TournamentScoring.objects.create(tournament_id=tournament.pk, **settings_defaults(DEFAULT_RULEBOOK))
    return tournament


@pytest.fixture
def committee_client(client):
    user = User.objects.create_user("cm", password="pw")
    grant(user, "committee")
    client.force_login(user)
    return client


def test_committee_page_shows_prizes_and_standings(committee_client, played):
    response = committee_client.get(f"/committee/{played.pk}/")
    text = response.content.decode()
    assert response.status_code == 200
    assert "Greatest net points" in text and "Net points" in text
    assert "Save settings" not in text  # committee members read; staff change


def test_committee_cannot_change_settings(committee_client, played):
    response = committee_client.post(f"/committee/{played.pk}/settings/", {"system": "mccoll"})
    assert response.status_code == 403  # logged in, without the director's role
    assert scoring_settings(played).system == "foster"


def test_anonymous_is_sent_to_log_in_and_sees_no_unpublished_live_page(client, played):
    response = client.get(f"/committee/{played.pk}/")
    assert response.status_code == 302 and response.url == f"/accounts/login/?next=/committee/{played.pk}/"
    live = client.get(f"/live/{played.pk}/")  # unpublished: only the committee sees it, so log in first
    assert live.status_code == 302 and live.url == f"/accounts/login/?next=/live/{played.pk}/"
    player = User.objects.create_user("player", password="pw-long-enough")
    client.force_login(player)
    assert client.get(f"/live/{played.pk}/").status_code == 404  # logged in, not the committee: nothing there


def test_published_live_page_is_public_and_turns_its_pages_by_itself(client, played, django_assert_max_num_queries):
    TournamentScoring.objects.filter(tournament=played).update(published=True)
    with django_assert_max_num_queries(15):  # 14, and whether the event is in a season (scoring.offered_boards)
        response = client.get(f"/live/{played.pk}/?rows=5&seconds=20")
    text = response.content.decode()
    assert response.status_code == 200
    assert 'hx-get="?show=standings&amp;page=2&amp;rows=5&amp;seconds=20" hx-trigger="every 20s"' in text
    assert "page 1 of 3" in text
    prizes = client.get(f"/live/{played.pk}/?show=prizes").content.decode()
    assert "Greatest net games" in prizes


def test_live_page_query_count_does_not_grow_with_the_hall(client, django_assert_max_num_queries):
    big = drawn_tournament(80)
    TournamentScoring.objects.update_or_create(tournament=big, defaults={"published": True,
                                                                         "prize_schedule": [["points", 1]]})
    for table in Table.objects.select_related("tournament", "section").filter(tournament=big):
        enter(table, 1, (0, 0))
        enter(table, 2, (2, 1))
    with django_assert_max_num_queries(15):  # 14, and whether the event is in a season (scoring.offered_boards)
        assert client.get(f"/live/{big.pk}/", HTTP_HX_REQUEST="true").status_code == 200


def test_staff_records_a_choice_and_a_cut_and_changes_the_schedule(admin_client, played):
    player = played.players.first()
    admin_client.post(f"/committee/{played.pk}/choice/", {"player": player.pk, "category": "games"})
    assert PrizeChoice.objects.get(tournament=played).category == "games"
    other = played.players.last()
    admin_client.post(f"/committee/{played.pk}/cut/", {"category": "points", "place": 1, "winner": player.pk,
                                                       "others": [other.pk]})
    assert PrizeCut.objects.get(tournament=played).order == [player.pk, other.pk]
    admin_client.post(f"/committee/{played.pk}/settings/", {"system": "mccoll", "preset": "mccoll", "prize_seed": 5,
                                                           "ramsch_counts_as_game": "on"})
    settings = scoring_settings(played)
    assert (settings.system, settings.prize_schedule) == ("mccoll", [["games", 1], ["points", 1]])


def test_bad_settings_change_nothing(admin_client, played):
    response = admin_client.post(f"/committee/{played.pk}/settings/", {"system": "bridge", "prize_seed": "-1"})
    assert response.status_code == 422
    assert scoring_settings(played).system == "foster"


def test_xlsx_download_opens(committee_client, played):
    response = committee_client.get(f"/committee/{played.pk}/results.xlsx")
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    assert load_workbook(BytesIO(response.content)).sheetnames == ["Standings", "Prizes", "Deals"]


@pytest.mark.slow
@pytest.mark.parametrize("kind, paper, page_size", [("prizes", "A4", (595, 842)), ("standings", "Letter", (792, 612))])
def test_results_pdf_downloads_with_winners_and_paper(committee_client, played, kind, paper, page_size, tmp_path):
    response = committee_client.get(f"/committee/{played.pk}/{kind}.pdf?paper={paper}")
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    pdf = tmp_path / "out.pdf"
    pdf.write_bytes(response.content)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    width, height = re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info).groups()
    assert (round(float(width)), round(float(height))) == page_size
    assert "Greatest net points" in text if kind == "prizes" else "Net points" in text
    assert played.name in text


def test_results_pdf_unknown_kind_is_404(committee_client, played):
    assert committee_client.get(f"/committee/{played.pk}/secrets.pdf").status_code == 404
    assert committee_client.get(f"/committee/{played.pk}/prizes.pdf?paper=A0").status_code == 404


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_prize_list_gives_each_winners_name_one_line(committee_client, played, tmp_path, paper):
    # Names of 30 to 56 characters, as long as a double name with a title gets; each prize goes to one of them.
    names = ["Hans-Joachim Friedrich Baumgartner", "Friedrich-Wilhelm Maximilian Hohenzollern",
             "Maria-Theresia Elisabeth von Hohenzollern-Sigmaringen"]
    results = tournament_results(played)
    winners = [award.player for award in results.awards][:len(names)]
    for player, name in zip(winners, names):
        Player.objects.filter(pk=player).update(name=name, club="Erster Skatclub Berlin-Charlottenburg 1898 e.V.")

    pdf = tmp_path / "prizes.pdf"
    pdf.write_bytes(committee_client.get(f"/committee/{played.pk}/prizes.pdf?paper={paper}").content)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout

    lines = text.splitlines()
    for name in names[:len(winners)]:
        assert any(name in line for line in lines), f"{name!r} is not on one line:\n{text}"


def _saved_as(response) -> str:
    return re.fullmatch(r'attachment; filename="(.+)"', response["Content-Disposition"]).group(1)


@pytest.mark.slow
@pytest.mark.parametrize("language, results, prizes, standings, lists", [
    ("de", "ergebnisse.xlsx", "preise-A4.pdf", "rangliste-Letter.pdf", "serie-1-spiellisten-A4.pdf"),
    ("en", "results.xlsx", "prizes-A4.pdf", "standings-Letter.pdf", "series-1-lists-A4.pdf"),
])
def test_the_committees_downloads_are_named_in_the_print_language_whatever_the_browser(
        committee_client, played, language, results, prizes, standings, lists):
    played.language = language
    played.save(update_fields=["language"])
    browser = {"HTTP_ACCEPT_LANGUAGE": "en" if language == "de" else "de"}
    start = f"{played.name.lower().replace(' ', '-')}-{played.date:%Y-%m-%d}-"
    assert _saved_as(committee_client.get(f"/committee/{played.pk}/results.xlsx", **browser)) == start + results
    assert _saved_as(committee_client.get(f"/committee/{played.pk}/prizes.pdf?paper=A4", **browser)) == start + prizes
    assert _saved_as(committee_client.get(f"/committee/{played.pk}/standings.pdf?paper=Letter", **browser)) == (
        start + standings)
    assert _saved_as(committee_client.get(f"/committee/{played.pk}/series/1/lists.pdf", **browser)) == start + lists
