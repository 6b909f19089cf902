"""A table link could forge and overwrite slips.

``POST /t/<token>/slips/1/paper/`` with a player of the table and ``net_points=99999 net_games=4`` was taken,
the same link then OK'd it "as another seat", the standings gave that player 99,999 points, and the same POST
rewrote a slip already OK'd. Now: figures are bounded by the deals the player held cards in and the
rulebook's highest score; an OK needs the OK'ing player's own code from his entry ticket; an OK'd slip
changes only by the director's correction, which the history keeps.
"""

import pytest
from django.contrib.auth.models import User

from scoring.engine import get_rulebook, highest_score
from scoring.entry.access import table_link
from scoring.entry.ok_codes import OK_FAILURES_ALLOWED
from scoring.models import Slip
from scoring.results import tournament_results
from seating.models import Player
from tests.roles import grant

pytestmark = pytest.mark.django_db

FOSTER_HIGHEST = highest_score(get_rulebook("foster-1922"))


def code_of(player_id):
    return Player.objects.get(pk=player_id).ok_code


def paper(client, table, player, **figures):
    """The slip's own player copies his paper slip through the link, with his own code unless told."""
    data = {"player_id": player, "net_points": 0, "net_games": 0, "remarks": "", "player_code": code_of(player)}
    data.update(figures)
    return client.post(f"/t/{table_link(table).token}/slips/1/paper/", data)


def ok(client, table, slip, by, code=""):
    return client.post(f"/t/{table_link(table).token}/slip/{slip.pk}/ok/", {"by_player_id": by, "ok_code": code})


def test_the_forged_slip_of_the_issue_is_refused_and_nothing_is_saved(client, table, seat):
    response = paper(client, table, seat[0], net_points=99999, net_games=4)
    assert response.status_code == 422
    assert "Nothing was saved" in response.content.decode() and "held cards in" in response.content.decode()
    assert not Slip.objects.exists()


def test_the_slips_refusal_is_german_on_a_german_phone(client, table, seat):
    """The figures' refusal is the standings' own sentence (scoring.standings.lists), said in the phone's language."""
    from tests.german_pages import english_words, visible_text

    data = {"player_id": seat[0], "net_points": 99999, "net_games": 4, "remarks": "", "player_code": code_of(seat[0])}
    response = client.post(f"/t/{table_link(table).token}/slips/1/paper/", data, HTTP_ACCEPT_LANGUAGE="de")
    text = visible_text(response.content.decode())
    assert response.status_code == 422
    assert "Spielsaldo +4 in 3 Spielen (in denen er Karten hatte)" in text and "zwischen −3 und +3" in text
    assert english_words(text, (table.tournament.name, *Player.objects.values_list("name", flat=True))) == []


def test_net_points_beyond_what_the_games_could_be_worth_are_refused(client, table, seat):
    # Three deals holding cards at a table of four: at most 3 games, each worth at most the rulebook's highest.
    assert paper(client, table, seat[0], net_points=3 * FOSTER_HIGHEST + 1, net_games=3).status_code == 422
    assert paper(client, table, seat[0], net_points=FOSTER_HIGHEST + 1, net_games=-1).status_code == 422  # 1 won
    assert paper(client, table, seat[0], net_points=-2 * FOSTER_HIGHEST - 1, net_games=-1).status_code == 422
    assert not Slip.objects.exists()
    assert paper(client, table, seat[0], net_points=3 * FOSTER_HIGHEST, net_games=3).status_code == 200


def test_the_link_cannot_ok_its_own_slip_as_another_seat(client, table, seat):
    paper(client, table, seat[0], net_points=36, net_games=1)
    slip = Slip.objects.get()
    response = ok(client, table, slip, by=seat[1])  # no code: what the forger did
    assert response.status_code == 422 and "OK code" in response.content.decode()
    assert ok(client, table, slip, by=seat[1], code="000000" if Player.objects.get(pk=seat[1]).ok_code != "000000"
              else "111111").status_code == 422
    slip.refresh_from_db()
    assert slip.ok_by_id is None


def test_the_link_cannot_write_another_players_slip_without_his_code(client, table, seat):
    response = paper(client, table, seat[1], net_points=-36, net_games=-1, player_code=code_of(seat[0]))
    assert response.status_code == 422 and "OK code" in response.content.decode()
    assert paper(client, table, seat[1], net_points=-36, net_games=-1, player_code="").status_code == 422
    assert not Slip.objects.exists()


