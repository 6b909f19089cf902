"""The season page's rules form: what a director chooses and types makes exactly the rules of the JSON a club would
write by hand for the command line, German numbers are read as German, and a refusal names
the field by its label in the page's language. No database: the form and the pure core only."""

import pytest
from django.utils import translation

from seasons.core import parse_rules
from seasons.forms import SeasonRulesForm

EMPTY = {"score": "total", "results": "series", "tie": "shared"}

CLUB_RULES = [
    # the average of the series played, at least 25 of 75 series to be ranked
    ({"score": "average", "min_series": "25"}, {"score": "average", "min_series": 25}),
    # the best 40 series plus the worst 4, at least 44 played
    ({"best": "40", "worst_kept": "4", "min_series": "44"}, {"best": 40, "worst_kept": 4, "min_series": 44}),
    # the best 7 of 12 evenings, a quarter of each evening's entry fees held back
    ({"results": "events", "best": "7", "holdback_percent": "25"},
     {"results": "events", "best": 7, "holdback_percent": 25}),
    # a fixed penalty for each missed series
    ({"missed_penalty": "500"}, {"missed_penalty": 500}),
    # points by placement per event
    ({"score": "placement", "placement_points": "25, 20, 16, 13, 11, 10"},
     {"score": "placement", "placement_points": [25, 20, 16, 13, 11, 10]}),
    # the average per game with a minimum number of games
    ({"score": "per_game", "min_games": "144", "tie": "more_games,best_single"},
     {"score": "per_game", "min_games": 144, "tie": ["more_games", "best_single"]}),
]


def form_rules(values: dict, language: str = "en"):
    with translation.override(language):
        form = SeasonRulesForm({**EMPTY, **values})
        assert form.is_valid(), form.errors
        return form.rules


@pytest.mark.parametrize(("typed", "hand_written"), CLUB_RULES)
def test_each_club_rule_of_the_form_is_the_rule_of_its_json(typed, hand_written):
    assert form_rules(typed) == parse_rules(hand_written)
    assert form_rules(typed, "de") == parse_rules(hand_written)


@pytest.mark.parametrize(("typed", "hand_written"), CLUB_RULES)
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_form_shows_the_saved_rules_and_sends_them_back_unchanged(typed, hand_written, language):
    rules = parse_rules(hand_written)
    with translation.override(language):
        shown = SeasonRulesForm.initial_of(rules)
    assert form_rules({key: "" if value is None else value for key, value in shown.items()}, language) == rules


def test_german_numbers_and_separators():
    rules = form_rules({"score": "placement", "placement_points": "25; 20; 16,5", "holdback_percent": "12,5 %",
                        "missed_penalty": "2,5", "prizes": "100; 50,50", "category_prizes": "Damen: 30; 20,50"}, "de")
    assert rules == parse_rules({"score": "placement", "placement_points": [25, 20, 16.5], "holdback_percent": 12.5,
                                 "missed_penalty": 2.5, "prizes": [100, 50.5], "category_prizes": {"Damen": [30, 20.5]}})
    # "25, 20, 16" in German too: a comma with a space after it stands between figures; spaces alone as well
    assert form_rules({"score": "placement", "placement_points": "25, 20, 16"}, "de").placement_points == (25, 20, 16)
    assert form_rules({"score": "placement", "placement_points": "25 20 16"}, "de").placement_points == (25, 20, 16)
    # English: the decimal point, commas between figures
    assert str(form_rules({"holdback_percent": "12.5"}).holdback_percent) == "12.5"
    # "25,20.5" could be 25 and 20.5 or 2,520.5: refused, never guessed
    assert refusals({"score": "placement", "placement_points": "25,20.5, 16"}, "en")[0][0] == "Points by placement"


def refusals(values: dict, language: str = "de") -> list[tuple[str, str]]:
    with translation.override(language):
        form = SeasonRulesForm({**EMPTY, **values})
        assert not form.is_valid() and form.rules is None
        return form.refusals()


def test_bad_input_is_refused_naming_the_field_in_german():
    assert refusals({"best": "0"}) == [("Gewertet: die besten", "eine ganze Zahl ab 1, nicht 0")]
    assert refusals({"holdback_percent": "120"})[0][0] == "Einbehalt vom Startgeld in %"
    assert refusals({"holdback_percent": "12.5"})[0] == ("Einbehalt vom Startgeld in %",
                                                          "eine Zahl schreiben, z. B. 12,5")
    assert refusals({"missed_penalty": "-3"})[0][0] == "Abzug je nicht gespielte Serie"
    assert refusals({"min_series": "2,5"})[0][0] == "Mindestanzahl Serien"
    # a worst result kept without the best: the core's refusal lands on its field
    assert refusals({"worst_kept": "4"}) == [("Dazu gewertet: die schlechtesten", "die schlechtesten Ergebnisse "
                                              "zählen nur neben den besten: angeben, wie viele der besten zählen")]
    # placement without points, points without placement, and a figure list that cannot be read
    assert refusals({"score": "placement"}) == [("Punkte nach Platzierung", "die Wertung nach Platzierung braucht "
                                                 "die Punkte für die Plätze 1, 2, 3, …, z. B. 25; 20; 16")]
    assert refusals({"placement_points": "25; 20"}) == [("Punkte nach Platzierung",
                                                         "nur bei der Wertung nach Platzierung")]
    assert refusals({"score": "placement", "placement_points": "25; -20"})[0] == (
        "Punkte nach Platzierung", "eine Zahl ab 0, nicht -20")
    label, message = refusals({"score": "placement", "placement_points": "25; zwanzig"})[0]
    assert label == "Punkte nach Platzierung" and "Zahl 2" in message
    assert refusals({"category_prizes": "Damen 30"})[0][0] == "Preise je Kategorie"
    assert refusals({"tie": "more_series,more_series"})[0][0] == "Gleichstand"
