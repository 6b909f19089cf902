"""The Sportordnung's administration as rules with their defaults: one club a season, the line-up's deadlines, the
most substitutions a series, a no-show's fine and deduction, the director's deduction with its note, a group's day
moved, the team fee; each figure recomputed here by hand."""

import datetime
from decimal import Decimal
from fractions import Fraction

import pytest

from clubs.models import Club, Member
from leagues import services
from leagues.core import (
    PRESETS,
    Deduction,
    LeagueRules,
    RulesError,
    SeriesSums,
    lineup_deadlines,
    lineup_refusal,
    parse_rules,
    preset,
    table_of_sums,
)
from leagues.models import Charge, DayNote, LineUp
from leagues.selectors import league_reading, venue_of
from leagues.tables import league_table_reading

F = Fraction


def _table(rows):
    return [(row.name, row.rank, row.points, row.points_against, row.game_points, row.deducted) for row in rows]


def test_a_table_with_a_deduction_a_no_show_and_a_tie_by_hand():
    """Four teams, DSkV counting (1 a team beaten), a no-show costs 2 Wertungspunkte. Day 1: D did not appear;
    series 1 sums A 100, B 80, C 80; series 2 A 50, B 60, C 40. The director takes 1 point from A ("Spielbericht
    late"). By hand: series 1 A beats B and C: 2; B and C equal: ½ each; D 0, its most 3 (the whole group less
    itself). Series 2: B 2, A 1, C 0. Won: A 3, B 2½, C ½, D 0; lost: A 1, B 1½, C 3½, D 6. Less the deductions:
    A 3 − 1 = 2, B 2½, C ½, D 0 − 2 = −2. Order by points then Spielpunkte: B 2½ (140), A 2 (150), C ½ (120),
    D −2 (0). Then a tie: with A's deduction ½ instead, A and B both stand 2½; Spielpunkte decide (A 150)."""
    rules = parse_rules({"no_show_deduction": 2})
    teams = {1: "A", 2: "B", 3: "C", 4: "D"}
    sums = [{1: 100, 2: 80, 3: 80}, {1: 50, 2: 60, 3: 40}]
    manual = [Deduction(1, F(1), "Spielbericht late")]
    expected = [("B", 1, F(5, 2), F(3, 2), 140, 0), ("A", 2, F(2), F(1), 150, 1), ("C", 3, F(1, 2), F(7, 2), 120, 0),
                ("D", 4, F(-2), F(6), 0, 2)]
    fast = table_of_sums(rules, teams, [SeriesSums(1, s, (4,)) for s in sums], manual)
    assert _table(fast) == expected
    assert [d.day for d in fast[3].deductions] == [1] and fast[1].deductions[0].note == "Spielbericht late"
    tied = table_of_sums(rules, teams, [SeriesSums(1, s, (4,)) for s in sums], [Deduction(1, F(1, 2), "late")])
    assert [(row.name, row.rank, row.points) for row in tied][:2] == [("A", 1, F(5, 2)), ("B", 2, F(5, 2))]
    # ordered by points alone the two share the rank
    alone = table_of_sums(LeagueRules(table_order=("points",), no_show_deduction=2), teams,
                          [SeriesSums(1, s, (4,)) for s in sums], [Deduction(1, F(1, 2), "late")])
    assert [(row.name, row.rank) for row in alone][:2] == [("A", 1), ("B", 1)]


def test_without_the_rule_a_no_show_costs_only_its_points():
    rules = parse_rules({})
    rows = table_of_sums(rules, {1: "A", 2: "B", 3: "C"}, [SeriesSums(1, {1: 10, 2: 5}, (3,))])
    assert {row.name: (row.points, row.points_against, row.deducted) for row in rows} == {
        "A": (1, 0, 0), "B": (0, 1, 0), "C": (0, 2, 0)}


