"""Issue 26, at the table: what the sheet answers and offers. An undo refused after the stay's slips are OK'd
is said in one sentence; "make slips" is offered for a stay only when making them means something."""

from scoring.entry.access import table_link
from scoring.entry.services import DealFacts, deal_enter, slip_ok, slips_produce
from scoring.entry.sheets import deal_slot
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
