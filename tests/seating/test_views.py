"""The director's pages: staff only, thin views over the seating services, refusals that change nothing."""

import importlib.util
import io
import re

import pytest
from django.urls import reverse
from openpyxl import Workbook

from seating.models import Player, Seat, Section, SitOut, Table, Tournament
from seating.services import MAX_SEED, tournament_draw

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def make_tournament(players: int = 0, **fields) -> Tournament:
    tournament = Tournament.objects.create(name="Test", **fields)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Player {n}", club="Club") for n in range(players)])
    return tournament


def url(name: str, *args) -> str:
    return reverse(f"director:{name}", args=args)


def seating_state(tournament: Tournament) -> tuple:
    """Everything a refused request must leave as it was."""
    tournament.refresh_from_db()
    return (
        list(Player.objects.filter(tournament=tournament).order_by("id").values_list("id", "name", "club",
                                                                                   "membership_number", "is_expert")),
        list(Seat.objects.filter(tournament=tournament).order_by("id").values_list("id", "stay", "table", "player")),
        Table.objects.filter(tournament=tournament).count(), Section.objects.filter(tournament=tournament).count(),
        SitOut.objects.filter(tournament=tournament).count(),
        tuple(getattr(tournament, f) for f in ("name", "method", "remainder", "section_split", "rounds_per_stay", "status",
                                               "draw_seed")),
    )


def field_errors(response, field: str) -> str:
    """The text of the form field's label, where its refusal is shown."""
    html = response.content.decode()
    start = html.index(f'id="field-{field}"')
    return html[start:html.index("</label>", start)]


# --- Permissions ----------------------------------------------------------------------------------------

def page_urls(tournament):
    return [reverse("director:tournaments"), url("players", tournament.pk), url("plan", tournament.pk),
            url("plan_preview", tournament.pk), url("seating", tournament.pk), url("print", tournament.pk)]


def test_director_pages_send_anonymous_visitors_to_the_site_login(client):
    tournament = make_tournament(4)
    for page in page_urls(tournament):
        response = client.get(page)
        assert response.status_code == 302, page
        assert response.url.startswith(reverse("accounts:login") + "?next="), page


def test_director_pages_refuse_players_who_are_not_staff(client, django_user_model):
    tournament = make_tournament(12)
    client.force_login(django_user_model.objects.create_user("player", password="pw-long-enough"))
    before = seating_state(tournament)
    for page in page_urls(tournament):
        assert client.get(page).status_code == 403, page  # logged in, without the director's role
    client.post(url("draw", tournament.pk), {"seed": "1"})
    client.post(url("player_register", tournament.pk), {"name": "Sneaky"})
    client.post(reverse("director:tournaments"), {"name": "Mine", "date": "2025-01-01", "rulebook": "foster-1922",
                                     "method": "fixed", "remainder": "extra-tables"})
    assert seating_state(tournament) == before
    assert Tournament.objects.count() == 1


# --- Players --------------------------------------------------------------------------------------------

