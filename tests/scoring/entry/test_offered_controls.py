"""What the table's sheet offers is what the server takes: in every state of a stay's slips (none made, made, one
OK'd, all OK'd), after the director's correction and in a closed series, each control shown (Undo, a paper slip's
player, a slip's OK, "make slips") is tried and taken, and each one left out is tried and refused. Tried inside a
savepoint rolled back, so one state's page is checked against that state only."""

import re
from functools import partial

import pytest
from django.db import transaction

from scoring.entry.access import table_link
from scoring.entry.services import deal_correct, deal_undo, slip_enter, slip_ok, slips_produce
from scoring.models import Slip
from scoring.results import DealFacts, EntryError
from scoring.series.services import series_close
from seating.models import Player
from seating.schedule import schedule_of
from tests.scoring.entry.test_sheet_offers import correct_first_deal, enter


class Refused(Exception):
    pass


def taken(action) -> bool:
    """Whether the server takes ``action`` now; nothing it writes is kept."""
    try:
        with transaction.atomic():
            action()
            raise Refused  # taken: roll it back
    except Refused:
        return True
    except EntryError:
        return False


def page_offers(client, url: str) -> dict:
    """What the page shows, read off its HTML as the phone gets it."""
    text = client.get(url).content.decode()
    undo = re.search(r'data-last="(\d+)"', text)
    barred = re.search(r'<span id="undo-barred" class="undo-barred"( hidden)?>([^<]*)</span>', text)
    paper = {}
    chosen = re.search(r'<select name="slip_of">(.*?)</select>', text, re.S)
    for stay, player in re.findall(r'<option value="(\d+)-(\d+)"', chosen.group(1) if chosen else ""):
        paper.setdefault(int(stay), []).append(int(player))
    return {"undo": int(undo.group(1)) if undo else None,
            "barred": barred.group(2).replace("&#x27;", "'") if barred and not barred.group(1) else "",
            "paper": paper, "ok_forms": [int(pk) for pk in re.findall(r'action="[^"]*/slip/(\d+)/ok/"', text)],
            "make": [int(n) for n in re.findall(r"Make stay (\d+) slips from the sheet", text)],
            "save": 'id="deal-form"' in text}


def check_against_the_server(table, offers: dict, *, last: int, by_director: bool) -> None:
    assert taken(lambda: deal_undo(table=table, number=last)) == (offers["undo"] == last)
    assert bool(offers["barred"]) == (offers["undo"] is None and offers["save"])  # the line stands in for Undo
    check_paper_against_the_server(table, offers, by_director=by_director)
    for slip in Slip.objects.filter(table=table).select_related("player"):
        other = next(s.player for s in table.seats.filter(stay=slip.stay).select_related("player")
                     if s.player_id != slip.player_id)
        assert (slip.pk in offers["ok_forms"]) == taken(
            partial(slip_ok, slip=slip, by_player_id=other.pk, ok_code=other.ok_code, by_director=by_director))
    for stay in offers["make"]:
        assert taken(partial(slips_produce, table=table, stay=stay, by_director=by_director))


def check_paper_against_the_server(table, offers: dict, *, by_director: bool) -> None:
    """Each paper slip's player offered is taken, each one left out refused, in the stays 1 to 3."""
    for stay, seated in ((stay, table.seats.filter(stay=stay)) for stay in (1, 2, 3)):
        for seat in seated.select_related("player"):
            player = seat.player
            writable = taken(partial(slip_enter, table=table, stay=stay, player_id=player.pk, net_points=0,
                                     net_games=0, player_code=player.ok_code, by_director=by_director))
            assert (player.pk in offers["paper"].get(stay, ())) == writable, (stay, player.name)


