"""A broad, fixed table of deals of every rulebook, for the golden explanations (test_explanations_kept.py).

Vocabulary:
    case      one deal the engine values under one rulebook: its facts as keyword arguments of ``Deal``.
    golden    what the engine said for each case when the table was written (explanations_golden.json): the
              score, the count in English (``result.explanation``) and in German (as pages say it,
              ``common.i18n.say``), and the remark in both. The file was written from the engine as it was
              before its explanations were built lazily, so any change in the words shows.

The deals are drawn by a seeded generator over every game of every rulebook: won and lost, schneider and
schwarz made or suffered, every announcement, bids below and above the value (overbid), Kontra and Re,
abandoned games, paper results (won/lost with schneider/schwarz) and Ramsch ties. Deals the engine refuses are
left out (refusals are not lazy and have tests of their own).

Regenerate (only when the engine's words change on purpose):
    python -m tests.scoring.engine.explanation_cases > tests/scoring/engine/explanations_golden.json
"""

from __future__ import annotations

import json
import random

from scoring.engine import RULEBOOKS, Deal, InvalidDeal, RamschFacts, legal_bids, score
from scoring.engine.games import Family

CASES_PER_GAME = 16
RAMSCH_CASES = 60
_POINTS_AND_TRICKS = ((0, 0), (8, 0), (18, 1), (30, 2), (31, 3), (45, 4), (60, 5), (61, 5), (75, 6), (89, 8),
                      (90, 8), (91, 8), (100, 9), (110, 9), (120, 10))
_PAPER = (("won", False, False), ("won", True, False), ("won", True, True), ("lost", False, False),
          ("lost", True, False), ("lost", True, True))


def _game_facts(rng: random.Random, rb, game) -> dict:
    facts: dict = {"game": game.name}
    if game.family is not Family.NULL:
        most = game.max_matadores
        facts["matadores"] = rng.choice([n for n in range(-most, most + 1) if n]) if rng.random() < 0.5 else \
            rng.choice(["with 1", "with 2", "without 1", "without 4", f"without {most}", "against 3"])
    how = rng.random()
    if how < 0.08:
        facts["abandoned"] = True
    elif how < 0.3:
        facts["result"], facts["schneider"], facts["schwarz"] = rng.choice(_PAPER)
    else:
        points, tricks = rng.choice(_POINTS_AND_TRICKS)
        facts["points"], facts["tricks"] = points, tricks
        if rng.random() < 0.1:
            facts["result"] = rng.choice(("won", "lost"))
    if game.type.announce and rng.random() < 0.4:
        facts["announced"] = rng.choice(("schneider", "schwarz", "none"))
    if rng.random() < 0.4:
        bids = legal_bids(rb)
        facts["bid"] = rng.choice(bids[-8:] if rng.random() < 0.5 else bids[:12])
    if rb.kontra and rng.random() < 0.35:
        facts["kontra"] = True
        facts["re"] = rng.random() < 0.4
    return facts


def _ramsch_facts(rng: random.Random) -> dict:
    tricks = rng.choice(((10, 0, 0), (0, 10, 0), (5, 5, 0), (4, 3, 3), (3, 4, 3), (2, 3, 5), (6, 0, 4), (3, 3, 4)))
    last = rng.choice([seat for seat, taken in zip("VMH", tricks) if taken])
    # The card points make 120, less the Skat where a book disregards it; a player without a trick has none.
    total = 120 - rng.choice((0, 0, 4, 10, 21))
    takers = [seat for seat in range(3) if tricks[seat]]
    points = [0, 0, 0]
    if len(takers) == 1:
        points[takers[0]] = total
    else:
        first = rng.randint(total // 4, total // 2) if rng.random() < 0.6 else total // len(takers)
        points[takers[0]] = first
        if len(takers) == 2:
            points[takers[1]] = total - first
        else:
            second = first if rng.random() < 0.4 else rng.randint(0, total - first)  # a tie, often
            points[takers[1]], points[takers[2]] = second, total - first - second
    winners = None
    if rng.random() < 0.5:
        order = [seat for seat, taken in zip("VMH", tricks) for _ in range(taken)]
        order.remove(last)
        rng.shuffle(order)
        winners = (*order, last)
    return {"game": "ramsch", "ramsch": {"points": points, "tricks": list(tricks), "last_trick": last,
                                         "trick_winners": winners}}


def deal_of(facts: dict) -> Deal:
    facts = dict(facts)
    ramsch = facts.pop("ramsch", None)
    if ramsch is not None:
        facts["ramsch"] = RamschFacts(tuple(ramsch["points"]), tuple(ramsch["tricks"]), ramsch["last_trick"],
                                      tuple(ramsch["trick_winners"]) if ramsch["trick_winners"] else None)
    return Deal(**facts)


def cases(seed: int = 26) -> list[tuple[str, dict]]:
    """(rulebook, facts) of every deal in the table that the engine values (refused ones left out)."""
    rng = random.Random(seed)
    table = []
    for rulebook_id, rb in sorted(RULEBOOKS.items()):
        for game in rb.games:
            if game.family is Family.RAMSCH:
                continue
            kept = tries = 0
            while kept < CASES_PER_GAME and tries < 40 * CASES_PER_GAME:
                tries += 1
                facts = _game_facts(rng, rb, game)
                if _valued(rulebook_id, facts):
                    table.append((rulebook_id, facts))
                    kept += 1
        if rb.all_passed == "ramsch":
            kept = 0
            while kept < RAMSCH_CASES:
                facts = _ramsch_facts(rng)
                if _valued(rulebook_id, facts):
                    table.append((rulebook_id, facts))
                    kept += 1
    return table


def _valued(rulebook: str, facts: dict) -> bool:
    try:
        score(deal_of(facts), rulebook)
    except InvalidDeal:
        return False
    return True


def said(rulebook: str, facts: dict) -> list:
    """What the engine says for one case: [score, English count, German count, English remark, German remark]."""
    from django.utils import translation

    from common.i18n import say

    result = score(deal_of(facts), rulebook)
    with translation.override("de"):
        german, german_remark = say(result.explanation), say(result.remark) if result.remark else result.remark
    return [result.score, str(result.explanation), german, None if result.remark is None else str(result.remark),
            german_remark]


if __name__ == "__main__":
    import django

    django.setup()
    print("[")
    rows = [json.dumps([rulebook, facts, *said(rulebook, facts)], ensure_ascii=False) for rulebook, facts in cases()]
    print(",\n".join(rows))
    print("]")
