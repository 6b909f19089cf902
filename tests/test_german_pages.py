"""Every page of the director, the calculator and the login in German, with no English word left (the test
client's walk; tests/browser/test_german_browser.py walks them in a real browser). A German browser gets German,
a browser that asks for nothing gets English, and the switch remembers the choice."""

import re

import pytest
from django.urls import reverse

from scoring.management.demo import demo_create
from seating.models import Tournament
from tests.german_pages import english_words, visible_text

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}


def proper_names(tournament: Tournament) -> tuple[str, ...]:
    names = [tournament.name, tournament.place]
    for name, club in tournament.players.values_list("name", "club"):
        names += [name, club]
    return tuple(sorted({n for n in names if n}, key=len, reverse=True))


@pytest.fixture
def tournament():
    return demo_create(players=14, method="up-sides-down-middle", seed=3, rulebook="isko")


def director_pages(tournament):
    pk = tournament.pk
    return [reverse("scoring:home"), reverse("scoring:calculator"), reverse("director:tournaments"),
            reverse("director:players", args=[pk]), reverse("director:plan", args=[pk]),
            reverse("director:seating", args=[pk]), reverse("director:series", args=[pk]),
            reverse("director:print", args=[pk]), reverse("scoring:table-links", args=[pk])]


def test_director_pages_are_german_for_a_german_browser(admin_client, tournament):
    allowed = proper_names(tournament)
    for url in director_pages(tournament):
        response = admin_client.get(url, **GERMAN)
        assert response.status_code == 200, url
        assert response["Content-Language"] == "de"
        assert english_words(visible_text(response.content.decode()), allowed) == [], url


def test_login_and_refusal_pages_are_german(client, tournament):
    for url in (reverse("accounts:login"), reverse("scoring:home")):
        response = client.get(url, **GERMAN)
        assert english_words(visible_text(response.content.decode()), proper_names(tournament)) == [], url


def test_calculator_counts_and_refuses_in_german(client):
    url = reverse("scoring:calculator")
    counted = client.post(url, {"rulebook": "isko", "game": "grand", "hand": "on", "matadores": "2", "points": "95",
                                "tricks": "8"}, **GERMAN)
    page = counted.content.decode()
    assert "Grand Hand, mit 2, Spiel 3, Hand 4, Schneider 5 = 5 × 24 = 120" in page
    assert english_words(visible_text(page)) == []
    refused = client.post(url, {"rulebook": "foster-1922", "game": "club solo", "matadores": "3", "points": "70",
                                "tricks": "0"}, **GERMAN)
    assert refused.status_code == 422
    assert ("70 Augen kann es nicht geben: wer keinen Stich machte, ist schwarz und darf den Skat nicht zählen: "
            "er hat 0") in refused.content.decode()


def test_no_accept_language_stays_english(client):
    page = client.get(reverse("scoring:calculator")).content.decode()
    assert "Score a deal" in page and '<html lang="en">' in page


def test_the_calculators_game_suggestions_are_german_in_german(client):
    """The names offered while typing a game are the German ones a German player types (each one the engine
    reads back as the same game); English in English."""
    german = client.get(reverse("scoring:calculator"), **GERMAN).content.decode()
    english = client.get(reverse("scoring:calculator")).content.decode()
    assert '<option value="kreuz hand">' in german and '<option value="null ouvert hand">' in german
    assert '<option value="clubs hand">' not in german
    assert '<option value="clubs hand">' in english


def test_every_german_game_name_offered_is_read_back_as_its_game():
    from django.utils import translation

    from common.i18n import say
    from scoring.engine import RULEBOOKS
    from scoring.engine.phrases import find_game

    with translation.override("de"):
        misread = [(rulebook.id, game.name) for rulebook in RULEBOOKS.values() for game in rulebook.games
                   if find_game(rulebook, say(game.label).lower()).name != game.name]
    assert misread == []