def test_the_new_rules_have_their_defaults_and_refuse_clearly():
    rules = parse_rules({})
    assert (rules.one_club_per_season, rules.lineup_due_days, rules.lineup_corrections_until,
            rules.substitutions_per_series, rules.no_show_fine, rules.no_show_deduction, rules.team_fee) == (
        False, 0, "", 0, Decimal("0"), 0, Decimal("0"))
    given = {"one_club_per_season": True, "lineup_due_days": 2, "lineup_corrections_until": "09:00",
             "substitutions_per_series": 1, "no_show_fine": "50", "no_show_deduction": 3, "team_fee": 120.5}
    parsed = parse_rules(given)
    assert parsed.as_json() == {**given, "no_show_fine": "50.00", "team_fee": "120.50"}
    assert parse_rules(parsed.as_json()) == parsed
    for key, value in [("no_show_fine", "abc"), ("no_show_fine", -1), ("no_show_fine", "1e999"),
                       ("team_fee", "0.001"), ("team_fee", 10 ** 6), ("team_fee", True), ("team_fee", "１０"),
                       ("lineup_corrections_until", "25:00"), ("lineup_corrections_until", "9"),
                       ("one_club_per_season", "yes"), ("lineup_due_days", 15), ("substitutions_per_series", -1),
                       ("no_show_deduction", 1.5)]:
        with pytest.raises(RulesError) as refused:
            parse_rules({key: value})
        assert refused.value.field == key


def test_every_preset_is_rules_as_its_level_plays():
    assert set(PRESETS) == {"dskv-landesliga", "dskv-oberliga", "dskv-regionalliga", "dskv-2-bundesliga",
                            "dskv-1-bundesliga", "ispa"}
    assert [preset(key).series_per_day for key in PRESETS] == [2, 3, 3, 3, 4, 4]
    assert preset("dskv-1-bundesliga").central_days == (1, 2, 3, 4, 5)
    assert preset("dskv-2-bundesliga").central_days == (2, 3, 4, 5)
    ispa = preset("ispa")
    assert (ispa.per_beaten, ispa.lineup_due_days, ispa.lineup_corrections_until, ispa.min_games) == (
        2, 2, "09:00", 540)


def test_the_line_up_deadlines_of_an_ispa_saturday():
    rules = preset("ispa")
    saturday = datetime.date(2026, 3, 7)
    at = datetime.datetime
    assert lineup_deadlines(rules, saturday).due == at(2026, 3, 5, 23, 59, 59, 999999)  # the Thursday before
    assert lineup_refusal(rules, saturday, at(2026, 3, 5, 22, 0), False) is None
    assert lineup_refusal(rules, saturday, at(2026, 3, 6, 10, 0), False) == "late"
    assert lineup_refusal(rules, saturday, at(2026, 3, 6, 10, 0), True) is None  # a correction
    assert lineup_refusal(rules, saturday, at(2026, 3, 7, 9, 0), True) is None
    assert lineup_refusal(rules, saturday, at(2026, 3, 7, 9, 1), True) == "closed"
    assert lineup_refusal(parse_rules({}), saturday, at(2026, 3, 7, 18, 0), False) is None  # no rule, no deadline
    assert lineup_refusal(rules, None, at(2026, 3, 7, 18, 0), False) is None


@pytest.fixture
def club(db):
    return Club.objects.create(slug="verband", name="Landesverband")


def _league(club, rules, *, teams=4, slug="ll", season="2026"):
    league = services.league_create(club=club, slug=slug, name=f"Liga {slug}", rules=rules, season=season)
    made = [services.team_add(league=league, name=f"{slug} T{t}", roster=[f"{slug} T{t} P{n}" for n in range(1, 6)])
            for t in range(1, teams + 1)]
    services.schedule_make(league=league, seed=1)
    return league, made


def test_a_no_show_books_its_fine_and_a_mistake_is_reversed(club):
    league, teams = _league(club, {"no_show_fine": "50.00", "team_fee": "120"})
    assert [(c.team_id, c.kind, c.amount) for c in Charge.objects.order_by("pk")] == [
        (team.pk, "fee", Decimal("120.00")) for team in teams]
    services.absent_set(league=league, day=1, team=teams[2])
    services.absent_set(league=league, day=1, team=teams[2])  # said twice: booked once
    fines = Charge.objects.filter(kind="fine")
    assert [(c.team_id, c.amount, c.day) for c in fines] == [(teams[2].pk, Decimal("50.00"), 1)]
    services.absent_set(league=league, day=1, team=teams[2], absent=False)
    assert sorted(c.amount for c in Charge.objects.filter(kind="fine")) == [Decimal("-50.00"), Decimal("50.00")]
    assert sum(c.amount for c in Charge.objects.filter(team=teams[2])) == Decimal("120.00")
    fee = Charge.objects.filter(team=teams[0], kind="fee").get()
    taken = services.charge_take(league=league, charge=fee.pk)
    assert taken.taken_at is not None
    with pytest.raises(services.LeagueError) as refused:
        services.charge_take(league=league, charge=fee.pk)
    assert refused.value.field == "charge"


