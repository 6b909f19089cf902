"""The QR code of a published event's public results page on its prize list and standings ("a QR on
the prints"); an unpublished event's prints carry none, its page being nobody's to open."""

import shutil
import subprocess

import pytest

from scoring.committee.pdf import public_results_address
from scoring.models import TournamentScoring
from tests.scoring.committee.test_views import committee_client, played  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

SITE = "https://skat.example.org"


def publish(tournament):
    TournamentScoring.objects.filter(tournament_id=tournament.pk).update(published=True)
    tournament.refresh_from_db()


def pdf_file(response, tmp_path):
    assert response.status_code == 200
    path = tmp_path / "results.pdf"
    path.write_bytes(response.content)
    return path


def pdf_text(path) -> str:
    """The text in reading order, every run of white space one space (the code's caption takes two lines)."""
    return " ".join(subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())


def test_the_address_is_the_public_results_page_once_published(client, played, settings):
    settings.SITE_URL = ""
    assert public_results_address(played, SITE) == ""
    assert client.get(f"/club/{played.club.slug}/results/{played.pk}/").status_code == 404

    publish(played)

    address = public_results_address(played, SITE + "/")
    assert address == f"https://skat.example.org/club/{played.club.slug}/results/{played.pk}/"
    assert client.get(address.removeprefix(SITE)).status_code == 200  # the page the code opens, with no login


@pytest.mark.parametrize("kind", ["prizes", "standings"])
def test_an_unpublished_events_prints_carry_no_code(committee_client, played, tmp_path, kind):
    text = pdf_text(pdf_file(committee_client.get(f"/committee/{played.pk}/{kind}.pdf"), tmp_path))
    assert played.name in text and "Scan: the results online" not in text


@pytest.mark.parametrize("kind", ["prizes", "standings"])
def test_a_published_events_prints_carry_the_code_and_its_caption(committee_client, played, tmp_path, kind,
                                                                   settings):
    settings.SITE_URL = SITE
    publish(played)
    path = pdf_file(committee_client.get(f"/committee/{played.pk}/{kind}.pdf"), tmp_path)

    text = pdf_text(path)
    assert text.count("Scan: the results online") == 1  # in the heading, once
    assert ("Greatest net points" if kind == "prizes" else "Net points") in text  # the list still under it
    if shutil.which("zbarimg"):  # Debian's zbar-tools (.ci/run installs it): the code as a phone reads it
        subprocess.run(["pdftoppm", "-r", "150", "-f", "1", "-l", "1", "-png", str(path), str(tmp_path / "page")],
                       check=True, capture_output=True)
        (page,) = tmp_path.glob("page*.png")
        scanned = subprocess.run(["zbarimg", "-q", "--raw", str(page)], capture_output=True, text=True).stdout.split()
        assert scanned == [f"{SITE}/club/{played.club.slug}/results/{played.pk}/"]


def test_german_caption(committee_client, played, tmp_path, settings):
    settings.SITE_URL = SITE
    publish(played)
    played.language = "de"
    played.save(update_fields=["language"])

    text = pdf_text(pdf_file(committee_client.get(f"/committee/{played.pk}/standings.pdf"), tmp_path))

    assert "Scannen: die Ergebnisse online" in text