def test_switch_remembers_the_language_on_every_page(client):
    answer = client.post(reverse("set_language"), {"language": "de", "next": reverse("scoring:calculator")})
    assert answer.status_code == 302 and answer["Location"] == reverse("scoring:calculator")
    page = client.get(reverse("scoring:calculator")).content.decode()  # no Accept-Language: the cookie decides
    assert "Spielwert berechnen" in page and '<html lang="de">' in page
    assert 'name="language" value="en"' in page  # the way back, on the same page
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert "Score a deal" in client.get(reverse("scoring:calculator"), **GERMAN).content.decode()


def test_switch_ignores_a_foreign_next_and_an_unknown_language(client):
    answer = client.post(reverse("set_language"), {"language": "xx", "next": "https://evil.example/"})
    assert answer.status_code in (204, 302)
    assert answer.get("Location", "/") == "/"
    assert "Score a deal" in client.get(reverse("scoring:calculator")).content.decode()


def test_new_tournament_prints_in_the_directors_language(admin_client):
    admin_client.post(reverse("director:tournaments"), {"name": "Vereinsabend", "date": "2026-11-23",
                                                       "rulebook": "isko", "method": "fixed",
                                                       "remainder": "extra-tables", "series_count": "3"}, **GERMAN)
    assert Tournament.objects.get(name="Vereinsabend").language == "de"


def test_print_language_is_chosen_on_the_print_page(admin_client, tournament):
    page = admin_client.get(reverse("director:print", args=[tournament.pk]), **GERMAN).content.decode()
    assert 'id="print-language"' in page and "Drucksprache" in page
    answer = admin_client.post(reverse("director:print_language", args=[tournament.pk]), {"language": "de"}, **GERMAN)
    assert answer.status_code == 302
    tournament.refresh_from_db()
    assert tournament.language == "de"
    admin_client.post(reverse("director:print_language", args=[tournament.pk]), {"language": "xx"})
    tournament.refresh_from_db()
    assert tournament.language == "de"


def test_plan_refusal_is_said_in_german(admin_client, tournament):
    answer = admin_client.get(reverse("director:plan_preview", args=[tournament.pk]),
                              {"method": "up-sides-down-middle", "remainder": "extra-tables", "section_split": "2,2"},
                              **GERMAN)
    page = answer.content.decode()
    assert "Die Gruppen fassen 4 Tische, aber der Plan hat 2 wechselnde Tische." in page


def test_hostile_names_stay_escaped_in_german(admin_client, tournament):
    hostile = "<img src=x onerror=alert(1)>'\""
    admin_client.post(reverse("director:team_create", args=[tournament.pk]), {"team-name": hostile}, **GERMAN)
    page = admin_client.get(reverse("director:players", args=[tournament.pk]), **GERMAN).content.decode()
    assert "Mannschaft &lt;img src=x onerror=alert(1)&gt;" in page  # the aria-label and the message, escaped
    assert "<img src=x" not in page
    # confirm() reads its question from an attribute: the browser decodes the entities, no script runs
    assert ('data-question="Die Mannschaft &lt;img src=x onerror=alert(1)&gt;&#x27;&quot; löschen? Ihre Spieler '
            'bleiben angemeldet, in keiner Mannschaft."') in page


def test_table_sheet_counts_and_refuses_in_german(client, admin_client, tournament):
    from scoring.management.demo import demo_play
    from scoring.models import TableLink

    demo_play(tournament, seed=3)
    link = TableLink.objects.filter(table__tournament=tournament).select_related("table").first()
    allowed = proper_names(tournament)
    for answer in (client.get(f"/t/{link.token}/", **GERMAN),
                   admin_client.get(reverse("scoring:staff-sheet", args=[link.table_id]), **GERMAN)):
        page = answer.content.decode()
        assert answer.status_code == 200
        assert english_words(visible_text(page), allowed) == []
        assert re.search(r"(Kreuz|Pik|Herz|Karo|Grand|Null)[^<]*(, |: )(mit|ohne) \d+, Spiel \d+", page)




