"""The members registry's services: add and edit, import all or nothing with an error per row and field,
export, duplicates and their merge (both histories kept), forget (results kept under "former member")."""

import csv
import io
import json

import pytest
from openpyxl import Workbook, load_workbook

from clubs.members import (
    MemberError,
    duplicates_of,
    import_rows,
    member_data,
    member_forget,
    member_save,
    members_export,
    members_import,
    members_merge,
    members_of,
    members_preview,
)
from clubs.models import Club, Member
from seating.models import Player, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club.objects.create(slug="west", name="SC West")


def rows(text: str):
    return import_rows("members.csv", text.encode())


def registry(club) -> list[tuple]:
    return list(club.members.order_by("pk").values_list("name", "home_club", "number", "categories", "guest",
                                                        "public", "birth_year"))


def play(member, event: str, language: str = "en", **fields) -> Player:
    tournament = Tournament.objects.create(name=event, club=member.club, language=language)
    return Player.objects.create(tournament=tournament, name=member.name, member=member, **fields)


# --- Add and edit ----------------------------------------------------------------------------------------------

def test_a_member_is_added_tidied_and_changed(club):
    member = member_save(club=club, name="  Hans   Müller ", home_club="SC Ost",
                         categories="Senioren,, senioren ,Damen", birth_year=1961, guest=True)
    assert (member.name, member.categories, member.guest, member.public) == ("Hans Müller", "Senioren, senioren, Damen",
                                                                             True, True)
    member_save(club=club, member=member, name="Hans Müller", number="77")
    member.refresh_from_db()
    assert (member.number, member.guest, member.birth_year) == ("77", False, None)


@pytest.mark.parametrize("values, field", [
    ({"name": " "}, "name"),
    ({"name": "x" * 121}, "name"),
    ({"name": "Eva", "number": "1" * 41}, "number"),
    ({"name": "Eva", "birth_year": 1850}, "birth_year"),
    ({"name": "Eva", "home_club": "c" * 121}, "home_club"),
])
def test_a_bad_member_is_refused_beside_its_field_and_nothing_saved(club, values, field):
    with pytest.raises(MemberError) as refused:
        member_save(club=club, **values)
    assert refused.value.field == field and refused.value.message
    assert not Member.objects.exists()


def test_a_number_is_one_members(club):
    hans = member_save(club=club, name="Hans", number="12")
    with pytest.raises(MemberError, match="already Hans's") as refused:
        member_save(club=club, name="Eva", number="12")
    assert refused.value.field == "number"
    member_save(club=club, member=hans, name="Hans B.", number="12")  # his own number is no conflict
    other = Club.objects.create(slug="ost", name="SC Ost")
    member_save(club=other, name="Eva", number="12")  # another club's numbers are its own


def test_the_search_finds_by_name_club_or_number(club):
    member_save(club=club, name="Hans Müller", home_club="SC Ost", number="4711")
    member_save(club=club, name="Eva Schmidt")
    assert [m.name for m in members_of(club, "müll")] == ["Hans Müller"]
    assert [m.name for m in members_of(club, "471")] == ["Hans Müller"]
    assert [m.name for m in members_of(club, "")] == ["Eva Schmidt", "Hans Müller"]


# --- Import ----------------------------------------------------------------------------------------------------

GOOD = ("name,club,number,categories,guest,public\n"
        "Hans Müller,SC West,101,\"Senioren, Damen\",no,yes\n"
        "Eva Gast,SC Ost,,,ja,nein\n")


def test_an_import_writes_every_row_and_a_second_updates_them(club):
    done = members_import(club, rows(GOOD))
    assert (done.ok, done.written, done.new_count) == (True, 2, 2)
    assert registry(club) == [("Hans Müller", "SC West", "101", "Senioren, Damen", False, True, None),
                              ("Eva Gast", "SC Ost", "", "", True, False, None)]
    again = members_import(club, rows(GOOD.replace("Senioren, Damen", "Junioren")))
    assert (again.new_count, again.update_count) == (0, 2)
    assert registry(club)[0][3] == "Junioren" and club.members.count() == 2


def test_a_dry_run_writes_nothing(club):
    preview = members_import(club, rows(GOOD), dry_run=True)
    assert preview.ok and preview.written == 0 and not Member.objects.exists()


