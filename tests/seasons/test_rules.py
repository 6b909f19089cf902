"""The season's rules: every key read from the JSON of ``season create --rules``, every bad key or value
refused with its key named, and the rules written back as the same JSON."""

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seasons.core import KEYS, RulesError, Score, SeasonRules, parse_rules


def test_no_rules_is_the_plain_total():
    assert parse_rules({}) == SeasonRules()
    assert parse_rules({}).score is Score.TOTAL


def test_every_rule_read():
    rules = parse_rules({"score": "placement", "placement_points": [25, 20, 16, 13.5], "best": 7, "worst_kept": 1,
                         "min_series": 25, "min_games": 300, "missed_penalty": 12.5, "holdback_percent": 25,
                         "prizes": [100, 50.5], "category_prizes": {"Damen": [30]},
                         "tie": ["more_series", "best_single"]})
    assert rules.score is Score.PLACEMENT
    assert rules.placement_points == (25, 20, 16, Fraction(27, 2))
    assert (rules.best, rules.worst_kept, rules.min_series, rules.min_games) == (7, 1, 25, 300)
    assert rules.missed_penalty == Fraction(25, 2)
    assert rules.holdback_percent == Decimal(25)
    assert rules.prizes == (Decimal("100.00"), Decimal("50.50"))
    assert rules.category_prize_list("Damen") == (Decimal("30.00"),)
    assert rules.category_prize_list("Senioren") == ()
    assert rules.tie == ("more_series", "best_single")
    assert parse_rules(rules.as_json()) == rules


def test_a_tenth_is_exact():
    assert parse_rules({"missed_penalty": 0.1}).missed_penalty == Fraction(1, 10)


@pytest.mark.parametrize("data, field, words", [
    ([1, 2], "rules", "JSON object"),
    ({"best_of": 7}, "best_of", "not a season rule"),
    ({"score": "median"}, "score", "total, average, per_game, placement"),
    ({"score": "placement"}, "placement_points", "needs the points"),
    ({"placement_points": [25, 20]}, "placement_points", "only with"),
    ({"score": "placement", "placement_points": []}, "placement_points", "e.g. [25, 20, 16]"),
    ({"score": "placement", "placement_points": [25, "20"]}, "placement_points.1", "a number"),
    ({"score": "placement", "placement_points": [25, -1]}, "placement_points.1", "at least 0"),
    ({"results": "deals"}, "results", "series, events"),
    ({"score": "placement", "placement_points": [25], "results": "series"}, "results", "a result is an event"),
    ({"best": 0}, "best", "at least 1"),
    ({"best": 7.5}, "best", "whole number"),
    ({"best": True}, "best", "whole number"),
    ({"best": "7"}, "best", "whole number"),
    ({"worst_kept": 4}, "worst_kept", "beside \"best\""),
    ({"best": 40, "worst_kept": -1}, "worst_kept", "at least 0"),
    ({"min_series": -3}, "min_series", "at least 0"),
    ({"min_games": None}, "min_games", "whole number"),
    ({"missed_penalty": -5}, "missed_penalty", "at least 0"),
    ({"missed_penalty": float("nan")}, "missed_penalty", "a number"),
    ({"holdback_percent": 101}, "holdback_percent", "from 0 to 100"),
    ({"holdback_percent": "25%"}, "holdback_percent", "a number"),
    ({"prizes": 100}, "prizes", "a list of amounts"),
    ({"prizes": [100, 0.005]}, "prizes.1", "to the cent"),
    ({"category_prizes": [30]}, "category_prizes", "an object"),
    ({"category_prizes": {" ": [30]}}, "category_prizes", "needs a name"),
    ({"category_prizes": {"Damen": [30, -1]}}, "category_prizes.Damen.1", "at least 0"),
    ({"tie": "lot"}, "tie", "one of \"shared\""),
    ({"tie": []}, "tie", "\"shared\" or a list"),
    ({"tie": ["more_series", "more_series"]}, "tie.1", "named twice"),
    ({"tie": ["more_series", "shared"]}, "tie.1", "one of"),
])
def test_each_bad_rule_is_refused_by_its_key(data, field, words):
    with pytest.raises(RulesError) as refused:
        parse_rules(data)
    assert refused.value.field == field
    assert words in refused.value.message


def test_shared_is_no_tie_rule():
    assert parse_rules({"tie": "shared"}).tie == parse_rules({"tie": ["shared"]}).tie == ()


def test_the_message_names_every_key():
    with pytest.raises(RulesError) as refused:
        parse_rules({"bestof": 3})
    assert all(key in refused.value.message for key in KEYS)


whole = st.integers(min_value=0, max_value=100)
amount = st.decimals(min_value=0, max_value=1000, places=2).map(float)


@st.composite
def rules_json(draw):
    data = {}
    score = draw(st.sampled_from(["total", "average", "per_game", "placement", None]))
    if score:
        data["score"] = score
    if score == "placement":
        data["placement_points"] = draw(st.lists(whole, min_size=1, max_size=8))
    if draw(st.booleans()):
        data["results"] = "events"
    if draw(st.booleans()):
        data["best"] = draw(st.integers(min_value=1, max_value=50))
        if draw(st.booleans()):
            data["worst_kept"] = draw(whole)
    for key in ("min_series", "min_games"):
        if draw(st.booleans()):
            data[key] = draw(whole)
    if draw(st.booleans()):
        data["missed_penalty"] = draw(st.integers(min_value=0, max_value=200) | st.just(12.5))
    if draw(st.booleans()):
        data["holdback_percent"] = draw(st.integers(min_value=0, max_value=100) | st.just(12.5))
    if draw(st.booleans()):
        data["prizes"] = draw(st.lists(amount, max_size=5))
    if draw(st.booleans()):
        data["category_prizes"] = draw(st.dictionaries(st.sampled_from(["Damen", "Senioren", "Junioren"]),
                                                       st.lists(amount, max_size=3), max_size=3))
    if draw(st.booleans()):
        data["tie"] = draw(st.lists(st.sampled_from(["more_series", "more_games", "best_single"]), min_size=1,
                                    unique=True))
    return data


@given(rules_json())
def test_rules_written_back_read_the_same(data):
    rules = parse_rules(data)
    assert parse_rules(rules.as_json()) == rules
