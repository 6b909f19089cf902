"""The public pages and the API: nothing unpublished, no private field, no unpublished name, the API's
standings equal to ``manage.py standings --format json``, and the player's figures recomputed by hand."""

import io
import json
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from clubs.models import Member
from seating.models import Player, Seat, SignUp, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def demo_event(series: int = 2, players: int = 13) -> Tournament:
    out = io.StringIO()
    call_command("demo", "--rulebook", "isko", "--method", "fixed", "--players", str(players), "--series",
                 str(series), "--seed", "5", "--play", stdout=out, stderr=io.StringIO())
    return Tournament.objects.get(pk=int(out.getvalue().split()[-1]))


@pytest.fixture
def events(db):
    """A published event with a secret member (public=False) and private data everywhere, and an unpublished one."""
    published, hidden = demo_event(), demo_event(series=1, players=9)
    Tournament.objects.filter(pk=hidden.pk).update(name="Hidden evening")
    hidden.refresh_from_db()
    secret = Member.objects.create(club=published.club, name="Secret Sam", number="M-998877", public=False,
                                   notes="NOTE-PRIVATE-XYZ")
    shy = Player.objects.filter(tournament=published).order_by("pk")[4]
    Player.objects.filter(pk=shy.pk).update(name="Secret Sam", member=secret, membership_number="M-998877")
    SignUp.objects.create(tournament=published, name="Signed Sue", contact="sue-private@example.org")
    call_command("publish", str(published.pk), stdout=io.StringIO())
    return published, hidden, shy.pk


def private_values(event) -> list[str]:
    values = ["M-998877", "NOTE-PRIVATE-XYZ", "Secret Sam", "sue-private@example.org"]
    values += list(SignUp.objects.filter(tournament=event).values_list("cancel_token", flat=True))
    for ok_code, token in Player.objects.filter(tournament=event).values_list("ok_code", "page_token"):
        values += [ok_code, token]
    values += list(event.tables.exclude(token="").values_list("token", flat=True)) if hasattr(
        event.tables.model, "token") else []
    return values


def public_addresses(published, player_id) -> list[str]:
    slug = published.club.slug
    api = ["/api/v1/clubs/", f"/api/v1/clubs/{slug}/events/"] + [
        f"/api/v1/events/{published.pk}/{part}" for part in ("", "series/", "seatings/", "standings/", "deals/",
                                                               f"players/{player_id}/")]
    pages = [reverse("public:clubs"), reverse("public:club", args=[slug]),
             reverse("public:event", args=[slug, published.pk]), reverse("public:live", args=[slug, published.pk]),
             reverse("scoring:live", args=[published.pk]), reverse("scoring:live", args=[published.pk]) + "?show=prizes",
             reverse("scoring:home")]
    pages += [reverse("public:player", args=[slug, published.pk, pk])
              for pk in Player.objects.filter(tournament=published).values_list("pk", flat=True)]
    return pages + api + [address + "?format=csv" for address in api]


def test_every_public_page_and_api_path_shows_no_private_field_no_hidden_name_no_unpublished_event(client, events):
    published, hidden, shy = events
    private = [value for value in private_values(published) if len(value) >= 6]
    for address in public_addresses(published, shy):
        response = client.get(address)
        assert response.status_code == 200, address
        text = response.content.decode()
        for value in private + ["Hidden evening"]:
            assert value not in text, (address, value)
        for field in ("membership_number", "ok_code", "page_token", "notes", "email"):
            assert f'"{field}"' not in text, (address, field)
    schema = json.loads(client.get("/api/v1/schema/").content)
    for path in schema["paths"]:
        address = (path.replace("{club}", hidden.club.slug).replace("{tournament_id}", str(hidden.pk))
                   .replace("{player_id}", str(Player.objects.filter(tournament=hidden).first().pk)))
        if "{tournament_id}" in path:
            assert client.get(address).status_code == 404, address
        assert set(schema["paths"][path]) <= {"get", "head", "options"}, path