def test_every_bad_row_is_named_with_its_field_and_nothing_is_written(club):
    member_save(club=club, name="Alt", number="900")
    text = ("Name;Verein;Mitgliedsnummer;Kategorien;Gast;Öffentlich\n"
            "Gut;SC;1;;nein;ja\n"
            ";SC;2;;nein;ja\n"                # row 3: no name
            "Eva;SC;3;;vielleicht;ja\n"       # row 4: guest neither yes nor no
            "Otto;SC;1;;nein;ja\n"            # row 5: the number of row 2
            "Karl;SC;4;;no;maybe\n"           # row 6: public
            f"{'x' * 121};SC;5;;;\n")         # row 7: name too long
    preview = members_import(club, rows(text))
    assert not preview.ok and preview.written == 0
    assert [(e.row, e.field) for e in preview.errors] == [(3, "name"), (4, "guest"), (5, "number"), (6, "public"),
                                                          (7, "name")]
    assert str(preview.errors[0]).startswith("row 3 (name): ")
    assert registry(club) == [("Alt", "", "900", "", False, True, None)]


def test_an_id_of_another_club_or_none_is_an_error(club):
    other = Club.objects.create(slug="ost", name="SC Ost")
    stranger = member_save(club=other, name="Fremd")
    preview = members_preview(club, rows(f"id,name\n{stranger.pk},Fremd\n²,Zwei\n"))
    assert [(e.row, e.field) for e in preview.errors] == [(2, "id"), (3, "id")]
    assert other.members.get().name == "Fremd"


def test_an_export_imported_again_changes_nothing_even_with_hostile_names(club):
    member_save(club=club, name='=HYPERLINK("http://evil.example","x")', home_club="+SUM(1)", categories="Damen")
    member_save(club=club, name="Hans", number="-5", guest=True, public=False)
    before = registry(club)
    exported = members_export(club, "csv")
    lines = list(csv.reader(io.StringIO(exported.decode("utf-8-sig"))))
    assert lines[0] == ["id", "Name", "Club", "Membership number", "Categories", "Guest", "Public",
                        "Federation number"]
    assert lines[1][1].startswith("'=") and lines[1][2] == "'+SUM(1)" and lines[2][3] == "'-5"
    done = members_import(club, import_rows("back.csv", exported))
    assert done.ok and done.update_count == 2 and registry(club) == before


def test_a_german_export_says_the_columns_and_yes_no_in_german_and_reads_back_the_same(club):
    from django.utils import translation

    member_save(club=club, name="Hans", number="7", guest=True, public=False, categories="Senioren")
    before = registry(club)
    with translation.override("de"):
        exported = members_export(club, "csv")
    lines = list(csv.reader(io.StringIO(exported.decode("utf-8-sig"))))
    assert lines[0] == ["id", "Name", "Verein", "Mitgliedsnummer", "Kategorien", "Gast", "Öffentlich",
                        "Spielerpassnummer"]
    assert lines[1][5:] == ["ja", "nein", ""]
    done = members_import(club, import_rows("zurueck.csv", exported))  # read back whatever the reader's language
    assert done.ok and done.update_count == 1 and registry(club) == before


def test_an_xlsx_import_and_the_json_and_xlsx_exports(club):
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["name", "club", "number", "categories", "guest", "public"])
    sheet.append(["Hans", "SC", 12345, "Senioren", "yes", "no"])
    data = io.BytesIO()
    workbook.save(data)
    assert members_import(club, import_rows("list.xlsx", data.getvalue())).ok
    hans = club.members.get()
    assert json.loads(members_export(club, "json")) == [
        {"id": hans.pk, "name": "Hans", "club": "SC", "number": "12345", "categories": "Senioren", "guest": True,
         "public": False, "federation_number": ""}]
    sheet = load_workbook(io.BytesIO(members_export(club, "xlsx"))).active
    assert [cell.value for cell in sheet[2]] == [hans.pk, "Hans", "SC", "12345", "Senioren", "yes", "no", None]


@pytest.mark.parametrize("filename, content, said", [
    ("list.txt", b"name\nHans\n", "not an .xlsx or .csv"),
    ("list.csv", b"", "empty"),
    ("list.csv", b"club,number\nSC,1\n", "no name column"),
    ("list.csv", b"name\n\n", "no members"),
    ("list.xlsx", b"not a zip", "could not be read"),
    ("list.csv", "name\nHans\n".encode("utf-16"), "not UTF-8"),
])
def test_a_file_that_cannot_be_read_is_refused_as_the_file(filename, content, said):
    with pytest.raises(MemberError, match=said) as refused:
        import_rows(filename, content)
    assert refused.value.field == "file"


# --- Duplicates and merge --------------------------------------------------------------------------------------

