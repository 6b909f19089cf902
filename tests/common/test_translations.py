"""The catalogues: every German message there, checked, with the English one's placeholders; and the product
saying itself in German (the engine's counts, money, the switch, Accept-Language, a tournament's print language).
"""

import datetime
import re
import shutil
import string
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation

from common.i18n import day, money, points, say
from common.po import LOCALE_DIR, compile_mo, parse
from scoring.engine import RULEBOOKS, Deal, InvalidDeal, score
from tests.test_rooms import rooms

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = sorted(path.parent.parent.name for path in LOCALE_DIR.glob("*/LC_MESSAGES/django.po"))
PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?([sdifr%])")
TAG = re.compile(r"</?([a-z]+)[^>]*>")


def placeholders(text: str) -> tuple:
    """What a message's figures and markup are filled into: {name}, %(name)s, %s, and the HTML tags."""
    braces = tuple(sorted((name, conversion or "", spec or "") for _lit, name, spec, conversion
                          in string.Formatter().parse(text) if name is not None))
    percent = tuple(sorted(f"{name or ''}%{kind}" for name, kind in PERCENT.findall(text) if kind != "%"))
    return braces, percent, tuple(sorted(TAG.findall(text)))


def catalogue_problems(po_path: Path) -> list[str]:
    problems = []
    for entry in parse(po_path):
        if not entry.msgid:
            continue
        where = f"{po_path.relative_to(po_path.parents[3])}:{entry.line} {entry.msgid!r}"
        if entry.fuzzy:
            problems.append(f"{where}: fuzzy (check it, then remove the flag)")
        if not entry.translated:
            problems.append(f"{where}: not translated")
            continue
        english = {placeholders(entry.msgid)}
        if entry.msgid_plural is not None:  # each plural form as the English singular or plural has them
            english.add(placeholders(entry.msgid_plural))
        for translated in entry.msgstr:
            if placeholders(translated) not in english:
                expected = " or ".join(str(e) for e in sorted(english))
                problems.append(f"{where}: placeholders {placeholders(translated)} do not match the English {expected}")
    return problems


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_has_every_message_translated_with_the_same_placeholders(language):
    assert catalogue_problems(LOCALE_DIR / language / "LC_MESSAGES" / "django.po") == []


def test_catalogue_check_finds_a_missing_a_fuzzy_and_a_wrong_placeholder(tmp_path):
    po = tmp_path / "de" / "LC_MESSAGES" / "django.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "Table {number}"\nmsgstr ""\n\n'
                  '#, fuzzy\nmsgid "Seed {seed}"\nmsgstr "Startwert {seed}"\n\n'
                  'msgid "{deals} deals"\nmsgstr "{spiele} Spiele"\n\n'
                  'msgid "Back"\nmsgstr "Zurück"\n', encoding="utf-8")
    problems = catalogue_problems(po)
    assert [p.split(": ", 1)[1] for p in problems] == [
        "not translated", "fuzzy (check it, then remove the flag)",
        "placeholders ((('spiele', '', ''),), (), ()) do not match the English ((('deals', '', ''),), (), ())"]


def test_compiled_catalogue_is_read_by_gettext(tmp_path):
    import gettext

    po = tmp_path / "django.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                  '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                  'msgctxt "suit"\nmsgid "Club"\nmsgstr "Kreuz"\n\n'
                  'msgid "{n} deal"\nmsgid_plural "{n} deals"\nmsgstr[0] "{n} Spiel"\nmsgstr[1] "{n} Spiele"\n\n'
                  '#, fuzzy\nmsgid "Seed"\nmsgstr "Saat"\n', encoding="utf-8")
    with compile_mo(po).open("rb") as mo:
        catalogue = gettext.GNUTranslations(mo)
    assert catalogue.pgettext("suit", "Club") == "Kreuz"
    assert catalogue.ngettext("{n} deal", "{n} deals", 3) == "{n} Spiele"
    assert catalogue.gettext("Seed") == "Seed"  # a fuzzy guess is never used


