"""Entering players from the club's registry: the picker's search, a member tapped, a guest kept for next time,
and "like last time" (the settings copied, last time's members ticked, the absent unticked left out)."""

from decimal import Decimal

import pytest

from clubs.models import Club, Member
from clubs.selectors import members_matching
from scoring.models import TournamentScoring
from scoring.tournaments.services import tournament_like_last, tournament_open
from seating.errors import SeatingError
from seating.member_entry import guest_add, player_pick
from seating.models import Player, Tournament
from seating.services import player_register, tournament_draw
from tests.seating.test_views import HTMX, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club.objects.create(slug="west", name="Skatclub West")


@pytest.fixture
def other():
    return Club.objects.create(slug="ost", name="Skatclub Ost")


def evening(club, **fields) -> Tournament:
    return tournament_open(name="Dienstag", rulebook="isko", method="fixed", club=club, **fields)


def names(found) -> list[str]:
    return [member.name for member in found]


# --- The selector ---------------------------------------------------------------------------------------------

def test_two_letters_find_names_containing_them_those_starting_with_them_first(club):
    for name in ("Anna Ebert", "Bernd Maier", "Ebba Klein", "Fritz Ott"):
        Member.objects.create(club=club, name=name)
    assert names(members_matching(club, "eb")) == ["Ebba Klein", "Anna Ebert"]
    assert members_matching(club, "e") == []  # one letter is too little
    assert names(members_matching(club, "  BERND  ")) == ["Bernd Maier"]


def test_a_number_finds_by_its_start(club):
    Member.objects.create(club=club, name="Anna", number="4711")
    Member.objects.create(club=club, name="Bernd", number="4802")
    Member.objects.create(club=club, name="Carl", number="1047")
    assert names(members_matching(club, "4")) == ["Anna", "Bernd"]
    assert names(members_matching(club, "47")) == ["Anna"]


def test_the_picker_leaves_out_who_is_registered_and_keeps_to_its_limit(club):
    members = [Member.objects.create(club=club, name=f"Maier {n:02}") for n in range(20)]
    tournament = evening(club)
    player_pick(tournament=tournament, member=members[0])
    found = members_matching(club, "maier", limit=50, not_in_tournament=tournament.pk)
    assert names(found) == [f"Maier {n:02}" for n in range(1, 20)]
    assert len(members_matching(club, "maier", limit=5)) == 5


def test_another_clubs_member_never_appears_even_by_his_exact_name_or_number(club, other):
    Member.objects.create(club=other, name="Otto Fremd", number="999")
    assert members_matching(club, "Otto Fremd") == [] and members_matching(club, "999") == []
    assert members_matching(None, "Otto Fremd") == []
    tournament = evening(club)
    stranger = Member.objects.get(name="Otto Fremd")
    with pytest.raises(SeatingError):
        player_pick(tournament=tournament, member=stranger)
    assert not tournament.players.exists()


# --- A member registered ----------------------------------------------------------------------------------------

def test_a_picked_member_is_registered_with_his_club_number_categories_and_link(club):
    tournament = evening(club)
    tournament.categories.create(name="damen")
    anna = Member.objects.create(club=club, name="Anna Ebert", number="4711", categories="Damen, Senioren")
    bernd = Member.objects.create(club=club, name="Bernd Gast", home_club="SC Nord", guest=True)
    player = player_pick(tournament=tournament, member=anna).player
    assert (player.name, player.club, player.membership_number, player.member) == (
        "Anna Ebert", "Skatclub West", "4711", anna)
    assert sorted(c.name for c in player.categories.all()) == ["Senioren", "damen"]  # "Damen" is the one there
    assert sorted(tournament.categories.values_list("name", flat=True)) == ["Senioren", "damen"]
    assert player_pick(tournament=tournament, member=bernd.pk).player.club == "SC Nord"
    with pytest.raises(SeatingError, match="already registered"):
        player_pick(tournament=tournament, member=anna)
    assert tournament.players.count() == 2 and list(anna.players.all()) == [player]


def test_a_pick_keeps_the_registration_rules_drawn_and_late_entries(club):
    tournament = evening(club, series_count=2)
    for n in range(8):
        player_register(tournament=tournament, name=f"P{n}")
    late = Member.objects.create(club=club, name="Zu Spät")
    from scoring.series.services import next_series_draw
    next_series_draw(tournament=tournament, how="lot", seed=1, number=1)
    tournament.refresh_from_db()
    with pytest.raises(SeatingError):
        player_pick(tournament=tournament, member=late)
    assert player_pick(tournament=tournament, member=late, first_series=2).player.first_series == 2


