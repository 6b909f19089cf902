"""The German catalogue speaks the glossary (docs/TRANSLATING.md): the words of the Skat halls, none of the
words the German review rejected.

Vocabulary:
    rejected   a German word or phrase that means something else in a Skat hall, or is broken grammar: a cut is
               a "Losentscheid", not a "Stechen" (a play-off); a player "scheidet aus", he does not
               "zurückziehen"; "Blatt" is a player's cards, not a list; a series is a "Serie", not a "Sitzung".
               None may appear in any German message.
    term       the glossary's German for an English word: every message whose English says the word says the
               term in German (each message with "cut" says "Losentscheid").
"""

import os
import re
import shutil
import subprocess

import pytest
from django.utils import translation

from common.po import LOCALE_DIR, parse
from seating.movements import Method, TableSizes, plan_layout

GERMAN = LOCALE_DIR / "de" / "LC_MESSAGES" / "django.po"

REJECTED = {
    r"\bStechen": "a cut is a Losentscheid; a Stechen is a play-off",
    r"\bBlatt\b": "Blatt is a player's cards: a list is a Liste / Spielliste (a worksheet a Tabellenblatt)",
    r"zurück(zu)?zieh|zurückgezogen|Rückzug": "a player scheidet aus (zurückziehen needs 'sich')",
    r"\bSitzung": "a series is a Serie",
    r"\bStartwert": "the draw's number is the Los-Nr. (players read Startwert as a seeding value)",
    r"\bExperte": "the ISkO has no Experte: the one who keeps the list is the Listenführer",
    r"\bunter (\{rulebook\}|isko|ISkO)": "by a rulebook is 'nach ISkO', not the anglicism 'unter'",
    r"verloren doppelt": "a lost game is 'doppelt verloren'",
    r"Rangliste \(die Summe des Systems\)": "the system's total is the Gesamtwertung",
    r"\bTische? zu (drei|vier|fünf|sechs|\d|\{size\}|%\(size\)s)": "Vierertisch, Dreiertisch ('an 2 Tische zu vier' is the "
                                                                 "wrong case)",
    r"(?i)gleichauf": "players tied on card points are augengleich",
    r"(Spiele|Punkte) netto": "Spielsaldo, Punktsaldo",
    r"Verlustspiele der anderen": "Seeger-Fabian's 'Verl. Spiele der Gegenspieler'",
    r"Preisfolge": "a prize schedule is a Preisplan",
    r"Vorführ": "a demo is a Demo-Turnier",
    r"\bder (Punkte|Spiele)preis\b": "the prize's name goes into 'behält den …' without its article",
    r"\bMeines\b": "the phone's queue says 'Meinen Eintrag'",
    r"(?i)check-?in|einchecken|eingecheckt": "those who came are taken over as 'anwesend' (the Anwesenheitsliste)",
    r"(?i)\bgefehlte": "a series not played is a 'nicht gespielte Serie'",
}
"""Each rejected word (a regular expression over a German message) and why."""

TERMS = [
    (r"(?<!{)\bcuts?\b(?! into|-off|})", "Losentscheid"),
    (r"(?i)withdr", "(?i)ausscheid|ausgeschieden"),
    (r"(?i)(?<!-)\bseed\b", r"Los-Nr\."),  # not the command's option --seed
    (r"(?i)\bexperts?\b", "Listenführer|die Liste führen"),
    (r"\bsession\b", "Serie"),
    (r"lost double", "doppelt verloren = −"),
    (r"Others' lost games", "Verl. Spiele der Gegenspieler"),
    (r"(?i)\bnet (points|games)\b", "saldo"),
    (r"under \{rulebook\}", r"nach \{rulebook\}"),
    (r"Standings \(the system's total\)", "^Gesamtwertung$"),
    (r"(?i)prize schedule|current schedule", "Preisplan"),
    (r"\{tied\}|of the tied players|tied player who", "augengleich"),  # tied on card points (Ramsch)
    # the club's evening, its sign-up, cash desk and season
    (r"(?i)sign-?up", "(?i)anmeld|abmeld|abgemeldet"),
    (r"(?i)waiting list", "Warteliste"),
    (r"(?i)check(ed)? in|check-in", "(?i)anwesen"),
    (r"(?i)entry fees?", "Startgeld"),
    (r"(?i)lost-game money", "Verlustspielgeld"),
    (r"(?i)payouts?", "(?i)auszahl|ausgezahlt"),
    (r"(?i)cash report", "(?i)kassenbericht"),
    (r"(?i)\bcash desk\b", "Kasse"),
    (r"(?i)\bseason table\b", "Jahreswertung"),
    (r"(?i)\bdropped\b", "(?i)streich|gestrichen"),
    (r"(?i)series clock", "Serienuhr"),
    (r"(?i)time left", "Restzeit"),
    (r"(?i)start cards?", "Startkarte"),
]
"""Each English word (a regular expression over the message id) and the German the message must say for it."""

