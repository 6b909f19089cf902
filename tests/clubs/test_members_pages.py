"""The members registry's pages: the director of the club only; another club's director gets no 2xx
on any of them and his POSTs change nothing; bad input is a clear message with 422 and nothing saved; hostile names
are shown as text."""

import io
import json

import pytest
from django.urls import reverse

from clubs.members import member_save
from clubs.models import Club, Member
from seating.models import Player, Tournament
from tests.roles import director, grant

pytestmark = pytest.mark.django_db
HOSTILE = '<script>alert("x")</script>'


@pytest.fixture
def club():
    return Club.objects.create(slug="west", name="SC West")


@pytest.fixture
def hans(club):
    member = member_save(club=club, name="Hans Müller", number="4711", birth_year=1961)
    tournament = Tournament.objects.create(name="Herbstturnier", club=club)
    Player.objects.create(tournament=tournament, name="Hans Müller", member=member)
    return member


@pytest.fixture
def twin(club):
    return member_save(club=club, name="hans müller", birth_year=1961)


@pytest.fixture
def mine(client, django_user_model, club):
    client.force_login(director(django_user_model, "leitung", club=club))
    return client


@pytest.fixture
def stranger(client, django_user_model):
    """A director of another club."""
    other = Club.objects.create(slug="ost", name="SC Ost")
    client.force_login(grant(django_user_model.objects.create_user("ost", password="x"), "director", other))
    return client


def url(name: str, club: Club, *args) -> str:
    return reverse(f"clubs:{name}", args=[club.slug, *args])


def state() -> list:
    return list(Member.objects.order_by("pk").values_list()) + list(Player.objects.order_by("pk").values_list(
        "pk", "name", "club", "member"))