SOURCES = (*rooms(), "templates")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("xgettext") is None, reason="makemessages needs GNU gettext's xgettext")
@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_holds_every_message_of_the_sources(language, tmp_path, settings, monkeypatch):
    """makemessages over a copy of today's sources adds nothing untranslated: no page or message was left out.
    (A copy: makemessages writes into the catalogue it finds beside the sources.)"""
    for folder in SOURCES:
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    shutil.copytree(LOCALE_DIR / language, tmp_path / "locale" / language, ignore=shutil.ignore_patterns("*.mo"))
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    monkeypatch.chdir(tmp_path)
    call_command("makemessages", locale=[language], verbosity=0)
    assert catalogue_problems(tmp_path / "locale" / language / "LC_MESSAGES" / "django.po") == []


# --- the engine in German -----------------------------------------------------------------------------------


def german(text) -> str:
    with translation.override("de"):
        return say(text)


def test_isko_count_reads_in_german_as_the_players_count():
    result = score(Deal(game="grand", hand=True, matadores="with 2", points=95, tricks=8), "isko")
    assert result.explanation == "Grand Hand: with 2, game 3, hand 4, schneider 5 = 5 × 24 = 120"
    assert german(result.explanation) == "Grand Hand, mit 2, Spiel 3, Hand 4, Schneider 5 = 5 × 24 = 120"


def test_foster_count_reads_in_german_with_the_books_game_names():
    result = score(Deal(game="club solo", matadores="with 3", announced="schneider", points=120, tricks=10), "foster-1922")
    assert german(result.explanation) == "Kreuz-Solo: 4 für Schwarz nach Schneider angesagt, „mit“ 3 = 7 × 12 = 84"
    lost = score(Deal(game="gucki grand", matadores="with 4", points=50, tricks=3), "foster-1922")
    assert german(lost.explanation) == "Gucki-Grand verloren: 1 für Spiel, „mit“ 4 = 5 × 12 = 60, doppelt verloren = −120"


def test_refusal_names_its_field_and_reads_in_german():
    with pytest.raises(InvalidDeal) as refused:
        score(Deal(game="club solo", matadores="with 12", points=70, tricks=6), "foster-1922")
    assert refused.value.field == "matadores"
    assert german(refused.value.message) == "mit 12 kann es bei Kreuz-Solo nicht geben: „mit“ oder „ohne“ 1 bis 11"


def test_a_refusal_names_the_rulebook_by_its_short_name_in_german_and_by_its_id_in_english():
    with pytest.raises(InvalidDeal) as refused:
        score(Deal(game="clubs", matadores="with 1", points=70, tricks=6, bid=19), "isko")
    assert refused.value.message.startswith("19 is no game value under isko: ")
    assert german(refused.value.message).startswith("19 ist nach ISkO kein Reizwert: ")
    with pytest.raises(InvalidDeal) as refused:
        score(Deal(game="club solo", matadores="with 1", points=70, tricks=6, kontra=True), "foster-1922")
    assert refused.value.message == "foster-1922 has no Kontra; only isko tournaments may play it"
    assert german(refused.value.message) == "Foster 1922 kennt kein Kontra; nur ISkO-Turniere dürfen es spielen"


def test_every_rulebook_has_a_short_name():
    from scoring.engine.rulebooks import SHORT_NAMES

    assert sorted(SHORT_NAMES) == sorted(RULEBOOKS) and all(name == rb for rb, name in SHORT_NAMES.items())


@pytest.mark.parametrize("rulebook", sorted(RULEBOOKS))
def test_every_game_has_a_german_name_without_english_suits(rulebook):
    for game in RULEBOOKS[rulebook].games:
        name = german(game.label)
        assert not re.search(r"\b(Clubs?|Spades?|Hearts?|Diamonds?|Open|Nullo)\b", name), (game.name, name)


def test_engine_says_english_by_itself():
    result = score(Deal(game="spade tournee", matadores="without 10", points=67, tricks=4), "foster-1922")
    assert result.explanation == 'Spade Tournee: 1 for game, "without" 10, = 11 × 7 = 77'
    assert german(result.explanation) == "Pik-Tournee: 1 für Spiel, „ohne“ 10 = 11 × 7 = 77"


