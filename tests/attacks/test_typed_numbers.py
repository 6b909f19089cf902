"""A number typed on a page is read in the page's language, or refused; never another figure.

A German "1.000" on a paper slip was saved as 1 (Django's ``IntegerField`` drops a trailing ".000"); a prize of
"1e309" or of forty digits on the committee's settings answered 500; the German "50,00" was refused in a prize
line. The rule (``common.numbers``): in German "1.000" is one thousand and "1,5" has decimals; in English "1,000" is
one thousand and "1.000" has decimals; a whole number has no decimals, an amount at most two, from 0.00 to
9,999,999.99. Every figure expected here is written by hand.
"""

from decimal import Decimal

import pytest
from django import forms
from django.utils import translation

from common.numbers import AmountField, NumberRefused, WholeNumberField, money_amount, whole_number
from scoring.calculator.forms import DealForm
from scoring.committee.forms import ChoiceForm, CutForm, ScoringSettingsForm
from scoring.entry.access import table_link
from scoring.entry.forms import DealEntryForm, PaperSlipForm, SlipOkForm
from scoring.entry.sheets import seated_by_stay
from scoring.models import Slip, TournamentScoring
from scoring.series.forms import SeriesDrawForm, WithdrawForm
from scoring.tournaments.forms import NewTournamentForm
from scoring.tournaments.selectors import scoring_settings
from seating.forms import DrawForm, MethodForm, StayForm, TournamentForm
from seating.models import Player

