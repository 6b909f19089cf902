"""The score sheet pages: access by link, staff and committee; entry, preview and refusals over HTTP."""

import re

import pytest
from django.contrib.auth.models import User

from scoring.entry.access import table_link, table_link_reissue
from scoring.entry.sheets import deal_slot
from scoring.models import Deal, TableLink
from seating.models import Table
from tests.roles import grant


def entry_data(slot, **extra):
    data = {"number": slot.number, "submission_key": f"key-{slot.number}", "kind": "game",
            "declarer_id": slot.active[0].player_id, "game": "club solo", "matadores": "2", "points": "79", "tricks": "8"}
    data.update(extra)
    return data


def test_table_link_shows_the_sheet_and_the_next_deal(client, table):
    response = client.get(f"/t/{table_link(table).token}/")
    assert response.status_code == 200
    assert b"Deal 1" in response.content and b"Save deal 1" in response.content
    assert "Foster 1922 — American Skat League" in response.content.decode()  # the rulebook, as players know it


def test_table_link_saves_a_deal_and_shows_the_count(client, table):
    slot = deal_slot(table, 1)
    token = table_link(table).token
    response = client.post(f"/t/{token}/save/", entry_data(slot), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "Deal 1 saved" in response.content.decode() and "3 × 12 = 36" in response.content.decode()
    assert Deal.objects.get().score == 36


def test_preview_shows_the_count_before_saving(client, table):
    slot = deal_slot(table, 1)
    response = client.post(f"/t/{table_link(table).token}/preview/", entry_data(slot), HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "1 for game" in response.content.decode()
    assert Deal.objects.count() == 0


def test_refused_entry_shows_the_field_message_and_saves_nothing(client, table):
    slot = deal_slot(table, 1)
    response = client.post(f"/t/{table_link(table).token}/save/", entry_data(slot, points="40", tricks="0"),
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "cannot count his Skat" in response.content.decode()
    assert Deal.objects.count() == 0


def test_table_link_cannot_reach_another_table(client, tournament):
    first, second = Table.objects.filter(tournament=tournament).order_by("number")[:2]
    slot = deal_slot(second, 1)
    response = client.post(f"/t/{table_link(first).token}/save/", entry_data(slot), HTTP_HX_REQUEST="true")
    assert response.status_code == 422  # the other table's player holds no cards at this one
    assert Deal.objects.count() == 0


def test_reissued_link_stops_the_old_one(client, table):
    old = table_link(table).token
    table_link_reissue(table=table)
    assert client.get(f"/t/{old}/").status_code == 404


def test_anonymous_visitors_see_no_sheet(client, table):
    response = client.get(f"/sheets/{table.pk}/")
    assert response.status_code == 302 and response.url == f"/accounts/login/?next=/sheets/{table.pk}/"
    assert client.get("/t/not-a-token/").status_code == 404


def test_committee_reads_but_cannot_enter(client, table):
    user = User.objects.create_user("committee", password="pw")
    grant(user, "committee")
    client.force_login(user)
    assert client.get(f"/sheets/{table.pk}/").status_code == 200
    slot = deal_slot(table, 1)
    response = client.post(f"/sheets/{table.pk}/save/", entry_data(slot))
    assert response.status_code == 403
    assert "only the director enters and corrects scores" in response.content.decode()  # the 403 page, clear
    assert Deal.objects.count() == 0


def test_staff_corrects_a_deal_and_a_stale_correction_is_refused(client, table, admin_user):
    client.force_login(admin_user)
    slot = deal_slot(table, 1)
    client.post(f"/sheets/{table.pk}/save/", entry_data(slot))
    deal = Deal.objects.get()
    data = entry_data(slot, matadores="3", version="1")
    assert client.post(f"/deals/{deal.pk}/correct/", data).status_code == 302
    response = client.post(f"/deals/{deal.pk}/correct/", entry_data(slot, matadores="1", version="1"))
    assert response.status_code == 422 and "changed by someone else" in response.content.decode()
    deal.refresh_from_db()
    assert deal.score == 48


def test_csrf_is_enforced_on_entry(table):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    slot = deal_slot(table, 1)
    assert client.post(f"/t/{table_link(table).token}/save/", entry_data(slot)).status_code == 403


@pytest.mark.parametrize("hostile", ["", "x" * 5000, "-1", "99999999999999999999", "<script>", "1e9", "\x00"])
def test_hostile_values_never_500(client, table, hostile):
    slot = deal_slot(table, 1)
    token = table_link(table).token
    for field in ("number", "kind", "declarer_id", "game", "matadores", "points", "tricks", "bid", "written_value",
                  "game_type", "suit", "mat_sign", "mat_count", "result", "ramsch_v_tricks"):
        response = client.post(f"/t/{token}/save/", entry_data(slot, **{field: hostile}), HTTP_HX_REQUEST="true")
        assert response.status_code in (200, 422), (field, response.status_code)
    picked = {"game": "", "matadores": "", "game_type": "solo", "suit": "3", "mat_count": "2"}
    for field in ("game_type", "suit", "mat_sign", "mat_count"):
        response = client.post(f"/t/{token}/save/", entry_data(slot, **{**picked, field: hostile}),
                               HTTP_HX_REQUEST="true")
        assert response.status_code in (200, 409, 422), (field, response.status_code)
    assert client.post(f"/t/{token}/undo/", {"number": hostile}, HTTP_HX_REQUEST="true").status_code in (200, 409, 422)


def test_table_links_page_lists_every_table_with_a_working_link(admin_client, tournament):
    response = admin_client.get(f"/tournaments/{tournament.pk}/tables/?qr=1")
    text = response.content.decode()
    links = re.findall(r'<a href="([^"]*/t/[\w-]+/)" class="link">', text)  # a real link each, with its copy button
    assert response.status_code == 200 and len(set(links)) == Table.objects.filter(tournament=tournament).count()
    assert all(f'data-copy="{link}"' in text for link in links)
    assert "<svg" in text
    token = re.search(r"/t/([\w-]+)/", text).group(1)
    assert admin_client.get(f"/t/{token}/").status_code == 200


def test_table_links_page_is_for_staff_only(client, tournament):
    assert client.get(f"/tournaments/{tournament.pk}/tables/").status_code == 302


def test_link_cards_pdf_has_a_card_per_table(admin_client, tournament, tmp_path):
    import subprocess

    response = admin_client.get(f"/tournaments/{tournament.pk}/entry-links.pdf?paper=Letter")
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    path = tmp_path / "links.pdf"
    path.write_bytes(response.content)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    tables = Table.objects.filter(tournament=tournament).count()
    assert text.count("scan to enter this table's scores") == tables and "/t/" in text


def test_every_table_has_its_link_as_soon_as_the_seats_are_drawn(tournament):
    tables = set(tournament.tables.values_list("id", flat=True))
    assert set(TableLink.objects.filter(table__tournament=tournament).values_list("table_id", flat=True)) == tables


def test_reading_the_links_page_and_the_link_cards_writes_nothing(admin_client, tournament):
    TableLink.objects.filter(table__tournament=tournament, table__number=1).delete()
    before = sorted(TableLink.objects.values_list("table_id", "token"))

    assert admin_client.get(f"/tournaments/{tournament.pk}/tables/").status_code == 200
    assert admin_client.get(f"/tournaments/{tournament.pk}/entry-links.pdf").status_code == 200

    assert sorted(TableLink.objects.values_list("table_id", "token")) == before


def test_the_sheet_worker_is_served_for_table_links_only(client, table, admin_user):
    """The service worker that keeps the sheet for a reload without network: a script under /t/ (so it can
    control table links and nothing else), naming this deployment's static files; offered only by link pages."""
    response = client.get("/t/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    script = response.content.decode()
    assert '"/static/js/entry.js"' in script and "{%" not in script
    assert 'request.method !== "GET"' in script  # a POST's answer is never kept
    link_page = client.get(f"/t/{table_link(table).token}/").content.decode()
    assert 'data-worker="/t/sw.js"' in link_page and 'id="offline-copy" hidden' in link_page
    client.force_login(admin_user)
    staff_page = client.get(f"/sheets/{table.pk}/").content.decode()
    assert "data-worker" not in staff_page and "offline-copy" not in staff_page
