"""Nothing of one club is reachable from another. Every URL of the project, filled with club A's objects,
is walked as each role of club B and anonymous: no 2xx for anything private, and every POST leaves every row of
the database as it was.

The walk finds the URLs itself (the whole URL tree), so a page added later is walked too; a URL keyword the walk
does not know fails the test until ``FILL`` says which of club A's objects it names. Pages public by design (the
home page, the calculator, the login, a table link's service worker) are listed in ``PUBLIC``; a table link's pages
need the table's secret, which club B does not have (the walk sends a wrong one). The Django admin, whose URLs are
patterns rather than routes, is walked by hand at the end.
"""

import re

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.urls import URLPattern, URLResolver, get_resolver

from clubs.models import Club, Member, default_club_id
from scoring.models import Deal
from scoring.tournaments.services import tournament_open
from seasons.services import season_add, season_create
from seating.models import Category, Player, PrintJob, Team
from seating.services import tournament_draw
from tests.roles import grant
from tests.scoring.conftest import enter_isko

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

PUBLIC = {"", "score/", "accounts/login/", "accounts/logout/", "i18n/setlang/", "t/sw.js",
          # results for everyone: a club's page and the API's list of clubs and of a club's events show
          # published events only (club A's is not: tests/public walks them for private fields and unpublished
          # events); the API's schema; the API's catch-all (405 for a change, else 404)
          "club/", "club/<slug:club>/", "api/v1/schema/", "api/v1/clubs/", "api/v1/clubs/<slug:club>/events/",
          "api/v1/clubs/<slug:club>/seasons/",
          # the club's statistics for everyone: its public members over its published events only
          "club/<slug:club>/statistics/", "club/<slug:club>/statistics/versus/",
          "api/^(?P<rest>.*)$"}
"""Routes anyone may open (the logout page only logs out whoever is logged in: B's own login)."""

UNCHANGED_EXEMPT = {"sessions.session", "axes.accessattempt", "axes.accesslog", "axes.accessfailurelog",
                    "admin.logentry", "django_tasks_database.dbtaskresult"}
"""Tables a visit may write without changing a club's data: the visitor's own session and login records."""


def _routes(patterns, prefix=""):
    for entry in patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            if route.startswith("admin/") or route.startswith("^"):
                continue  # the admin: walked by hand below
            yield from _routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern):
            yield route


def _state() -> dict:
    """Every row of every table a club's data lives in."""
    state = {}
    for model in apps.get_models():
        if model._meta.label_lower in UNCHANGED_EXEMPT:
            continue
        rows = list(model.objects.order_by("pk").values())
        for row in rows:
            row.pop("last_login", None)  # logging in the visitors themselves
        state[model._meta.label_lower] = rows
    return state


@pytest.fixture
def club_a():
    """Club A's evening: an ISkO event drawn, deals entered, a team, a category, a print job."""
    tournament = tournament_open(rulebook="isko", name="Club A evening", method="fixed")
    Player.objects.bulk_create([Player(tournament=tournament, name=f"A {n:02d}", is_expert=n <= 3) for n in range(1, 13)])
    tournament_draw(tournament=tournament, seed=11)
    enter_isko(tournament, deals=2)
    team = Team.objects.create(tournament=tournament, name="Die Buben")
    category = Category.objects.create(tournament=tournament, name="Damen")
    job = PrintJob.objects.create(tournament=tournament, kind="tickets", paper="A4", total=1, done=0)
    deal = Deal.objects.filter(tournament=tournament).first()
    player = Player.objects.filter(tournament=tournament).first()
    person = grant(User.objects.create_user("a-committee", password="pw-long-enough"), "committee")
    member = Member.objects.create(club_id=default_club_id(), name="A Registered", number="A-77")
    Player.objects.filter(pk=player.pk).update(member=member)
    season = season_create(club=tournament.club, slug="a-season", name="A Season 2026", rules={"best": 2})
    season_add(season=season, tournaments=[tournament])
    return {"tournament": tournament, "team": team, "category": category, "job": job, "deal": deal,
            "player": player, "person": person, "member": member, "season": season}


