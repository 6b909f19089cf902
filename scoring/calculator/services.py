"""Scoring services: the one place Django code calls the rules engine.

Vocabulary:
    evaluation   the engine's result for a deal, plus the check of a value someone wrote down.
Views and forms hold no rules: they pass what the user typed here and show what comes back.
"""

from dataclasses import dataclass

from scoring.engine import Deal, InvalidDeal, Result, check_written, get_rulebook, score
from scoring.engine.checks import Check
from scoring.engine.text import Text


@dataclass(frozen=True)
class Evaluation:
    result: Result
    check: Check | None = None
    game: Text | str = ""  # the game's name, said in the reader's language by the page (``|say``)


def deal_evaluate(*, rulebook: str, facts: dict, written: int | None = None) -> Evaluation:
    """Value a deal under a rulebook; ``InvalidDeal`` names the field the user must correct."""
    result = score(Deal(**facts), rulebook)
    check = check_written(result, written) if written is not None else None
    game = get_rulebook(rulebook).games_by_name.get(result.game)
    return Evaluation(result=result, check=check, game=game.label if game else result.game)


__all__ = ["Evaluation", "InvalidDeal", "deal_evaluate"]
