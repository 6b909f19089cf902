"""Every answer of the API held against its own OpenAPI schema (the one drf-spectacular serves at /api/v1/schema/):
the views build plain dicts and the serializers describe them, so this is what keeps the two from drifting apart.
Every path of the schema is asked with data behind it, and its answer validated (jsonschema): a field the schema
does not name, a field it requires and the answer lacks, or a value of another type fails."""

import io
import json
import re

import pytest
from django.core.management import call_command
from jsonschema import Draft202012Validator

from clubs.models import Member
from seasons.models import Season
from seating.models import Player
from tests.public.test_public import demo_event

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def json_schema(node, components: dict):
    """OpenAPI 3.0's schema object as JSON Schema: references inlined, ``nullable`` as a type that admits null,
    and an object with named properties closed to any other (that is the drift this test is for)."""
    if isinstance(node, list):
        return [json_schema(item, components) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return json_schema(components[node["$ref"].rsplit("/", 1)[-1]], components)
    schema = {key: json_schema(value, components) for key, value in node.items()
              if key not in ("nullable", "readOnly", "writeOnly", "example", "description")}
    if node.get("nullable"):
        schema = {"anyOf": [schema, {"type": "null"}]}
    elif node.get("type") == "object" and "properties" in node and "additionalProperties" not in node:
        schema["additionalProperties"] = False
    return schema


@pytest.fixture
def published(db):
    """A published event with its series, seats, standings and deals, in a season of its club."""
    event = demo_event()
    call_command("publish", str(event.pk), stdout=io.StringIO())
    slug = event.club.slug
    for player in Player.objects.filter(tournament=event, member=None):  # a season counts members
        Player.objects.filter(pk=player.pk).update(member=Member.objects.create(club=event.club, name=player.name))
    call_command("season", "create", "2026", "--club", slug, "--name", "Season 2026", stdout=io.StringIO())
    call_command("season", "add", "2026", str(event.pk), "--club", slug, stdout=io.StringIO())
    # the club within an association whose ranking of the same name has places per region
    call_command("club", "create", "lv", "--name", "Landesverband", stdout=io.StringIO())
    call_command("club", "set", slug, "--within", "lv", "--region", "VG 1", stdout=io.StringIO())
    call_command("season", "create", "2026", "--club", "lv", "--name", "Rangliste", stdout=io.StringIO())
    Season.objects.filter(club__slug="lv").update(rules={"quotas": {"VG 1": 3}})
    call_command("season", "add", "2026", str(event.pk), "--club", "lv", stdout=io.StringIO())
    return event


@pytest.fixture
def league(tmp_path):
    """A published league of four teams with its first match day played."""
    from clubs.models import Club
    from tests.leagues.test_league_command import make_league, run

    Club.objects.get_or_create(slug="skv-bonn", defaults={"name": "Skatverein Bonn"})
    make_league(tmp_path, 4, {"series_per_day": 1, "promote": 1, "relegate": 1})
    for command in (("schedule", "ll"), ("seat", "ll", "--day", "1"), ("play", "ll", "--day", "1", "--seed", "3"),
                    ("publish", "ll")):
        run("league", *command)
    return "ll"


def test_every_api_path_answers_as_its_schema_says(client, published, league):
    schema = json.loads(client.get("/api/v1/schema/").content)
    components = schema.get("components", {}).get("schemas", {})
    values = {"club": published.club.slug, "slug": "2026", "tournament_id": published.pk,
              "player_id": Player.objects.filter(tournament=published).order_by("pk").first().pk,
              "member_id": Player.objects.filter(tournament=published, member__public=True).order_by("pk")
              .first().member_id}
    asked = []
    for path, operations in schema["paths"].items():
        if path == "/api/v1/schema/":
            continue
        here = {**values, "slug": league, "day": 1} if path.startswith("/api/v1/leagues/") else values
        if path.endswith("/qualification/"):  # an association's ranking
            here = {**values, "club": "lv"}
        address = re.sub(r"\{(\w+)\}", lambda m, here=here: str(here[m.group(1)]), path)
        response = client.get(address)
        assert response.status_code == 200, address
        answer = json.loads(response.content)
        assert answer not in ([], {}), f"{address} answered nothing: the test proves nothing there"
        expected = json_schema(operations["get"]["responses"]["200"]["content"]["application/json"]["schema"],
                               components)
        problems = [f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
                    for error in Draft202012Validator(expected).iter_errors(answer)]
        assert problems == [], address
        asked.append(path)
    assert len(asked) == 15  # every path of public/api/urls.py but the schema's own


def test_the_check_itself_refuses_a_field_the_schema_does_not_name():
    expected = json_schema({"type": "object", "properties": {"slug": {"type": "string"}}, "required": ["slug"]}, {})
    validator = Draft202012Validator(expected)
    assert validator.is_valid({"slug": "west"})
    assert not validator.is_valid({"slug": "west", "secret": 1})
    assert not validator.is_valid({})