def test_register_player_with_htmx_returns_a_fresh_form_and_the_new_table(admin_client):
    tournament = make_tournament()

    response = admin_client.post(url("player_register", tournament.pk),
                                 {"name": "Otto Kahn", "club": "Chicago", "membership_number": "17"}, **HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert "Registered Otto Kahn (Chicago)." in html
    assert 'id="players-table" hx-swap-oob="true"' in html and "<td >Otto Kahn</td>" in html.replace('<td  >', '<td >')
    assert list(tournament.players.values_list("name", "club", "membership_number")) == [("Otto Kahn", "Chicago", "17")]


def test_register_without_htmx_redirects_back_to_the_players(admin_client):
    tournament = make_tournament()
    response = admin_client.post(url("player_register", tournament.pk), {"name": "Otto Kahn"})
    assert response.status_code == 302 and response.url == url("players", tournament.pk)
    assert tournament.players.count() == 1


@pytest.mark.slow
@pytest.mark.parametrize("data, field, message", [
    ({"name": "otto  KAHN", "club": "chicago"}, "name", "otto KAHN (chicago) is already registered"),
    ({"name": "Anna Weber", "membership_number": "17"}, "membership_number",
     "membership number 17 is already registered"),
    ({"name": ""}, "name", "This field is required."),
    ({"name": "x" * 121}, "name", "at most 120 characters"),
])
def test_register_refusal_is_shown_beside_its_field_and_changes_nothing(admin_client, data, field, message):
    tournament = make_tournament()
    admin_client.post(url("player_register", tournament.pk), {"name": "Otto Kahn", "club": "Chicago",
                                                              "membership_number": "17"}, **HTMX)
    before = seating_state(tournament)

    response = admin_client.post(url("player_register", tournament.pk), data, **HTMX)

    assert response.status_code == 422
    assert message in field_errors(response, field)
    assert seating_state(tournament) == before


def test_expert_toggle_marks_and_unmarks_one_player(admin_client):
    tournament = make_tournament(2)
    player = tournament.players.first()

    marked = admin_client.post(url("player_expert", tournament.pk, player.pk), {"is_expert": "1"}, **HTMX)
    player.refresh_from_db()
    assert marked.status_code == 200 and player.is_expert
    assert " checked" in marked.content.decode() and '"is_expert": "0"' in marked.content.decode()

    admin_client.post(url("player_expert", tournament.pk, player.pk), {"is_expert": "0"}, **HTMX)
    player.refresh_from_db()
    assert not player.is_expert


def test_expert_toggle_of_another_tournaments_player_is_not_found(admin_client):
    tournament, other = make_tournament(1), make_tournament(1)
    response = admin_client.post(url("player_expert", tournament.pk, other.players.get().pk), {"is_expert": "1"})
    assert response.status_code == 404
    assert not other.players.get().is_expert


def test_expert_toggle_after_the_draw_is_refused_and_changes_nothing(admin_client):
    tournament = make_tournament(12)
    tournament_draw(tournament=tournament, seed=1)
    before = seating_state(tournament)

    response = admin_client.post(url("player_expert", tournament.pk, tournament.players.first().pk),
                                 {"is_expert": "1"}, **HTMX)

    assert response.status_code == 422 and "clear the draw" in response.content.decode()
    assert seating_state(tournament) == before


def test_mark_experts_in_bulk(admin_client):
    tournament = make_tournament(6)
    ids = list(tournament.players.values_list("id", flat=True))

    response = admin_client.post(url("players_experts", tournament.pk), {"selected": ids[:4], "action": "mark"})

    assert response.status_code == 302
    assert list(tournament.players.order_by("id").values_list("is_expert", flat=True)) == [True] * 4 + [False] * 2


@pytest.mark.slow
@pytest.mark.parametrize("data", [{"action": "mark"}, {"selected": ["abc"], "action": "mark"},
                                  {"selected": ["1"], "action": "explode"},
                                  {"selected": [str(10**30)], "action": "mark"}])
def test_mark_experts_with_a_bad_selection_is_refused_and_changes_nothing(admin_client, data):
    tournament = make_tournament(3)
    before = seating_state(tournament)
    response = admin_client.post(url("players_experts", tournament.pk), data)
    assert response.status_code == 422 and 'class="refused"' in response.content.decode()
    assert seating_state(tournament) == before


def test_mark_experts_cannot_touch_another_tournament(admin_client):
    tournament, other = make_tournament(1), make_tournament(2)
    admin_client.post(url("players_experts", tournament.pk),
                      {"selected": list(other.players.values_list("id", flat=True)), "action": "mark"})
    assert not other.players.filter(is_expert=True).exists()


def xlsx(rows) -> bytes:
    workbook = Workbook()
    for row in rows:
        workbook.active.append(list(row))
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def upload(name: str, content: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, content)


def test_import_from_the_players_page(admin_client):
    tournament = make_tournament()
    content = xlsx([("Name", "Club", "Mitgliedsnummer"), ("Otto Kahn", "Chicago", 1), ("Anna Weber", "", 2)])

    response = admin_client.post(url("players_import", tournament.pk), {"file": upload("list.xlsx", content)},
                                 follow=True)

    assert "Imported 2 players from list.xlsx." in response.content.decode()
    assert tournament.players.count() == 2


@pytest.mark.slow
@pytest.mark.parametrize("name, content, shown", [
    ("list.csv", b"Name,Expert\nOtto Kahn,yes\nAnna Weber,maybe\n", "<b>Row 3</b>: expert must be yes or no"),
    ("list.xlsx", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 20, "could not be read as an Excel workbook"),
    ("list.csv", b"", "The file is empty."),
    ("list.pdf", b"%PDF-1.4", "is not an .xlsx or .csv file"),
])
def test_import_of_a_bad_file_says_why_and_imports_nobody(admin_client, name, content, shown):
    tournament = make_tournament()
    response = admin_client.post(url("players_import", tournament.pk), {"file": upload(name, content)})
    assert response.status_code == 422
    assert shown in response.content.decode()
    assert tournament.players.count() == 0


def test_import_without_a_file_asks_for_one(admin_client):
    tournament = make_tournament()
    response = admin_client.post(url("players_import", tournament.pk), {})
    assert response.status_code == 422 and "This field is required." in field_errors(response, "file")


# --- Method and plan ------------------------------------------------------------------------------------

def test_plan_page_shows_the_notes_and_the_plan_table_before_the_draw(admin_client):
    tournament = make_tournament(41, method="up-sides-down-middle")

    html = admin_client.get(url("plan", tournament.pk)).content.decode()

    assert "41 players: 9 moving tables, 1 fixed table." in html
    assert "Table 10: 1 table of five, fixed; their players do not move and play 17 rounds = 85 deals" in html
    assert "<td >A</td>" in html.replace("<td  >", "<td >")
    assert "Draw the seats" in html
    assert Seat.objects.count() == 0


def test_plan_page_gives_the_deals_of_every_table_fixed_tables_too(admin_client):
    # 41 up the sides: 9 moving tables in one section (17 stays of 4 deals = 68), table 10 a fixed five
    # playing as long (17 rounds of 5 deals = 85).
    tournament = make_tournament(41, method="up-sides-down-middle")

    html = admin_client.get(url("plan", tournament.pk)).content.decode()

    every_table = html[html.index("Deals at every table (10 tables)"):]
    rows = re.findall(r"<tr[^>]*>\s*(<td.*?)</tr>", every_table, flags=re.S)
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S) for row in rows]
    assert [[cell.strip() for cell in row] for row in cells] == (
        [[str(n), "A", "4", "17", "4", "68"] for n in range(1, 10)] + [["10", "fixed", "5", "1", "85", "85"]])


