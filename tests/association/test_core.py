"""The association's rules recomputed by hand: the new season rules, the age categories by cut-off, the
qualification lists (ties at the cut, reserves), the results file's deadline; and the property that a person's
row is the row he would have had if all his results had been played in one club."""

import datetime
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Club, Member, Person
from seasons.association import ClubRows, association_pieces
from seasons.core import Evening, MemberResults, RulesError, SeriesResult, parse_rules, season_table
from seasons.core.association import Placed, categories_of, region_list

CATEGORIES = {"Junioren": {"under": 21}, "Senioren": {"from": 60}, "Damen": {"category": "Damen"},
              "Seniorinnen": {"from": 60, "category": "Damen"}}


def test_the_new_rules_read_back_as_given():
    data = {"year": 2026, "categories": CATEGORIES, "quotas": {"VG 1": 3, "VG 2": 0}, "submission_days": 14}
    assert parse_rules(data).as_json() == data
    assert parse_rules(parse_rules(data).as_json()) == parse_rules(data)


@pytest.mark.parametrize("data, field", [
    ({"year": 1800}, "year"), ({"year": "2026"}, "year"), ({"submission_days": -1}, "submission_days"),
    ({"categories": []}, "categories"), ({"categories": {"Junioren": {"below": 21}}}, "categories.Junioren.below"),
    ({"categories": {"Junioren": {"under": "21"}}}, "categories.Junioren.under"),
    ({"categories": {"Damen": {"category": ""}}}, "categories.Damen.category"),
    ({"categories": {"X": {}}}, "categories.X"), ({"quotas": {"VG 1": 1.5}}, "quotas.VG 1"),
    ({"quotas": []}, "quotas"), ({"quotas": {" ": 2}}, "quotas"),
])
def test_a_bad_new_rule_is_refused_naming_its_key(data, field):
    with pytest.raises(RulesError) as refused:
        parse_rules(data)
    assert refused.value.field == field


@pytest.mark.parametrize("birth_year, labels, expected", [
    (2006, [], set()),  # 2026 − 2006 = 20: under 21
    (2005, [], set()),  # 21: not under 21
    (1966, ["Damen"], {"Damen", "Senioren", "Seniorinnen"}),  # 60: from 60 on
    (1967, ["Damen"], {"Damen"}),  # 59
    (None, ["Damen"], {"Damen"}),  # no year of birth: no age bound holds
])
def test_categories_by_cut_off_worked_by_hand(birth_year, labels, expected):
    rules = parse_rules({"categories": CATEGORIES})
    found = categories_of(rules.categories, 2026, birth_year, labels)
    if birth_year == 2006:
        expected = {"Junioren"}
    assert found == expected


def placed(*ranks):
    return [Placed(f"P-{i}", f"Spieler {i}", rank) for i, rank in enumerate(ranks, start=1)]


@pytest.mark.parametrize("quota, ranks, qualified, ties, reserves", [
    (2, (1, 2, 3, 4, 5, 6), [1, 2], [], [3, 4, 5]),
    (2, (1, 2, 2, 4, 5, 6, 7), [1, 2, 2], [2, 2], [4, 5, 6]),  # equal at the cut: both go, marked a tie
    (3, (1, 2, 2, 4), [1, 2, 2], [], [4]),  # equal inside the quota: no tie at the cut
    (1, (1, 1, 1), [1, 1, 1], [1, 1, 1], []),
    (5, (1, 2), [1, 2], [], []),  # fewer than the quota
    (0, (1, 2, 3, 4), [], [], [1, 2, 3]),
])
def test_a_regions_list_worked_by_hand(quota, ranks, qualified, ties, reserves):
    made = region_list("VG 1", quota, placed(*ranks))
    assert [p.rank for p in made.qualified] == qualified
    assert [p.rank for p in made.qualified if p.tie] == ties
    assert [p.rank for p in made.reserves] == reserves
    assert made.as_json()["reserves"] == [{"person": p.person, "name": p.name, "rank": p.rank}
                                          for p in made.reserves]


@pytest.mark.django_db
def test_a_file_is_taken_until_the_last_day_and_refused_the_day_after():
    from seasons.results_files import ResultsFile, season_submit
    from seasons.services import SeasonError, season_create

    lv = Club.objects.create(slug="lv", name="LV")
    Club.objects.create(slug="west", name="West", within=lv)
    season = season_create(club=lv, slug="rl", name="RL", rules={"submission_days": 14})
    data = {"event": {"name": "Pokal", "date": "2026-03-01", "club": "SC Nord"},
            "players": [{"name": "Anna", "series": [{"total": 1, "games": 1}]}]}
    made, _ = season_submit(season=season, results=ResultsFile(data, (1,)), today=datetime.date(2026, 3, 15))
    assert made.series == 1
    with pytest.raises(SeasonError) as late:
        season_submit(season=season, results=ResultsFile(data, (1,)), today=datetime.date(2026, 3, 16))
    assert late.value.field == "event.date" and "2026-03-15" in str(late.value.message)


# --- One person's row: as if all his results had been played in one club -------------------------------------

