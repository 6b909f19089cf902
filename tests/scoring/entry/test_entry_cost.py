"""The entry's cost as can be asserted (the timings are in bench/bench_entry.py): the data statements of a save at
a table's first deal, a middle deal and a stay's last deal, the size of its answer, and totals that stay right
after saves, voids and corrections."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.entry.access import table_link
from scoring.entry.services import deal_correct, deal_enter, deal_void, slip_enter, slip_ok, slips_produce
from scoring.entry.sheets import deal_slot, sheet_blocks, table_sheet
from scoring.results import DealFacts
from scoring.tournaments.services import tournament_open
from seating.models import Player, Table
from seating.schedule import schedule_of
from seating.services import tournament_draw
from tests.scoring.entry.statements import data_statements, table_locks

MOST_STATEMENTS = 6
"""A save's data statements (tests/scoring/entry/statements.py), whichever deal it saves: the table's link, its
seats, one read of the table under its lock, the deal and its history row; at a table's first deal the tournament
marked as playing, at a stay's last deal the table's slips (with the sheet's figures they are checked against),
which the answer's slips' section shows. The table's lock is one statement more where the database takes it with
a statement (PostgreSQL; SQLite's writes are one at a time already)."""
MOST_BYTES = 8 * 1024


@pytest.fixture
def long_table(db):
    """A fixed table of four that plays 80 deals (20 rounds): one stay of 80 deals."""
    tournament = tournament_open(rulebook="foster-1922", name="Long session", method="fixed", session_rounds=20)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"Player {n:02d}", is_expert=n <= 3)
                                for n in range(1, 13)])
    tournament_draw(tournament=tournament, seed=5)
    return Table.objects.select_related("tournament", "section").get(tournament=tournament, number=1)


def post_data(table, number: int, **extra) -> dict:
    slot = deal_slot(table, number)
    data = {"number": number, "submission_key": f"key-{number}", "kind": "game",
            "declarer_id": slot.active[number % 3].player_id, "game_type": "solo", "suit": "3", "mat_sign": "with",
            "mat_count": "2", "points": "79", "tricks": "8"}
    data.update(extra)
    return data


def enter_until(table, last: int) -> None:
    for number in range(1, last + 1):
        slot = deal_slot(table, number)
        deal_enter(table=table, number=number, facts=DealFacts(
            declarer_id=slot.active[number % 3].player_id, game="heart tournee", matadores=-1, points=50 + number % 40,
            tricks=3 + number % 5))


def saved_within_cost(client, table, number: int, *, most_bytes: int | None = MOST_BYTES) -> str:
    """Deal ``number`` saved through the table's link: its answer, checked to be within the save's cost."""
    token = table_link(table).token
    data = post_data(table, number)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/t/{token}/save/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200, response.content.decode()[:500]
    html = response.content.decode()
    assert f"Deal {number} saved" in html and response["X-Deal-Saved"] == str(number)
    statements = data_statements(queries)
    assert len(statements) <= MOST_STATEMENTS, "\n".join(q[:150] for q in statements)
    assert table_locks(queries) == (1 if connection.vendor == "postgresql" else 0)
    assert most_bytes is None or len(response.content) < most_bytes
    return html


@pytest.mark.django_db(transaction=True)  # the save's own transaction, not a test's savepoint
@pytest.mark.parametrize("number", [1, 40, 79])
def test_a_save_makes_at_most_six_data_statements_and_answers_in_under_8_kb(client, long_table, number):
    enter_until(long_table, number - 1)
    html = saved_within_cost(client, long_table, number)
    # what the slips' section offers: at a stay's end, and at the first deal (the paper slips of a table that had
    # entered no deal go)
    assert ('data-replace="#slip-offers"' in html) == (number == 1)


@pytest.mark.django_db(transaction=True)
def test_the_save_of_a_stays_last_deal_brings_the_slips_section_within_the_same_cost(client, long_table):
    enter_until(long_table, 79)
    html = saved_within_cost(client, long_table, 80)
    token = table_link(long_table).token
    assert 'data-replace="#slip-offers"' in html and "Make stay 1 slips from the sheet" in html
    assert f'action="/t/{token}/slips/1/make/"' in html and "csrfmiddlewaretoken" in html


@pytest.mark.django_db(transaction=True)
def test_a_stays_last_deal_with_slips_made_and_okd_before_it_stays_within_the_cost(client, table):
    """Stays of a few deals: the first deal, a middle one, and the last deal of every stay, while stay 1's slips
    are made and OK'd and a paper slip of stay 2, copied before the sheet was used, waits (the slips are read with
    their figures in one statement). The answer at a stay's end carries what the slips' section offers (a paper slip's form for each stay played): under 8 KB at every stay's end."""
    per_stay, stays = schedule_of(table).deals_per_stay, schedule_of(table).stays
    assert stays >= 5
    paper = deal_slot(table, per_stay + 1).players[0].player_id
    slip_enter(table=table, stay=2, player_id=paper, net_points=0, net_games=0, by_director=True)
    saved_within_cost(client, table, 1)
    enter_from(table, 2, per_stay - 1)
    saved_within_cost(client, table, per_stay)
    slips, _ = slips_produce(table=table, stay=1)
    slip_ok(slip=slips[0], by_player_id=slips[1].player_id, by_director=True)
    saved_within_cost(client, table, per_stay + 1)
    enter_from(table, per_stay + 2, 2 * per_stay - 1)
    html = saved_within_cost(client, table, 2 * per_stay)
    assert "Make stay 2 slips from the sheet" in html and "Make stay 1 slips" not in html
    for stay in range(3, stays + 1):  # every stay's end, its paper slips offered with every stay played before
        enter_from(table, (stay - 1) * per_stay + 1, stay * per_stay - 1)
        html = saved_within_cost(client, table, stay * per_stay)
        assert f'value="{stay}-' in html and f'value="{stay + 1}-' not in html