@pytest.mark.slow
@pytest.mark.parametrize("rulebook", ["isko", "foster-1922"])
def test_committee_live_and_slips_pages_are_german(admin_client, rulebook):
    from scoring.management.demo import demo_play
    from scoring.models import TournamentScoring

    tournament = demo_create(players=14, method="up-sides-down-middle", seed=3, rulebook=rulebook)
    demo_play(tournament, seed=3)
    TournamentScoring.objects.filter(tournament=tournament).update(published=True)
    Tournament.objects.filter(pk=tournament.pk).update(language="de")  # the live board speaks the print language
    allowed = proper_names(tournament)  # the money prizes' box in German too ("gesamt 1 50,00")
    pk = tournament.pk
    for url in (reverse("scoring:committee", args=[pk]), reverse("scoring:live", args=[pk]),
                reverse("scoring:live", args=[pk]) + "?show=prizes", reverse("scoring:committee-slips", args=[pk])):
        answer = admin_client.get(url, **GERMAN)
        assert answer.status_code == 200, url
        assert english_words(visible_text(answer.content.decode()), allowed) == [], url


def test_a_table_link_shown_as_text_is_no_english_whatever_its_random_token_holds():
    # CI once failed on the tables page because a link's token read ".../t/x_on_y/": a token is not a word.
    page = "Tisch 3 http://hall.local:8000/t/Xq_on_Z-the-7/ Kopieren"
    assert english_words(page) == []
    assert english_words("Tisch 3 on") == ["on"]


def test_a_page_not_found_is_german_and_shows_no_developers_note(client, tournament):
    """An old table link, an unpublished event's results, a closed sign-up: Django's own 404 page is English."""
    club = tournament.club.slug
    for url in ("/t/not-a-token/", reverse("public:event", args=[club, tournament.pk]),
                reverse("signup:form", args=[club, tournament.pk])):
        answer = client.get(url, **GERMAN)
        page = answer.content.decode()
        assert answer.status_code == 404, url
        assert "Seite nicht gefunden" in page and english_words(visible_text(page)) == [], url
        assert "No such" not in page  # the view's note is for developers
    assert "Page not found" in client.get("/t/not-a-token/").content.decode()


def test_a_form_sent_without_its_security_token_is_refused_in_german():
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    answer = strict.post(reverse("accounts:login"), {"username": "x", "password": "y"}, **GERMAN)
    page = answer.content.decode()
    assert answer.status_code == 403
    assert "Nicht gesendet" in page and english_words(visible_text(page)) == []


def test_the_entry_link_cards_are_named_in_the_print_language(admin_client, tournament):
    Tournament.objects.filter(pk=tournament.pk).update(language="de", name="Vereinsabend Süd")
    answer = admin_client.get(reverse("scoring:link-cards", args=[tournament.pk]))  # an English browser
    assert answer.status_code == 200
    assert answer["Content-Disposition"] == (
        f'attachment; filename="vereinsabend-sued-{tournament.date:%Y-%m-%d}-eingabelinks-A4.pdf"')


def test_a_download_keeps_the_german_letters_of_the_events_name(admin_client, tournament):
    Tournament.objects.filter(pk=tournament.pk).update(language="de", name="Preisskat Groß-Gerau")
    answer = admin_client.get(reverse("cash:report-pdf", args=[tournament.pk]))
    assert answer["Content-Disposition"] == (
        f'attachment; filename="preisskat-gross-gerau-{tournament.date:%Y-%m-%d}-kassenbericht.pdf"')
    Tournament.objects.filter(pk=tournament.pk).update(name="★ ★ ★")  # nothing of the name fits a file's name
    answer = admin_client.get(reverse("cash:report-pdf", args=[tournament.pk]))
    assert answer["Content-Disposition"] == f'attachment; filename="turnier-{tournament.date:%Y-%m-%d}-kassenbericht.pdf"'


@pytest.mark.parametrize("template, heading", [("500.html", "Fehler auf dem Server"), ("400.html", "Ungültige Anfrage"),
                                               ("403_csrf.html", "Nicht gesendet")])
def test_the_pages_django_renders_without_a_request_are_german_too(template, heading):
    """Django renders these with no request context (server_error, bad_request, csrf_failure): they stand alone."""
    from django.template.loader import render_to_string
    from django.utils import translation

    with translation.override("de"):
        page = render_to_string(template)
    assert heading in page and '<html lang="de">' in page and english_words(visible_text(page)) == []
