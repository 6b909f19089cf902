"""Small helpers for engine tests: score a deal from keyword arguments."""

from scoring.engine import Deal, score


def scored(rulebook: str = "foster-1922", **facts):
    return score(Deal(**facts), rulebook)
