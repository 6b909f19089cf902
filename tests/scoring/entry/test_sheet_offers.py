"""What the sheet answers and offers. An undo refused after the stay's slips are OK'd
is said in one sentence; "make slips" is offered for a stay only when making them means something."""

import re

import pytest

from scoring.entry.access import table_link
from scoring.entry.selectors import slips_by_stay, stays_to_make_slips
from scoring.entry.services import deal_correct, deal_enter, deal_void, slip_ok, slips_produce
from scoring.entry.sheets import deal_slot, table_sheet
from scoring.results import DealFacts, Figures, figures_of, sheet_figures
from seating.schedule import schedule_of

MOST_CHARACTERS = 300
"""An answer that says one sentence (the page's own status line is a few hundred characters at most)."""


def enter(table, numbers) -> None:
    for number in numbers:
        slot = deal_slot(table, number)
        deal_enter(table=table, number=number, facts=DealFacts(
            declarer_id=slot.active[0].player_id, game="club solo", matadores=2, points=79, tricks=8))


def ok_every_slip(table, stay: int) -> None:
    slips, _ = slips_produce(table=table, stay=stay)
    for slip in slips:
        other = next(s.player_id for s in slips if s.player_id != slip.player_id)
        slip_ok(slip=slip, by_player_id=other, by_director=True)


def test_an_undo_refused_after_the_slips_are_okd_answers_one_short_sentence(client, table):
    per_stay = schedule_of(table).deals_per_stay
    enter(table, range(1, per_stay + 1))
    ok_every_slip(table, 1)
    response = client.post(f"/t/{table_link(table).token}/undo/", {"number": str(per_stay)}, HTTP_HX_REQUEST="true")
    text = response.content.decode()
    assert response.status_code == 409
    assert "Stay 1&#x27;s slips are OK&#x27;d: only the director can change its deals now." in text
    assert len(text) < MOST_CHARACTERS, text[:500]
    assert table.deals.count() == per_stay  # nothing taken back


def test_an_undo_of_a_deal_that_is_not_the_last_answers_one_short_sentence(client, table):
    enter(table, range(1, 3))
    response = client.post(f"/t/{table_link(table).token}/undo/", {"number": "1"}, HTTP_HX_REQUEST="true")
    text = response.content.decode()
    assert response.status_code == 409 and "Only the last deal entered can be undone" in text
    assert len(text) < MOST_CHARACTERS, text[:500]


# --- "Make stay N slips" -----------------------------------------------------------------------------------

def offered(client, url: str) -> list[int]:
    """The stays whose "make slips" button the sheet shows."""
    text = client.get(url).content.decode()
    return [int(n) for n in re.findall(r"Make stay (\d+) slips from the sheet", text)]


@pytest.fixture
def link(table):
    return f"/t/{table_link(table).token}/"


def test_no_stay_is_offered_before_its_last_deal_is_entered(client, table, link):
    per_stay = schedule_of(table).deals_per_stay
    assert offered(client, link) == []
    enter(table, range(1, per_stay))  # stay 1 all but its last deal
    assert offered(client, link) == []


def test_a_stay_is_offered_once_its_last_deal_is_in_and_the_next_stay_is_not(client, table, link):
    per_stay = schedule_of(table).deals_per_stay
    enter(table, range(1, per_stay + 2))  # stay 1 complete, stay 2's first deal
    assert offered(client, link) == [1]


def test_made_slips_are_not_offered_again_okd_or_not(client, table, link, admin_client):
    per_stay = schedule_of(table).deals_per_stay
    enter(table, range(1, per_stay + 1))
    response = client.post(f"{link}slips/1/make/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and table.slips.filter(stay=1).count() == 4
    assert "Make stay 1 slips" not in response.content.decode()
    assert offered(client, link) == []  # made, not yet OK'd: making them again changes nothing
    ok_every_slip(table, 1)
    assert offered(client, link) == [] and offered(admin_client, f"/sheets/{table.pk}/") == []


def test_a_deal_corrected_after_the_slips_were_made_offers_them_again(client, table, link):
    per_stay = schedule_of(table).deals_per_stay
    enter(table, range(1, per_stay + 1))
    slips_produce(table=table, stay=1)
    correct_first_deal(table)
    assert offered(client, link) == [1]  # the slips say other than the sheet and none is OK'd


def test_okd_slips_behind_a_correction_are_offered_to_the_director_only(client, table, link, admin_client):
    per_stay = schedule_of(table).deals_per_stay
    enter(table, range(1, per_stay + 1))
    ok_every_slip(table, 1)
    correct_first_deal(table)
    assert offered(client, link) == []  # through the link every slip is kept as OK'd: nothing would change
    assert offered(admin_client, f"/sheets/{table.pk}/") == [1]  # his slips replace them, each OK'd anew


def test_slips_of_a_stay_not_yet_played_are_refused_and_none_is_made(client, table, link):
    per_stay = schedule_of(table).deals_per_stay
    enter(table, range(1, per_stay + 2))
    response = client.post(f"{link}slips/2/make/", HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "Stay 2 is not over yet: its slips are made from the sheet once its last deal is entered." in (
        response.content.decode())
    assert not table.slips.exists()


def test_the_slips_and_the_offer_are_read_with_one_query_whatever_the_stays(table, django_assert_num_queries):
    per_stay = schedule_of(table).deals_per_stay
    enter(table, range(1, 3 * per_stay + 1))
    for stay in (1, 2):
        slips_produce(table=table, stay=stay)
    second = table.deals.get(number=per_stay + 1)  # stay 2's slips now disagree with its sheet
    deal_void(deal=second, version=second.version)
    sheet = table_sheet(table)
    with django_assert_num_queries(1):
        slips = slips_by_stay(table)
        assert stays_to_make_slips(sheet, slips, by_director=False) == [2, 3]
    with django_assert_num_queries(0):
        assert stays_to_make_slips(sheet.progress, slips, by_director=False) == [2, 3]


def test_each_slip_is_read_with_the_figures_the_sheet_gives_its_player(table):
    """The figures read with the slips are the sheet's, recounted here deal by deal (a voided deal counts nothing;
    a score above 0 is a game won, below 0 a game lost), after a void and a correction, and the same as the
    committee's check reads (``sheet_figures``)."""
    per_stay = schedule_of(table).deals_per_stay
    enter(table, range(1, 2 * per_stay + 1))
    for stay in (1, 2):
        slips_produce(table=table, stay=stay)
    second = table.deals.get(number=2)
    deal_void(deal=second, version=second.version)
    correct_first_deal(table)
    by_sheet = sheet_figures(table.tournament, [table.pk])
    slips = [slip for _, stay_slips in slips_by_stay(table) for slip in stay_slips]
    assert len(slips) == 8
    for slip in slips:
        scores = [deal.score for deal in table.deals.filter(stay=slip.stay, player_id=slip.player_id, voided=False)]
        recounted = Figures(sum(scores), sum(score > 0 for score in scores), sum(score < 0 for score in scores))
        assert figures_of(slip) == recounted == by_sheet.get((table.pk, slip.stay, slip.player_id), Figures()), slip
    assert any(figures_of(slip) == Figures() for slip in slips)  # a player with no counted deal in his stay


def correct_first_deal(table) -> None:
    """Deal 1 corrected from a won club solo (+36 for V) to a lost one."""
    deal = table.deals.get(number=1)
    deal_correct(deal=deal, facts=DealFacts(declarer_id=deal.declarer_id, game="club solo", matadores=2, points=40,
                                            tricks=3), version=deal.version)
