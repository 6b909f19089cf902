"""The player import: good files register everyone; one bad row, or a file that cannot be read, imports nobody."""

import io

import pytest
from openpyxl import Workbook

from common import import_files
from seating import imports
from seating.errors import SeatingError
from seating.imports import players_import
from seating.models import Player, Tournament
from seating.services import player_register, tournament_draw

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    return Tournament.objects.create(name="Import test")


def xlsx(rows) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(list(row))
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def csv_bytes(text: str, *, bom: bool = False) -> bytes:
    return ("\ufeff" if bom else "").encode() + text.encode("utf-8")


def players_of(tournament):
    return list(tournament.players.order_by("id").values_list("name", "club", "membership_number", "is_expert"))


def test_import_xlsx_registers_every_player(tournament):
    content = xlsx([("Name", "Club", "Member no", "Expert", "Phone"),
                    ("Otto Kahn", "Chicago", 12345, "x", "555"),
                    ("Anna  Weber", "St. Louis", None, "", None),
                    (None, None, None, None, None),
                    ("Karl Braun", None, "A-7", True, None)])

    report = players_import(tournament=tournament, filename="players.xlsx", content=content)

    assert (report.ok, report.rows, report.imported, report.ignored_columns) == (True, 3, 3, ("Phone",))
    assert players_of(tournament) == [("Otto Kahn", "Chicago", "12345", True), ("Anna Weber", "St. Louis", "", False),
                                      ("Karl Braun", "", "A-7", True)]


def test_import_keeps_an_audit_trail(tournament):
    players_import(tournament=tournament, filename="p.csv", content=csv_bytes("Name\nOtto Kahn\n"))

    assert Player.history.filter(name="Otto Kahn", history_type="+").count() == 1


@pytest.mark.parametrize("text, bom", [
    ("Name,Club,Membership number,Expert\r\nOtto Kahn,Chicago,123,yes\r\nAnna Weber,,,no\r\n", False),
    ("Name,Club,Membership number,Expert\nOtto Kahn,Chicago,123,yes\nAnna Weber,,,no\n", True),
    ("Spieler;Verein;Mitgliedsnummer;Experte\nOtto Kahn;Chicago;123;ja\nAnna Weber;;;nein\n", True),
    ('"Name";"Club";"Member No.";"Expert"\n"Otto Kahn";"Chicago";"123";"1"\n"Anna Weber";"";"";"0"\n', False),
])
def test_import_csv_comma_or_semicolon_with_or_without_bom(tournament, text, bom):
    report = players_import(tournament=tournament, filename="Players.CSV", content=csv_bytes(text, bom=bom))

    assert (report.ok, report.imported) == (True, 2)
    assert players_of(tournament) == [("Otto Kahn", "Chicago", "123", True), ("Anna Weber", "", "", False)]


@pytest.mark.parametrize("rows, row, message", [
    ([("Otto Kahn", "Chicago", "", ""), ("", "Chicago", "7", "")], 3, "the name is missing"),
    ([("Otto Kahn", "Chicago", "", ""), ("x" * 121, "", "", "")], 3, "the name is longer than 120 characters"),
    ([("Otto Kahn", "Chicago", "", ""), ("Anna Weber", "c" * 121, "", "")], 3,
     "the club is longer than 120 characters"),
    ([("Otto Kahn", "Chicago", "", ""), ("Anna Weber", "", "9" * 41, "")], 3,
     "the membership number is longer than 40 characters"),
    ([("Otto Kahn", "Chicago", "", ""), ("OTTO  kahn", "chicago", "", "")], 3, "OTTO kahn (chicago) is also in row 2"),
    ([("Otto Kahn", "Chicago", "77", ""), ("Anna Weber", "", "77", "")], 3, "membership number 77 is also in row 2"),
    ([("Otto Kahn", "Chicago", "", ""), ("Anna Weber", "", "", "maybe")], 3,
     "expert must be yes or no (or x, 1, true), not “maybe”"),
    ([("Otto Kahn", "Chicago", "", ""), ("Fritz Lang", "Berlin", "", "")], 3,
     "Fritz Lang (Berlin) is already registered"),
    ([("Otto Kahn", "Chicago", "", ""), ("Fritz Lang", "Munich", "B-1", "")], 3,
     "membership number B-1 is already registered"),
])
def test_import_reports_a_bad_row_by_number_and_imports_nobody(tournament, rows, row, message):
    player_register(tournament=tournament, name="Fritz Lang", club="Berlin", membership_number="B-1")
    before = players_of(tournament)
    content = xlsx([("Name", "Club", "Membership number", "Expert"), *rows])

    report = players_import(tournament=tournament, filename="players.xlsx", content=content)

    assert [(p.row, p.message) for p in report.problems] == [(row, message)]
    assert (report.ok, report.imported) == (False, 0)
    assert players_of(tournament) == before