def test_a_section_past_forty_deals_gets_a_split_proposed_and_one_click_takes_it(admin_client):
    # 40 up the sides: one section of 10 tables plays 19 stays = 76 deals; two sections of five play 9 × 4 = 36.
    tournament = make_tournament(40, method="up-sides-down-middle")

    html = admin_client.get(url("plan", tournament.pk)).content.decode()
    assert "A moving table plays 76 deals; Foster allows at most 40" in html
    assert "<strong>Sections of 5,5</strong> keep within them: at most 36 deals a table." in html
    proposal = html[html.index('id="split-proposal"'):]
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', proposal[:proposal.index("</form>")]))

    response = admin_client.post(url("plan", tournament.pk), fields)

    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.method, tournament.section_split, tournament.rounds_per_stay) == (
        "up-sides-down-middle", "5,5", None)
    html = admin_client.get(url("plan", tournament.pk)).content.decode()
    assert 'id="split-proposal"' not in html and "Section 2: 5 tables, 9 stays of 1 round (4 deals), 36 deals" in html


def test_plan_preview_shows_another_method_without_saving_it(admin_client):
    tournament = make_tournament(60, method="up-sides-down-middle")

    response = admin_client.get(url("plan_preview", tournament.pk),
                                {"method": "n-s-stationary", "remainder": "extra-tables", "section_split": "5,5,5",
                                 "rounds_per_stay": "2"}, **HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert "Movement: N-S stationary; 3 sections of 5, 5, 5 tables." in html and "preview, not saved yet" in html
    tournament.refresh_from_db()
    assert tournament.method == "up-sides-down-middle"


def test_plan_preview_of_a_section_of_eleven_tables_says_why(admin_client):
    tournament = make_tournament(88, method="n-s-stationary")
    response = admin_client.get(url("plan_preview", tournament.pk),
                                {"method": "n-s-stationary", "remainder": "extra-tables", "section_split": "11,11"})
    assert response.status_code == 422
    html = response.content.decode()
    assert "Section split" in html and "a section of 11 tables cannot be" in html


def test_choose_the_method(admin_client):
    tournament = make_tournament(60)

    response = admin_client.post(url("plan", tournament.pk), {"method": "n-s-stationary", "remainder": "sit-out",
                                                              "section_split": "5,5,5", "rounds_per_stay": "2"})

    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.method, tournament.remainder, tournament.section_split, tournament.rounds_per_stay) == (
        "n-s-stationary", "sit-out", "5,5,5", 2)