def test_a_refused_pick_saves_nothing_no_link_no_category(club):
    tournament = evening(club)
    player_register(tournament=tournament, name="Anna Ebert", club="Skatclub West")
    anna = Member.objects.create(club=club, name="Anna Ebert", categories="Damen")
    with pytest.raises(SeatingError, match="already registered"):
        player_pick(tournament=tournament, member=anna)
    assert not tournament.categories.exists() and not anna.players.exists()


# --- A guest, kept ----------------------------------------------------------------------------------------------

def test_a_guest_is_kept_in_the_registry_and_found_next_time(club):
    first = evening(club)
    player = guest_add(tournament=first, name=" Gerd  Gast ", club="SC Nord").player
    member = player.member
    assert (member.club, member.name, member.home_club, member.guest) == (club, "Gerd Gast", "SC Nord", True)
    second = evening(club)
    assert names(members_matching(club, "ge", not_in_tournament=second.pk)) == ["Gerd Gast"]
    assert guest_add(tournament=second, name="gerd gast", club="sc nord").player.member == member  # never made twice
    assert Member.objects.filter(club=club).count() == 1


def test_a_guest_without_a_name_is_refused_and_nothing_kept(club):
    with pytest.raises(SeatingError):
        guest_add(tournament=evening(club), name="  ", club="SC Nord")
    assert not Member.objects.exists()


# --- The page ---------------------------------------------------------------------------------------------------

@pytest.fixture
def desk(client, django_user_model, club):
    from tests.roles import director
    client.force_login(director(django_user_model, club=club))
    return client


def test_typing_two_letters_shows_the_members_and_a_tap_registers_at_once(desk, club):
    tournament = evening(club)
    anna = Member.objects.create(club=club, name="Anna Ebert")
    Member.objects.create(club=club, name="Berta Ebel")
    found = desk.get(url("pick_search", tournament.pk), {"pick": "eb"}, **HTMX).content.decode()
    assert "Anna Ebert" in found and "Berta Ebel" in found
    tapped = desk.post(url("pick", tournament.pk), {"member": anna.pk}, **HTMX)
    assert tapped.status_code == 200 and "Registered Anna Ebert" in tapped.content.decode()
    assert 'id="players-table" hx-swap-oob="true"' in tapped.content.decode()
    assert list(tournament.players.values_list("member__name", flat=True)) == ["Anna Ebert"]
    again = desk.get(url("pick_search", tournament.pk), {"pick": "eb"}, **HTMX).content.decode()
    assert "Anna Ebert" not in again and "Berta Ebel" in again


def test_without_javascript_the_page_lists_the_members_and_a_tap_comes_back_to_it(desk, club):
    tournament = evening(club)
    anna = Member.objects.create(club=club, name="Anna Ebert")
    page = desk.get(url("players", tournament.pk), {"pick": "an"}).content.decode()
    assert f'name="member" value="{anna.pk}"' in page
    tapped = desk.post(url("pick", tournament.pk), {"member": anna.pk})
    assert tapped.status_code == 302 and tournament.players.get().member == anna
    refused = desk.post(url("pick", tournament.pk), {"member": anna.pk}, follow=True)
    assert "already registered" in refused.content.decode() and tournament.players.count() == 1


def test_a_name_matching_nobody_offers_the_guest_line_and_one_post_adds_him(desk, club):
    tournament = evening(club)
    found = desk.get(url("pick_search", tournament.pk), {"pick": "Gerd Gast"}, **HTMX).content.decode()
    assert "Nobody in the registry matches" in found and 'value="Gerd Gast"' in found
    added = desk.post(url("guest", tournament.pk), {"name": "Gerd Gast", "club": "SC Nord"}, **HTMX)
    assert added.status_code == 200 and tournament.players.get().member.guest
    refused = desk.post(url("guest", tournament.pk), {"name": "", "club": "SC Nord"}, **HTMX)
    assert refused.status_code == 422 and tournament.players.count() == 1


