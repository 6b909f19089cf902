"""``python -m seating.movements``: JSON and text for people; bad arguments exit 2 with one clear line."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[3]


def _run(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "seating.movements", *arguments],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_cli_show_up_sides_json_is_fosters_movement():
    result = _run("show", "--method", "up-sides-down-middle", "--tables", "3", "--format", "json")

    shown = json.loads(result.stdout)
    assert result.returncode == 0
    assert (shown["method"], shown["tables"], len(shown["stays"])) == ("up-sides-down-middle", 3, 5)
    assert shown["stays"][0] == [
        {"table": 1, "middle": 1, "side": 6},
        {"table": 2, "middle": 2, "side": 5},
        {"table": 3, "middle": 3, "side": 4},
    ]
    assert shown["stays"][1] == [
        {"table": 1, "middle": 1, "side": 5},
        {"table": 2, "middle": 6, "side": 4},
        {"table": 3, "middle": 2, "side": 3},
    ]


def test_cli_show_ns_stationary_json_lists_ns_and_ew():
    result = _run("show", "--method", "n-s-stationary", "--tables", "2", "--format", "json")

    assert json.loads(result.stdout) == {
        "method": "n-s-stationary",
        "tables": 2,
        "stays": [
            [{"table": 1, "ns": 1, "ew": 3}, {"table": 2, "ns": 2, "ew": 4}],
            [{"table": 1, "ns": 1, "ew": 4}, {"table": 2, "ns": 2, "ew": 3}],
        ],
    }


def test_cli_show_fixed_json_lists_lots_and_ballots():
    result = _run("show", "--method", "fixed", "--tables", "2", "--format", "json")

    assert json.loads(result.stdout) == {
        "method": "fixed",
        "tables": 2,
        "rounds": 20,
        "deals": 80,
        "stays": [[{"table": 1, "seats": 4, "lot": 1, "ballots": 3}, {"table": 2, "seats": 4, "lot": 2, "ballots": 3}]],
    }


def test_cli_show_text_prints_aligned_columns():
    result = _run("show", "--method", "up-sides-down-middle", "--tables", "5", "--format", "text")

    lines = result.stdout.splitlines()
    assert result.returncode == 0
    assert lines[0] == "Up the sides and down the middle: 5 tables, 10 pairs, 9 stays"
    assert lines[1].split() == ["Stay", "Table", "Middle", "Side"]
    assert len(lines) == 2 + 9 * 5
    assert len({len(line) for line in lines[1:]}) == 1
    assert lines[2].split() == ["1", "1", "1", "10"]


def test_cli_plan_json_shows_the_layout_before_the_draw():
    result = _run("plan", "--method", "n-s-stationary", "--players", "41", "--remainder", "sit-out", "--format", "json")

    shown = json.loads(result.stdout)
    assert result.returncode == 0
    assert shown["fixed_tables"] == [{"table": 11, "seats": 3, "rounds": 10, "deals": 30}]
    assert (shown["table_sizes"], shown["rounds_per_stay"], shown["fixed_rounds"]) == ("3-to-5", 1, 10)
    assert [(s["tables"], s["phantom"]) for s in shown["sections"]] == [(10, 10)]
    assert shown["sections"][0]["sitting_out"] == list(range(20, 10, -1))


def test_cli_plan_isko_json_seats_threes_and_fours_with_the_schedule():
    result = _run("plan", "--method", "fixed", "--players", "13", "--table-sizes", "3-and-4",
                  "--session-rounds", "12", "--format", "json")

    shown = json.loads(result.stdout)
    assert result.returncode == 0
    assert (shown["table_sizes"], shown["rounds_per_stay"], shown["fixed_rounds"]) == ("3-and-4", None, 12)
    assert [(table["seats"], table["deals"]) for table in shown["fixed_tables"]] == [(4, 48), (3, 36), (3, 36), (3, 36)]
    assert (shown["longest_deals"], shown["total_deals"]) == (48, 48 + 3 * 36)


def test_cli_plan_json_rounds_per_stay_gives_each_sections_stays_and_deals():
    result = _run("plan", "--method", "n-s-stationary", "--players", "60", "--sections", "5,5,5",
                  "--rounds-per-stay", "2", "--format", "json")

    shown = json.loads(result.stdout)
    assert [(s["stays"], s["deals_per_stay"], s["deals"]) for s in shown["sections"]] == [(5, 8, 40)] * 3


def test_cli_plan_five_players_up_the_sides_is_a_fixed_table_of_100_deals():
    result = _run("plan", "--method", "up-sides-down-middle", "--players", "5", "--format", "text")

    lines = result.stdout.splitlines()
    assert result.returncode == 0
    assert lines[-2].split() == ["Fixed", "table", "Seats", "Rounds", "Deals"]
    assert lines[-1].split() == ["1", "5", "20", "100"]


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["show", "--method", "up-sides-down-middle", "--tables", "0"], "tables: a section has 1 to 30 tables, got 0"),
        (["show", "--method", "n-s-stationary", "--tables", "31"], "tables: a section has 1 to 30 tables, got 31"),
        (["show", "--method", "n-s-stationary", "--tables", "three"], "argument --tables: must be a whole number"),
        (["show", "--method", "howell", "--tables", "3"], "argument --method: invalid choice: 'howell'"),
        (["show", "--tables", "3"], "the following arguments are required: --method"),
        (["show", "--method", "fixed", "--tables", "-1"], "tables: the fixed method takes 1 to 2500 tables"),
        (["plan", "--method", "fixed", "--players", "2"], "players: a table needs at least 3 players"),
        (["plan", "--method", "up-sides-down-middle", "--players", "40", "--sections", "5,4"], "sections: "),
        (["plan", "--method", "fixed", "--players", "5", "--table-sizes", "3-and-4"],
         "players: under ISkO tables are of three or four, so 5 players cannot be seated; add or remove a player"),
        (["plan", "--method", "fixed", "--players", "40", "--rounds-per-stay", "2"],
         "rounds_per_stay: nobody moves in the fixed method"),
        (["plan", "--method", "fixed", "--players", "40", "--session-rounds", "0"], "session_rounds: "),
        (["plan", "--method", "fixed", "--players", "40", "--table-sizes", "3-to-6"],
         "argument --table-sizes: invalid choice: '3-to-6'"),
        ([], "the following arguments are required"),
    ],
)
def test_cli_bad_arguments_exit_2_with_one_line(arguments, message):
    result = _run(*arguments)

    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("python -m seating.movements: error: ")
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def _run_in(language: str, *arguments: str) -> subprocess.CompletedProcess:
    import os

    return subprocess.run([sys.executable, "-m", "seating.movements", *arguments], cwd=PROJECT, capture_output=True,
                          text=True, timeout=30, env={**os.environ, "SKAT_LANGUAGE": language})


@pytest.mark.slow
def test_cli_speaks_skat_language_german_its_plan_notes_columns_and_mistakes():
    """German review E10: ``python -m seating.movements`` ignored SKAT_LANGUAGE."""
    plan = _run_in("de", "plan", "--method", "fixed", "--players", "14", "--table-sizes", "3-and-4")
    assert plan.returncode == 0
    lines = plan.stdout.splitlines()
    assert lines[0] == "Feste Tische mit Listenführern: 14 Spieler, 4 Tische"
    assert lines[1] == "14 Spieler an 2 Vierertischen und 2 Dreiertischen; niemand wechselt."
    assert lines[4].split() == ["Fester", "Tisch", "Plätze", "Runden", "Spiele"]
    assert lines[5].split() == ["1", "4", "20", "80"]  # the figures as in English
    show = _run_in("de", "show", "--method", "up-sides-down-middle", "--tables", "3")
    assert show.stdout.splitlines()[:2] == ["Außen hinauf, in der Mitte hinab: 3 Tische, 6 Paare, 5 Durchgänge",
                                            "Durchgang  Tisch  Mitte  Seite"]
    refused = _run_in("de", "show", "--method", "fixed", "--tables", "0")
    assert refused.returncode == 2
    assert refused.stderr == "python -m seating.movements: error: tables: feste Tische: 1 bis 2500 Tische, nicht 0\n"
    english = _run_in("en", "show", "--method", "up-sides-down-middle", "--tables", "3")
    assert english.stdout.splitlines()[:2] == ["Up the sides and down the middle: 3 tables, 6 pairs, 5 stays",
                                               "Stay  Table  Middle  Side"]


def test_the_command_language_is_skat_language_else_the_terminals_and_english_without_a_catalogue():
    from seating.movements.words import ENGLISH, command_words

    assert command_words({"SKAT_LANGUAGE": "de"}).gettext("Fixed tables with controllers") == (
        "Feste Tische mit Listenführern")
    assert command_words({"LANG": "de_DE.UTF-8"}).pgettext("movement column", "Stay") == "Durchgang"
    assert command_words({"SKAT_LANGUAGE": "en", "LANG": "de_DE.UTF-8"}) is ENGLISH
    assert command_words({"LANG": "C.UTF-8"}) is ENGLISH and command_words({}) is ENGLISH
    assert command_words({"LANGUAGE": "fr:de"}).ngettext("{count} pair", "{count} pairs", 2) == "{count} Paare"
