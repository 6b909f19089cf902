"""Scoring services: the one place Django code calls the rules engine.

Vocabulary:
    evaluation   the engine's result for a deal, plus the check of a value someone wrote down.
Views and forms hold no rules: they pass what the user typed here and show what comes back.
"""

from dataclasses import dataclass

from scoring.engine import Deal, InvalidDeal, Result, check_written, score
from scoring.engine.checks import Check


@dataclass(frozen=True)
class Evaluation:
    result: Result
    check: Check | None = None


def deal_evaluate(*, rulebook: str, facts: dict, written: int | None = None) -> Evaluation:
    """Value a deal under a rulebook; ``InvalidDeal`` names the field the user must correct."""
    result = score(Deal(**facts), rulebook)
    check = check_written(result, written) if written is not None else None
    return Evaluation(result=result, check=check)


__all__ = ["Evaluation", "InvalidDeal", "deal_evaluate"]
