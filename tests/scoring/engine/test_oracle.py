"""The engine against an independent valuation written from RULES.md (tests/scoring/engine/oracle.py).

Thousands of random legal deals (seeded, so a failure repeats) of every trump and null game of the four
rulebooks: figures, paper sheets and abandoned games, with and without bids, Kontra and Re under ISkO.
The engine and the oracle must agree on won/lost, value, signed score, multipliers and overbid.
"""

import random
import re
from pathlib import Path

import pytest

from scoring.engine import RULEBOOKS, Deal, InvalidDeal, find_game, legal_bids, score
from tests.scoring.engine import oracle

BOOK_IDS = sorted(oracle.BOOKS)
DEALS_PER_BOOK = 1500
THRESHOLDS = (0, 22, 30, 31, 59, 60, 61, 62, 89, 90, 91, 92, 120)  # where the outcome changes


def test_oracle_shares_no_code_with_the_engine():
    source = Path(oracle.__file__).read_text()
    assert not re.search(r"^\s*(from|import)\s+scoring\b", source, re.MULTILINE)


@pytest.mark.parametrize("book_id", BOOK_IDS)
def test_oracle_and_engine_know_the_same_games(book_id):
    rb = RULEBOOKS[book_id]
    named = [find_game(rb, g.phrase) for g in oracle.BOOKS[book_id].games]
    assert len(set(map(id, named))) == len(named), "two oracle rows name one engine game"
    playable = {g.name for g in rb.games if g.family.value != "ramsch"}
    assert {g.name for g in named} == playable


@pytest.mark.parametrize("book_id", BOOK_IDS)
def test_oracle_and_engine_list_the_same_bids(book_id):
    assert list(legal_bids(RULEBOOKS[book_id])) == oracle.bids(book_id)


def _random_deal(rng: random.Random, book: oracle.Book, game: oracle.Game) -> dict:
    deal = {"game": game.phrase}
    if game.kind != "null":
        deal["matadores"] = rng.choice(game.matadore_counts())
        if game.announce:
            deal["announced"] = rng.choice([None, None, "schneider", "schwarz"])
        elif game.open:
            deal["announced"] = rng.choice([None, "schwarz"])  # naming the implied announcement is allowed
    how = rng.random()
    if game.abandon and how < 0.1:
        deal["abandoned"] = True
    elif how < 0.3:
        deal["result"] = rng.choice(["won", "lost"])
        deal["schwarz"] = rng.random() < 0.2
        deal["schneider"] = deal["schwarz"] or rng.random() < 0.3
    else:
        tricks = rng.choice([0, 9, 10, rng.randint(0, 10), rng.randint(0, 10), rng.randint(0, 10)])
        low, high = oracle.points_between(tricks, book)
        near = [p for p in THRESHOLDS if low <= p <= high]
        deal["tricks"] = tricks
        deal["points"] = rng.choice(near) if near and rng.random() < 0.5 else rng.randint(low, high)
    if rng.random() < 0.5:
        ceiling = game.unit * 12
        deal["bid"] = rng.choice([b for b in oracle.bids(book.id) if b <= ceiling] or oracle.bids(book.id)[:1])
    if book.kontra and rng.random() < 0.3:
        deal["kontra"] = True
        deal["re"] = rng.random() < 0.5
    return deal


@pytest.mark.parametrize("book_id", BOOK_IDS)
def test_engine_values_random_legal_deals_as_the_oracle_does(book_id):
    rng = random.Random(f"oracle-{book_id}")
    book = oracle.BOOKS[book_id]
    disagreements = []
    for _ in range(DEALS_PER_BOOK):
        game = rng.choice(book.games)
        deal = _random_deal(rng, book, game)
        expected = oracle.value(book_id, game, deal)
        try:
            result = score(Deal(**deal), book_id)
        except InvalidDeal as refused:
            disagreements.append((deal, f"refused: {refused.field}: {refused.message}", expected))
            continue
        got = oracle.Outcome(result.won, result.value, result.score, result.multipliers, result.overbid)
        if got != expected:
            disagreements.append((deal, got, expected))
    assert not disagreements, f"{len(disagreements)} disagreements, e.g.\n" + "\n".join(
        f"{deal}\n  engine {got}\n  oracle {expected}" for deal, got, expected in disagreements[:5])