def test_import_lists_every_bad_row_at_once_in_row_order(tournament):
    text = "Name,Expert\nOtto Kahn,yes\n,\n\nAnna Weber,perhaps\n,no\n"

    report = players_import(tournament=tournament, filename="p.csv", content=csv_bytes(text))

    assert [str(problem) for problem in report.problems] == [
        "Row 5: expert must be yes or no (or x, 1, true), not “perhaps”", "Row 6: the name is missing"]
    assert tournament.players.count() == 0


def test_import_agrees_with_player_register_on_duplicates(tournament):
    player_register(tournament=tournament, name="Otto Kahn", club="Chicago")

    content = csv_bytes("Name,Club\notto  kahn,CHICAGO\n")

    report = players_import(tournament=tournament, filename="p.csv", content=content)

    assert [str(problem) for problem in report.problems] == ["Row 2: otto kahn (CHICAGO) is already registered"]


@pytest.mark.parametrize("filename, content, message", [
    ("players.xlsx", b"\x00\x01garbage\xff" * 50, "could not be read as an Excel workbook"),
    ("players.xlsx", b"PK\x03\x04 not really a zip", "could not be read as an Excel workbook"),
    ("players.csv", b"\xff\xfe\x00N\x00a\x00m\x00e", "not UTF-8"),
    ("players.csv", b"Name\nOtto\x00Kahn\n", "binary data"),
    ("players.csv", b"", "The file is empty."),
    ("players.xlsx", b"", "The file is empty."),
    ("players.txt", b"Name\nOtto Kahn\n", "is not an .xlsx or .csv file"),
    ("players.xls", b"\xd0\xcf\x11\xe0", "an old Excel file: save it as .xlsx"),
    ("players", b"Name\nOtto Kahn\n", "is not an .xlsx or .csv file"),
    ("players.csv", b"Player list of 1907\n\n", "has no Name column"),
    ("players.csv", b"Name,Club\n", "no players below it"),
    ("players.csv", b"\n\n\n", "The file has no rows"),
    ("players.csv", b"Name,Name\nA,B\n", "two name columns"),
    ("players.csv", b'Name\n"Otto Kahn\n' + b"x" * 200_000 + b'"\n', "broken"),
])
def test_import_refuses_a_file_it_cannot_read_and_imports_nobody(tournament, filename, content, message):
    with pytest.raises(SeatingError) as refused:
        players_import(tournament=tournament, filename=filename, content=content)

    assert refused.value.field == "file"
    assert message in refused.value.message
    assert tournament.players.count() == 0


def test_import_refuses_a_file_over_the_size_limit(tournament, monkeypatch):
    monkeypatch.setattr(import_files, "MAX_BYTES", 100)  # the reader's limit, which seating names too

    with pytest.raises(SeatingError) as refused:
        players_import(tournament=tournament, filename="p.csv", content=b"Name\n" + b"Otto Kahn\n" * 20)

    assert "at most" in refused.value.message and refused.value.field == "file"
    assert tournament.players.count() == 0


def test_import_refuses_more_rows_than_the_limit(tournament, monkeypatch):
    monkeypatch.setattr(imports, "MAX_ROWS", 3)
    text = "Name\n" + "".join(f"Player {n}\n" for n in range(4))

    with pytest.raises(SeatingError) as refused:
        players_import(tournament=tournament, filename="p.csv", content=csv_bytes(text))

    assert refused.value.message == "The file has more than 3 players; import it in parts."
    assert tournament.players.count() == 0


@pytest.mark.slow
def test_import_of_the_largest_file_allowed_succeeds(tournament):
    content = xlsx([("Name", "Club")] + [(f"Player {n}", "Club") for n in range(imports.MAX_ROWS)])

    report = players_import(tournament=tournament, filename="hall.xlsx", content=content)

    assert report.imported == imports.MAX_ROWS == tournament.players.count()


