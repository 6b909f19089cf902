"""Impossible input is refused with the field named and what would be valid said."""

import pytest

from scoring.engine import InvalidDeal
from tests.scoring.engine.helpers import scored

REFUSALS = [
    ("with-12", "foster-1922", dict(game="club solo", matadores="with 12", points=70, tricks=6), "matadores", "1 to 11"),
    ("grand-without-5", "foster-1922", dict(game="grand", matadores="without 5", points=70, tricks=6), "matadores", "1 to 4"),
    ("open-grand-with-1", "foster-1922", dict(game="open grand", matadores="with 1", points=120, tricks=10), "matadores", "with\" 2"),
    ("nullo-matadores", "foster-1922", dict(game="nullo", matadores="with 1", tricks=0), "matadores", "no matadores"),
    ("missing-matadores", "foster-1922", dict(game="club solo", points=70, tricks=6), "matadores", "with N"),
    ("garbled-matadores", "foster-1922", dict(game="club solo", matadores="lots", points=70, tricks=6), "matadores", "with N"),
    ("schneider-in-tournee", "foster-1922", dict(game="spade tournee", matadores="with 1", announced="schneider", points=95, tricks=8), "announced", "without the Skat"),
    ("schwarz-in-gucki", "foster-1922", dict(game="gucki grand", matadores="with 1", announced="schwarz", points=120, tricks=10), "announced", "without the Skat"),
    ("schneider-in-isko-skat-game", "isko", dict(game="clubs", matadores="with 1", announced="schneider", points=95, tricks=8), "announced", "Hand"),
    ("announced-list", "foster-1922", dict(game="club solo", matadores="with 1", announced=[], points=70, tricks=6), "announced", "schneider"),
    ("announce-in-nullo", "foster-1922", dict(game="nullo", announced="schneider", tricks=0), "announced", ""),
    ("schneider-on-open-grand", "foster-1922", dict(game="open grand", matadores="with 2", announced="schneider", points=120, tricks=10), "announced", "schwarz announced"),
    ("bid-13", "foster-1922", dict(game="club solo", matadores="with 2", points=70, tricks=6, bid=13), "bid", "12 and 14"),
    ("bid-below-lowest", "isko", dict(game="clubs", matadores="with 2", points=70, tricks=6, bid=10), "bid", "18"),
    ("bid-text", "foster-1922", dict(game="club solo", matadores="with 2", points=70, tricks=6, bid="36"), "bid", "whole number"),
    ("points-121", "foster-1922", dict(game="club solo", matadores="with 2", points=121, tricks=6), "points", "0..120"),
    ("points-negative", "foster-1922", dict(game="club solo", matadores="with 2", points=-1, tricks=6), "points", "0..120"),
    ("tricks-11", "foster-1922", dict(game="club solo", matadores="with 2", points=70, tricks=11), "tricks", "0..10"),
    ("no-trick-40-points", "foster-1922", dict(game="club solo", matadores="with 2", points=40, tricks=0), "points", "no trick"),
    ("no-trick-skat-isko", "isko", dict(game="clubs", matadores="with 2", points=23, tricks=0), "points", "at most 22"),
    ("ten-tricks-not-120", "foster-1922", dict(game="club solo", matadores="with 2", points=119, tricks=10), "points", "all 120"),
    ("nine-tricks-50", "foster-1922", dict(game="club solo", matadores="with 2", points=50, tricks=9), "points", "between 87 and 120"),
    ("no-figures", "foster-1922", dict(game="club solo", matadores="with 2"), "points", "card points and tricks"),
    ("points-without-tricks", "foster-1922", dict(game="club solo", matadores="with 2", points=70), "tricks", ""),
    ("result-contradicts", "foster-1922", dict(game="club solo", matadores="with 2", points=70, tricks=6, result="lost"), "result", "won"),
    ("result-garbled", "foster-1922", dict(game="club solo", matadores="with 2", result="maybe"), "result", "won"),
    ("abandon-solo", "foster-1922", dict(game="club solo", matadores="with 2", abandoned=True), "abandoned", "law 44"),
    ("abandon-with-points", "foster-1922", dict(game="club tournee", matadores="with 2", abandoned=True, points=40, tricks=3), "points", "not played"),
    ("kontra-foster", "foster-1922", dict(game="club solo", matadores="with 2", points=70, tricks=6, kontra=True), "kontra", "isko"),
    ("re-without-kontra", "isko", dict(game="clubs", matadores="with 2", points=70, tricks=6, re=True), "re", "no Kontra"),
    ("unknown-game", "foster-1922", dict(game="bridge", matadores="with 2", points=70, tricks=6), "game", "Tournee"),
    ("ambiguous-suit", "foster-1922", dict(game="clubs", matadores="with 2", points=70, tricks=6), "game", "Club Solo"),
    ("tournee-in-isko", "isko", dict(game="club tournee", matadores="with 2", points=70, tricks=6), "game", "Grand Hand"),
    ("guckser-nullo-not-foster-name", "isko", dict(game="guckser nullo", tricks=0), "game", "isko"),
    ("ramsch-in-isko", "isko", dict(game="ramsch"), "game", "thrown in"),
    ("ramsch-with-bid", "foster-1922", dict(game="ramsch", bid=18), "bid", "no declarer"),
]


@pytest.mark.parametrize("case_id, rulebook, facts, field, hint", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refusal_names_field_and_says_what_is_valid(case_id, rulebook, facts, field, hint):
    with pytest.raises(InvalidDeal) as refused:
        scored(rulebook, **facts)
    assert refused.value.field == field
    assert hint in refused.value.message


def test_unknown_rulebook_is_refused_with_the_list():
    with pytest.raises(InvalidDeal) as refused:
        scored("hoyle-1900", game="club solo", matadores="with 2", points=70, tricks=6)
    assert refused.value.field == "rulebook"
    assert "foster-1922, nasl-1908, mccoll-1908, isko" in refused.value.message
