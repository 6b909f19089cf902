"""The engine's counts read word for word as they did before they were built lazily.

explanations_golden.json holds, for a broad fixed table of deals of every rulebook (explanation_cases.py), the
score, the count in English and in German (as pages say it) and the remark in both, written from the engine
before its explanations were built only when shown. Valuing the same deals now must say exactly the same, and
valuing them must build no sentence at all until one is read.
"""

import json
import pickle
from pathlib import Path

import pytest

from scoring.engine import RULEBOOKS, Deal, RamschFacts, score
from scoring.engine.text import ENGLISH, Joined, Text

from .explanation_cases import cases, deal_of, said

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


def test_valuing_a_deal_builds_no_sentence_until_its_explanation_is_read(monkeypatch):
    """The counts cost a valuation 9 µs when they were built at once; now only a reader pays."""
    table = cases()  # refused deals were tried there, and a refusal is said at once
    made = []
    for sentence_class in (Text, Joined):
        made_by = sentence_class.__new__

        def counting(cls, *args, _made_by=made_by, **params):
            made.append(cls)
            return _made_by(cls, *args, **params)

        monkeypatch.setattr(sentence_class, "__new__", counting)
    results = [score(deal_of(facts), rulebook) for rulebook, facts in table]
    assert made == []
    assert all(result.explanation for result in results) and made


@pytest.mark.parametrize("rulebook, facts, other", [
    ("foster-1922", {"game": "spade tournee", "matadores": "without 10", "points": 67, "tricks": 4},
     {"game": "spade tournee", "matadores": "without 9", "points": 67, "tricks": 4}),
    ("isko", {"game": "grand", "hand": True, "matadores": "with 2", "points": 95, "tricks": 8, "kontra": True},
     {"game": "grand", "hand": True, "matadores": "with 2", "points": 95, "tricks": 8, "kontra": True, "re": True}),
    ("nasl-1908", {"game": "ramsch", "ramsch": RamschFacts((50, 40, 30), (4, 3, 3), "H", None)},
     {"game": "ramsch", "ramsch": RamschFacts((40, 50, 30), (4, 3, 3), "H", None)}),
])
def test_a_result_compares_prints_and_pickles_as_the_sentences_it_says(rulebook, facts, other):
    result = score(Deal(**facts), rulebook)
    again = score(Deal(**facts), rulebook)
    assert result == again and hash(result) == hash(again)
    assert result != score(Deal(**other), rulebook)
    assert repr(result).startswith(f"Result(rulebook={rulebook!r}, ")
    assert f"explanation={result.explanation!r}" in repr(result)
    shown = ["rulebook", "game", "won", "value", "score", "multipliers", "overbid", "explanation", "remark", "unit",
             "matadores"]
    assert list(result.as_dict()) == shown + (["loser"] if result.loser else [])
    unpickled = pickle.loads(pickle.dumps(result))
    assert unpickled == result and unpickled.explanation.render(ENGLISH) == result.explanation