def test_choose_the_method_in_place_updates_the_plan_and_the_heading(admin_client):
    tournament = make_tournament(60)

    response = admin_client.post(url("plan", tournament.pk), {"method": "fixed", "remainder": "extra-tables"}, **HTMX)

    html = response.content.decode()
    assert response.status_code == 200 and html.startswith('<section class="panel" id="method">')
    assert "60 players at 15 tables of four; nobody moves." in html
    assert 'id="tournament-meta" hx-swap-oob="true"' in html and "Fixed tables with controllers" in html


@pytest.mark.slow
@pytest.mark.parametrize("data, field, message", [
    ({"section_split": "11"}, "section_split", "a section of 11 tables cannot be"),
    ({"section_split": "5,5"}, "section_split", "sections hold 10 tables but the plan has 15 moving tables"),
    ({"rounds_per_stay": "-3"}, "rounds_per_stay", "greater than or equal to 1"),
    ({"remainder": "drop"}, "remainder", "Select a valid choice"),
])
def test_choose_a_method_that_cannot_be_planned_is_refused_beside_the_field(admin_client, data, field, message):
    tournament = make_tournament(60)
    before = seating_state(tournament)

    response = admin_client.post(url("plan", tournament.pk), {"method": "n-s-stationary", "remainder": "extra-tables",
                                                              **data}, **HTMX)

    assert response.status_code == 422
    assert message in field_errors(response, field)
    assert seating_state(tournament) == before


def test_change_the_method_after_the_draw_is_refused(admin_client):
    tournament = make_tournament(12)
    tournament_draw(tournament=tournament, seed=1)
    before = seating_state(tournament)
    response = admin_client.post(url("plan", tournament.pk), {"method": "fixed", "remainder": "extra-tables"})
    assert response.status_code == 422 and "clear the draw before you change the method" in response.content.decode()
    assert seating_state(tournament) == before


# --- Draw -----------------------------------------------------------------------------------------------

def test_draw_shows_the_seed_and_the_seating(admin_client):
    tournament = make_tournament(12)

    response = admin_client.post(url("draw", tournament.pk), {"seed": "12345"}, follow=True)

    html = response.content.decode()
    assert response.redirect_chain == [(url("seating", tournament.pk), 302)]
    assert "Seed <strong>12345</strong> — anyone can repeat this draw" in html
    assert html.count("Player ") >= 12 and "<h2>Stay 1</h2>" in html
    assert Seat.objects.filter(tournament=tournament, stay=1).count() == 12


def test_draw_without_a_seed_draws_a_random_one_and_shows_it(admin_client):
    tournament = make_tournament(12)
    html = admin_client.post(url("draw", tournament.pk), {"seed": ""}, follow=True).content.decode()
    tournament.refresh_from_db()
    assert f"Seed <strong>{tournament.draw_seed}</strong>" in html


@pytest.mark.slow
@pytest.mark.parametrize("players, fields, seed, field, message", [
    (0, {}, "1", None, "No players are registered yet."),
    (2, {}, "1", None, "A table needs at least 3 players; 2 cannot form one."),
    (88, {"method": "n-s-stationary", "section_split": "11,11"}, "1", None, "a section of 11 tables cannot be"),
    (12, {}, "abc", "seed", "a seed is a whole number"),
    (12, {}, "1.5", "seed", "a seed is a whole number"),
    (12, {}, "-1", "seed", "a seed is a whole number"),
    (12, {}, str(MAX_SEED + 1), "seed", "a seed is a whole number"),
    (12, {}, "9" * 5000, "seed", "a seed is a whole number"),
    (16, {"method": "fixed"}, "1", None, "0 experts marked for 4 tables"),
])
def test_draw_that_cannot_be_made_says_why_and_changes_nothing(admin_client, players, fields, seed, field, message):
    tournament = make_tournament(players, **fields)
    before = seating_state(tournament)

    response = admin_client.post(url("draw", tournament.pk), {"seed": seed})

    assert response.status_code == 422
    shown = field_errors(response, field) if field else response.content.decode()
    assert message in shown
    assert seating_state(tournament) == before


