"""The director's correction with the table's picker. The page opens with the deal as saved (its
buttons tapped), a correction sent through the buttons saves the figures the books give, its reason stays in
the deal's history, and the page reads German on a German browser."""

import re

import pytest

from scoring.engine import RULEBOOKS, find_game, get_rulebook
from scoring.entry import game_buttons
from scoring.entry.services import deal_enter
from scoring.entry.sheets import deal_slot
from scoring.results import DealFacts
from tests.german_pages import english_words, visible_text

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}


@pytest.fixture
def deal(table):
    """Deal 1: V's Club Solo "with" 2, 79 card points: 3 × 12 = 36 won."""
    slot = deal_slot(table, 1)
    return deal_enter(table=table, number=1, facts=DealFacts(declarer_id=slot.active[0].player_id, game="club solo",
                                                             matadores=2, points=79, tricks=8))


def checked(page: str, name: str) -> list[str]:
    """The values of the radio buttons ``name`` that are on."""
    inputs = re.findall(rf'<input[^>]*name="{name}"[^>]*>', page)
    return [re.search(r'value="([^"]*)"', tag).group(1) for tag in inputs if re.search(r"\schecked[\s>]", tag)]


def picker_data(deal, **fields) -> dict:
    data = {"number": deal.number, "version": deal.version, "kind": "game", "game": "", **fields}
    return data


def test_the_correction_opens_with_the_deal_tapped_on_the_tables_picker(admin_client, deal):
    page = admin_client.get(f"/deals/{deal.pk}/correct/").content.decode()
    assert 'id="deal-form"' in page and 'name="game_type"' in page  # the table's picker, not a typed form
    assert checked(page, "declarer_id") == [str(deal.declarer_id)]
    assert checked(page, "game_type") == ["solo"] and checked(page, "suit") == ["3"]  # ♣
    assert checked(page, "mat_sign") == ["with"] and checked(page, "mat_count") == ["2"]
    assert 'name="points" inputmode="numeric" pattern="[0-9]*" maxlength="3" value="79"' in page
    assert 'name="game" list="game-names" maxlength="60" value=""' in page  # the buttons name it: nothing typed


def test_a_correction_through_the_picker_saves_the_books_figures_and_keeps_its_reason(admin_client, table, deal):
    m = deal_slot(table, 1).active[1]
    reason = "slip of M: a Tournee Grand, lost"
    response = admin_client.post(f"/deals/{deal.pk}/correct/", picker_data(
        deal, declarer_id=m.player_id, game_type="tournee-grand", mat_sign="without", mat_count="1", result="lost",
        reason=reason))
    assert response.status_code == 302
    deal.refresh_from_db()
    # Foster: a Tournee Grand is worth 12 a multiplier; "without" 1 and 1 for game are 2: 24, lost: -24 for M.
    assert (deal.game, deal.matadores, deal.player_id, deal.score) == ("tournee grand", -1, m.player_id, -24)
    assert deal.version == 2
    assert deal.history.first().history_change_reason == reason
    history = admin_client.get(f"/deals/{deal.pk}/correct/").content.decode().split('class="grid history"')[1]
    assert f'<td class="reason">{reason}</td>' in history


def test_a_correction_without_a_reason_keeps_none(admin_client, table, deal):
    response = admin_client.post(f"/deals/{deal.pk}/correct/", picker_data(
        deal, declarer_id=deal.declarer_id, game_type="solo", suit="2", mat_sign="with", mat_count="2",
        points="79", tricks="8"))
    assert response.status_code == 302
    deal.refresh_from_db()
    assert (deal.game, deal.score) == ("spade solo", 33)  # Foster's Spade Solo is 11: 3 × 11
    assert deal.history.first().history_change_reason is None


def test_a_reason_too_long_is_refused_by_name_and_nothing_is_saved(admin_client, deal):
    response = admin_client.post(f"/deals/{deal.pk}/correct/", picker_data(
        deal, declarer_id=deal.declarer_id, game_type="nullo", result="won", reason="x" * 101))
    assert response.status_code == 422
    assert "Reason for the correction" in response.content.decode()
    deal.refresh_from_db()
    assert (deal.game, deal.version) == ("club solo", 1)


def test_the_correction_page_is_german_for_a_german_browser(admin_client, table, deal):
    admin_client.post(f"/deals/{deal.pk}/correct/", picker_data(
        deal, declarer_id=deal.declarer_id, game_type="nullo", result="won", reason="Zettel"))
    page = admin_client.get(f"/deals/{deal.pk}/correct/", **GERMAN).content.decode()
    names = tuple(table.tournament.players.values_list("name", flat=True))
    assert english_words(visible_text(page), names) == [], visible_text(page)
    assert ">mit<" in page.replace(" ", "") and "Grund der Berichtigung" in page
    assert not re.search(r"\d{4}-\d{2}-\d{2}", visible_text(page))  # no ISO timestamp in the history


@pytest.mark.parametrize("rulebook", sorted(RULEBOOKS))
def test_every_game_on_the_buttons_comes_back_as_the_same_game(rulebook):
    """A stored game opens on the buttons that give it back: picked, then named and found again, is the game."""
    book = get_rulebook(rulebook)
    on_buttons = {p.value.partition(":")[0] for p in game_buttons.picks(rulebook)}
    for game in book.games:
        if game.type.variety or not game.type.in_tournaments or game.name == "Ramsch":
            continue
        back = game_buttons.picked(rulebook, game.name.lower())
        assert back is not None, game.name
        assert back.value.partition(":")[0] in on_buttons
        again = find_game(book, game_buttons.phrase(rulebook, back.value, back.suit), hand=back.hand, ouvert=back.ouvert)
        assert again == game, (game.name, back)


def test_an_isko_grand_hand_opens_as_grand_with_hand_on():
    back = game_buttons.picked("isko", "grand hand")
    assert (back.value, back.suit, back.hand, back.ouvert) == ("grand", None, True, False)
    assert game_buttons.picked("isko", "club ouvert") == game_buttons.Picked("suit:3", None, False, True)  # Ouvert implies Hand


def test_a_variety_stays_typed():
    assert game_buttons.picked("foster-1922", "tournee nullo") is None
