"""Hostile season rules, sent as JSON to the rules page, the new-season form and ``manage.py season create --rules``:
a list nested 50,000 deep, a whole number of 5,000 digits in ``best``, ``prizes`` nested 3,000 deep. Python's parser
answers the first and the last with a ``RecursionError`` and the second with a ``ValueError`` (more than 4,300
digits): each is refused with a message naming the field, nothing is saved, and the command exits non-zero with one
line, no traceback."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seasons.models import Season
from seasons.services import season_add, season_create
from tests.seasons.conftest import club_evening, club_with_members
from tests.seasons.test_pages import login

ROOT = Path(__file__).resolve().parents[2]

HOSTILE = {  # the text, the field its refusal names, a word of the refusal
    "deep list": ("[" * 50_000 + "]" * 50_000, "rules", "20,000"),  # refused by its size already
    "deep list, short": ("[" * 5_000 + "]" * 5_000, "rules", "nested"),
    "long best": ('{"best": ' + "9" * 5_000 + "}", "best", "5,000"),
    "deep prizes": ('{"prizes": ' + "[" * 3_000 + "]" * 3_000 + "}", "prizes", "nested"),
    "deep unclosed": ('{"prizes": ' + "[" * 5_000, "prizes", "nested"),
    "long float": ('{"holdback_percent": 0.' + "1" * 5_000 + "}", "holdback_percent", "5,002"),
    "NaN": ('{"missed_penalty": NaN}', "missed_penalty", "NaN"),
    "too long": ('{"prizes": [' + ", ".join(["1"] * 10_000) + "]}", "rules", "20,000"),
}


@pytest.fixture
def club_season(db):
    club, _members = club_with_members(count=8, guests=0)
    season = season_create(club=club, slug="2026", name="Vereinsmeisterschaft", rules={"best": 3})
    return club, season


@pytest.mark.slow
@pytest.mark.django_db
@pytest.mark.database
@pytest.mark.parametrize("case", HOSTILE)
def test_the_rules_page_and_a_new_season_refuse_hostile_json_naming_the_field(client, club_season, case):
    club, season = club_season
    text, field, word = HOSTILE[case]
    login(client, club, "director", "leiter")
    for url, sent, error in ((reverse("seasons:rules", args=[club.slug, season.slug]), {}, "rules_error"),
                             (reverse("seasons:list", args=[club.slug]), {"name": "Pokal", "slug": "pokal"}, "error")):
        answer = client.post(url, {**sent, "rules": text})
        assert answer.status_code == 422
        refused = answer.context[error]
        assert refused.field == field and word in refused.message, (refused.field, refused.message)
        assert f"<b>{field}</b>" in answer.content.decode()
    assert Season.objects.get(pk=season.pk).rules == {"best": 3}
    assert not Season.objects.filter(slug="pokal").exists()


@pytest.mark.django_db
@pytest.mark.database
@pytest.mark.parametrize("case", HOSTILE)
def test_the_season_command_refuses_hostile_rules_in_one_line(club_season, case, tmp_path):
    club, _season = club_season
    text, field, word = HOSTILE[case]
    path = tmp_path / "rules.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("season", "create", "pokal", "--club", club.slug, "--name", "Pokal", "--rules", str(path),
                     stdout=io.StringIO())
    assert str(refused.value).startswith(f"{field}: ") and word in str(refused.value)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 200
    assert not Season.objects.filter(slug="pokal").exists()


@pytest.mark.slow
def test_the_season_command_exits_non_zero_without_a_traceback(tmp_path):
    database = f"sqlite:///{tmp_path / 'rules.sqlite3'}"
    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": database, "PYTHONPATH": str(ROOT)}

    def manage(*args):
        return subprocess.run([sys.executable, "manage.py", *args], capture_output=True, text=True, cwd=ROOT,
                              env=env, timeout=300)

    assert manage("migrate", "-v0").returncode == 0
    assert manage("club", "create", "skat", "--name", "Skatfreunde").returncode == 0
    for text, field, _word in HOSTILE.values():
        path = tmp_path / "rules.json"
        path.write_text(text, encoding="utf-8")
        done = manage("season", "create", "pokal", "--club", "skat", "--name", "Pokal", "--rules", str(path))
        assert done.returncode == 1, done.stderr[-500:]
        assert "Traceback" not in done.stderr and f"{field}: " in done.stderr, done.stderr[-500:]


@pytest.fixture
def director(client, club_season):
    """The director's client, the season holding one evening of eight members (so each rule is applied)."""
    club, season = club_season
    season_add(season=season, tournaments=[club_evening(club, list(club.members.all()), seed=7, fee="7.50")])
    return login(client, club, "director", "leiter")


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
RULE = st.dictionaries(st.sampled_from(["score", "placement_points", "results", "best", "worst_kept", "min_series",
                                        "min_games", "missed_penalty", "holdback_percent", "prizes",
                                        "category_prizes", "tie", "other"]),
                       JSON | st.integers(-10**60, 10**60) | st.sampled_from(["placement", "average", "events",
                                                                              "per_game", "shared"]), max_size=5)
PIECES = st.sampled_from(["[", "]", "{", "}", ",", ":", '"best"', '"prizes"', "1", "9" * 60, "-", "1e999", "NaN",
                          "\\", '"', " ", "null", "0.5"])


@pytest.mark.django_db
@pytest.mark.database
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(text=st.one_of(RULE.map(json.dumps), st.lists(PIECES, max_size=40).map("".join),
                      st.text(max_size=60)))
def test_no_rules_text_makes_the_page_fail(director, club_season, text):
    """Any text sent as the rules: the season is saved, or the page says which field is wrong; never a 500 (the
    test client raises what a view lets through)."""
    client = director
    club, season = club_season
    answer = client.post(reverse("seasons:rules", args=[club.slug, season.slug]), {"rules": text})
    assert answer.status_code in (302, 422)
    if answer.status_code == 302:
        page = client.get(reverse("seasons:season", args=[club.slug, season.slug]))  # its table read again
        assert page.status_code == 200
    else:
        assert answer.context["rules_error"].field