def test_the_same_player_twice_cannot_be_drawn_because_he_cannot_be_registered_twice(admin_client):
    tournament = make_tournament()
    for _ in range(2):
        admin_client.post(url("player_register", tournament.pk), {"name": "Otto Kahn", "club": "Chicago"})
    assert tournament.players.count() == 1


def test_draw_repeated_after_scores_is_refused_and_changes_nothing(admin_client):
    tournament = make_tournament(12)
    tournament_draw(tournament=tournament, seed=3)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.PLAYING)
    before = seating_state(tournament)

    drawn = admin_client.post(url("draw", tournament.pk), {"seed": "4"})
    cleared = admin_client.post(url("clear_draw", tournament.pk))

    assert drawn.status_code == 422 and "the seats can no longer be redrawn" in drawn.content.decode()
    assert cleared.status_code == 422 and "the draw stands" in cleared.content.decode()
    assert seating_state(tournament) == before


def test_clear_the_draw_opens_registration_again(admin_client):
    tournament = make_tournament(12)
    tournament_draw(tournament=tournament, seed=3)

    response = admin_client.post(url("clear_draw", tournament.pk))

    tournament.refresh_from_db()
    assert response.status_code == 302
    assert (tournament.status, tournament.draw_seed, Seat.objects.filter(tournament=tournament).count()) == (
        "registration", None, 0)


def test_register_after_the_draw_is_refused_and_changes_nothing(admin_client):
    tournament = make_tournament(12)
    tournament_draw(tournament=tournament, seed=3)
    before = seating_state(tournament)
    response = admin_client.post(url("player_register", tournament.pk), {"name": "Late Comer"}, **HTMX)
    assert response.status_code == 422 and "clear the draw" in response.content.decode()
    assert seating_state(tournament) == before


# --- Seating --------------------------------------------------------------------------------------------

def test_seating_lists_sit_outs_and_fixed_tables_in_every_stay(admin_client):
    tournament = make_tournament(23, method="n-s-stationary", remainder="sit-out")
    tournament_draw(tournament=tournament, seed=8)
    sitting_out = SitOut.objects.filter(tournament=tournament, stay=2).select_related("player")
    fixed_seats = Seat.objects.filter(tournament=tournament, table__section=None).count()

    response = admin_client.get(url("seating", tournament.pk), {"stay": "2"})

    html = response.content.decode()
    assert "<h2>Stay 2</h2>" in html and fixed_seats == 3
    assert all(f"<td >{s.player.name}</td>" in html.replace("<td  >", "<td >") for s in sitting_out)
    seated = Seat.objects.filter(tournament=tournament, stay=2).count()
    assert len(response.context["table"].rows) == seated + fixed_seats


def test_seating_finds_a_player(admin_client):
    tournament = make_tournament(12)
    tournament_draw(tournament=tournament, seed=8)
    response = admin_client.get(url("seating", tournament.pk), {"q": "player 11"})
    assert [row.record.player.name for row in response.context["table"].rows] == ["Player 11"]


def test_seating_page_before_the_draw_says_so(admin_client):
    tournament = make_tournament(12)
    assert "The seats are not drawn yet." in admin_client.get(url("seating", tournament.pk)).content.decode()


@pytest.mark.slow
@pytest.mark.parametrize("players", [24, 404])
def test_seating_page_queries_stay_few_however_large_the_hall(admin_client, django_assert_max_num_queries, players):
    tournament = make_tournament(players, method="n-s-stationary", remainder="sit-out")
    tournament_draw(tournament=tournament, seed=1)
    admin_client.get(url("seating", tournament.pk))  # the session and user are loaded once

    # two of them find the club of the page and the clubs of the header's switch (clubs.scope)
    with django_assert_max_num_queries(11):
        response = admin_client.get(url("seating", tournament.pk), {"stay": "3"})

    assert response.status_code == 200


