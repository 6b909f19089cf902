"""The won/lost rule (``scoring.engine.columns``) as the database applies it: filters for the ORM and the SQL the
kept-tally triggers use. Only these say it to the database; tests/scoring/test_won_lost.py checks each against
``column_of`` for every score, 0 included, and the triggers' SQL against ``WON_SQL`` and ``LOST_SQL``."""

from django.db.models import Q

WON_SQL = "score > 0"
LOST_SQL = "score < 0"


def won(*, through: str = "", **extra) -> Q:
    """The deals that are games won (``column_of(score) == WON``), with ``extra`` conditions; ``through`` is the
    path to the deal from the query's model ("deals__" from a table)."""
    return Q(**{f"{through}score__gt": 0}, **extra)


def lost(*, through: str = "", **extra) -> Q:
    """The deals that are games lost (``column_of(score) == LOST``), with ``extra`` conditions; ``through`` as in
    ``won``."""
    return Q(**{f"{through}score__lt": 0}, **extra)