def enter_from(table, first: int, last: int) -> None:
    for number in range(first, last + 1):
        slot = deal_slot(table, number)
        deal_enter(table=table, number=number, facts=DealFacts(
            declarer_id=slot.active[number % 3].player_id, game="grand", matadores=1, points=70, tricks=6))


def test_the_same_key_again_is_the_same_deal(client, long_table):
    token = table_link(long_table).token
    for _ in range(2):
        response = client.post(f"/t/{token}/save/", post_data(long_table, 1), HTTP_HX_REQUEST="true")
        assert response.status_code == 200 and "Deal 1 saved" in response.content.decode()
    assert long_table.deals.count() == 1


def test_a_deal_entered_meanwhile_is_a_conflict_that_names_the_next_deal(client, long_table):
    token = table_link(long_table).token
    enter_until(long_table, 1)
    response = client.post(f"/t/{token}/save/", post_data(long_table, 1, submission_key="mine"),
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 409 and response["X-Deal-Next"] == "2"
    assert "already entered" in response.content.decode()
    assert long_table.deals.get(number=1).game == "heart tournee"  # nothing overwritten


def shown_totals(html: str) -> list[int]:
    row = re.search(r'<tr id="stay-\d+-totals".*?</tr>', html, re.S).group(0)
    return [int(n) for n in re.findall(r'<td class="num (?:won|lost)">(-?\d+)</td>', row)]


def test_totals_shown_after_a_save_equal_a_fresh_recount(client, long_table):
    token = table_link(long_table).token
    enter_until(long_table, 5)
    deals = {d.number: d for d in long_table.deals.all()}
    deal_void(deal=deals[2], version=deals[2].version)
    slot = deal_slot(long_table, 4)
    deal_correct(deal=deals[4], facts=DealFacts(declarer_id=slot.active[0].player_id, game="grand",
                                                 matadores=2, points=70, tricks=6), version=deals[4].version)
    for number in (6, 7):
        response = client.post(f"/t/{token}/save/", post_data(long_table, number, mat_sign="without"),
                               HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        stay = long_table.deals.get(number=number).stay
        block = next(b for b in sheet_blocks(table_sheet(long_table)) if b.stay == stay)
        assert shown_totals(response.content.decode()) == [n for pair in block.totals for n in pair]
    assert any(n for n in shown_totals(response.content.decode()))


def test_undo_takes_back_the_last_deal_only(client, long_table):
    token = table_link(long_table).token
    enter_until(long_table, 3)
    assert client.post(f"/t/{token}/undo/", {"number": "2"}, HTTP_HX_REQUEST="true").status_code == 409
    assert client.post(f"/t/{token}/undo/", {"number": "x"}, HTTP_HX_REQUEST="true").status_code == 422
    response = client.post(f"/t/{token}/undo/", {"number": "3"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "Deal 3 taken back" in response.content.decode()
    assert sorted(long_table.deals.values_list("number", flat=True)) == [1, 2]
    assert "Save deal 3" in response.content.decode()


def test_picked_game_is_valued_as_the_engine_names_it(client, long_table):
    token = table_link(long_table).token
    response = client.post(f"/t/{token}/save/", post_data(long_table, 1, points="", tricks="", result="won"),
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    deal = long_table.deals.get()
    assert (deal.game, deal.matadores, deal.score) == ("club solo", 2, 36)
    refused = client.post(f"/t/{token}/save/", post_data(long_table, 2, suit="", points="", result="won"),
                          HTTP_HX_REQUEST="true")
    assert refused.status_code == 422 and "pick the suit" in refused.content.decode()
    bad = client.post(f"/t/{token}/save/", post_data(long_table, 2, game_type="no-such:9"), HTTP_HX_REQUEST="true")
    assert bad.status_code == 422 and "pick the game" in bad.content.decode()


def test_a_refusal_names_the_field_even_when_the_phone_did_not_send_it(client, long_table):
    data = post_data(long_table, 1)
    del data["declarer_id"]
    response = client.post(f"/t/{table_link(long_table).token}/save/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert 'data-field="declarer_id"' in response.content.decode() and "pick the player" in response.content.decode()


@pytest.mark.parametrize("view", ["save", "preview"])
def test_a_game_picked_without_its_suit_is_a_question_not_an_error(client, long_table, view):
    data = post_data(long_table, 1)
    del data["suit"]  # the phone sends what is picked so far: the game, not yet its suit
    response = client.post(f"/t/{table_link(long_table).token}/{view}/", data, HTTP_HX_REQUEST="true")
    # a save is refused (422); a preview answers the question (200: a deal not complete yet is no error)
    assert response.status_code == (422 if view == "save" else 200) and "pick the suit" in response.content.decode()