@pytest.mark.parametrize("players", [24, 404])
def test_players_and_plan_pages_queries_stay_few(admin_client, django_assert_max_num_queries, players):
    tournament = make_tournament(players, method="up-sides-down-middle")
    with django_assert_max_num_queries(10):  # 8, and the club of the page and the header's switch (clubs.scope)
        assert admin_client.get(url("players", tournament.pk)).status_code == 200
    with django_assert_max_num_queries(10):
        assert admin_client.get(url("plan", tournament.pk)).status_code == 200


# --- Hostile input --------------------------------------------------------------------------------------

HOSTILE = ["", " ", "0", "-1", "9" * 30, str(2**63), str(2**64 + 1), "1e308", "NaN", "𝕊𝕜𝕒𝕥" * 40, "<script>x</script>",
           "'; DROP TABLE seating_player; --", "\x00", "a" * 10_000, "1,2,3" * 1000, "%s%n", "../../etc/passwd"]


@pytest.mark.slow
@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_input_in_every_field_never_fails_the_server(admin_client, value):
    tournament = make_tournament(12)
    player = tournament.players.first()
    posts = [
        (reverse("director:tournaments"), {name: value for name in ("name", "date", "place", "rulebook", "method", "remainder",
                                                       "section_split", "rounds_per_stay", "session_rounds")}),
        (url("player_register", tournament.pk), {name: value for name in ("name", "club", "membership_number",
                                                                            "is_expert")}),
        (url("players_experts", tournament.pk), {"selected": [value, value], "action": value}),
        (url("player_expert", tournament.pk, player.pk), {"is_expert": value}),
        (url("plan", tournament.pk), {name: value for name in ("method", "remainder", "section_split", "rounds_per_stay", "session_rounds")}),
        (url("draw", tournament.pk), {"seed": value}),
        (url("players_import", tournament.pk), {"file": upload(value[:100] or "x", value.encode())}),
    ]
    gets = [
        (reverse("director:tournaments"), {"sort": value, "page": value}),
        (url("players", tournament.pk), {"sort": value, "page": value}),
        (url("plan_preview", tournament.pk),
         {name: value for name in ("method", "remainder", "section_split", "rounds_per_stay", "session_rounds")}),
        (url("seating", tournament.pk), {"stay": value, "q": value, "sort": value, "page": value}),
        (url("print", tournament.pk), {"job": value}),
    ]
    for address, data in posts:
        for headers in ({}, HTMX):
            response = admin_client.post(address, data, **headers)
            assert response.status_code < 500, (address, data)
            assert b"Traceback" not in response.content
    for address, data in gets:
        response = admin_client.get(address, data)
        assert response.status_code < 500, (address, data)
    tournament.refresh_from_db()
    assert tournament.players.count() in (12, 13)  # a hostile but valid name may register once


@pytest.mark.slow
@pytest.mark.parametrize("path", ["/director/99999999999999999999999999/", "/director/0/plan/",
                                  "/director/99999999999999999999999999/seating/"])
def test_huge_or_unknown_numbers_in_the_address_are_not_found(admin_client, path):
    assert admin_client.get(path).status_code == 404


def test_huge_player_number_in_the_address_is_not_found(admin_client):
    tournament = make_tournament(1)
    response = admin_client.post(f"/director/{tournament.pk}/players/99999999999999999999/expert/", {"is_expert": "1"})
    assert response.status_code == 404


# --- Printing -------------------------------------------------------------------------------------------

def printing_or_skip():
    if importlib.util.find_spec("seating.printing") is None:
        pytest.skip("seating.printing (the printed documents) is not in this checkout yet")
    import seating.printing as printing

    return printing


def drawn_tournament(players: int = 12) -> Tournament:
    tournament = make_tournament(players, method="n-s-stationary")
    tournament_draw(tournament=tournament, seed=5)
    return tournament