def test_duplicates_are_the_same_name_and_year_or_the_same_number(club):
    a = member_save(club=club, name="Hans Müller", birth_year=1961)
    b = member_save(club=club, name="hans müller", birth_year=1961)
    member_save(club=club, name="Hans Müller", birth_year=1962)
    c = member_save(club=club, name="Eva", number="7")
    Member.objects.create(club=club, name="Eva Maria", number="7")  # as an old import could have left it
    d = club.members.get(name="Eva Maria")
    assert {(x.pk, y.pk) for x, y, _reason in duplicates_of(club)} == {(a.pk, b.pk), (c.pk, d.pk)}


def test_a_merge_keeps_both_histories(club):
    keep = member_save(club=club, name="Hans Müller", categories="Senioren")
    other = member_save(club=club, name="Hans Mueller", number="55", birth_year=1961, categories="Damen, Senioren",
                        notes="came from SC Ost")
    first, second = play(keep, "Herbst"), play(other, "Winter")
    members_merge(club=club, keep_id=keep.pk, other_id=other.pk)
    keep.refresh_from_db()
    assert not Member.objects.filter(pk=other.pk).exists()
    assert set(keep.players.values_list("pk", flat=True)) == {first.pk, second.pk}
    assert (keep.number, keep.birth_year, keep.categories, keep.notes) == ("55", 1961, "Senioren, Damen",
                                                                           "came from SC Ost")


def test_a_merge_across_clubs_or_with_himself_is_refused(club):
    other_club = Club.objects.create(slug="ost", name="SC Ost")
    mine, theirs = member_save(club=club, name="A"), member_save(club=other_club, name="A")
    with pytest.raises(MemberError):
        members_merge(club=club, keep_id=mine.pk, other_id=theirs.pk)
    with pytest.raises(MemberError):
        members_merge(club=club, keep_id=mine.pk, other_id=mine.pk)
    assert Member.objects.count() == 2


# --- Forget and his data ----------------------------------------------------------------------------------------

def test_forgetting_keeps_his_results_under_former_member_in_the_events_language(club):
    hans = member_save(club=club, name="Hans Müller", number="4711")
    eva = member_save(club=club, name="Eva")
    english = play(hans, "Autumn", club="SC West", membership_number="4711")
    german = play(hans, "Herbst", language="de", club="SC West")
    # someone else forgotten earlier in the same event: the names stay distinct
    Player.objects.create(tournament=german.tournament, name="ehemaliges Mitglied")
    kept = play(eva, "Winter")
    assert member_forget(club=club, member_id=hans.pk) == 2
    english.refresh_from_db()
    german.refresh_from_db()
    assert (english.name, english.club, english.membership_number, english.member) == ("former member", "", "", None)
    assert german.name == "ehemaliges Mitglied (2)" and german.pk in german.tournament.players.values_list("pk",
                                                                                                         flat=True)
    assert not english.history.filter(name="Hans Müller").exists()  # nor in the player's history
    assert not Member.objects.filter(pk=hans.pk).exists()
    kept.refresh_from_db()
    assert kept.name == "Eva" and kept.member == eva


def test_a_members_data_carries_his_events(club):
    hans = member_save(club=club, name="Hans", notes="pays by card")
    play(hans, "Herbst")
    data = json.loads(json.dumps(member_data(hans)))
    assert data["member"]["name"] == "Hans" and data["member"]["notes"] == "pays by card"
    assert [event["event"] for event in data["events"]] == ["Herbst"]


def test_two_rows_of_one_name_are_two_people_when_their_numbers_differ(club):
    preview = members_preview(club, rows("name,club,number\nHans,SC,1\nHans,SC,2\nEva,SC,\nEva,SC,\n"))
    assert [(e.row, e.field) for e in preview.errors] == [(5, "name")]


def test_a_workbook_bomb_is_refused_before_it_is_parsed(monkeypatch):
    import openpyxl

    from tests.attacks.test_upload_bombs import MB, bomb

    calls = []
    monkeypatch.setattr(openpyxl, "load_workbook", lambda *args, **kwargs: calls.append(args))
    with pytest.raises(MemberError, match="unpack") as refused:
        import_rows("members.xlsx", bomb(members={"xl/worksheets/sheet1.xml": 40 * MB}))
    assert refused.value.field == "file" and calls == []


def test_hostile_cells_are_defused_in_the_workbook_too(club):
    member_save(club=club, name="@SUM(A1)", home_club="=1+1")
    sheet = load_workbook(io.BytesIO(members_export(club, "xlsx"))).active
    assert [cell.value for cell in sheet[2]][1:3] == ["'@SUM(A1)", "'=1+1"]
