"""The engine's command line, run as a user runs it."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> tuple[int, object]:
    done = subprocess.run([sys.executable, "-m", "scoring.engine", *args], capture_output=True, text=True, cwd=ROOT)
    assert "Traceback" not in done.stderr
    return done.returncode, json.loads(done.stdout)


def test_cli_score_prints_the_issue_example():
    code, out = run("score", "--json", json.dumps({
        "rulebook": "foster-1922", "game": "club solo", "matadores": "with 3", "announced": "schneider",
        "points": 120, "tricks": 10, "bid": 36}))
    assert code == 0
    assert (out["won"], out["value"], out["score"], out["multipliers"], out["overbid"], out["remark"]) == (
        True, 84, 84, 7, False, None)
    assert out["explanation"] == 'Club Solo: 4 for schwarz after announcing schneider, "with" 3, = 7 × 12 = 84'


def test_cli_gucki_grand_lost_with_4_is_minus_120():
    code, out = run("score", "--json", '{"game": "gucki grand", "matadores": "with 4", "points": 56, "tricks": 4}')
    assert (code, out["won"], out["score"]) == (0, False, -120)


def test_cli_ramsch_names_the_loser():
    code, out = run("score", "--json", json.dumps(
        {"rulebook": "foster-1922", "game": "ramsch", "ramsch": {"points": [2, 17, 88], "tricks": [1, 3, 6], "last_trick": "H"}}))
    assert (code, out["loser"], out["score"]) == (0, "H", -20)


def test_cli_score_with_written_value_checks_it():
    code, out = run("score", "--json", '{"game": "club solo", "matadores": "with 2", "points": 70, "tricks": 6, "written": 40}')
    assert code == 0 and out["check"]["ok"] is False
    assert out["check"]["message"].startswith("40 is wrong: it should be 36 won")


def test_cli_bids_json():
    code, out = run("bids", "--rulebook", "foster-1922", "--json")
    assert code == 0 and out[:5] == [10, 12, 14, 15, 16]


def test_cli_check_bare_value():
    code, out = run("check", "--json", '{"rulebook": "foster-1922", "game": "club solo", "value": 40}')
    assert (code, out["ok"], out["nearest"]) == (0, False, [36, 48])


@pytest.mark.parametrize("args, field", [
    (("score", "--json", '{"game": "club solo", "matadores": "with 12", "points": 70, "tricks": 6}'), "matadores"),
    (("score", "--json", "{not json"), "json"),
    (("score", "--json", "[1, 2]"), "json"),
    (("score", "--json", '{"game": "club solo", "colour": "red"}'), "colour"),
    (("bids", "--rulebook", "hoyle"), "rulebook"),
    (("score",), "arguments"),
    (("dance",), "arguments"),
])
def test_cli_wrong_input_exits_2_with_error_and_field(args, field):
    code, out = run(*args)
    assert code == 2
    assert out["field"] == field and out["error"]