CLUBS = {"a": "VG 1", "b": "VG 2", "c": "VG 1"}
OTHERS = ("Otto", "Paula", "Rita")


@pytest.fixture
def members():
    lv = Club.objects.create(slug="lv", name="LV")
    clubs = {slug: Club.objects.create(slug=slug, name=slug.upper(), within=lv, region=region)
             for slug, region in CLUBS.items()}
    person = {slug: Member.objects.create(club=club, name="Hans Hahn", federation_number="P-1", birth_year=1950)
              for slug, club in clubs.items()}
    Person.objects.create(federation_number="P-1", name="Hans Hahn", birth_year=1950)
    others = [Member.objects.create(club=clubs["a"], name=name) for name in OTHERS]
    return person, others


evening_plans = st.lists(st.tuples(st.sampled_from(sorted(CLUBS)), st.integers(1, 3)), min_size=1, max_size=6)
scores = st.tuples(st.integers(-300, 1500), st.integers(0, 48))
rules_chosen = st.sampled_from([{}, {"score": "average"}, {"best": 2}, {"score": "per_game", "min_series": 2},
                                {"results": "events", "best": 1, "worst_kept": 1}, {"missed_penalty": 25}])


@pytest.mark.django_db
@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plan=evening_plans, data=st.data(), rules=rules_chosen)
def test_a_persons_row_is_his_row_had_he_played_everything_in_one_club(members, plan, data, rules):
    person, others = members
    tournaments = [SimpleNamespace(pk=i, date=datetime.date(2026, 1, i), club_slug=slug, club_region=CLUBS[slug])
                   for i, (slug, _series) in enumerate(plan, start=1)]
    evenings = [Evening(t.pk, f"Abend {t.pk}", series, year=2026) for t, (_s, series) in zip(tournaments, plan)]
    played = {}  # who -> his series results
    for who in ["hans", *range(len(others))]:
        results = []
        for t, (_slug, series) in zip(tournaments, plan):
            for number in range(1, series + 1):
                if data.draw(st.booleans()):
                    score, games = data.draw(scores)
                    results.append(SeriesResult(t.pk, number, score, games))
        played[who] = results
    club_of = {t.pk: t.club_slug for t in tournaments}
    split = {slug: [r for r in played["hans"] if club_of[r.tournament] == slug] for slug in CLUBS}
    rest = [MemberResults(m.pk, m.name, tuple(played[i])) for i, m in enumerate(others) if played[i]]
    across = [MemberResults(person[slug].pk, "Hans Hahn", tuple(results)) for slug, results in split.items()
              if results] + rest
    one_club = ([MemberResults(person["a"].pk, "Hans Hahn", tuple(played["hans"]))] if played["hans"] else []) + rest
    parsed = parse_rules(rules)
    _e, pieces = association_pieces(evenings, _club_rows(across), tournaments, [], places=False)
    _e, alone = association_pieces(evenings, _club_rows(one_club), tournaments, [], places=False)
    rows_across = {r.member: r for r in season_table(parsed, _e, pieces).rows}
    rows_alone = {r.member: r for r in season_table(parsed, _e, alone).rows}
    assert rows_across.keys() == rows_alone.keys()
    for member, row in rows_across.items():
        other = rows_alone[member]
        assert (row.rank, row.qualified, row.total, row.average, row.figure, row.series_played, row.games,
                row.missed, row.counted, row.dropped, row.person) == (
            other.rank, other.qualified, other.total, other.average, other.figure, other.series_played,
            other.games, other.missed, other.counted, other.dropped, other.person)
    if played["hans"]:
        hans = rows_across[person["a"].pk]
        assert hans.person == "P-1"
        assert hans.clubs == tuple(sorted(slug for slug, results in split.items() if results))


def _club_rows(members: list[MemberResults]) -> ClubRows:
    """What the clubs' evenings give (``seasons.selectors``): each member's series as rows, his registry line."""
    rows = [(r.tournament, r.series, m.member, r.score, r.games) for m in members for r in m.series]
    registry = {m.pk: (m.name, m.federation_number, m.birth_year, frozenset(), m.guest)
                for m in Member.objects.filter(pk__in=[m.member for m in members])}
    return ClubRows(rows, {}, registry)


def test_the_year_is_the_first_events_unless_the_rule_says_it():
    """Born 2004: 20 in 2024 (the first event's year, a Junior), 21 in 2025 (the rule's year, no Junior)."""
    evenings = [Evening(1, "A", 1, year=2024), Evening(2, "B", 1, year=2025)]
    player = MemberResults(1, "Jana", (SeriesResult(1, 1, 500, 48), SeriesResult(2, 1, 400, 48)), birth_year=2004)
    by_first = season_table(parse_rules({"categories": {"Junioren": {"under": 21}}}), evenings, [player])
    assert [r.name for r in dict(by_first.categories)["Junioren"]] == ["Jana"]
    by_rule = season_table(parse_rules({"categories": {"Junioren": {"under": 21}}, "year": 2025}), evenings, [player])
    assert dict(by_rule.categories)["Junioren"] == ()
