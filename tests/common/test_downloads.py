"""One download response: its Content-Disposition is written in one place, its file name safe and readable back by
a mail parser (the same RFC 2231 / 5987 encoding), and no view of the product writes the header by hand."""

import re
from email.message import Message
from pathlib import Path
from urllib.parse import unquote

import pytest

from common.downloads import Export, attachment, download, safe_filename
from tests.test_rooms import ROOT, rooms


def saved_as(header: str) -> str:
    """The file name a client saves under: the RFC 5987 ``filename*`` when sent (RFC 6266 prefers it), else the
    quoted ``filename``, read as a mail parser reads a parameter."""
    extended = re.search(r"filename\*=UTF-8''([^;\s]+)", header)
    if extended:
        return unquote(extended.group(1), errors="strict")
    message = Message()
    message["Content-Disposition"] = header
    return message.get_filename()


@pytest.mark.parametrize("name", ["kassenbericht.pdf", "jahreswertung-2026.xlsx", "Jahresübersicht Köln.pdf",
                                  "李小龍-ergebnisse.xlsx", "a;b=c.csv", "100 % sicher.json"])
def test_a_client_saves_the_file_under_its_own_name(name):
    assert saved_as(attachment(name)) == name


def test_a_plain_ascii_name_is_sent_once_and_quoted():
    assert attachment("vereinsabend-2026-11-25-preise-A4.pdf") == (
        'attachment; filename="vereinsabend-2026-11-25-preise-A4.pdf"')


def test_a_name_beyond_ascii_has_an_ascii_stand_in_and_the_full_name_by_rfc_5987():
    assert attachment("mitglieder-köln.csv") == (
        "attachment; filename=\"mitglieder-koln.csv\"; filename*=UTF-8''mitglieder-k%C3%B6ln.csv")
    assert attachment("李.pdf") == "attachment; filename=\"download.pdf\"; filename*=UTF-8''%E6%9D%8E.pdf"


@pytest.mark.parametrize("unsafe, safe", [("../../etc/passwd", "etc-passwd"), ("a\\b.pdf", "a-b.pdf"),
                                          ('say "hi".pdf', "say -hi-.pdf"), ("line\r\nX-Evil: 1.pdf", "line-X-Evil: 1.pdf"),
                                          (".hidden", "hidden"), ("", "download"), ("\x00", "download")])
def test_a_file_name_cannot_name_a_folder_a_header_or_a_hidden_file(unsafe, safe):
    assert safe_filename(unsafe) == safe
    assert "\n" not in attachment(unsafe) and "\r" not in attachment(unsafe)


def test_the_answer_carries_the_file_its_media_type_and_its_name():
    response = download(Export(b"%PDF-1.7 ...", "preise.pdf"))
    assert response.content == b"%PDF-1.7 ..."
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="preise.pdf"'
    assert download(Export(b"a,b\n", "m.csv"))["Content-Type"] == "text/csv; charset=utf-8"
    assert download(Export(b"PK", "m.xlsx"))["Content-Type"] == (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")


def test_no_view_writes_the_content_disposition_by_hand():
    by_hand = sorted(str(path.relative_to(ROOT)) for room in rooms() for path in (ROOT / room).rglob("*.py")
                     if '"Content-Disposition"]' in path.read_text(encoding="utf-8")
                     and path != ROOT / "common" / "downloads.py")
    assert by_hand == []


def test_each_app_s_files_are_made_in_its_exports_module():
    # the views hand over what exports.py made: none of them builds a file's name or bytes for a download itself
    for view in ("cashdesk/views.py", "clubs/views.py", "leagues/views.py", "scoring/committee/views.py",
                 "scoring/entry/views.py", "seasons/views.py", "stats/views.py"):
        text = Path(ROOT / view).read_text(encoding="utf-8")
        assert "download(" in text and "exports" in text, view
