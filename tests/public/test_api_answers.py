"""The API serves only what its schema documents: besides each read's 200, the 304 of an ETag still held, the 404 of
an unknown address or ``?format=`` (an empty one too) and the 429 of the throttle, each sent as the schema says; and
the schema itself answers a client that asks for plain JSON."""

import json

import pytest

from public.api.throttles import ClientAddressThrottle

pytestmark = pytest.mark.django_db

DOCUMENTED = {"200", "304", "404", "429"}


def schema(client) -> dict:
    return json.loads(client.get("/api/v1/schema/").content)


def test_the_schema_answers_a_client_asking_for_plain_json_and_one_asking_for_openapi(client):
    plain = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json")
    assert plain.status_code == 200 and plain["Content-Type"].startswith("application/json")
    assert json.loads(plain.content)["openapi"].startswith("3.")
    own = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert own.status_code == 200 and own["Content-Type"].startswith("application/vnd.oai.openapi+json")
    assert client.get("/api/v1/schema/").status_code == 200  # no Accept: OpenAPI's own


def test_every_read_documents_each_answer_it_can_give_and_the_formats_it_serves(client):
    paths = {path: operations["get"] for path, operations in schema(client)["paths"].items()
             if path != "/api/v1/schema/"}
    assert len(paths) == 15
    for path, read in paths.items():
        assert set(read["responses"]) == DOCUMENTED, path
        for problem in ("404", "429"):
            body = read["responses"][problem]["content"]["application/json"]["schema"]
            assert body == {"$ref": "#/components/schemas/Problem"}, (path, problem)
        formats = [parameter for parameter in read["parameters"] if parameter["name"] == "format"]
        assert [sorted(parameter["schema"]["enum"]) for parameter in formats] == [["csv", "json"]], path


def test_a_problem_is_a_detail_said_in_the_client_s_language(client):
    components = schema(client)["components"]["schemas"]
    assert components["Problem"]["required"] == ["detail"]
    answer = client.get("/api/v1/events/987654/standings/", HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 404
    assert json.loads(answer.content) == {"detail": "Kein solches veröffentlichtes Turnier."}


@pytest.mark.parametrize("address", ["/api/v1/events/987654/", "/api/v1/events/987654/deals/",
                                     "/api/v1/events/987654/players/1/", "/api/v1/clubs/nobody/events/",
                                     "/api/v1/clubs/nobody/seasons/", "/api/v1/clubs/nobody/seasons/2026/",
                                     "/api/v1/leagues/nothing/", "/api/v1/leagues/nothing/days/1/"])
def test_an_address_with_nothing_published_answers_404_with_its_detail(client, address):
    answer = client.get(address)
    assert answer.status_code == 404
    assert set(json.loads(answer.content)) == {"detail"}


@pytest.mark.parametrize("format_, status", [("json", 200), ("csv", 200), ("", 404), ("xml", 404), ("api", 404)])
def test_only_the_documented_formats_are_served(client, format_, status):
    answer = client.get(f"/api/v1/clubs/?format={format_}")
    assert answer.status_code == status, format_
    if status == 404:
        assert set(json.loads(answer.content)) == {"detail"}


def test_an_etag_still_held_answers_304_with_nothing(client):
    first = client.get("/api/v1/clubs/")
    again = client.get("/api/v1/clubs/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert (first.status_code, again.status_code, again.content) == (200, 304, b"")


def test_the_throttle_answers_429_with_its_detail_and_when_to_come_back(client, monkeypatch):
    monkeypatch.setattr(ClientAddressThrottle, "THROTTLE_RATES", {"anon": "2/minute"})
    answers = [client.get("/api/v1/clubs/") for _ in range(3)]
    assert [answer.status_code for answer in answers] == [200, 200, 429]
    assert set(json.loads(answers[2].content)) == {"detail"}
    assert int(answers[2]["Retry-After"]) > 0
