"""The season's sentences in the reader's language: an evening's date, a figure, a prize and the rules' percentage
written as a German reads them ("28.11.2026", "1241,50", "100,00 €", "12,5 %"), the English kept for the command
line and the JSON. Figures recomputed here by hand."""

import datetime
from types import SimpleNamespace

from django.utils import translation

from common.i18n import say
from seasons.core import Evening, MemberResults, SeriesResult, parse_rules, season_table
from seasons.selectors import evening_label
from seasons.sheets import rules_said

DEMO = SimpleNamespace(name="Demo: 14 Spieler", date=datetime.date(2026, 11, 28))  # an evening's name and date


def table(rules: dict):
    evenings = [Evening(1, evening_label(DEMO), 2)]
    members = [MemberResults(1, "Anna Albers", (SeriesResult(1, 1, 1471, 48), SeriesResult(1, 2, 1012, 48))),
               MemberResults(2, "Bernd Bauer", (SeriesResult(1, 1, 900, 48),))]
    return season_table(parse_rules(rules), evenings, members)


def test_the_explanation_in_german_dates_figures_and_money():
    anna = table({"score": "average", "prizes": [100, 50]}).rows[0]
    assert anna.name == "Anna Albers"
    with translation.override("de"):
        lines = [say(line, "EUR") for line in anna.explanation]
    # (1471 + 1012) / 2 = 1241.5; rank 1 takes the first prize, 100
    assert "Demo: 14 Spieler (28.11.2026), Serie 1 (1471): gewertet." in lines
    assert "Saisonpreis: 100,00 €." in lines
    assert any(line.endswith("= 1241,50.") for line in lines), lines
    assert not any("2026-11-28" in line or "100.00" in line for line in lines)
    # the command line's English (str) as before
    english = [str(line) for line in anna.explanation]
    assert "Demo: 14 Spieler (2026-11-28), series 1 (1471): counted." in english
    assert "Season prize: 100.00." in english and any(line.endswith("= 1241.50.") for line in english)


def test_the_rules_in_german_percent_and_figures():
    rules = parse_rules({"holdback_percent": 12.5, "missed_penalty": 2.5, "score": "placement",
                         "placement_points": [25, 20, 12.5]})
    with translation.override("de"):
        said = rules_said(rules)
    assert "12,5\u00a0% des Startgelds jedes Abends werden für die Jahreswertung einbehalten." in said
    assert "Punkte für die Plätze 1, 2, 3, …: 25; 20; 12,5." in said
    assert "2,5 Punkte Abzug vom Gesamtergebnis für jede nicht gespielte Serie." in said
    with translation.override("en"):
        assert "12.5\u00a0% of each evening's entry fees held back for the season's prizes." in rules_said(rules)
