"""The list of tournaments and the form that opens one with its rulebook."""

import pytest
from django.urls import reverse

from scoring.tournaments.selectors import rulebook_of
from seating.models import Tournament
from tests.seating.test_views import field_errors, make_tournament, url

pytestmark = pytest.mark.django_db

LIST = reverse("director:tournaments")


def test_staff_see_the_tournament_list(admin_client):
    make_tournament(8)
    response = admin_client.get(LIST)
    assert response.status_code == 200
    assert 'class="grid"' in response.content.decode()


# --- Tournaments ----------------------------------------------------------------------------------------

def tournament_data(**changes):
    data = {"name": "Chicago 1907", "date": "1907-06-16", "place": "Chicago", "rulebook": "foster-1922",
            "method": "n-s-stationary", "remainder": "extra-tables", "section_split": "", "rounds_per_stay": "",
            "session_rounds": ""}
    return {**data, **changes}


def test_create_tournament_opens_its_players_page(admin_client):
    response = admin_client.post(LIST, tournament_data(section_split=" 5, 5,5 ", rounds_per_stay="2"))

    tournament = Tournament.objects.get()
    assert response.status_code == 302 and response.url == url("players", tournament.pk)
    assert (tournament.name, str(tournament.date), tournament.method, tournament.section_split, tournament.rounds_per_stay) == (
        "Chicago 1907", "1907-06-16", "n-s-stationary", "5,5,5", 2)


@pytest.mark.slow
@pytest.mark.parametrize("changes, field, message", [
    ({"section_split": "11"}, "section_split", "a section holds 1 to 10 tables"),
    ({"section_split": "five"}, "section_split", "separated by commas"),
    ({"name": "  "}, "name", "This field is required."),
    ({"rounds_per_stay": "0"}, "rounds_per_stay", "greater than or equal to 1"),
    ({"session_rounds": "x"}, "session_rounds", "whole number"),
    ({"method": "dancing"}, "method", "Select a valid choice"),
    ({"date": "yesterday"}, "date", "Enter a valid date"),
])
def test_create_tournament_refuses_bad_input_beside_the_field(admin_client, changes, field, message):
    response = admin_client.post(LIST, tournament_data(**changes))

    assert response.status_code == 422
    assert message in field_errors(response, field)
    assert Tournament.objects.count() == 0




@pytest.mark.slow
@pytest.mark.parametrize("rulebook, system", [("foster-1922", "foster"), ("isko", "seeger-fabian"),
                                              ("mccoll-1908", "mccoll"), ("nasl-1908", "foster")])
def test_a_tournament_opens_with_its_rulebook_and_that_rulebooks_scoring(admin_client, rulebook, system):
    admin_client.post(LIST, tournament_data(rulebook=rulebook))

    tournament = Tournament.objects.get()
    assert (rulebook_of(tournament), tournament.scoring.system) == (rulebook, system)


def test_an_unknown_rulebook_is_refused_and_opens_nothing(admin_client):
    response = admin_client.post(LIST, tournament_data(rulebook="bogus"))

    assert response.status_code == 422
    assert "Select a valid choice" in field_errors(response, "rulebook")
    assert Tournament.objects.count() == 0


BOOK_NAMES = {  # written out here, as a director would read them, not read back from the engine
    "foster-1922": "Foster 1922 — American Skat League",
    "nasl-1908": "NASL 1908 — North American Skat League",
    "mccoll-1908": "McColl 1908 — Helps for Skat Pupils",
    "isko": "ISkO — International Skat Order (today's tournaments)",
}


def test_the_rulebook_choice_names_the_books_as_people_know_them(admin_client, client):
    form = admin_client.get(LIST).content.decode()
    home = client.get(reverse("scoring:home")).content.decode()
    calculator = client.get(reverse("scoring:calculator")).content.decode()
    for book, name in BOOK_NAMES.items():
        option = f'<option value="{book}"'
        assert option in form and option in calculator
        for page in (form, home, calculator):
            assert name.replace("'", "&#x27;") in page, (book, name)
