"""The club pages' German review (shared/docs/GERMAN_REVIEW_CLUBS.md), the items that are code rather than the
catalogue: a form's refusals in one line without ".;", a game's examples in the reader's language, the series
time's refusal, a played evening among the results, no rank before the first game."""

import datetime

import pytest
from django import forms
from django.template.loader import render_to_string
from django.utils import translation

from common.forms import problems
from common.i18n import say


class TwoFields(forms.Form):
    name = forms.CharField(label="Name")
    seats = forms.IntegerField(label="Plätze")


def test_a_refused_forms_messages_in_one_line_never_say_full_stop_semicolon():
    with translation.override("de"):
        form = TwoFields({"name": "", "seats": "x"})
        assert not form.is_valid()
        line = problems(form)
    assert ".;" not in line and line.endswith(".") and line.count("; ") == 1, line


def test_the_games_examples_are_said_in_the_readers_language():
    from scoring.engine import RULEBOOKS, InvalidDeal
    from scoring.engine.phrases import find_game

    with pytest.raises(InvalidDeal) as refused:
        find_game(RULEBOOKS["isko"], "")
    with translation.override("de"):
        german = say(refused.value.message)
    assert "„Karo Hand“" in german and "diamonds" not in german.lower(), german
    assert find_game(RULEBOOKS["isko"], "karo hand").name == "Diamonds Hand"  # what it offers, the parser reads


def test_the_series_time_refused_in_minutes():
    from scoring.series.forms import SeriesTimeForm

    with translation.override("de"):
        form = SeriesTimeForm({"minutes": "zwei Stunden"})
        assert not form.is_valid()
        assert form.errors["minutes"] == ["die Minuten als Zahl schreiben, z. B. 135"]


def test_no_rank_on_the_own_page_before_the_first_game():
    context = {"name": "Anna", "event": {"name": "Clubabend", "date": datetime.date(2026, 11, 28)}, "seats": [],
               "lists": [], "players": 12, "overall": {"rank": 1, "total": 0, "deals_played": 0}}
    with translation.override("de"):
        before = render_to_string("public/own.html", context)
        after = render_to_string("public/own.html", context | {"overall": {"rank": 3, "total": 120,
                                                                           "deals_played": 4}})
    assert "Platz 1 von 12" not in before and "Noch keine Ergebnisse." in before
    assert "Platz 3 von 12" in after


@pytest.mark.django_db
def test_tonights_played_evening_is_among_the_past_ones():
    from public.selectors import coming_and_past
    from scoring.tournaments.services import tournament_open, tournament_publish
    from tests.seasons.conftest import club_evening, club_with_members

    club, members = club_with_members(count=8, guests=0)
    played = club_evening(club, members, seed=3, series=1)
    later = tournament_open(name="Nächste Woche", rulebook="isko", method="fixed", club=club,
                            date=played.date + datetime.timedelta(days=7))
    unplayed_tonight = tournament_open(name="Heute, ungespielt", rulebook="isko", method="fixed", club=club,
                                       date=played.date)
    for event in (played, later, unplayed_tonight):
        tournament_publish(event)
    coming, past = coming_and_past(club, today=played.date)
    assert [e.pk for e in past] == [played.pk]
    assert {e.pk for e in coming} == {later.pk, unplayed_tonight.pk}