# --- formats --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language, expected", [("de", "1.234,50 €"), ("en", "€1,234.50")])
def test_money_is_written_in_the_languages_format(language, expected):
    with translation.override(language):
        assert money("1234.5", "EUR") == expected


def test_the_admins_app_names_are_german():
    from django.apps import apps

    with translation.override("de"):
        names = [str(apps.get_app_config(app).verbose_name) for app in ("seating", "scoring", "accounts")]
    assert names == ["Turniere und Plätze", "Wertung", "Personen und Zugang"]


@pytest.mark.parametrize("name, slug", [
    ("Demo: 48 Spieler, Außen hinauf", "demo-48-spieler-aussen-hinauf"),  # slugify alone: "auen"
    ("Müller-Öhringen Übungsabend", "mueller-oehringen-uebungsabend"),
    ("GROẞE Wertung", "grosse-wertung"),
    ("Club evening", "club-evening"),
])
def test_a_file_name_writes_the_german_letters_out(name, slug):
    from common.i18n import file_slug

    assert file_slug(name) == slug


@pytest.mark.parametrize("language, expected", [("de", "\u22121.110,00 €"), ("en", "\u2212€1,110.00")])
def test_a_debt_is_written_with_a_real_minus_before_the_amount(language, expected):
    with translation.override(language):
        assert money("-1110", "EUR") == expected


@pytest.mark.parametrize("value, expected", [(-168, "\u2212168"), (0, "0"), (2602, "2602"), (None, None), ("", "")])
def test_a_lists_figure_is_written_with_a_real_minus(value, expected):
    assert points(value) == expected


@pytest.mark.parametrize("language, expected", [("de", "25.11.2026"), ("en", "11/25/2026")])
@pytest.mark.parametrize("value", [datetime.date(2026, 11, 25), "2026-11-25"])
def test_a_day_is_written_in_the_languages_short_format_from_a_date_or_its_iso_text(language, expected, value):
    with translation.override(language):
        assert day(value) == expected
        assert day("not a date") == "not a date"


# --- saved deals and the workbook in German ---------------------------------------------------------------------


@pytest.mark.django_db
def test_saved_deal_and_workbook_are_said_in_the_tournaments_language():
    from io import BytesIO

    from openpyxl import load_workbook

    from scoring.committee.xlsx import results_workbook
    from scoring.explanations import said
    from scoring.management.demo import demo_create, demo_play
    from scoring.models import Deal as SavedDeal
    from scoring.results import tournament_results

    tournament = demo_create(players=12, method="fixed", seed=5, rulebook="isko")
    demo_play(tournament, seed=5)
    deal = SavedDeal.objects.filter(tournament=tournament, kind="game").exclude(explanation="").first()
    with translation.override("de"):
        count, _remark = said(deal, "isko")
    assert count != deal.explanation and re.search(r"= \d+ × \d+ = \d+", count)
    assert re.search(r"\b(mit|ohne) \d+, Spiel \d+", count), count

    tournament.language = "de"
    tournament.save(update_fields=["language"])
    with translation.override("en"):  # an English browser downloads the German event's workbook
        book = load_workbook(BytesIO(results_workbook(tournament_results(tournament))))
    assert book.sheetnames[:3] == ["Rangliste", "Preise", "Spiele"]
    standings = book["Rangliste"]
    assert [cell.value for cell in standings[1]][:4] == ["Platz", "Spieler", "Verein", "Gewonnene Spiele"]
    assert isinstance(standings.cell(row=2, column=4).value, int)  # figures stay numbers
    deals = book["Spiele"]
    games = {row[6] for row in deals.iter_rows(min_row=2, values_only=True)}
    assert games & {"Kreuz", "Pik", "Herz", "Karo", "Grand", "Null"} and not games & {"Clubs", "Spades"}


@pytest.mark.django_db
def test_export_and_import_keep_the_print_language():
    from archive.exports import tournament_export
    from archive.imports import tournament_import
    from scoring.management.demo import demo_create

    tournament = demo_create(players=12, method="fixed", seed=5, rulebook="isko")
    tournament.language = "de"
    tournament.save(update_fields=["language"])
    data = tournament_export(tournament)
    assert data["tournament"]["language"] == "de"
    assert tournament_import(data).language == "de"
