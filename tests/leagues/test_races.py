"""Two clients changing one league at the same moment, on real PostgreSQL: every league write takes the league's
lock (``seating.locks.lock_league``) and reads what it checks after it, so one waits for the other and the loser is
refused with a sentence (the pages answer 409) instead of a 500; the league ends whole. A Wechsel from deal K
racing the table's save of deal K is decided under the table's lock. Each call in a process of its own
(``tests.races``), the moment between a service's checks and its write held open. Skipped on SQLite."""

import pytest
from django.db import connection  # noqa: F401 - read by the skipif condition below

from clubs.models import Club
from leagues import services
from leagues.models import Group, GroupTeam, LineUp, MatchDay, Substitution, Team
from leagues.selectors import league_reading
from scoring.entry.services import deal_enter
from scoring.entry.sheets import deal_slot
from scoring.models import Deal
from scoring.results import DealFacts, EntryError
from seating.models import Player, Seat, Table, Tournament
from tests.races import race, told

pytestmark = [
    pytest.mark.django_db(transaction=True), pytest.mark.slow,
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="concurrency is proven on PostgreSQL (.ci/run)"),
]


@pytest.fixture
def league():
    """Four teams of five, two series a day, the schedule made: day 1 is one group of the four."""
    club = Club.objects.create(slug="skv", name="Skatverein")
    league = services.league_create(club=club, slug="ll", name="Landesliga", rules={"series_per_day": 2, "days": 3})
    for t in "ABCD":
        services.team_add(league=league, name=f"Team {t}", roster=[f"{t} Spieler{n}" for n in range(1, 6)])
    services.schedule_make(league=league, seed=1)
    return league


def team(name: str) -> Team:
    return Team.objects.get(name=name)


def test_an_absence_declared_while_the_day_is_seated_leaves_the_team_either_absent_or_seated(league):
    answers = race(told(lambda: services.absent_set(league=league, day=1, team=team("Team A")), services.LeagueError,
                        "absent"),
                   told(lambda: services.day_seat(league=league, day=1, seed=2), services.LeagueError, "seated"),
                   hold=(GroupTeam, "save"))
    absent = GroupTeam.objects.get(group__day__number=1, team__name="Team A").absent
    seated = Player.objects.filter(team__name="Team A").exists()
    assert absent != seated
    if absent:
        assert answers == ["absent", "seated"]
    else:
        assert answers == ["refused: day 1 is seated already", "seated"]
    assert Tournament.objects.count() == 1


def test_two_line_up_saves_at_once_end_with_one_of_them_whole(league):
    first = ["A Spieler1", "A Spieler2", "A Spieler3", "A Spieler4"]
    second = ["A Spieler5", "A Spieler4", "A Spieler3"]
    answers = race(*[told(lambda names=names: services.lineup_set(league=league, day=1, team=team("Team A"),
                                                                  names=names), services.LeagueError, " ".join(names))
                     for names in (first, second)], hold=(LineUp.objects, "bulk_create"))
    assert answers == sorted([" ".join(first), " ".join(second)])
    saved = list(LineUp.objects.filter(entry__team__name="Team A", entry__group__day__number=1)
                 .order_by("position").values_list("roster__name", flat=True))
    assert saved in (first, second)


def test_two_directors_seating_a_day_at_once_make_one_event(league):
    answers = race(*[told(lambda seed=seed: services.day_seat(league=league, day=1, seed=seed), services.LeagueError,
                          "seated") for seed in (2, 3)], hold=(services, "plan_day"))
    assert answers == ["refused: day 1 is seated already", "seated"]
    assert Tournament.objects.count() == 1
    group = Group.objects.get(day__number=1)
    assert group.tournament_id == Tournament.objects.get().pk
    assert Player.objects.count() == 16 and Seat.objects.filter(series=1).count() == 16


def test_two_directors_scheduling_at_once_end_with_one_whole_schedule(league):
    answers = race(*[told(lambda seed=seed: services.schedule_make(league=league, seed=seed), services.LeagueError,
                          "scheduled") for seed in (4, 5)], hold=(services, "make_schedule"))
    assert answers == ["scheduled", "scheduled"]
    assert list(MatchDay.objects.order_by("number").values_list("number", flat=True)) == [1, 2, 3]
    for day in MatchDay.objects.all():
        (group,) = day.groups.all()
        assert sorted(group.entries.values_list("team__name", flat=True)) == [f"Team {t}" for t in "ABCD"]


@pytest.fixture
def seated(league):
    services.day_seat(league=league, day=1, seed=2)
    return league


def test_the_same_reserve_brought_in_for_two_seats_at_once_comes_in_once(seated):
    calls = [told(lambda out=out: services.substitute(league=seated, day=1, team=team("Team A"), out=out,
                                                      into="A Spieler5", from_series=2), services.LeagueError,
                  f"for {out}") for out in ("A Spieler1", "A Spieler2")]
    answers = race(*calls, hold=(services, "seat_handed_over"))
    assert len([a for a in answers if a.startswith("for ")]) == 1
    assert "refused: A Spieler5 plays that day already" in answers
    assert Substitution.objects.count() == 1
    assert Player.objects.filter(name="A Spieler5").count() == 1


def facts(slot):
    return DealFacts(declarer_id=slot.active[0].player_id, game="club solo", matadores=2, points=79, tricks=8)


def test_a_wechsel_from_deal_k_racing_the_save_of_deal_k_gives_the_deal_to_one_player(seated):
    out = Player.objects.get(name="A Spieler1")
    table = Table.objects.get(series=1, seats__player=out)
    for number in (1, 2):
        deal_enter(table=table, number=number, facts=facts(deal_slot(table, number)))

    def save_deal_3():
        fresh = Table.objects.select_related("tournament", "section").get(pk=table.pk)
        deal_enter(table=fresh, number=3, facts=facts(deal_slot(fresh, 3)))

    answers = race(told(lambda: services.substitute(league=seated, day=1, team=team("Team A"), out="A Spieler1",
                                                    into="A Spieler5", from_series=1, from_deal=3),
                        services.LeagueError, "substituted"),
                   told(save_deal_3, EntryError, "deal saved"),
                   hold=(services, "seat_handed_over"))
    deal = Deal.objects.get(table=table, number=3)
    games = {}
    for group in league_reading(seated).groups[1]:
        for player, rows in group.games.items():
            games[player] = sum(deals for number, deals, _total in rows if number == 1)
    if "substituted" in answers:
        assert answers == ["deal saved", "substituted"]
        sub = Substitution.objects.get()
        assert deal.created_at > sub.at  # saved after the Wechsel: the substitute's deal
        assert (games[out.pk], games[sub.player_in_id]) == (2, 1)
    else:
        assert answers == ["deal saved", "refused: table {} has entered deal 3 of series 1 (or a later one): a "
                           "substitute comes in from a deal not played yet".format(table.number)]
        assert not Substitution.objects.exists() and games[out.pk] == 3