@pytest.mark.slow
@pytest.mark.parametrize("state", ["deals only", "slips made", "one OK'd", "all OK'd", "corrected", "closed"])
def test_every_control_shown_is_taken_and_every_one_left_out_is_refused(client, admin_client, table, state):
    per_stay = schedule_of(table).deals_per_stay
    enter(table, range(1, per_stay + 1))
    if state != "deals only":
        slips, _ = slips_produce(table=table, stay=1)
        oking = slips[:1] if state == "one OK'd" else [] if state == "slips made" else slips
        for slip in oking:
            other = next(s.player_id for s in slips if s.player_id != slip.player_id)
            slip_ok(slip=slip, by_player_id=other, by_director=True)
    if state == "corrected":
        correct_first_deal(table)
        deal = table.deals.get(number=per_stay)
        deal_correct(deal=deal, facts=DealFacts(declarer_id=deal.declarer_id, game="nullo", result="lost"),
                     version=deal.version)
    if state == "closed":
        series_close(tournament=table.tournament, series=table.series)
    for client_, url, by_director in ((client, f"/t/{table_link(table).token}/", False),
                                      (admin_client, f"/sheets/{table.pk}/", True)):
        offers = page_offers(client_, url)
        check_against_the_server(table, offers, last=per_stay, by_director=by_director)
        if state in ("deals only", "slips made"):
            assert offers["undo"] == per_stay
        if state in ("one OK'd", "all OK'd"):
            assert offers["barred"] == "Stay 1's slips are OK'd: only the director can change its deals now."
        if state == "corrected":
            assert offers["barred"] == (f"Deal {per_stay} was corrected by the director: only the director can "
                                        "change it now.")
        if state == "closed":
            assert not offers["save"] and offers["undo"] is None


def test_a_stay_whose_every_slip_is_okd_says_who_can_change_them(client, table):
    per_stay = schedule_of(table).deals_per_stay
    enter(table, range(1, per_stay + 1))
    slips, _ = slips_produce(table=table, stay=1)
    for slip in slips:
        slip_ok(slip=slip, by_player_id=next(s.player_id for s in slips if s != slip), by_director=True)
    text = client.get(f"/t/{table_link(table).token}/").content.decode()
    assert "Stay 1: every slip is OK'd; only the director can change them now." in text
    # stay 1's slips are all OK'd, stay 2 is not played yet (the sheet has not reached it): nothing to copy
    assert page_offers(client, f"/t/{table_link(table).token}/")["paper"] == {}
    assert "Copy a paper slip" not in text
    assert Player.objects.filter(pk__in=[s.player_id for s in slips]).count() == len(slips)


def test_a_paper_slip_is_offered_and_taken_for_a_stay_played_and_for_every_stay_while_no_deal_is_entered(
        client, admin_client, table):
    """A stay the sheet has not reached is not played yet: no paper slip for it, on either page, and the server
    refuses one. A table that has entered no deal keeps its sheet on paper: every stay takes its slips."""
    stays = schedule_of(table).stays
    for client_, url, by_director in ((client, f"/t/{table_link(table).token}/", False),
                                      (admin_client, f"/sheets/{table.pk}/", True)):
        offers = page_offers(client_, url)
        assert sorted(offers["paper"]) == list(range(1, stays + 1))
        check_paper_against_the_server(table, offers, by_director=by_director)
    enter(table, range(1, 2))  # the sheet is used: its stays take slips once their last deal is entered
    for client_, url, by_director in ((client, f"/t/{table_link(table).token}/", False),
                                      (admin_client, f"/sheets/{table.pk}/", True)):
        offers = page_offers(client_, url)
        assert offers["paper"] == {}
        check_paper_against_the_server(table, offers, by_director=by_director)
    player = table.seats.filter(stay=1).select_related("player").first().player
    with pytest.raises(EntryError, match="Stay 1 is not over yet"):
        slip_enter(table=table, stay=1, player_id=player.pk, net_points=0, net_games=0, player_code=player.ok_code)


@pytest.mark.parametrize("slip_of", ["", "x-y", "1-", "-5", "99-1", "1-999999999999"])
def test_the_one_paper_slip_form_refuses_a_stay_and_player_it_did_not_offer_with_a_message(client, table, slip_of):
    response = client.post(f"/t/{table_link(table).token}/slips/paper/",
                           {"slip_of": slip_of, "net_points": "10", "net_games": "1", "player_code": "1"})
    assert response.status_code == 422
    assert "Nothing was saved. Player: " in response.content.decode()  # the field named
    assert not Slip.objects.exists()


def test_the_one_paper_slip_form_saves_the_stay_and_player_chosen(client, table):
    player = table.seats.get(stay=2, seat=1).player
    response = client.post(f"/t/{table_link(table).token}/slips/paper/", {
        "slip_of": f"2-{player.pk}", "net_points": "10", "net_games": "1", "player_code": player.ok_code})
    assert response.status_code == 200, response.content.decode()[-2000:]
    assert "Paper slip entered" in response.content.decode()
    assert list(Slip.objects.values_list("stay", "player_id", "net_points", "source")) == [
        (2, player.pk, 10, Slip.Source.PAPER)]