@pytest.mark.slow
def test_the_played_table_takes_the_no_show_and_the_directors_deduction(club):
    from leagues.play import day_play

    league, teams = _league(club, {"no_show_deduction": 2, "series_per_day": 1, "days": 1})
    services.absent_set(league=league, day=1, team=teams[3])
    services.day_seat(league=league, day=1, seed=1)
    day_play(league=league, day=1, seed=1)
    services.deduction_add(league=league, team=teams[0], points="1,5", note="Spielbericht zu spät")
    full = {row.team: row for row in league_reading(league).table()}
    fast = {row.team: row for row in league_table_reading(league).table()}
    reading = league_reading(league)
    (group,) = reading.groups[1]
    (series,) = group.series
    won = {ts.team: ts.points for ts in series.teams}  # the day's own figures, before deductions
    assert won[teams[3].pk] == 0
    for rows in (full, fast):
        assert rows[teams[3].pk].points == -2 and rows[teams[3].pk].deducted == 2
        assert rows[teams[0].pk].points == won[teams[0].pk] - F(3, 2)
        assert rows[teams[0].pk].deductions[0].note == "Spielbericht zu spät"


def test_a_deduction_is_refused_clearly(club):
    league, teams = _league(club, {})
    for points, note, field in [("0", "x", "points"), ("-1", "x", "points"), ("1.25", "x", "points"),
                                ("abc", "x", "points"), ("²", "x", "points"), ("1", " ", "note"),
                                ("1e9", "x", "points")]:
        with pytest.raises(services.LeagueError) as refused:
            services.deduction_add(league=league, team=teams[0], points=points, note=note)
        assert refused.value.field == field


def test_a_moved_day_shows_its_new_date_and_keeps_the_old(club):
    league, teams = _league(club, {})
    day = league.days.get(number=1)
    day.date = datetime.date(2026, 3, 7)
    day.save()
    group = services.group_move(league=league, day=1, group=1, date=datetime.date(2026, 3, 14),
                                venue="Gasthof Linde", reason="Halle belegt")
    place = venue_of(group, league.parsed_rules)
    assert (place.date, place.place, place.moved) == (datetime.date(2026, 3, 14), "Gasthof Linde", True)
    (note,) = DayNote.objects.filter(kind="moved")
    assert "2026-03-07" in note.text and "2026-03-14" in note.text and "Halle belegt" in note.text
    with pytest.raises(services.LeagueError) as refused:
        services.group_move(league=league, day=1, group=1, date=None, venue="", reason="x")
    assert refused.value.field == "date"
    with pytest.raises(services.LeagueError) as refused:
        services.group_move(league=league, day=1, group=1, date=datetime.date(2026, 3, 21), venue="", reason=" ")
    assert refused.value.field == "reason"


def test_the_captain_is_refused_after_the_deadline_and_the_director_says_why(club):
    league, teams = _league(club, {"lineup_due_days": 2, "lineup_corrections_until": "09:00"})
    day = league.days.get(number=1)
    day.date = datetime.date(2026, 3, 7)
    day.save()
    team = teams[0]
    names = [f"ll T1 P{n}" for n in (2, 3, 4, 5)]
    services.lineup_set(league=league, day=1, team=team, names=names, captain=True,
                        now=datetime.datetime(2026, 3, 5, 20, 0))
    services.lineup_set(league=league, day=1, team=team, names=names[:3], captain=True,
                        now=datetime.datetime(2026, 3, 7, 8, 30))
    with pytest.raises(services.LeagueError) as refused:
        services.lineup_set(league=league, day=1, team=team, names=names, captain=True,
                            now=datetime.datetime(2026, 3, 7, 9, 30))
    assert refused.value.field == "players" and "09:00" in refused.value.message
    with pytest.raises(services.LeagueError) as refused:  # another team never handed in
        services.lineup_set(league=league, day=1, team=teams[1], names=None, captain=True,
                            now=datetime.datetime(2026, 3, 6, 9))
    assert "2026" in refused.value.message and "5" in refused.value.message
    with pytest.raises(services.LeagueError) as refused:
        services.lineup_set(league=league, day=1, team=team, names=names, now=datetime.datetime(2026, 3, 7, 9, 30))
    assert refused.value.field == "reason"
    assert [line.roster.name for line in LineUp.objects.filter(entry__team=team)] == names[:3]  # nothing written
    services.lineup_set(league=league, day=1, team=team, names=names, reason="Stau auf der A7",
                        now=datetime.datetime(2026, 3, 7, 9, 30))
    (note,) = DayNote.objects.filter(kind="lineup")
    assert note.team == team and "Stau auf der A7" in note.text and "ll T1 P5" in note.text