def fill(a) -> dict:
    """What each URL keyword names, in club A (or, for secrets, a wrong one)."""
    table = a["deal"].table
    return {
        "pk": a["tournament"].pk, "tournament_id": a["tournament"].pk, "table_id": table.pk,
        "deal_id": a["deal"].pk, "player_id": a["player"].pk, "team_id": a["team"].pk,
        "category_id": a["category"].pk, "job_id": a["job"].pk, "slip_id": 1, "stay": 1, "series": 1,
        "token": "not-the-tables-secret", "document": "tickets", "size": "A4", "kind": "standings",
        "club": Club.objects.get(pk=default_club_id()).slug, "user_id": a["person"].pk,
        "member_id": a["member"].pk, "fmt": "csv", "slug": a["season"].slug, "day": 1, "group": 1, "team": a["team"].pk,
    }


def urls_of_club_a(a) -> tuple[list[str], list[str]]:
    """The URLs naming one of club A's objects, and those naming none (a visitor sees his own club's there)."""
    values = fill(a)
    naming, plain = [], []
    for route in _routes(get_resolver().url_patterns):
        if route in PUBLIC:
            continue
        names = re.findall(r"<(?:\w+:)?(\w+)>", route)
        unknown = [name for name in names if name not in values]
        assert not unknown, f"the walk does not know what {unknown} names in {route}: add it to fill()"
        url = "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m.group(1)]), route)
        (naming if names else plain).append(url)
    return naming, plain


A_MARKS = ("Club A evening", "A 01", "A 12", "Die Buben", "a-committee", "A Registered", "A-77", "A Season 2026")
"""Words only club A's pages hold."""


@pytest.fixture(params=["apart", "association"])
def club_b_people(request):
    """Club B's people; as ``association``, club B is the association club A is within: its director runs the
    rankings of A's published events and still reaches none of A's own pages, members or unpublished events."""
    club_b = Club.objects.create(slug="west", name="Skatclub West")
    if request.param == "association":
        Club.objects.filter(pk=default_club_id()).update(within=club_b, region="VG 1")
    people = {}
    for role in ("director", "committee", "cashier"):
        people[role] = grant(User.objects.create_user(f"west-{role}", password="pw-long-enough"), role, club_b)
    return people


def test_no_page_of_club_a_answers_club_b_or_a_visitor_and_no_post_changes_anything(client, club_a, club_b_people):
    urls, plain = urls_of_club_a(club_a)
    assert len(urls) > 40 and len(plain) > 2  # the walk found the project's pages
    visitors = [("anonymous", None)] + list(club_b_people.items())
    leaks = []
    for who, user in visitors:
        client.logout()
        if user is not None:
            client.force_login(user)
        for url in plain:  # his own club's pages: nothing of club A on them
            response = client.get(url)
            text = response.content.decode(errors="replace") if 200 <= response.status_code < 300 else ""
            leaks += [f"{who} GET {url} shows {mark!r}" for mark in A_MARKS if mark in text]
    before = _state()
    for who, user in visitors:
        client.logout()
        if user is not None:
            client.force_login(user)
        for url in urls:
            for method in ("get", "post"):
                response = getattr(client, method)(url, {"name": "Hijack", "seed": "1", "amount": "100"})
                if 200 <= response.status_code < 300:
                    leaks.append(f"{who} {method.upper()} {url} -> {response.status_code}")
    assert leaks == []
    assert _state() == before


def test_the_admin_is_closed_to_every_club_role(client, club_a, club_b_people):
    tournament = club_a["tournament"]
    own_director = grant(User.objects.create_user("a-director", password="pw-long-enough"), "director")
    for user in [own_director, *club_b_people.values()]:
        client.force_login(user)
        for url in ("/admin/", "/admin/seating/tournament/", f"/admin/seating/tournament/{tournament.pk}/change/",
                    "/admin/clubs/member/", "/admin/auth/user/"):
            assert not 200 <= client.get(url).status_code < 300, (user.username, url)


def test_club_a_director_reaches_his_own_pages(client, club_a):
    """The walk's other half: the same URLs answer club A's own director, so the walk above proves scoping,
    not a broken page."""
    client.force_login(grant(User.objects.create_user("a-director", password="pw-long-enough"), "director"))
    tournament = club_a["tournament"]
    for url in (f"/director/{tournament.pk}/", f"/committee/{tournament.pk}/", f"/director/{tournament.pk}/series/",
                f"/sheets/{club_a['deal'].table_id}/", f"/deals/{club_a['deal'].pk}/correct/"):
        assert client.get(url).status_code == 200, url
