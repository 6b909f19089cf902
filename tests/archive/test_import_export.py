"""An export imported into a fresh database reproduces identical standings; a bad file imports nothing."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from archive.exports import tournament_export
from scoring.models import Deal
from seating.models import Tournament

pytestmark = pytest.mark.django_db


def demo(players=16, method="up-sides-down-middle"):
    out = io.StringIO()
    call_command("demo", "--players", str(players), "--method", method, "--seed", "11", "--play", stdout=out,
                 stderr=io.StringIO())
    return Tournament.objects.get(pk=int(out.getvalue().split()[-1]))


def standings_json(tournament) -> dict:
    out = io.StringIO()
    call_command("standings", str(tournament.pk), stdout=out)
    payload = json.loads(out.getvalue())
    ids = {p.id: (p.name, p.club) for p in tournament.players.all()}
    rows = payload["standings"] + [row for part in payload["series"] + payload["categories"] for row in part["standings"]]
    for row in rows:
        row["player"] = ids[row["player"]]
    for team in payload["teams"]:
        team["members"] = sorted(ids[member] for member in team["members"])
    for prize in payload["prizes"]:
        prize["player"] = ids.get(prize["player"])
    return payload


@pytest.mark.slow
@pytest.mark.parametrize("method", ["up-sides-down-middle", "fixed", "n-s-stationary"])
def test_export_import_reproduces_identical_standings(tmp_path, method):
    original = demo(17 if method != "fixed" else 16, method)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(tournament_export(original)))
    out = io.StringIO()
    call_command("import", str(path), stdout=out)
    copy = Tournament.objects.get(pk=int(out.getvalue().split()[-1]))
    assert copy.pk != original.pk
    assert standings_json(copy) == standings_json(original)
    assert Deal.objects.filter(tournament=copy).count() == Deal.objects.filter(tournament=original).count()


def test_a_hand_edited_score_is_refused_and_nothing_is_imported(tmp_path):
    original = demo(12)
    data = tournament_export(original)
    data["deals"][3]["score"] += 12
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    before = Tournament.objects.count()
    with pytest.raises(CommandError, match=r"deals\[3\]: the file says"):
        call_command("import", str(path))
    assert Tournament.objects.count() == before


@pytest.mark.parametrize("content", ["not json", "[]", '{"format": 99}', '{"format": 1}',
                                     '{"format": 1, "tournament": {"name": "x"}}'])
def test_broken_files_are_refused_clearly(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(CommandError):
        call_command("import", str(path))
    assert Tournament.objects.count() == 0
