"""``manage.py members import SLUG FILE [--dry-run]`` and ``manage.py members export SLUG --format json|csv``: the
contract scripts outside the project use. Run as from the command line (``execute_from_command_line``),
so the exit code is the real one."""

import csv
import io
import json

import pytest
from django.core.management import execute_from_command_line

from clubs.members import member_save
from clubs.models import Club, Member

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club.objects.create(slug="west", name="SC West")


@pytest.fixture(autouse=True)
def _keep_the_tests_connection(monkeypatch):
    """A command run from the command line closes every database connection when it ends; on PostgreSQL that is
    the test's own connection, inside its transaction. Here it stays open."""
    monkeypatch.setattr("django.core.management.base.connections.close_all", lambda: None)


def run(*args) -> int:
    try:
        execute_from_command_line(["manage.py", "members", *map(str, args)])
    except SystemExit as leaving:
        return leaving.code
    return 0


def test_an_import_writes_every_row(club, tmp_path, capsys):
    path = tmp_path / "list.csv"
    path.write_text("name,club,number,categories,guest,public\nHans,SC West,1,\"Senioren, Damen\",no,yes\n"
                    "Eva,SC Ost,,,ja,nein\n")
    assert run("import", "west", path, "--dry-run") == 0
    assert "dry run" in capsys.readouterr().out and not Member.objects.exists()
    assert run("import", "west", path) == 0
    assert "2 new members" in capsys.readouterr().out
    assert list(club.members.values_list("name", "categories", "guest", "public")) == [
        ("Eva", "", True, False), ("Hans", "Senioren, Damen", False, True)]


def test_any_bad_row_exits_1_names_every_bad_row_and_writes_nothing(club, tmp_path, capsys):
    path = tmp_path / "list.csv"
    path.write_text("name,club,number,categories,guest,public\nGood,SC,1,,no,yes\n,SC,2,,no,yes\n"
                    "Eva,SC,3,,maybe,yes\nOtto,SC,1,,no,yes\nKarl,SC,4,,no,perhaps\n")
    for dry_run in ((), ("--dry-run",)):
        assert run("import", "west", path, *dry_run) == 1
        err = capsys.readouterr().err
        for said in ("row 3 (name)", "row 4 (guest)", "row 5 (membership number)", "row 6 (public)"):
            assert said in err
        assert not err.startswith("row 2") and "\nrow 2 " not in err and "nothing was imported" in err
    assert not Member.objects.exists()


def test_an_xlsx_file_an_unknown_club_and_an_unreadable_file(club, tmp_path, capsys):
    from openpyxl import Workbook

    workbook = Workbook()
    workbook.active.append(["name", "number"])
    workbook.active.append(["Hans", 4711])
    workbook.save(tmp_path / "list.xlsx")
    assert run("import", "west", tmp_path / "list.xlsx") == 0
    assert club.members.get().number == "4711"
    assert run("import", "nowhere", tmp_path / "list.xlsx") == 1
    assert run("import", "west", tmp_path / "missing.csv") == 1
    (tmp_path / "list.txt").write_text("name\nX\n")
    assert run("import", "west", tmp_path / "list.txt") == 1
    assert "not an .xlsx or .csv" in capsys.readouterr().err and club.members.count() == 1


def test_the_export_has_the_columns_plus_id_and_defuses_formulas(club, capsys):
    hans = member_save(club=club, name="=cmd|' /C calc'!A0", home_club="SC", number="7", categories="Damen",
                       guest=True)
    Club.objects.create(slug="ost", name="SC Ost").members.create(name="Not ours")
    assert run("export", "west", "--format", "json") == 0
    assert json.loads(capsys.readouterr().out) == [{"id": hans.pk, "name": "=cmd|' /C calc'!A0", "club": "SC",
                                                    "number": "7", "categories": "Damen", "guest": True,
                                                    "public": True, "federation_number": ""}]
    assert run("export", "west", "--format", "csv") == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows == [["id", "name", "club", "number", "categories", "guest", "public", "federation_number"],
                    [str(hans.pk), "'=cmd|' /C calc'!A0", "SC", "7", "Damen", "yes", "yes", ""]]
    assert run("export", "west", "--format", "pdf") == 2  # argparse's refusal
