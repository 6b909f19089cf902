"""A deal's save answers exactly what it answered when it read the whole sheet after its commit: the answers of a
table's evening (its first deal, a deal in the middle of a stay, and the last deal of each stay, with slips made,
OK'd, copied from paper before the first deal and overtaken by the sheet and by a correction; through the table's
link and on the director's page) are kept under ``save_answers/`` and the save must give them byte for byte, each
under 8 KB: it sends only the parts of the slips' section a deal changes.

A missing file is written from the answer and the test fails, so a new case is recorded once and looked at.
Normalised before comparing: the table link's token and the CSRF token (both random each run); the ids are the
same each run (``reset_sequences``)."""

import re
from pathlib import Path

import pytest

from scoring.entry.access import table_link
from scoring.entry.services import deal_correct, deal_enter, slip_enter, slip_ok, slips_produce
from scoring.entry.sheets import deal_slot
from scoring.results import DealFacts
from seating.schedule import schedule_of

ANSWERS = Path(__file__).parent / "save_answers"
ANSWER_BYTES = 8 * 1024  # a save's answer stays this small on a phone's slow connection, the stay's last deal too


def normalised(html: str, token: str) -> str:
    html = html.replace(token, "TOKEN")
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', 'name="csrfmiddlewaretoken" value="CSRF"', html)


def facts(table, number: int) -> DealFacts:
    """Deal ``number``: a club solo with 2 by the next active player, won with 79 unless it is the stay's third."""
    slot = deal_slot(table, number)
    return DealFacts(declarer_id=slot.active[number % 3].player_id, game="club solo", matadores=2,
                     points=40 if number % 3 == 0 else 79, tricks=3 if number % 3 == 0 else 8)


def post(client, url: str, table, number: int) -> str:
    slot = deal_slot(table, number)
    won = number % 3 != 0
    response = client.post(url, {
        "number": number, "submission_key": f"key-{number}", "kind": "game",
        "declarer_id": slot.active[number % 3].player_id, "game_type": "solo", "suit": "3", "mat_sign": "with",
        "mat_count": "2", "points": "79" if won else "40", "tricks": "8" if won else "3"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200, response.content.decode()[:500]
    return response.content.decode()


def enter(table, numbers) -> None:
    for number in numbers:
        deal_enter(table=table, number=number, facts=facts(table, number))


def same_as_kept(name: str, html: str, token: str) -> None:
    assert len(html.encode()) < ANSWER_BYTES, (name, len(html.encode()))
    kept = ANSWERS / f"{name}.html"
    html = normalised(html, token)
    if not kept.exists():
        kept.parent.mkdir(exist_ok=True)
        kept.write_text(html)
        pytest.fail(f"{kept} recorded: look at it, then run again")
    assert html == kept.read_text(), name


@pytest.mark.slow
@pytest.mark.django_db(transaction=True, reset_sequences=True)  # the save's own transaction; the same ids each run
def test_every_save_answers_as_it_did(client, admin_client, table):
    per_stay = schedule_of(table).deals_per_stay
    assert schedule_of(table).stays >= 3 and per_stay >= 4
    token = table_link(table).token
    link, staff = f"/t/{token}/save/", f"/sheets/{table.pk}/save/"

    first = deal_slot(table, 1).players[0].player_id  # copied from paper before any deal was entered: disagrees
    slip_enter(table=table, stay=1, player_id=first, net_points=100, net_games=1, remarks="paper", by_director=True)
    same_as_kept("deal_1", post(client, link, table, 1), token)
    enter(table, range(2, 3))
    same_as_kept("middle_deal", post(client, link, table, 3), token)
    enter(table, range(4, per_stay))
    same_as_kept("stay_1_last", post(client, link, table, per_stay), token)

    slips, _ = slips_produce(table=table, stay=1)
    for slip in slips[:3]:  # three OK'd, one not yet
        other = next(s.player_id for s in slips if s.player_id != slip.player_id)
        slip_ok(slip=slip, by_player_id=other, by_director=True)
    enter(table, range(per_stay + 1, 2 * per_stay))
    same_as_kept("stay_2_last_by_the_director", post(admin_client, staff, table, 2 * per_stay), token)

    lost = table.deals.get(number=3)  # the director makes stay 1's lost deal won: the slip not OK'd disagrees now
    deal_correct(deal=lost, facts=DealFacts(declarer_id=lost.declarer_id, game="grand", matadores=1, points=70,
                                            tricks=6), version=lost.version)
    slips_produce(table=table, stay=2)
    enter(table, range(2 * per_stay + 1, 3 * per_stay))
    same_as_kept("stay_3_last", post(client, link, table, 3 * per_stay), token)


def slips_section(html: str) -> str:
    section = re.search(r'<section class="slips" id="slips">.*?\n</section>', html, re.S).group(0)
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', 'name="csrfmiddlewaretoken" value="CSRF"', section)


def answered(page: str, answer: str) -> str:
    """The page as the page's script leaves it (static/js/entry.js): the slips' offers the answer brings, replaced
    (their block's own closing tag is the only one at a line's start)."""
    for target, part in re.findall(r'<template data-replace="#(slip-offers)">(.*?)</template>', answer,
                                   re.S):
        block = re.compile(rf'<div class="[^"]+" id="{target}">.*?\n</div>', re.S)
        assert block.search(page), target
        page = block.sub(lambda _, kept=part: kept.strip(), page)
    return page


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_slips_section_after_a_save_shows_what_the_sheet_shows_anew(client, admin_client, table):
    """The answer brings only the part of the slips' section a deal changes, its offers: applied to the page, it is
    the one a reload shows, at the table's first deal (its paper slips for every stay go) and at each stay's end,
    on the table's link and on the director's page."""
    per_stay = schedule_of(table).deals_per_stay
    token = table_link(table).token
    first = deal_slot(table, 1).players[0].player_id  # a paper slip of stay 1 waits
    slip_enter(table=table, stay=1, player_id=first, net_points=100, net_games=1, by_director=True)
    for client_, sheet, number in ((client, f"/t/{token}/", 1), (client, f"/t/{token}/", per_stay),
                                   (admin_client, f"/sheets/{table.pk}/", 2 * per_stay)):
        enter(table, range(table.deals.count() + 1, number))
        before = client_.get(sheet).content.decode()
        answer = post(client_, f"{sheet}save/", table, number)
        assert "data-replace" in answer
        assert slips_section(answered(before, answer)) == slips_section(client_.get(sheet).content.decode()), number
        if number == per_stay:
            slips_produce(table=table, stay=1)