CONTEXT_TERMS = {("score sheet", "Sheet"): "Liste", ("tab", "Series"): "Serien", ("sheet column", "won"): "gew.",
                 ("number column", "Deal"): "Nr."}
"""Messages told apart by a context, and their German."""


def german_messages():
    return [entry for entry in parse(GERMAN) if entry.msgid]


@pytest.mark.skipif(not shutil.which("msgfmt"), reason="GNU gettext is not installed")
def test_the_hand_edited_catalogue_is_valid_for_gnu_gettext():
    """A message defined twice (a hand-added entry whose id was already there) compiles with Babel unnoticed."""
    checked = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(GERMAN)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_no_german_message_says_a_rejected_word():
    found = [f"{entry.msgid!r} → {text!r}: {why}" for entry in german_messages() for text in entry.msgstr
             for pattern, why in REJECTED.items() if re.search(pattern, text)]
    assert found == []


@pytest.mark.slow
@pytest.mark.parametrize("english, german", TERMS)
def test_each_message_with_a_glossary_word_says_its_german(english, german):
    entries = [entry for entry in german_messages() if re.search(english, entry.msgid)]
    assert entries, f"no message says {english!r}: the glossary line is out of date"
    wrong = [f"{entry.msgid!r} → {text!r}" for entry in entries for text in entry.msgstr
             if not re.search(german, text)]
    assert wrong == []


def test_messages_with_a_context_say_the_glossarys_word():
    said = {(entry.msgctxt, entry.msgid): entry.msgstr for entry in german_messages()}
    assert {key: list(said.get(key, ())) for key in CONTEXT_TERMS} == {key: [german] for key, german in
                                                                       CONTEXT_TERMS.items()}


def test_the_glossary_check_finds_a_rejected_word_in_a_message(tmp_path, monkeypatch):
    po = tmp_path / "django.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "Record a cut"\nmsgstr "Stechen eintragen"\n', encoding="utf-8")
    monkeypatch.setitem(globals(), "GERMAN", po)
    with pytest.raises(AssertionError, match="Stechen eintragen"):
        test_no_german_message_says_a_rejected_word()
    with pytest.raises(AssertionError, match="Stechen eintragen"):
        test_each_message_with_a_glossary_word_says_its_german(r"(?<!{)\bcuts?\b(?! into|-off|})", "Losentscheid")


# --- sentences put together from parts ---------------------------------------------------------------------


def test_plan_notes_say_the_tables_in_the_right_case():
    """'14 Spieler an 2 Vierertischen und 2 Dreiertischen' (after 'an', the dative), '48 Spiele am Vierertisch';
    a list of fixed tables in the nominative ('1 Fünfertisch, fest'). The English stays as it was."""
    fixed = plan_layout(Method.FIXED, 14, session_rounds=12, table_sizes=TableSizes.THREES_AND_FOURS)
    extra = plan_layout(Method.UP_SIDES, 41)
    with translation.override("de"):
        german = [note.render(translation) for note in (*fixed.notes, *extra.notes)]
    assert "14 Spieler an 2 Vierertischen und 2 Dreiertischen; niemand wechselt." in german
    assert "12 Runden = 48 Spiele am Vierertisch, 36 Spiele am Dreiertisch." in german
    assert any(note.startswith("Tisch 10: 1 Fünfertisch, fest;") and "85 Spiele am Fünfertisch" in note
               for note in german), german
    assert "14 players at 2 tables of four and 2 tables of three; nobody moves." in fixed.notes