def test_one_club_a_season(club):
    other = Club.objects.create(slug="nachbar", name="SC Nachbar")
    for c in (club, other):
        Member.objects.create(club=c, name="Erika Muster", number="4711")
    mine, teams = _league(club, {"one_club_per_season": True}, slug="ll", teams=3)
    theirs = services.league_create(club=other, slug="ol", name="Oberliga", rules={"one_club_per_season": True},
                                    season="2026")
    a = services.team_add(league=theirs, club=other, name="Nachbar 1", roster=["Erika Muster", "N2", "N3", "N4"])
    for t in range(2, 4):
        services.team_add(league=theirs, club=other, name=f"Nachbar {t}", roster=[f"N{t} {n}" for n in range(4)])
    services.schedule_make(league=theirs, seed=1)
    services.lineup_set(league=theirs, day=1, team=a, names=["Erika Muster", "N2", "N3"])
    # the same person (membership number 4711) on the first club's team of a league of the same season
    mine_team = teams[0]
    mine_team.roster.create(name="Erika Muster", member=Member.objects.get(club=club), order=9)
    with pytest.raises(services.LeagueError) as refused:
        services.lineup_set(league=mine, day=1, team=mine_team, names=["Erika Muster", "ll T1 P1", "ll T1 P2"])
    assert refused.value.field == "players" and "SC Nachbar" in refused.value.message
    # another season: allowed
    later, later_teams = _league(club, {"one_club_per_season": True}, slug="ll27", teams=3, season="2027")
    later_teams[0].roster.create(name="Erika Muster", member=Member.objects.get(club=club), order=9)
    services.lineup_set(league=later, day=1, team=later_teams[0], names=["Erika Muster", "ll27 T1 P1", "ll27 T1 P2"])


@pytest.mark.slow
def test_one_substitution_a_series_and_the_second_is_refused(club):
    league, teams = _league(club, {"substitutions_per_series": 1, "team_size": 4, "roster_max": 6})
    team = teams[0]
    team.roster.create(name="ll T1 P6", order=6)
    services.lineup_set(league=league, day=1, team=team, names=[f"ll T1 P{n}" for n in (1, 2, 3, 4)])
    services.day_seat(league=league, day=1, seed=1)
    services.substitute(league=league, day=1, team=team, out="ll T1 P1", into="ll T1 P5", from_series=2)
    with pytest.raises(services.LeagueError) as refused:
        services.substitute(league=league, day=1, team=team, out="ll T1 P2", into="ll T1 P6", from_series=2)
    assert refused.value.field == "series" and "substitutions_per_series" in refused.value.message
    services.substitute(league=league, day=1, team=team, out="ll T1 P2", into="ll T1 P6", from_series=3)
    assert team.group_entries.get(group__day__number=1).substitutions.count() == 2


def test_a_deduction_taken_back_stays_in_the_history_and_the_table_ignores_it(club):
    from django.contrib.auth import get_user_model

    from leagues.models import Deduction
    from leagues.selectors import deductions, league_deductions

    league, teams = _league(club, {})
    director = get_user_model().objects.create_user("leiter", password="x")
    kept = services.deduction_add(league=league, team=teams[0], points="2", note="Spielbericht zu spät")
    mistaken = services.deduction_add(league=league, team=teams[1], points="1,5", note="falsche Mannschaft")
    services.deduction_remove(league=league, deduction=mistaken.pk, by=director)
    mistaken.refresh_from_db()
    assert mistaken.removed_at is not None and mistaken.removed_by == director
    assert mistaken.note == "falsche Mannschaft" and Deduction.objects.count() == 2
    assert [(d.team, d.points) for d in deductions(league)] == [(teams[0].pk, 2)]
    rows = {row.team: row for row in league_table_reading(league).table()}
    assert rows[teams[1].pk].points == 0 and rows[teams[0].pk].points == -2  # no day played: the deductions only
    assert [d.pk for d in league_deductions(league)] == [kept.pk, mistaken.pk]  # the history keeps both
    with pytest.raises(services.LeagueError) as again:
        services.deduction_remove(league=league, deduction=mistaken.pk, by=director)
    assert again.value.field == "deduction"
