"""A compressed upload that eats memory (issue 13, item 9): the player workbook is a zip file.

An 881 KB workbook that inflates to 400 MB was refused only after openpyxl had parsed it for seconds while the
worker grew by 455 MB. The bombs here are built in the test (zip members of repeated bytes) and must be refused
from the zip's own directory, before openpyxl sees them, with memory far below what they inflate to.
"""

import io
import tracemalloc
import zipfile

import openpyxl
import pytest

from seating import imports
from seating.errors import SeatingError
from seating.imports import players_import
from seating.models import Player, Tournament
from tests.seating.test_import import xlsx

pytestmark = pytest.mark.django_db

MB = 2**20


def bomb(*, members: dict[str, int]) -> bytes:
    """A workbook-shaped zip whose members (name: inflated bytes) are nothing but repeated spaces."""
    buffer = io.BytesIO()
    chunk = b" " * MB
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types/>')
        for name, size in members.items():
            with archive.open(name, "w") as member:
                for _ in range(size // MB):
                    member.write(chunk)
    return buffer.getvalue()


@pytest.fixture
def openpyxl_calls(monkeypatch):
    calls = []
    monkeypatch.setattr(openpyxl, "load_workbook", lambda *args, **kwargs: calls.append(args))
    return calls


@pytest.mark.parametrize("members", [
    {"xl/worksheets/sheet1.xml": 60 * MB},  # more than the whole workbook may inflate to
    {"xl/sharedStrings.xml": 30 * MB, "xl/worksheets/sheet1.xml": 30 * MB},  # the same, spread over members
    {"xl/worksheets/sheet1.xml": 20 * MB},  # under the cap, but squeezed far harder than any real sheet
])
def test_a_workbook_bomb_is_refused_before_it_is_parsed(members, openpyxl_calls):
    tournament = Tournament.objects.create(name="Bombed")
    content = bomb(members=members)
    assert len(content) < imports.MAX_BYTES  # it passes the upload cap: the size on the wire says nothing
    tracemalloc.start()
    try:
        with pytest.raises(SeatingError) as refused:
            players_import(tournament=tournament, filename="players.xlsx", content=content)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert openpyxl_calls == []
    assert refused.value.field == "file"
    assert "unpack" in refused.value.message
    assert peak < 5 * MB  # nothing was inflated
    assert Player.objects.filter(tournament=tournament).count() == 0


def test_an_ordinary_workbook_still_imports():
    tournament = Tournament.objects.create(name="Ordinary")
    rows = [["Name", "Club"]] + [[f"Player {n} " + "x" * 80, "Club " * 10] for n in range(3000)]
    report = players_import(tournament=tournament, filename="players.xlsx", content=xlsx(rows))
    assert report.ok and report.imported == 3000