def test_the_list_searches_and_links_every_page(mine, club, hans):
    page = mine.get(url("members", club), {"q": "müll"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "Hans Müller" in html and url("member", club, hans.pk) in html
    for name in ("member_add", "members_import", "duplicates"):
        assert url(name, club) in html
    assert mine.get(url("members", club), {"q": "nobody"}).content.decode().count("Hans Müller") == 0


def test_a_member_is_added_and_a_bad_one_refused_with_422(mine, club):
    response = mine.post(url("member_add", club), {"name": "Eva", "home_club": "SC Ost", "birth_year": "1970",
                                                   "public": "on"})
    eva = Member.objects.get(name="Eva")
    assert response.status_code == 302 and response["Location"] == url("member", club, eva.pk)
    before = state()
    refused = mine.post(url("member_add", club), {"name": "", "birth_year": "abc"})
    assert refused.status_code == 422 and state() == before
    assert 'class="error"' in refused.content.decode()


def test_a_number_taken_is_refused_beside_the_number(mine, club, hans):
    before = state()
    refused = mine.post(url("member_edit", club, (member_save(club=club, name="Eva")).pk), {"name": "Eva",
                                                                                           "number": "4711"})
    assert refused.status_code == 422 and "already Hans Müller" in refused.content.decode()
    assert Member.objects.get(name="Eva").number == "" and len(state()) == len(before) + 1


def test_the_import_previews_then_confirms(mine, club, hans):
    upload = io.BytesIO(b"name,club,number,categories,guest,public\nEva,SC Ost,,Damen,ja,nein\n"
                        b"Hans Mueller,SC West,4711,,no,yes\n")
    upload.name = "list.csv"
    preview = mine.post(url("members_import", club), {"file": upload})
    html = preview.content.decode()
    assert preview.status_code == 200 and "Eva" in html and "updates Hans Müller" in html
    assert Member.objects.count() == 1  # nothing written by the preview
    rows = preview.context["confirm"]["rows"].value()
    done = mine.post(url("members_import_confirm", club), {"rows": rows})
    assert done.status_code == 302
    assert sorted(Member.objects.values_list("name", flat=True)) == ["Eva", "Hans Mueller"]


def test_a_bad_import_shows_every_bad_row_and_writes_nothing(mine, club):
    upload = io.BytesIO(b"name,guest\n,no\nEva,vielleicht\nOtto,yes\n")
    upload.name = "list.csv"
    response = mine.post(url("members_import", club), {"file": upload})
    html = response.content.decode()
    assert response.status_code == 422 and "row 2 (name)" in html and "row 3 (guest)" in html
    assert "members_import_confirm" not in html and not Member.objects.exists()
    assert mine.post(url("members_import_confirm", club), {"rows": "forged"}).status_code == 422
    assert not Member.objects.exists()
    unreadable = io.BytesIO(b"junk")
    unreadable.name = "list.pdf"
    assert mine.post(url("members_import", club), {"file": unreadable}).status_code == 422


def test_a_preview_of_one_club_cannot_be_confirmed_in_another(mine, club, django_user_model):
    upload = io.BytesIO(b"name\nEva\n")
    upload.name = "list.csv"
    rows = mine.post(url("members_import", club), {"file": upload}).context["confirm"]["rows"].value()
    other = Club.objects.create(slug="ost", name="SC Ost")
    grant(django_user_model.objects.get(username="leitung"), "director", other)
    assert mine.post(url("members_import_confirm", other), {"rows": rows}).status_code == 422
    assert not Member.objects.exists()


def test_the_exports_and_his_data(mine, club, hans):
    as_json = mine.get(url("members_export", club, "json"))
    assert as_json.status_code == 200 and json.loads(as_json.content)[0]["number"] == "4711"
    assert mine.get(url("members_export", club, "csv"))["Content-Type"].startswith("text/csv")
    assert mine.get(url("members_export", club, "xlsx")).status_code == 200
    assert mine.get(url("members_export", club, "pdf")).status_code == 404
    data = json.loads(mine.get(url("member_data", club, hans.pk)).content)
    assert data["events"][0]["event"] == "Herbstturnier"


def test_the_member_page_shows_his_events(mine, club, hans):
    page = mine.get(url("member", club, hans.pk))
    assert page.status_code == 200 and "Herbstturnier" in page.content.decode()
    assert mine.get(url("member", club, 2**63)).status_code == 404


def test_duplicates_are_merged_and_a_bad_merge_refused(mine, club, hans, twin):
    page = mine.get(url("duplicates", club))
    assert page.status_code == 200 and "hans müller" in page.content.decode()
    before = state()
    assert mine.post(url("members_merge", club), {"keep": hans.pk, "other": "x"}).status_code == 422
    assert mine.post(url("members_merge", club), {"keep": hans.pk, "other": hans.pk}).status_code == 422
    assert state() == before
    assert mine.post(url("members_merge", club), {"keep": twin.pk, "other": hans.pk}).status_code == 302
    assert list(Member.objects.values_list("pk", flat=True)) == [twin.pk]
    assert Player.objects.get().member_id == twin.pk


def test_forget_asks_then_keeps_his_results(mine, club, hans):
    assert mine.get(url("member_forget", club, hans.pk)).status_code == 200
    assert Member.objects.filter(pk=hans.pk).exists()  # a GET only asks
    assert mine.post(url("member_forget", club, hans.pk)).status_code == 302
    assert not Member.objects.exists() and Player.objects.get().name == "former member"


def test_hostile_names_are_shown_as_text(mine, club):
    evil = member_save(club=club, name=HOSTILE, home_club=HOSTILE, categories=HOSTILE)
    twin = member_save(club=club, name=HOSTILE)
    for name, args in (("members", ()), ("member", (evil.pk,)), ("member_edit", (evil.pk,)), ("duplicates", ()),
                       ("member_forget", (twin.pk,))):
        html = mine.get(url(name, club, *args)).content.decode()
        assert HOSTILE not in html and "&lt;script&gt;" in html, name


def _every_url(club: Club, member: Member) -> list[tuple[str, str]]:
    """(method, url) of every registry page, for a member of ``club``."""
    gets = [url(name, club) for name in ("members", "member_add", "members_import", "duplicates")]
    gets += [url("members_export", club, fmt) for fmt in ("json", "csv", "xlsx")]
    gets += [url(name, club, member.pk) for name in ("member", "member_edit", "member_data", "member_forget")]
    posts = [url(name, club) for name in ("member_add", "members_import", "members_import_confirm", "members_merge")]
    posts += [url(name, club, member.pk) for name in ("member_edit", "member_forget")]
    return [("get", u) for u in gets] + [("post", u) for u in posts]


def test_a_director_of_another_club_reaches_nothing_and_changes_nothing(stranger, club, hans, twin):
    before = state()
    urls = _every_url(club, hans)
    assert len(urls) == 17
    for method, address in urls:
        data = {"name": "Taken over", "keep": twin.pk, "other": hans.pk, "rows": "x"} if method == "post" else {}
        response = getattr(stranger, method)(address, data)
        assert not 200 <= response.status_code < 300, address
        assert response.status_code in (403, 404), address
    assert state() == before


def test_anonymous_and_a_committee_member_reach_nothing(client, django_user_model, club, hans, twin):
    before = state()
    for method, address in _every_url(club, hans):
        assert getattr(client, method)(address).status_code == 302, address  # to the login page
    client.force_login(grant(django_user_model.objects.create_user("committee", password="x"), "committee", club))
    for method, address in _every_url(club, hans):
        assert getattr(client, method)(address, {"keep": twin.pk, "other": hans.pk}).status_code == 403, address
    assert state() == before


def test_a_member_of_another_club_is_not_found_in_mine(mine, club):
    other = Club.objects.create(slug="ost", name="SC Ost")
    theirs = member_save(club=other, name="Fremd")
    for name in ("member", "member_edit", "member_data", "member_forget"):
        assert mine.get(url(name, club, theirs.pk)).status_code == 404
    assert mine.post(url("member_forget", club, theirs.pk)).status_code == 404
    assert mine.post(url("members_merge", club), {"keep": theirs.pk, "other": theirs.pk + 0}).status_code == 422
    assert Member.objects.filter(pk=theirs.pk).exists()


def test_every_registry_page_is_german_for_a_german_browser(mine, club, hans, twin):
    from tests.german_pages import english_words, visible_text

    german = {"HTTP_ACCEPT_LANGUAGE": "de"}
    allowed = ("Hans Müller", "hans müller", "Herbstturnier", "SC West")
    pages = [url(name, club) for name in ("members", "member_add", "members_import", "duplicates")]
    pages += [url(name, club, hans.pk) for name in ("member", "member_edit", "member_forget")]
    for address in pages:
        response = mine.get(address, **german)
        assert response.status_code == 200, address
        assert english_words(visible_text(response.content.decode()), allowed) == [], address
    assert "Mitgliederverwaltung" in mine.get(pages[0], **german).content.decode()
    upload = io.BytesIO(b"name,guest\n,no\nEva,vielleicht\n")
    upload.name = "liste.csv"
    refused = mine.post(url("members_import", club), {"file": upload}, **german)
    text = visible_text(refused.content.decode())
    assert refused.status_code == 422 and "Zeile 2 (Name)" in text and english_words(text, allowed) == []
    bad = mine.post(url("member_add", club), {"name": "", "birth_year": "abc"}, **german)
    assert bad.status_code == 422 and english_words(visible_text(bad.content.decode()), allowed) == []
    # the downloads are named in the page's language: "mitglieder", not "members"
    export = mine.get(url("members_export", club, "csv"), **german)
    assert export["Content-Disposition"] == f'attachment; filename="mitglieder-{club.slug}.csv"'
    data = mine.get(url("member_data", club, hans.pk), **german)
    assert data["Content-Disposition"] == f'attachment; filename="mitglied-{hans.pk}.json"'
    assert mine.get(url("members_export", club, "csv"))["Content-Disposition"].endswith(f'"members-{club.slug}.csv"')


@pytest.mark.slow
def test_hostile_input_to_every_registry_form_is_never_a_server_error(mine, club, hans, twin):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from tests.test_forms_fuzz import HOSTILE

    fields = {"member_add": ("name", "home_club", "number", "birth_year", "categories", "notes"),
              "members_merge": ("keep", "other"), "members_import_confirm": ("rows",)}

    @settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
    @given(page=st.sampled_from(sorted(fields)), values=st.lists(HOSTILE, min_size=6, max_size=6))
    def post(page, values):
        data = dict(zip(fields[page], values))
        response = mine.post(url(page, club), data)
        assert response.status_code < 500
        if response.status_code != 302:
            assert response.status_code == 422, (page, data)

    post()
    edited = mine.post(url("member_edit", club, hans.pk), {"name": "x" * 3000, "birth_year": "²"})
    assert edited.status_code == 422 and Member.objects.get(pk=hans.pk).name == "Hans Müller"
