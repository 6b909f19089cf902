"""Late entries and withdrawals after a whole-event plan re-plan the series not yet played and keep those
played, whichever way the player comes or goes: typed in on the players page or the series page, a member picked
(players page and series page), a guest, the roll call, the sign-up check-in, a list imported; a withdrawal. Each
case is checked by hand: the played series' tables unchanged, the newcomer seated once in every series not
played, everyone who plays a series seated in it, and no two players meeting twice (sizes where a plan allows it:
12 planned over 3 series, series 1 played, a 13th and 14th; 16 less one)."""

from collections import Counter
from itertools import combinations
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from clubs.models import Club, Member
from scoring.series.services import series_played
from scoring.tournaments.services import tournament_open
from seating.errors import SeatingError
from seating.event_series import series_draw, series_replan
from seating.imports import players_import
from seating.member_entry import guest_add, members_pick, player_pick
from seating.models import Player, Seat, SignUp, Table, Tournament
from seating.replanning import player_enter, player_withdraw, replanned_from
from seating.selectors import series_held
from seating.signups import signups_check_in
from tests.scoring.conftest import enter_isko

pytestmark = pytest.mark.django_db

SERIES = 3


@pytest.fixture
def club():
    return Club.objects.create(slug="west", name="Skatclub West")


@pytest.fixture
def desk(client, django_user_model, club):
    from tests.roles import director
    client.force_login(director(django_user_model, club=club))
    return client


def planned(club, *, players: int = 12, played: int = 1, seed: int = 5) -> Tournament:
    """``players`` of four clubs planned over three series at once, the first ``played`` holding scores."""
    tournament = tournament_open(name="Dienstag", rulebook="isko", method="fixed", club=club, series_count=SERIES)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"P{n:02}", club=f"Club {n % 4}")
                                for n in range(players)])
    series_draw(tournament=tournament, number=1, how="plan", seed=seed)
    for number in range(1, played + 1):
        enter_isko(tournament, series=number)
    return tournament


def seatings(tournament) -> dict[int, list[list[int]]]:
    """Each series' tables as sorted lists of player ids, the tables sorted."""
    tables: dict[tuple[int, int], list[int]] = {}
    for series, table, player in Seat.objects.filter(tournament=tournament).values_list("series", "table_id",
                                                                                          "player_id"):
        tables.setdefault((series, table), []).append(player)
    by_series: dict[int, list[list[int]]] = {}
    for (series, _table), players in tables.items():
        by_series.setdefault(series, []).append(sorted(players))
    return {series: sorted(found) for series, found in by_series.items()}


def most_meetings(tournament) -> int:
    met = Counter(pair for tables in seatings(tournament).values() for table in tables
                  for pair in combinations(table, 2))
    return max(met.values())


def assert_replanned(tournament, before, *, came=(), went=(), played: int = 1) -> None:
    """The series played as they were; every later series seats exactly who plays it (the newcomers once each,
    nobody who withdrew) at tables of three and four, planned again with the plan's seed; nobody meets twice."""
    after = seatings(tournament)
    came, went = {player.pk for player in came}, {player.pk for player in went}
    everyone = set(tournament.players.values_list("pk", flat=True))
    for number in range(1, played + 1):
        assert after[number] == before[number], f"series {number} was played: its tables stand"
    for number in range(played + 1, SERIES + 1):
        seated = [player for table in after[number] for player in table]
        assert sorted(seated) == sorted(everyone - went), f"series {number}"
        assert came <= set(seated) and not went & set(seated)
        assert {len(table) for table in after[number]} <= {3, 4}
    assert list(tournament.series_draws.order_by("number").values_list("how", "seed")) == [("plan", 5)] * SERIES
    assert most_meetings(tournament) == 1


# --- Which series are played, and from which a late entry re-plans ---------------------------------------------