def test_another_clubs_member_cannot_be_picked_through_the_page(desk, club, other):
    tournament = evening(club)
    stranger = Member.objects.create(club=other, name="Otto Fremd")
    response = desk.post(url("pick", tournament.pk), {"member": stranger.pk}, **HTMX)
    assert response.status_code == 422 and not tournament.players.exists()
    for bad in ("x", "", "-1", "99999999999999999999999"):
        assert desk.post(url("pick", tournament.pk), {"member": bad}, **HTMX).status_code == 422


# --- Like last time ---------------------------------------------------------------------------------------------

def test_like_last_time_copies_the_settings_and_money_rules(club, other):
    last = evening(club, series_count=3, session_rounds=10, language="de", place="Vereinsheim")
    TournamentScoring.objects.filter(tournament=last).update(entry_fee=Decimal("10.00"), per_lost_game=Decimal("0.50"),
                                                             prize_money=[["total", 1, "50.00"]], published=True)
    evening(other, series_count=1)  # another club's newer evening is not "last time"
    new = tournament_like_last(club=club)
    for field in ("name", "place", "method", "remainder", "series_count", "session_rounds", "language",
                  "table_sizes", "club"):
        assert getattr(new, field) == getattr(last, field), field
    scoring = TournamentScoring.objects.get(tournament=new)
    assert (scoring.rulebook, scoring.system, scoring.entry_fee, scoring.per_lost_game, scoring.prize_money) == (
        "isko", "seeger-fabian", Decimal("10.00"), Decimal("0.50"), [["total", 1, "50.00"]])
    assert not scoring.published and not new.players.exists()


def test_like_last_time_with_no_evening_says_so(club):
    with pytest.raises(SeatingError, match="no evening yet"):
        tournament_like_last(club=club)


def test_like_last_time_ticks_last_times_members_and_registers_only_those_left_ticked(desk, club):
    last = evening(club)
    members = [Member.objects.create(club=club, name=f"Spieler {n}", categories="Senioren" if n == 0 else "")
               for n in range(6)]
    for member in members:
        player_pick(tournament=last, member=member)
    player_register(tournament=last, name="Nur Getippt")
    made = desk.post(url("like-last-time"))
    new = Tournament.objects.exclude(pk=last.pk).get()
    assert made.status_code == 302 and made.url == url("roll_call", new.pk)
    page = desk.get(made.url).content.decode()
    assert page.count(" checked>") == 6 and "Nur Getippt" not in page and "1 player of last time" in page
    absent = {members[1].pk, members[4].pk}
    ticked = [m.pk for m in members if m.pk not in absent]
    done = desk.post(url("roll_call", new.pk), {"member": ticked})
    assert done.status_code == 302
    assert sorted(new.players.values_list("member_id", flat=True)) == sorted(ticked)
    assert list(new.players.get(member=members[0]).categories.values_list("name", flat=True)) == ["Senioren"]
    assert desk.get(url("roll_call", new.pk)).content.decode().count(" checked>") == 2  # the absent, left


def test_the_roll_call_refuses_nothing_ticked_and_another_clubs_member(desk, club, other):
    evening(club)
    new = tournament_like_last(club=club)
    stranger = Member.objects.create(club=other, name="Otto Fremd")
    assert desk.post(url("roll_call", new.pk), {}).status_code == 422
    assert desk.post(url("roll_call", new.pk), {"member": [stranger.pk]}).status_code == 422
    assert desk.post(url("roll_call", new.pk), {"member": ["x"]}).status_code == 422
    assert not new.players.exists()


def test_the_roll_call_after_the_draw_registers_nobody(club):
    last = evening(club)
    members = [Member.objects.create(club=club, name=f"S{n}") for n in range(4)]
    new = tournament_like_last(club=club)
    for member in members[:3]:
        player_pick(tournament=last, member=member)
        player_register(tournament=new, name=f"X{member.pk}")
    Player.objects.filter(pk=new.players.first().pk).update(is_expert=True)
    tournament_draw(tournament=new, seed=1)
    from seating.member_entry import members_pick
    with pytest.raises(SeatingError):
        members_pick(tournament=new, member_ids=[m.pk for m in members[:3]])
    assert not new.players.exclude(member=None).exists()


# --- German -----------------------------------------------------------------------------------------------------

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}