GERMAN, ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "de"}, {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.mark.parametrize("language, text, figure", [
    ("de", "1.000", 1000), ("de", "12.345.678", 12345678), ("de", "1000", 1000), ("de", "-1.000", -1000),
    ("de", "1 000", 1000), ("de", "\u22121", -1), ("en", "1,000", 1000), ("en", "-1,000", -1000),
    ("en", "1\u00a0000", 1000), ("en", " 42 ", 42), ("en", "+7", 7),
])
def test_a_whole_number_is_read_in_the_pages_language(language, text, figure):
    with translation.override(language):
        assert whole_number(text) == figure


@pytest.mark.parametrize("language, text", [
    ("de", "1,000"), ("de", "1,5"), ("de", "1.00"), ("de", "1.0000"), ("de", "1,000.5"), ("de", ".000"),
    ("en", "1.000"), ("en", "1.5"), ("en", "1,00"), ("en", "1.000,5"), ("en", "1,0000"),
    ("en", "1e3"), ("en", "1_000"), ("en", "\u0661\u0662"), ("en", "nan"), ("en", "inf"), ("en", "0x10"),
    ("en", ""), ("en", "9" * 41), ("en", "1 000,000"),
])
def test_a_whole_number_that_could_mean_two_things_is_refused(language, text):
    with translation.override(language), pytest.raises(NumberRefused):
        whole_number(text)


@pytest.mark.parametrize("language, text, figure", [
    ("de", "50,00", "50.00"), ("de", "1.000", "1000"), ("de", "1.000,5", "1000.5"), ("de", ",5", "0.5"),
    ("de", "0,05", "0.05"), ("en", "50.00", "50.00"), ("en", "1,000", "1000"), ("en", "1,000.50", "1000.50"),
    ("en", ".5", "0.5"), ("en", "-0", "0"),
])
def test_an_amount_is_read_in_the_pages_language(language, text, figure):
    with translation.override(language):
        assert money_amount(text) == Decimal(figure)


@pytest.mark.parametrize("language, text", [
    ("de", "50.00"), ("de", "1,000"), ("de", "0,505"), ("de", "1,000.50"), ("de", "50,"),
    ("en", "50,00"), ("en", "1.000"), ("en", "1.000,50"), ("en", "0.505"),
    ("en", "1e309"), ("en", "NaN"), ("en", "Infinity"), ("en", "-Infinity"), ("en", "abc"), ("en", "5 EUR"),
])
def test_an_amount_that_could_mean_two_things_is_refused(language, text):
    with translation.override(language), pytest.raises(NumberRefused):
        money_amount(text)


@pytest.mark.parametrize("value", ["1e309", "9" * 40, "-0,01", "10.000.000", "9.999.999,999", Decimal("NaN"),
                                   Decimal("1E+400"), Decimal("0.001"), [1], True, 0.5])
def test_an_amount_field_refuses_beyond_its_bounds_in_the_pages_language(value):
    field = AmountField(most=Decimal("9999999.99"))
    with translation.override("de"), pytest.raises(forms.ValidationError):
        field.clean(value)
    with translation.override("de"):
        assert field.clean("9.999.999,99") == Decimal("9999999.99")
        assert str(field.clean("-0")) == "0.00"  # never a "-0.00"


PAGE_FORMS = [DealEntryForm, PaperSlipForm, SlipOkForm, DealForm, ScoringSettingsForm, CutForm, ChoiceForm,
              SeriesDrawForm, WithdrawForm, NewTournamentForm, TournamentForm, MethodForm, DrawForm, StayForm]


@pytest.mark.parametrize("form", PAGE_FORMS, ids=lambda form: form.__name__)
def test_every_number_a_page_takes_is_read_by_common_numbers(form):
    for name, field in form.base_fields.items():
        if isinstance(field, forms.DecimalField):
            assert isinstance(field, AmountField), (form, name)
        elif isinstance(field, forms.IntegerField):
            assert isinstance(field, WholeNumberField), (form, name)
        assert getattr(field.widget, "input_type", None) != "number", (form, name)  # the browser would read it


def slip(table, **figures) -> dict:
    player_id = seated_by_stay(table)[1][0].player_id
    return {"player_id": player_id, "net_points": "0", "net_games": "3",  # three games won: up to 3 × 440 points
            "player_code": Player.objects.get(pk=player_id).ok_code, **figures}


@pytest.mark.django_db
@pytest.mark.parametrize("language, typed", [(GERMAN, "1.000"), (ENGLISH, "1,000"), (GERMAN, "1000")])
def test_a_paper_slips_thousand_is_saved_as_a_thousand(client, table, language, typed):
    response = client.post(f"/t/{table_link(table).token}/slips/1/paper/", slip(table, net_points=typed), **language)
    assert response.status_code == 200, response.content.decode()[-500:]
    assert Slip.objects.get().net_points == 1000


@pytest.mark.django_db
@pytest.mark.parametrize("language, typed, said", [
    (GERMAN, "1,000", "ohne Nachkommastellen"), (GERMAN, "1.00", "ganze Zahl"),
    (ENGLISH, "1.000", "without decimals"), (ENGLISH, "1,00", "whole number"),
])
def test_a_paper_slips_figure_that_could_mean_two_things_is_refused_in_the_pages_language(client, table, language,
                                                                                          typed, said):
    response = client.post(f"/t/{table_link(table).token}/slips/1/paper/", slip(table, net_points=typed), **language)
    assert response.status_code == 422
    assert said in response.content.decode()
    assert not Slip.objects.exists()


def settings_post(**changes) -> dict:
    return {"system": "seeger-fabian", "prize_seed": "0", "currency": "EUR", "raised_from": "4", **changes}


@pytest.mark.slow
@pytest.mark.django_db
@pytest.mark.parametrize("changes", [
    {"prize_money": "total 1 1e309"}, {"prize_money": "total 1 " + "9" * 40}, {"prize_money": "total 1 NaN"},
    {"prize_money": "total 1 -0.01"}, {"prize_money": "total \u00b2 5"},
    {"prize_money": "total " + "1" * 5000 + " 5"}, {"entry_fee": "1e309"}, {"entry_fee": "9" * 40},
    {"per_lost_game": "Infinity"}, {"raised_per_lost_game": "10000000"}, {"per_lost_game_at_three": "0.505"},
    {"raised_from": "1e3"}, {"raised_from": "100000"}, {"category_places": "9" * 30}, {"prize_seed": "1.5"},
])
def test_a_bad_amount_on_the_committees_settings_is_refused_naming_its_field(admin_client, table, changes):
    tournament = table.tournament
    scoring_settings(tournament)  # made on first reading
    before = list(TournamentScoring.objects.values())
    response = admin_client.post(f"/committee/{tournament.pk}/settings/", settings_post(**changes))
    assert response.status_code == 422
    field = next(iter(changes))
    assert f"{ScoringSettingsForm.base_fields[field].label}: " in response.content.decode()
    assert list(TournamentScoring.objects.values()) == before


@pytest.mark.slow
@pytest.mark.django_db
@pytest.mark.parametrize("changes, said", [
    ({"entry_fee": "1e309"}, "Startgeld: einen Betrag schreiben, z. B. 1.234,50"),
    ({"entry_fee": "9" * 40}, "Startgeld: ein Betrag von 0,00 bis 9.999.999,99"),
    ({"entry_fee": "50.00"}, "Startgeld: einen Betrag schreiben, z. B. 1.234,50"),
    ({"prize_money": "total 1 1e309"}, "Geldpreise: Zeile 1: einen Betrag schreiben, z. B. 1.234,50"),
    ({"prize_money": "total 1 0,505"}, "Geldpreise: Zeile 1: ein Betrag hat höchstens zwei Nachkommastellen"),
    ({"raised_from": "1,5"}, "eine ganze Zahl ohne Nachkommastellen schreiben, z. B. 1200 oder 1.200"),
])
def test_a_refused_setting_is_said_in_german_after_its_german_label(admin_client, table, changes, said):
    response = admin_client.post(f"/committee/{table.tournament.pk}/settings/", settings_post(**changes), **GERMAN)
    assert response.status_code == 422 and said in response.content.decode()


@pytest.mark.django_db
def test_the_committees_settings_speak_the_pages_language_both_ways(admin_client, table):
    tournament = table.tournament
    url = f"/committee/{tournament.pk}/settings/"
    response = admin_client.post(url, settings_post(entry_fee="1.000,50", per_lost_game="0,5",
                                                    prize_money="total 1 1.000\ntotal 2, 50,00\ntotal 3 ,5"), **GERMAN)
    assert response.status_code == 302, response.content.decode()[-800:]
    settings = TournamentScoring.objects.get(tournament=tournament)
    assert (settings.entry_fee, settings.per_lost_game) == (Decimal("1000.50"), Decimal("0.50"))
    assert settings.prize_money == [["total", 1, "1000.00"], ["total", 2, "50.00"], ["total", 3, "0.50"]]
    page = admin_client.get(f"/committee/{tournament.pk}/", **GERMAN).content.decode()
    assert 'value="1000,50"' in page and "gesamt 1 1.000,00\ngesamt 2 50,00\ngesamt 3 0,50" in page
    english = admin_client.get(f"/committee/{tournament.pk}/", **ENGLISH).content.decode()
    assert 'value="1000.50"' in english and "total 1 1,000.00\ntotal 2 50.00\ntotal 3 0.50" in english
    # The page's own figures sent back unchanged change nothing, in either language.
    for language, fee, prizes in ((GERMAN, "1000,50", "gesamt 1 1.000,00\ngesamt 2 50,00\ngesamt 3 0,50"),
                                  (ENGLISH, "1000.50", "total 1 1,000.00\ntotal 2 50.00\ntotal 3 0.50")):
        assert admin_client.post(url, settings_post(entry_fee=fee, per_lost_game="0.5" if language is ENGLISH
                                                    else "0,5", prize_money=prizes), **language).status_code == 302
        settings.refresh_from_db()
        assert settings.entry_fee == Decimal("1000.50")
        assert settings.prize_money == [["total", 1, "1000.00"], ["total", 2, "50.00"], ["total", 3, "0.50"]]


@pytest.mark.slow
@pytest.mark.django_db
@pytest.mark.parametrize("url, post", [
    ("/committee/{t}/?series=\u00b2", None), ("/director/{t}/print/?series=\u00b9\u00b2", None),
    ("/director/{t}/players/experts/", {"selected": ["\u00b2"], "action": "mark"}),
    ("/director/{t}/players/grouping/", {"selected": ["1"], "action": "team", "team": "\u00b2"}),
])
def test_a_superscript_digit_where_a_page_sends_a_number_is_no_server_error(admin_client, table, url, post):
    """"²".isdigit() is true, and int("²") raised: a 500 for a page's own number fields and query."""
    url = url.format(t=table.tournament.pk)
    response = admin_client.post(url, post) if post else admin_client.get(url)
    assert response.status_code < 500


def test_a_superscript_deal_number_or_suit_is_refused_not_a_500(client, table):
    """Found after the numbers were read in one place: "²" passes ``str.isdigit`` but not ``int``."""
    token = table_link(table).token
    assert client.post(f"/t/{token}/undo/", {"number": "²"}).status_code == 422
    assert client.post(f"/t/{token}/save/", {"number": "1", "kind": "game", "game_type": "grand:²"}).status_code < 500
    assert client.post(f"/t/{token}/preview/", {"number": "1", "kind": "game", "game_type": "grand:²"}).status_code < 500


def test_prize_lines_are_typed_and_shown_in_the_pages_language():
    """E6 of the German review: the categories no longer need their English keys on a German page."""
    from scoring.committee.forms import parse_prize_money

    with translation.override("de"):
        assert parse_prize_money("gesamt 1 50,00\ntrostpreis 1 5\npunkte 2 1.000") == [
            ["total", 1, "50.00"], ["booby", 1, "5.00"], ["points", 2, "1000.00"]]
        assert parse_prize_money("total 2 10,00") == [["total", 2, "10.00"]]  # the stored key is taken too
        with pytest.raises(forms.ValidationError, match="gesamt 1 50,00"):
            parse_prize_money("summe 1 50,00")
    with translation.override("en"):
        assert parse_prize_money("total 1 50.00") == [["total", 1, "50.00"]]
        with pytest.raises(forms.ValidationError):
            parse_prize_money("gesamt 1 50.00")
