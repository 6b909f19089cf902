"""A deal entered over a stay kept on paper.

A table that kept its sheet on paper copies each player's paper slip, and another player OKs it: those OK'd slips
are what counts for that stay. The table's link still offered deal 1 and took it; from then on the stay had a
deal, its OK'd slips no longer counted (the sheet does where deals were entered), the one deal stood for the whole
stay, and the table could not take it back (an OK'd stay bars the undo). So one tap through the link, no code
needed, wiped the players' agreed results. Now: a stay with an OK'd slip takes no deal, through the link or on the
director's page, and says why; the results stay as the slips say.
"""

import pytest

from scoring.entry.access import table_link
from scoring.entry.services import slip_enter, slip_ok
from scoring.entry.sheets import deal_slot
from scoring.models import Deal
from scoring.results import tournament_results
from tests.scoring.entry.test_entry_cost import post_data

pytestmark = pytest.mark.django_db


def _totals(tournament) -> dict[int, int]:
    results = tournament_results(tournament)
    return {r.standing.player: r.standing.total(results.system) for r in results.ranked()}


def _paper_stay_1(table) -> list[int]:
    """Stay 1's paper slips copied (+30 / 1 game for the first player, 0 for the others) and each OK'd."""
    players = [p.player_id for p in deal_slot(table, 1).players]
    for n, player in enumerate(players):
        slip = slip_enter(table=table, stay=1, player_id=player, net_points=30 if n == 0 else 0,
                          net_games=1 if n == 0 else 0, by_director=True)
        slip_ok(slip=slip, by_player_id=players[(n + 1) % len(players)], by_director=True)
    return players


@pytest.mark.parametrize("where", ["link", "staff"])
def test_a_deal_of_a_stay_whose_paper_slips_are_okd_is_refused_and_the_slips_still_count(
        client, admin_client, table, where):
    players = _paper_stay_1(table)
    before = _totals(table.tournament)
    assert before[players[0]] > before[players[1]]  # the slips count
    url = f"/t/{table_link(table).token}/save/" if where == "link" else f"/sheets/{table.pk}/save/"
    response = (client if where == "link" else admin_client).post(url, post_data(table, 1), HTTP_HX_REQUEST="true")
    assert response.status_code == 409, response.content.decode()[-1500:]
    assert ("Stay 1 at table 1 was kept on paper and its slips are OK'd: they count, and no deal of it can be "
            "entered now.") in response.content.decode().replace("&#x27;", "'")
    assert not Deal.objects.exists()
    assert _totals(table.tournament) == before


def test_the_sheet_of_a_stay_kept_on_paper_offers_no_deal_and_says_why(client, admin_client, table):
    from tests.scoring.entry.test_offered_controls import page_offers

    _paper_stay_1(table)
    for client_, url in ((client, f"/t/{table_link(table).token}/"), (admin_client, f"/sheets/{table.pk}/")):
        text = client_.get(url).content.decode().replace("&#x27;", "'")
        assert not page_offers(client_, url)["save"]
        assert "Stay 1 at table 1 was kept on paper and its slips are OK'd" in text
