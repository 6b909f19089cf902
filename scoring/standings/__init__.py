"""Standings and prizes: plain Python, no Django.

Vocabulary:
    deal record      one deal as the standings need it (``records``): who sat at the table, whose column
                     took the entry, the signed score and what kind of game it was.
    scoring system   how a tournament counts (``systems``): Foster / American Skat League (only the
                     declarer's column), McColl's simple method (a lost game credits every other player
                     at the table), Seeger-Fabian (ISkO: game scores, +/-50 per game won/lost, 40 or 30 for
                     each game lost by another player at the table).
    standing         a player's figures: games won and lost, points won and lost, their nets, deals
                     played, his best game won "without" and his highest game won, and the system's total.
    prize schedule   an ordered list of categories, each with its number of places (``prizes``).
"""

from .prizes import Award, Category, PRESETS, PrizeRules, award_prizes
from .records import DealRecord
from .systems import ScoringSystem, Standing, TableStay, Tally, balance, compute_standings, standings_from_records, tally_records

__all__ = ["Award", "Category", "DealRecord", "PRESETS", "PrizeRules", "ScoringSystem", "Standing", "TableStay",
           "Tally", "award_prizes", "balance", "compute_standings", "standings_from_records", "tally_records"]
