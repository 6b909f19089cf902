"""SITE_URL: every entry link and QR code is built on the event's public address; the tables page warns when
the links point at an address only the server itself can open."""

import pytest
from django.contrib.auth.models import User

from scoring.entry.access import table_link
from seating.models import Table
from tests.roles import grant

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    client.force_login(grant(User.objects.create_user("director", password="x")))
    return client


def test_links_are_built_on_site_url(director, table, settings):
    settings.SITE_URL = "http://192.168.1.10:8000"
    text = director.get(f"/tournaments/{table.tournament_id}/tables/?qr=1").content.decode()
    url = f"http://192.168.1.10:8000/t/{table_link(table).token}/"
    assert f'<a href="{url}" class="link">' in text and f'data-copy="{url}"' in text
    assert "only this computer can open" not in text


def test_a_local_address_without_site_url_warns_and_says_what_to_set(director, table, settings):
    settings.SITE_URL = ""
    text = director.get(f"/tournaments/{table.tournament_id}/tables/", HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "the phones at the tables cannot reach them" in text and "SITE_URL=http://" in text
    assert f'href="http://127.0.0.1:8000/t/{table_link(table).token}/"' in text


def test_a_hall_address_without_site_url_is_used_as_it_is_and_gives_no_warning(director, table, settings):
    settings.SITE_URL = ""
    settings.ALLOWED_HOSTS = ["192.168.1.10"]
    text = director.get(f"/tournaments/{table.tournament_id}/tables/", HTTP_HOST="192.168.1.10:8000").content.decode()
    assert "cannot reach" not in text and f"http://192.168.1.10:8000/t/{table_link(table).token}/" in text


def test_the_copy_script_ships_with_the_site(director, table):
    text = director.get(f"/tournaments/{table.tournament_id}/tables/").content.decode()
    assert 'src="/static/js/copy-link.js"' in text


def test_the_printed_qr_cards_carry_site_url(director, table, settings, monkeypatch):
    settings.SITE_URL = "https://skat.example.org"
    seen = []
    monkeypatch.setattr("scoring.entry.access.link_qr_svg", lambda url, scale=4: seen.append(url) or "<svg/>")
    monkeypatch.setattr("common.pdf.render_template_pdf", lambda *args, **kwargs: b"%PDF-")
    assert director.get(f"/tournaments/{table.tournament_id}/entry-links.pdf").status_code == 200
    assert seen and all(url.startswith("https://skat.example.org/t/") for url in seen)
    assert len(seen) == Table.objects.filter(tournament=table.tournament).count()