def test_the_picker_the_guest_line_and_the_roll_call_speak_german(desk, club):
    from tests.german_pages import english_words, visible_text

    last = evening(club)
    anna = Member.objects.create(club=club, name="Anna Ebert")
    player_pick(tournament=last, member=anna)
    player_register(tournament=last, name="Nur Getippt")
    new = tournament_like_last(club=club)
    allowed = ("Anna Ebert", "Dienstag", "Skatclub West", "Nur Getippt", "Zz", "director")  # the login's name
    pages = [desk.get(url("players", new.pk), {"pick": "an"}, **GERMAN),
             desk.get(url("pick_search", new.pk), {"pick": "Zz"}, **GERMAN, **HTMX),
             desk.get(url("roll_call", new.pk), **GERMAN), desk.get(url("tournaments"), **GERMAN),
             desk.post(url("guest", new.pk), {"name": ""}, **GERMAN, **HTMX)]
    for page in pages:
        assert english_words(visible_text(page.content.decode()), allowed) == [], page.request["PATH_INFO"]
    assert "Niemand im Mitgliederverzeichnis" in pages[1].content.decode()
    assert "Wie letztes Mal" in pages[3].content.decode()


# --- A late entry picked on the series page ---------------------------------------------------------------------

def test_a_late_member_is_found_and_entered_for_the_next_series_on_the_series_page(desk, club):
    from scoring.series.services import next_series_draw

    tournament = evening(club, series_count=2)
    for n in range(8):
        player_register(tournament=tournament, name=f"P{n}")
    late = Member.objects.create(club=club, name="Zu Spät", number="77")
    next_series_draw(tournament=tournament, how="lot", seed=1, number=1)
    page = desk.get(url("series", tournament.pk), {"pick": "77"}).content.decode()
    assert f'data-member="{late.pk}"' in page and 'name="series" value="2"' in page
    entered = desk.post(url("series-late-pick", tournament.pk), {"member": late.pk, "series": "2"}, follow=True)
    assert "Zu Spät plays from series 2." in entered.content.decode()
    player = tournament.players.get(member=late)
    assert player.first_series == 2 and player.membership_number == "77"
    again = desk.post(url("series-late-pick", tournament.pk), {"member": late.pk, "series": "2"}, follow=True)
    assert "already registered" in again.content.decode() and tournament.players.count() == 9
    stale = desk.post(url("series-late-pick", tournament.pk), {"member": "x"}, follow=True)
    assert "not understood" in stale.content.decode()


# --- Another club's director ------------------------------------------------------------------------------------

def test_another_clubs_director_reaches_none_of_the_pickers_pages_and_changes_nothing(client, django_user_model,
                                                                                      club, other):
    from tests.roles import director

    tournament = evening(club, series_count=2)
    anna = Member.objects.create(club=club, name="Anna Ebert")
    client.force_login(director(django_user_model, "ost-director", club=other))
    pk = tournament.pk
    for name in ("pick_search", "roll_call", "players"):
        assert client.get(url(name, pk), {"pick": "an"}).status_code == 404, name
    for name, data in (("pick", {"member": anna.pk}), ("guest", {"name": "Gerd Gast"}),
                       ("roll_call", {"member": [anna.pk]}), ("series-late-pick", {"member": anna.pk})):
        assert client.post(url(name, pk), data, **HTMX).status_code == 404, name
    assert client.post(url("like-last-time")).status_code == 302  # his club has no evening: said, nothing made
    assert not tournament.players.exists() and Member.objects.count() == 1
    assert Tournament.objects.filter(club=other).count() == 0


def test_father_and_son_of_one_name_are_two_players_a_typed_namesake_is_refused(club):
    tournament = evening(club)
    father = Member.objects.create(club=club, name="Hans Müller", number="101", birth_year=1958)
    son = Member.objects.create(club=club, name="Hans Müller", number="102", birth_year=1990)
    player_pick(tournament=tournament, member=father)
    player_pick(tournament=tournament, member=son)
    assert sorted(tournament.players.values_list("member_id", flat=True)) == sorted([father.pk, son.pk])
    with pytest.raises(SeatingError, match="already registered"):  # the same member twice
        player_pick(tournament=tournament, member=son)
    with pytest.raises(SeatingError, match="already registered"):  # typed in: one of them, or a third?
        player_register(tournament=tournament, name="hans müller", club="Skatclub West")

    later = evening(club)
    player_register(tournament=later, name="Hans Müller", club="Skatclub West")  # typed in first: may be him
    with pytest.raises(SeatingError, match="already registered"):
        player_pick(tournament=later, member=father)
    assert later.players.count() == 1
