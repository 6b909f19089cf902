"""A compressed upload that eats memory: the player workbook is a zip file.

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


def one_giant_row(inflated: int) -> bytes:
    """A sheet of one row of numbered cells: squeezed only about 20 times, as a real sheet is, yet openpyxl
    holds the whole row in memory (45 MB inflated grew the worker by 850 MB)."""
    cells, size, n = [], 0, 0
    while size < inflated:
        cells.append(f'<c t="inlineStr"><is><t>Name{n}</t></is></c>')
        size += len(cells[-1])
        n += 1
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", '<worksheet><sheetData><row r="1">' + "".join(cells)
                         + "</row></sheetData></worksheet>")
    return buffer.getvalue()


@pytest.mark.slow
@pytest.mark.parametrize("make", [
    lambda: bomb(members={"xl/worksheets/sheet1.xml": 400 * MB}),  # the one found: 400 MB from under 1 MB
    lambda: bomb(members={"xl/sharedStrings.xml": 6 * MB, "xl/worksheets/sheet1.xml": 6 * MB}),  # over the cap
    lambda: bomb(members={"xl/worksheets/sheet1.xml": 4 * MB}),  # under the cap, squeezed far harder than a sheet
    lambda: one_giant_row(12 * MB),  # squeezed like a real sheet, but more than any player list
    lambda: bomb(members={f"xl/media/image{n}.xml": 0 for n in range(imports.MAX_PARTS + 1)}),  # many parts
], ids=["400 MB", "spread over parts", "squeezed", "one giant row", "many parts"])
def test_a_workbook_bomb_is_refused_before_it_is_parsed(make, openpyxl_calls):
    tournament = Tournament.objects.create(name="Bombed")
    content = make()
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
    assert refused.value.message.startswith("The workbook ") and "save the player list again" in refused.value.message
    assert peak < 2 * MB  # nothing was inflated
    assert Player.objects.filter(tournament=tournament).count() == 0


@pytest.mark.slow
def test_the_largest_player_list_still_imports():
    """As many players as an import takes, every text as long as it may be: well under the cap."""
    tournament = Tournament.objects.create(name="Largest")
    lengths = imports.MAX_LENGTHS
    rows = [["Name", "Club", "Membership number", "Expert"]] + [
        [f"Player {n} ".ljust(lengths["name"], "x"), f"Club {n} ".ljust(lengths["club"], "y"),
         str(n).rjust(lengths["membership_number"], "0"), "yes"] for n in range(imports.MAX_ROWS)]
    content = xlsx(rows)
    inflated = sum(member.file_size for member in zipfile.ZipFile(io.BytesIO(content)).infolist())
    assert inflated < imports.MAX_INFLATED_BYTES / 2
    report = players_import(tournament=tournament, filename="players.xlsx", content=content)
    assert report.ok and report.imported == imports.MAX_ROWS