def test_print_page_offers_every_document_on_both_papers(admin_client):
    printing = printing_or_skip()
    tournament = drawn_tournament()

    html = admin_client.get(url("print", tournament.pk)).content.decode()

    for kind, document in printing.DOCUMENTS.items():
        assert document.title in html
        for paper in ("a4", "letter"):
            assert url("print_start", tournament.pk, kind, paper) in html
            assert url("print_now", tournament.pk, kind, paper) in html


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_print_now_downloads_the_pdf(admin_client, paper):
    printing = printing_or_skip()
    tournament = drawn_tournament()
    kind = next(iter(printing.DOCUMENTS))

    response = admin_client.get(url("print_now", tournament.pk, kind, paper))

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    assert response["Content-Disposition"].endswith(f'{paper}.pdf"')


def test_print_job_without_javascript_shows_a_page_that_reloads_itself(admin_client):
    printing = printing_or_skip()
    tournament = make_tournament(12)
    kind = next(iter(printing.DOCUMENTS))
    from seating.models import PrintJob

    job = PrintJob.objects.create(tournament=tournament, kind=kind, paper="A4", total=12, done=3)
    html = admin_client.get(url("print_job", tournament.pk, job.pk)).content.decode()

    assert '<meta http-equiv="refresh" content="2">' in html and 'value="25"' in html and "3 of 12" in html


def test_print_before_the_draw_says_why(admin_client):
    printing = printing_or_skip()
    tournament = make_tournament(12)
    kind = next(iter(printing.DOCUMENTS))

    now = admin_client.get(url("print_now", tournament.pk, kind, "a4"), follow=True)
    job = admin_client.post(url("print_start", tournament.pk, kind, "a4"), **HTMX)

    assert "draw them before printing" in now.content.decode()
    assert job.status_code == 422 and "draw them before printing" in job.content.decode()


@pytest.mark.slow
@pytest.mark.parametrize("kind, paper", [("love-letters", "a4"), ("tickets", "a3"), ("tickets", "A4")])
def test_print_of_an_unknown_document_or_paper_is_not_found(admin_client, kind, paper):
    printing_or_skip()
    tournament = drawn_tournament()
    assert admin_client.get(url("print_now", tournament.pk, kind, paper)).status_code == 404
    assert admin_client.post(url("print_start", tournament.pk, kind, paper)).status_code == 404


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_print_job_polls_its_progress_then_offers_the_pdf(admin_client):
    import time

    printing = printing_or_skip()
    tournament = drawn_tournament(24)
    kind = next(iter(printing.DOCUMENTS))

    started = admin_client.post(url("print_start", tournament.pk, kind, "letter"), **HTMX)
    assert started.status_code == 200
    job_id = started.context["job"]["id"]
    html = started.content.decode()
    assert 'hx-trigger="every 1s"' in html or "Download PDF" in html
    deadline = time.monotonic() + 60
    while "Download PDF" not in html and time.monotonic() < deadline:
        time.sleep(0.2)
        html = admin_client.get(url("print_job", tournament.pk, job_id), **HTMX).content.decode()
    assert "Download PDF" in html and "every 1s" not in html  # polling stops when the PDF is there

    pdf = admin_client.get(url("print_job_pdf", tournament.pk, job_id))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    other = make_tournament(1)
    assert admin_client.get(url("print_job_pdf", other.pk, job_id)).status_code == 404


def test_the_seating_page_shows_each_series_and_the_last_drawn_first(admin_client):
    from seating.event_series import series_draw

    tournament = Tournament.objects.create(name="Evening", method="fixed", table_sizes="3-and-4", series_count=2,
                                           session_rounds=12)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Player {n:02}") for n in range(7)])
    series_draw(tournament=tournament, number=1, how="lot", seed=1)
    series_draw(tournament=tournament, number=2, how="lot", seed=2)

    latest = admin_client.get(url("seating", tournament.pk)).content.decode()
    first = admin_client.get(url("seating", tournament.pk), {"series": "1"}).content.decode()

    assert "<h2>Series 2, stay 1</h2>" in latest and "<h2>Series 1, stay 1</h2>" in first
    for html, series in ((latest, 2), (first, 1)):
        shown = {}
        for row in html.split("<tr")[1:]:
            cells = [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            names = [cell for cell in cells if cell.startswith("Player ")]
            if names:
                shown[names[0]] = int(cells[0])
        assert shown == {seat.player.name: seat.table.number for seat in
                         Seat.objects.filter(tournament=tournament, series=series).select_related("player", "table")}