def test_the_other_player_oks_with_the_code_on_his_ticket(client, table, seat):
    paper(client, table, seat[0], net_points=36, net_games=1)
    slip = Slip.objects.get()
    response = ok(client, table, slip, by=seat[1], code=Player.objects.get(pk=seat[1]).ok_code)
    assert response.status_code == 200
    slip.refresh_from_db()
    assert slip.ok_by_id == seat[1]


def test_guessing_codes_locks_oking_at_the_table(client, table, seat):
    paper(client, table, seat[0], net_points=36, net_games=1)
    slip = Slip.objects.get()
    right = Player.objects.get(pk=seat[1]).ok_code
    wrong = [f"{n:06d}" for n in range(20) if f"{n:06d}" != right][:OK_FAILURES_ALLOWED]
    for code in wrong:
        ok(client, table, slip, by=seat[1], code=code)
    response = ok(client, table, slip, by=seat[1], code=right)  # even the right code waits out the lock
    assert response.status_code == 422 and "locked" in response.content.decode()
    slip.refresh_from_db()
    assert slip.ok_by_id is None


def test_an_okd_slip_is_not_rewritten_through_the_link_but_the_director_corrects_it_with_history(
        client, table, seat):
    paper(client, table, seat[0], net_points=36, net_games=1)
    slip = Slip.objects.get()
    ok(client, table, slip, by=seat[1], code=Player.objects.get(pk=seat[1]).ok_code)
    response = paper(client, table, seat[0], net_points=72, net_games=2)
    assert response.status_code == 422 and "only the director can correct it" in response.content.decode()
    slip.refresh_from_db()
    assert (slip.net_points, slip.ok_by_id) == (36, seat[1])
    client.force_login(grant(User.objects.create_user("director", password="x")))  # the same browser
    response = client.post(f"/sheets/{table.pk}/slips/1/paper/", {"player_id": seat[0], "net_points": 72,
                                                                  "net_games": 2, "remarks": "corrected"})
    assert response.status_code == 200
    slip.refresh_from_db()
    assert (slip.net_points, slip.ok_by_id) == (72, None)  # corrected: it needs a new OK
    assert [h.net_points for h in slip.history.order_by("history_date")] == [36, 36, 72]


def test_the_standings_never_show_the_forged_points(client, table, seat):
    paper(client, table, seat[0], net_points=99999, net_games=4)
    paper(client, table, seat[0], net_points=99999, net_games=3)
    results = tournament_results(table.tournament)
    assert all(row["net_points"] != 99999 for row in results.rows())


def test_a_made_slip_okd_at_the_table_is_kept_when_the_link_makes_slips_again(client, table, seat):
    from scoring.entry.services import deal_enter, slips_produce
    from scoring.entry.sheets import deal_slot
    from tests.scoring.entry.test_services import club_solo

    slot = deal_slot(table, 1)
    deal_enter(table=table, number=1, facts=club_solo(slot))
    slips, _ = slips_produce(table=table, stay=1)
    declarer = slot.active[0].player_id
    other = next(p for p in slot.active if p.player_id != declarer).player_id
    slip = next(s for s in slips if s.player_id == declarer)
    ok(client, table, slip, by=other, code=Player.objects.get(pk=other).ok_code)
    deal_enter(table=table, number=2, facts=club_solo(deal_slot(table, 2)))
    deal_enter(table=table, number=3, facts=club_solo(deal_slot(table, 3), declarer_id=declarer))  # his slip changes
    deal_enter(table=table, number=4, facts=club_solo(deal_slot(table, 4)))  # the stay over: slips made again
    response = client.post(f"/t/{table_link(table).token}/slips/1/make/")
    assert "Kept as OK&#x27;d" in response.content.decode()
    slip.refresh_from_db()
    assert slip.ok_by_id == other


def test_a_seeger_fabian_line_with_impossible_game_points_is_refused(client, table, seat):
    from tests.scoring.committee.test_seeger_fabian_lists import seeger_fabian

    seeger_fabian(table.tournament)
    response = paper(client, table, seat[0], net_points=99999, games_won=1, games_lost=0)
    assert response.status_code == 422 and "cannot come from 1 won and 0 lost" in response.content.decode()
    response = paper(client, table, seat[0], net_points=10, games_won=2, games_lost=2)  # 4 games, 3 deals held
    assert response.status_code == 422
    assert not Slip.objects.exists()
