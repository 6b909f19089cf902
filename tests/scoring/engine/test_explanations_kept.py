"""The engine's counts read word for word as they did before they were built lazily (issue 26).

explanations_golden.json holds, for a broad fixed table of deals of every rulebook (explanation_cases.py), the
score, the count in English and in German (as pages say it) and the remark in both, written from the engine
before its explanations were built only when shown. Valuing the same deals now must say exactly the same.
"""

import json
from pathlib import Path

import pytest

from scoring.engine import RULEBOOKS

from .explanation_cases import cases, said

GOLDEN = Path(__file__).with_name("explanations_golden.json")


def _golden() -> list:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize("rulebook", sorted(RULEBOOKS))
def test_every_count_and_remark_reads_as_before_in_english_and_german(rulebook):
    rows = [row for row in _golden() if row[0] == rulebook]
    assert len(rows) >= 300  # every game of the book, many ways
    differ = [(facts, expected, now) for _, facts, *expected in rows
              if (now := said(rulebook, facts)) != expected]
    assert differ == []


def test_the_table_is_the_one_the_golden_file_was_written_from():
    """The golden file's deals are the generator's: a change to one of them is noticed, not silently kept."""
    assert [[rulebook, facts] for rulebook, facts, *_ in _golden()] == json.loads(json.dumps(cases()))
