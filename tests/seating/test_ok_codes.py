"""Each player's OK code: his own six digits, printed on his entry ticket and nowhere else in the hall."""

import pytest
from django.template.loader import render_to_string

from seating.models import Player
from seating.printing.documents import document_pages
from seating.printing.selectors import tickets
from tests.scoring.conftest import drawn_tournament

pytestmark = pytest.mark.django_db


def test_every_player_has_his_own_six_digit_code():
    tournament = drawn_tournament(12)
    codes = list(Player.objects.filter(tournament=tournament).values_list("ok_code", flat=True))
    assert all(len(code) == 6 and code.isdigit() for code in codes)
    assert len(set(codes)) > 1  # drawn per player, not one code for all


def test_the_entry_ticket_carries_the_players_code():
    tournament = drawn_tournament(12)
    printout = tickets(tournament)
    codes = dict(Player.objects.filter(tournament=tournament).values_list("name", "ok_code"))
    assert all(ticket.ok_code == codes[ticket.player] for ticket in printout.parts)
    _, pages = document_pages(tournament, "tickets")
    html = render_to_string("print/tickets.html", {"heading": printout.heading, "pages": pages, "arts": [],
                                                   "paper": None, "fonts": ""})
    assert all(f"your OK code {ticket.ok_code}" in html for ticket in printout.parts)