def test_the_series_held_are_those_with_a_score_counted_by_hand(club):
    tournament = planned(club, played=0)
    assert series_held(tournament) == 0 == series_played(tournament)
    enter_isko(tournament, series=1, deals=1)
    assert series_held(tournament) == 1 == series_played(tournament)
    enter_isko(tournament, series=2, deals=1, first_table=3)  # one table of series 2 holds a score
    assert series_held(tournament) == 2 == series_played(tournament)


def test_only_scores_hold_a_table():
    # ``series_held`` reads every RESTRICT reference to a table: a new one must be a score, or it says "played".
    held = sorted(relation.name for relation in Table._meta.related_objects
                  if relation.on_delete.__name__ == "RESTRICT")
    assert held == ["deals", "slips"]


@pytest.mark.slow
def test_a_late_entry_joins_the_first_series_not_played_of_a_planned_event(club):
    tournament = planned(club, played=1)
    assert replanned_from(tournament) == 2
    enter_isko(tournament, series=2, deals=1)
    assert replanned_from(tournament) == 3
    lot = tournament_open(name="Mittwoch", rulebook="isko", method="fixed", club=club, series_count=SERIES)
    Player.objects.bulk_create([Player(tournament=lot, name=f"P{n:02}") for n in range(12)])
    series_draw(tournament=lot, number=1, how="lot", seed=1)
    assert replanned_from(lot) is None  # series 2 and 3 not drawn: he joins series 2 when it is drawn
    series_draw(tournament=lot, number=2, how="plan", seed=1)
    assert replanned_from(lot) == 2  # series 1 by lot stays as drawn, played or not


# --- Every way in ------------------------------------------------------------------------------------------------

@pytest.mark.slow
def test_a_player_typed_in_late_is_seated_in_every_series_not_played(club):
    tournament = planned(club)
    before = seatings(tournament)

    entered = player_enter(tournament=tournament, name="Zu Spät", club="SC Nord")

    assert (entered.replanned, entered.player.first_series) == (2, 2)
    assert_replanned(tournament, before, came=[entered.player])


@pytest.mark.slow
def test_before_any_score_a_late_entry_joins_series_1_and_the_whole_plan_is_made_again(club):
    tournament = planned(club, played=0)

    entered = player_enter(tournament=tournament, name="Zu Spät")

    assert (entered.replanned, entered.player.first_series) == (1, 1)
    assert_replanned(tournament, {}, came=[entered.player], played=0)
    tournament.refresh_from_db()
    assert (tournament.draw_seed, tournament.status) == (5, "drawn")


@pytest.mark.slow
def test_a_member_picked_and_a_guest_added_late_are_seated(club):
    tournament = planned(club)
    before = seatings(tournament)
    anna = Member.objects.create(club=club, name="Anna Ebert", number="4711")

    picked = player_pick(tournament=tournament, member=anna)
    guest = guest_add(tournament=tournament, name="Gerd Gast", club="SC Nord")

    assert (picked.replanned, guest.replanned) == (2, 2)
    assert picked.player.member == anna and guest.player.member.guest
    assert_replanned(tournament, before, came=[picked.player, guest.player])


@pytest.mark.slow
def test_the_roll_call_enters_several_late_at_once_and_plans_once(club):
    tournament = planned(club)
    before = seatings(tournament)
    members = [Member.objects.create(club=club, name=name) for name in ("Anna Ebert", "Bernd Berg")]

    with mock.patch("seating.replanning.series_replan", wraps=series_replan) as replan:
        entered = members_pick(tournament=tournament, member_ids=[member.pk for member in members])

    assert replan.call_count == 1
    assert entered.replanned == 2 and [player.first_series for player in entered.players] == [2, 2]
    assert_replanned(tournament, before, came=entered.players)


@pytest.mark.slow
def test_a_sign_up_checked_in_late_is_seated(club):
    tournament = planned(club)
    before = seatings(tournament)
    signups = [SignUp.objects.create(tournament=tournament, name=name, club="SC Nord", contact="0171")
               for name in ("Anna Ebert", "Bernd Berg")]

    entered = signups_check_in(tournament=tournament, signup_ids=[signup.pk for signup in signups])

    assert entered.replanned == 2 and len(entered.players) == 2
    assert_replanned(tournament, before, came=entered.players)
    assert sorted(SignUp.objects.values_list("player__first_series", flat=True)) == [2, 2]


