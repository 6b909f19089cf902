"""The deal calculator page: the engine's count, and its refusals beside the field."""

import re

import pytest

pytestmark = pytest.mark.django_db

URL = "/score/"


def post(client, htmx=True, **data):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(URL, {"rulebook": "foster-1922", **data}, **headers)


def test_home_page_lists_the_rulebooks(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"foster-1922" in response.content and b"isko" in response.content


def test_calculator_page_renders_with_htmx_shipped_locally(client):
    response = client.get(URL)
    assert response.status_code == 200
    assert b"/static/django_htmx/htmx-2.min.js" in response.content
    # Nothing is fetched from another host: every src and href is on this server (a random token may spell "cdn").
    external = re.findall(rb'(?:src|href)="(?:https?:)?//[^"]*"', response.content)
    assert external == []


def test_calculator_counts_a_deal_in_place(client):
    response = post(client, game="spade tournee", matadores="-10", points="67", tricks="4")
    assert response.status_code == 200
    text = response.content.decode()
    assert "+77" in text
    assert "1 for game, &quot;without&quot; 10, = 11 × 7 = 77" in text
    assert "won without 10" in text
    assert "<html" not in text  # a fragment for htmx, not a page


def test_calculator_shows_the_engine_refusal_beside_its_field(client):
    response = post(client, game="spade tournee", matadores="1", announced="schneider", points="95", tricks="8")
    assert response.status_code == 422
    text = response.content.decode()
    assert "Announced" in text and "only in games played without the Skat" in text


def test_calculator_without_htmx_renders_the_whole_page_with_the_error(client):
    response = post(client, htmx=False, game="club solo", matadores="2", points="40", tricks="0")
    assert response.status_code == 422
    assert b"<html" in response.content and b"has-error" in response.content


def test_calculator_checks_the_written_value(client):
    response = post(client, game="gucki grand", matadores="4", points="56", tricks="4", written="60")
    assert "60 is wrong: it should be 120 lost" in response.content.decode()


@pytest.mark.parametrize("data", [
    {"game": "x" * 500}, {"game": "club solo", "points": "lots"}, {"game": "club solo", "bid": "9" * 40},
    {"rulebook": "nope", "game": "club solo"}, {"game": "\x00"}, {},
])
def test_calculator_bad_input_never_500(client, data):
    response = client.post(URL, data, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