def test_import_after_the_draw_is_refused(tournament):
    Player.objects.bulk_create([Player(tournament=tournament, name=f"P{n}") for n in range(12)])
    tournament_draw(tournament=tournament, seed=5)

    with pytest.raises(SeatingError) as refused:
        players_import(tournament=tournament, filename="p.csv", content=csv_bytes("Name\nLate Comer\n"))

    assert "clear the draw" in refused.value.message
    assert tournament.players.count() == 12


def test_import_counts_rows_as_the_spreadsheet_shows_them(tournament):
    content = xlsx([(None,), ("Name", "Expert"), ("Otto Kahn", "no"), (None, None), ("Anna Weber", "sometimes")])

    report = players_import(tournament=tournament, filename="p.xlsx", content=content)

    assert [problem.row for problem in report.problems] == [5]


# --- Team and Categories columns ------------------------------------------------------------------------

def groups_of(tournament):
    return [(player.name, player.team.name if player.team else None, sorted(c.name for c in player.categories.all()))
            for player in tournament.players.order_by("id").select_related("team").prefetch_related("categories")]


def test_import_team_and_categories_columns_make_and_match_teams_and_categories(tournament):
    from seating.teams import category_create, team_create

    team_create(tournament, "Hearts")
    category_create(tournament, "Ladies")
    content = xlsx([("Name", "Team", "Categories"),
                    ("Otto Kahn", "hearts", "Seniors"),
                    ("Anna Weber", "Spades", "ladies, Seniors ,,"),
                    ("Karl Braun", None, None),
                    ("Eva Roth", "SPADES", "Juniors, juniors")])

    report = players_import(tournament=tournament, filename="players.xlsx", content=content)

    assert (report.ok, report.imported, report.ignored_columns) == (True, 4, ())
    assert groups_of(tournament) == [("Otto Kahn", "Hearts", ["Seniors"]), ("Anna Weber", "Spades", ["Ladies", "Seniors"]),
                                     ("Karl Braun", None, []), ("Eva Roth", "Spades", ["Juniors"])]
    assert sorted(tournament.teams.values_list("name", flat=True)) == ["Hearts", "Spades"]
    assert sorted(tournament.categories.values_list("name", flat=True)) == ["Juniors", "Ladies", "Seniors"]


def test_import_csv_reads_german_team_and_category_headers(tournament):
    content = csv_bytes("Spieler;Mannschaft;Kategorie\nOtto Kahn;Herz;Senioren,Gäste\n")

    players_import(tournament=tournament, filename="p.csv", content=content)

    assert groups_of(tournament) == [("Otto Kahn", "Herz", ["Gäste", "Senioren"])]


def test_import_with_a_too_long_team_or_category_makes_nothing(tournament):
    content = csv_bytes("Name,Team,Categories\nOtto Kahn,Hearts,Ladies\n"
                        f"Anna Weber,{'t' * 121},Seniors\nKarl Braun,Spades,\"Juniors,{'c' * 61}\"\n")

    report = players_import(tournament=tournament, filename="p.csv", content=content)

    assert [(problem.row, problem.field) for problem in report.problems] == [(3, "team"), (4, "categories")]
    assert "longer than 120" in report.problems[0].message and "longer than 60" in report.problems[1].message
    assert not tournament.players.exists() and not tournament.teams.exists() and not tournament.categories.exists()


def test_import_refused_for_a_duplicate_player_makes_no_team(tournament):
    player_register(tournament=tournament, name="Otto Kahn")

    report = players_import(tournament=tournament, filename="p.csv",
                            content=csv_bytes("Name,Team,Categories\nOtto Kahn,Hearts,Ladies\n"))

    assert not report.ok and not tournament.teams.exists() and not tournament.categories.exists()


def test_a_refusal_of_the_shared_reader_speaks_of_player_lists_in_the_language_active_then(tournament):
    from django.utils import translation

    with translation.override("de"), pytest.raises(SeatingError) as refused:
        players_import(tournament=tournament, filename="players.txt", content=b"Name\n")

    assert refused.value.field == "file"
    assert refused.value.message == ("„players.txt“ ist keine .xlsx- oder .csv-Datei; die Spielerliste als Excel "
                                     "(.xlsx) oder CSV speichern.")