@pytest.mark.slow
def test_a_list_imported_late_is_seated(club):
    tournament = planned(club)
    before = seatings(tournament)

    report = players_import(tournament=tournament, filename="late.csv",
                            content="Name,Club\nAnna Ebert,SC Nord\nBernd Berg,SC Süd\n".encode())

    assert (report.imported, report.replanned) == (2, 2)
    assert_replanned(tournament, before, came=tournament.players.filter(name__in=["Anna Ebert", "Bernd Berg"]))


@pytest.mark.slow
def test_a_list_with_a_problem_imports_nobody_and_the_plan_stands(club):
    tournament = planned(club)
    before = seatings(tournament)

    report = players_import(tournament=tournament, filename="late.csv", content=b"Name,Club\nP00,Club 0\nNew,\n")

    assert report.imported == 0 and report.problems
    assert seatings(tournament) == before and not tournament.players.filter(name="New").exists()


def test_a_withdrawal_takes_him_out_of_the_series_not_played(club):
    tournament = planned(club, players=16)
    before = seatings(tournament)
    gone = tournament.players.get(name="P03")

    withdrawn = player_withdraw(tournament=tournament, player_id=gone.pk, after=1)

    assert withdrawn.replanned == 2 and withdrawn.player.last_series == 1
    assert_replanned(tournament, before, went=[gone])


@pytest.mark.slow
def test_a_withdrawal_after_a_played_series_he_is_seated_in_later_is_refused(club):
    tournament = planned(club, played=2)
    before = seatings(tournament)
    gone = tournament.players.get(name="P03")

    with pytest.raises(SeatingError, match="seated in series 2"):
        player_withdraw(tournament=tournament, player_id=gone.pk, after=1)

    assert seatings(tournament) == before
    gone.refresh_from_db()
    assert gone.last_series is None


@pytest.mark.slow
def test_an_entry_the_page_offered_for_a_series_played_meanwhile_is_refused(club):
    tournament = planned(club)
    before = seatings(tournament)

    with pytest.raises(SeatingError, match="Series 1 was played meanwhile: enter him for series 2"):
        player_enter(tournament=tournament, offered=1, name="Zu Spät")

    assert seatings(tournament) == before and not tournament.players.filter(name="Zu Spät").exists()


def test_an_event_drawn_by_lot_still_refuses_a_registration_on_the_players_page(club):
    tournament = tournament_open(name="Mittwoch", rulebook="isko", method="fixed", club=club, series_count=2)
    Player.objects.bulk_create([Player(tournament=tournament, name=f"P{n:02}") for n in range(12)])
    series_draw(tournament=tournament, number=1, how="lot", seed=1)

    with pytest.raises(SeatingError, match="already drawn"):
        player_enter(tournament=tournament, name="Zu Spät")
    with pytest.raises(SeatingError, match="already drawn"):
        players_import(tournament=tournament, filename="late.csv", content=b"Name\nZu Spat\n")
    assert tournament.players.count() == 12


# --- The pages say so --------------------------------------------------------------------------------------------

def url(name, tournament):
    return reverse(f"director:{name}", args=[tournament.pk])


@pytest.mark.slow
def test_the_players_page_of_a_planned_event_offers_the_forms_and_says_what_happens(desk, club):
    tournament = planned(club)

    page = desk.get(url("players", tournament)).content.decode()

    assert "a player entered now plays from series 2, the first not played" in page
    assert 'id="picker"' in page and 'id="register"' in page and 'id="import"' in page
    assert "clear the draw first" not in page