def test_the_secret_member_is_player_and_his_start_number(client, events):
    published, _, shy = events
    number = list(Player.objects.filter(tournament=published).order_by("pk").values_list("pk", flat=True)).index(shy) + 1
    page = client.get(reverse("public:event", args=[published.club.slug, published.pk])).content.decode()
    assert f"Player {number}" in page
    german = client.get(reverse("public:event", args=[published.club.slug, published.pk]),
                        HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f"Spieler {number}" in german


def test_unpublished_events_answer_404_and_the_api_allows_no_unsafe_method(client, events):
    published, hidden, _ = events
    slug = hidden.club.slug
    assert client.get(reverse("public:event", args=[slug, hidden.pk])).status_code == 404
    assert client.get(reverse("public:live", args=[slug, hidden.pk])).status_code == 404
    assert client.get(f"/api/v1/events/{hidden.pk}/standings/").status_code == 404
    for address in (f"/api/v1/events/{published.pk}/standings/", "/api/v1/clubs/", "/api/v1/schema/",
                    "/api/anything/", "/api/v1/events/"):
        for method in ("post", "put", "patch", "delete"):
            assert getattr(client, method)(address).status_code == 405, (method, address)


def test_api_standings_are_the_commands_rows(client, events):
    published, _, shy = events
    out = io.StringIO()
    call_command("standings", str(published.pk), stdout=out)
    command = json.loads(out.getvalue())
    api = json.loads(client.get(f"/api/v1/events/{published.pk}/standings/").content)

    def without_names(payload):
        text = json.dumps(payload, sort_keys=True)
        return re.sub(r'"name": "[^"]*"', '"name": ""', text)

    assert without_names(api) == without_names(command)
    assert {row["name"] for row in api["standings"] if row["player"] != shy} == {
        row["name"] for row in command["standings"] if row["player"] != shy}


def test_etag_answers_304_and_csv_is_a_table(client, events):
    published, _, _ = events
    address = f"/api/v1/events/{published.pk}/standings/"
    first = client.get(address)
    assert first.has_header("ETag")
    assert client.get(address, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    csv_text = client.get(address + "?format=csv").content.decode()
    assert csv_text.splitlines()[0].startswith("player,name,games_won")
    assert len(csv_text.splitlines()) == 1 + Player.objects.filter(tournament=published).count()


def test_a_players_page_figures_recomputed_from_the_standings_rows(client, events):
    published, _, _ = events
    api = json.loads(client.get(f"/api/v1/events/{published.pk}/standings/").content)
    player = api["standings"][0]["player"]
    page = json.loads(client.get(f"/api/v1/events/{published.pk}/players/{player}/").content)
    for part in api["series"]:
        row = next(r for r in part["standings"] if r["player"] == player)
        mine = next(r for r in page["series"] if r["series"] == part["number"])
        assert mine["total"] == row["game_points"] + row["bonus"] + row["others_lost"]  # Seeger-Fabian
        assert mine["average"] == round(row["total"] / row["deals_played"], 1)
    assert page["overall"]["total"] == sum(r["total"] for r in page["series"])
    tables = {(s.series, s.table_id, s.stay) for s in Seat.objects.filter(player_id=player)}
    met = {s.player_id for s in Seat.objects.filter(tournament=published).exclude(player_id=player)
           if (s.series, s.table_id, s.stay) in tables}
    assert {other["player"] for other in page["opponents"]} == met


def test_the_own_page_shows_seats_rank_and_notice_and_no_form(client, events):
    published, _, _ = events
    Tournament.objects.filter(pk=published.pk).update(notice="Series 2 at 14:30")
    player = Player.objects.filter(tournament=published).order_by("pk").first()
    page = client.get(reverse("public:own", args=[player.page_token])).content.decode()
    seat = Seat.objects.filter(player=player, series=1).select_related("table").first()
    assert f"Series 1: table {seat.table.number}, seat {seat.seat}" in page
    assert "Rank " in page and "Series 2 at 14:30" in page
    assert "<form" not in page.split("<footer")[0] and player.ok_code not in page
    assert client.get(reverse("public:own", args=["guess"])).status_code == 404


def test_publish_and_undo(events):
    published, hidden, _ = events
    call_command("publish", str(hidden.pk), stdout=io.StringIO())
    assert hidden.scoring.__class__.objects.get(tournament=hidden).published
    call_command("publish", str(hidden.pk), "--undo", stdout=io.StringIO())
    assert not hidden.scoring.__class__.objects.get(tournament=hidden).published


def test_the_director_sets_the_notice(admin_client, events):
    published, _, _ = events
    response = admin_client.post(reverse("director:notice", args=[published.pk]), {"notice": "Series 2\n at 14:30"})
    assert response.status_code == 302
    published.refresh_from_db()
    assert published.notice == "Series 2 at 14:30"
    assert "Notice to the players" in admin_client.get(reverse("director:seating", args=[published.pk])).content.decode()


def test_every_public_page_is_german_for_a_german_browser(client, admin_client, events):
    from tests.german_pages import english_words, visible_text
    from tests.test_german_pages import proper_names

    published, _, shy = events
    Tournament.objects.filter(pk=published.pk).update(signup_open=True, notice="Serie 2 um 14:30")
    player = Player.objects.filter(tournament=published).first()
    signup = SignUp.objects.get(tournament=published)
    allowed = proper_names(published) + (published.club.name, "Signed Sue", "Skat")
    # the hall's projector page (/live/) speaks the event's print language, whatever the browser: left out here
    pages = [address for address in public_addresses(published, shy) if not address.startswith(("/api/", "/live/"))]
    pages += [reverse("public:own", args=[player.page_token]), reverse("signup:form", args=[published.club.slug, published.pk]),
              reverse("signup:status", args=[published.club.slug, signup.cancel_token])]
    for address in pages:
        response = client.get(address, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")
        assert response.status_code == 200, address
        assert english_words(visible_text(response.content.decode()), allowed) == [], address
    director = admin_client.get(reverse("director:signups", args=[published.pk]), HTTP_ACCEPT_LANGUAGE="de")
    assert english_words(visible_text(director.content.decode()), allowed) == []
    # a club takes those who came over as present ("anwesend"): nobody "checks in" at a Skat evening
    assert "Anwesenheitsliste" in director.content.decode() and "Check-in" not in director.content.decode()


def test_a_season_table_is_public_once_its_events_are_and_names_no_hidden_member(client, events, tmp_path):
    published, hidden, shy = events
    slug = published.club.slug
    secret = Player.objects.get(pk=shy).member
    call_command("season", "create", "2026", "--club", slug, "--name", "Season 2026", stdout=io.StringIO())
    call_command("season", "add", "2026", str(published.pk), "--club", slug, stdout=io.StringIO())
    for player in Player.objects.filter(tournament=published, member=None):  # the season counts members
        Player.objects.filter(pk=player.pk).update(member=Member.objects.create(club=published.club, name=player.name))
    out = io.StringIO()
    call_command("season", "table", "2026", "--club", slug, stdout=out)
    command = json.loads(out.getvalue())
    api = client.get(f"/api/v1/clubs/{slug}/seasons/2026/")
    assert api.status_code == 200
    table = json.loads(api.content)
    assert [{k: v for k, v in row.items() if k != "name"} for row in table["rows"]] == [
        {k: v for k, v in row.items() if k != "name"} for row in command["rows"]]
    assert "Secret Sam" not in api.content.decode()
    assert any(row["member"] == secret.pk and row["name"].startswith("Player ") for row in table["rows"])
    assert json.loads(client.get(f"/api/v1/clubs/{slug}/seasons/").content) == [{"slug": "2026", "name": "Season 2026"}]
    call_command("season", "add", "2026", str(hidden.pk), "--club", slug, stdout=io.StringIO())
    assert client.get(f"/api/v1/clubs/{slug}/seasons/2026/").status_code == 404  # an unpublished event in it
    assert json.loads(client.get(f"/api/v1/clubs/{slug}/seasons/").content) == []
