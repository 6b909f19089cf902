"""The member search without regard to case beyond ASCII (SQLite's LIKE and lower() fold ASCII letters only): the
picker, the members page, a sign-up matched and a guest kept all compare folded names, on SQLite and PostgreSQL."""

import importlib
import unicodedata

import pytest
from django.apps import apps

from clubs.members import import_rows, member_save, members_import, members_of
from clubs.models import Club, Member
from clubs.selectors import members_matching
from scoring.tournaments.services import tournament_open
from seating.member_entry import guest_add
from seating.models import SignUp, Tournament
from seating.signups import signup_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club.objects.create(slug="west", name="Skatclub West")


def names(found) -> list[str]:
    return [member.name for member in found]


@pytest.fixture
def registry(club):
    for name, home in (("Hans Müller", ""), ("özdemir", ""), ("Jörg Strauß", "SC München"),
                       ("Eva Strauss", ""), ("Otto Mumm", "")):
        member_save(club=club, name=name, home_club=home)
    return club


@pytest.mark.parametrize("typed, found", [
    ("mü", ["Hans Müller"]),
    ("MÜ", ["Hans Müller"]),
    ("Mü", ["Hans Müller"]),
    (unicodedata.normalize("NFD", "Mü"), ["Hans Müller"]),  # "ü" typed as "u" and a combining diaeresis
    ("Öz", ["özdemir"]),
    ("ÖZDEMIR", ["özdemir"]),
    ("aUß", ["Eva Strauss", "Jörg Strauß"]),  # "ß" is "ss"
    ("ss", ["Eva Strauss", "Jörg Strauß"]),
    ("mu", ["Otto Mumm"]),  # "u" is not "ü"
    ("mün", []),  # the picker lists people by name: a guest's club ("SC München") does not find him
])
def test_the_picker_finds_umlauts_in_any_case(registry, typed, found):
    assert names(members_matching(registry, typed)) == found


def test_those_whose_name_starts_with_it_come_first_in_any_case(club):
    for name in ("Hans Übel", "Über Alles", "Anna Müller"):
        member_save(club=club, name=name)
    assert names(members_matching(club, "üB")) == ["Über Alles", "Hans Übel"]


def test_a_number_is_found_by_its_start_in_any_case(club):
    member_save(club=club, name="Anna", number="SÜ-4711")
    member_save(club=club, name="Bernd", number="4711")
    assert names(members_matching(club, "sü-4")) == ["Anna"]
    assert names(members_matching(club, "47")) == ["Bernd"]  # the start, not a part
    assert names(members_of(club, "Sü")) == ["Anna"]


def test_the_members_page_finds_by_name_or_club_in_any_case(registry):
    assert names(members_of(registry, "MÜLLER")) == ["Hans Müller"]
    assert names(members_of(registry, "münchen")) == ["Jörg Strauß"]
    assert names(members_of(registry, "STRAUSS sc")) == ["Jörg Strauß"]  # every word: Eva has no club


def test_the_folded_name_follows_every_write(club):
    member = member_save(club=club, name="Max Mustermann")
    member_save(club=club, member=member, name="Max Müller", home_club="SC Öhringen")
    assert names(members_matching(club, "MÜLL")) == ["Max Müller"]
    member.name = "Max Ärger"
    member.save(update_fields=["name"])
    assert names(members_matching(club, "ÄRG")) == ["Max Ärger"]
    members_import(club, import_rows("members.csv", "name,club\nÜte Öl,SC Ühlingen\n".encode()))
    assert names(members_matching(club, "ÜTE")) == ["Üte Öl"]
    assert names(members_of(club, "ühlingen")) == ["Üte Öl"]
    exported = import_rows("members.csv", f"id,name,club\n{member.pk},Max Übermut,\n".encode())
    members_import(club, exported)  # an update by id: a bulk write
    assert names(members_matching(club, "ÜBERM")) == ["Max Übermut"]


def test_a_sign_up_is_matched_with_the_member_of_his_name_in_any_case():
    event = Tournament.objects.create(name="Preisskat", signup_open=True)
    member = Member.objects.create(club=event.club, name="Jürgen Öztürk", home_club="SC Nürnberg")
    signup = signup_create(tournament=event, name="JÜRGEN ÖZTÜRK", club="sc nürnberg", contact="0171 234567")
    assert SignUp.objects.get(pk=signup.pk).member == member


def test_a_guest_is_kept_once_whatever_the_case_of_his_umlauts(club):
    first = tournament_open(name="Dienstag", rulebook="isko", method="fixed", club=club)
    kept = guest_add(tournament=first, name="Jürgen Öztürk", club="SC Nürnberg").player.member
    second = tournament_open(name="Dienstag", rulebook="isko", method="fixed", club=club)
    assert guest_add(tournament=second, name="JÜRGEN ÖZTÜRK", club="sc nürnberg").player.member == kept
    assert Member.objects.filter(club=club).count() == 1


def test_the_migration_folds_the_members_kept_before_it(club):
    member_save(club=club, name="Hans Müller", home_club="SC Öhringen")
    member_save(club=club, name="Eva", number="Ö-12")
    Member.objects.update(name_folded="", home_club_folded="", number_folded="")  # as the columns came: empty
    assert members_matching(club, "mü") == [] and members_matching(club, "ö-1") == []
    migration = importlib.import_module("clubs.migrations.0003_member_folded_names")
    migration.fold_members(apps, None)
    assert names(members_matching(club, "MÜ")) == ["Hans Müller"]
    assert names(members_of(club, "öhr")) == ["Hans Müller"]
    assert names(members_matching(club, "Ö-1")) == ["Eva"]