@pytest.mark.slow
def test_typed_in_on_the_players_page_the_director_is_told_of_the_new_plan(desk, club):
    tournament = planned(club)
    before = seatings(tournament)

    response = desk.post(url("player_register", tournament), {"name": "Zu Spät", "club": "SC Nord"}, follow=True)

    assert "Series 2 to 3 are planned again with him." in response.content.decode()
    assert_replanned(tournament, before, came=tournament.players.filter(name="Zu Spät"))


@pytest.mark.slow
def test_a_member_tapped_in_the_picker_is_seated_and_the_picker_says_so(desk, club):
    tournament = planned(club)
    before = seatings(tournament)
    anna = Member.objects.create(club=club, name="Anna Ebert")

    response = desk.post(url("pick", tournament), {"member": anna.pk}, HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    assert "Series 2 to 3 are planned again with him." in response.content.decode()
    assert_replanned(tournament, before, came=tournament.players.filter(member=anna))


@pytest.mark.slow
def test_a_guest_line_and_the_roll_call_on_their_pages(desk, club):
    tournament = planned(club)
    before = seatings(tournament)
    members = [Member.objects.create(club=club, name=name) for name in ("Anna Ebert", "Bernd Berg")]

    guest = desk.post(url("guest", tournament), {"name": "Gerd Gast", "club": "SC Nord"}, follow=True)
    roll_call = desk.post(url("roll_call", tournament), {"member": [member.pk for member in members]}, follow=True)

    assert "Series 2 to 3 are planned again with him." in guest.content.decode()
    assert "Series 2 to 3 are planned again with them." in roll_call.content.decode()
    came = tournament.players.filter(name__in=["Gerd Gast", "Anna Ebert", "Bernd Berg"])
    assert_replanned(tournament, before, came=came)


@pytest.mark.slow
def test_the_sign_up_check_in_page_says_the_series_are_planned_again(desk, club):
    tournament = planned(club)
    before = seatings(tournament)
    signups = [SignUp.objects.create(tournament=tournament, name=name, contact="0171") for name in ("Anna", "Bert")]

    response = desk.post(url("signups", tournament), {"check_in": "1", "signup": [s.pk for s in signups]},
                         follow=True)

    assert "Series 2 to 3 are planned again with them." in response.content.decode()
    assert_replanned(tournament, before, came=tournament.players.filter(name__in=["Anna", "Bert"]))


@pytest.mark.slow
def test_an_import_on_the_players_page_says_the_series_are_planned_again(desk, club):
    tournament = planned(club)
    upload = SimpleUploadedFile("late.csv", b"Name\nAnna\nBert\n", content_type="text/csv")

    response = desk.post(url("players_import", tournament), {"file": upload}, follow=True)

    assert "Series 2 to 3 are planned again with them." in response.content.decode()
    assert tournament.players.filter(first_series=2).count() == 2


@pytest.mark.slow
def test_the_series_page_picks_a_member_late_into_a_planned_event(desk, club):
    tournament = planned(club)
    before = seatings(tournament)
    anna = Member.objects.create(club=club, name="Anna Ebert")
    page = desk.get(reverse("director:series", args=[tournament.pk]), {"pick": "Anna"}).content.decode()
    assert f'data-member="{anna.pk}"' in page and 'name="series" value="2"' in page

    response = desk.post(reverse("director:series-late-pick", args=[tournament.pk]),
                         {"member": anna.pk, "series": "2"}, follow=True)

    assert "Series 2 to 3 are planned again with him." in response.content.decode()
    assert_replanned(tournament, before, came=tournament.players.filter(member=anna))


@pytest.mark.slow
def test_the_players_page_and_its_message_speak_german_to_a_german_browser(desk, club):
    tournament = planned(club)
    german = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}

    page = desk.get(url("players", tournament), **german).content.decode()
    response = desk.post(url("player_register", tournament), {"name": "Zu Spät"}, follow=True, **german)

    assert "wer jetzt nachgemeldet wird, spielt ab Serie 2, der ersten noch nicht gespielten" in page
    assert "Serien 2 bis 3 sind mit ihm neu ausgelost." in response.content.decode()
