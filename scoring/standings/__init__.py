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
    ranking          the standings in order (``ranking``): the system's total, then its tie rule (Seeger-Fabian:
                     more games won, then fewer lost; Foster and McColl: more net games), then a cut or the lot.
                     Players still tied share a rank number.
    cut, lot         a tie no rule settles: the order of a cut the director recorded (the tied players, winner
                     first), else a lot drawn from a seed the system shows and the tied players only.
    prize schedule   an ordered list of categories, each with its number of places (``prizes``); the "total"
                     and "points" categories give the ranking's places.
    paper figures    a Seeger-Fabian list's foot (per player: game points, games won, games lost) or a Foster /
                     McColl slip (net points, net games), checked and turned into a standing's increment
                     (``lists``).
    event            several series: overall standings (the sums), teams and categories (``events``); entry fees,
                     lost-game money and the cash report (``money``).
"""

from .lists import FiguresError, ListLine, list_standings, slip_standing, validate_list, validate_slip
from .prizes import PRESETS, Award, Category, PrizeRules, award_prizes, counted_categories, standings_cuts
from .ranking import Ranked, lot_order, rank_standings, ranking_key
from .records import DealRecord
from .systems import (
                      ScoringSystem,
                      Standing,
                      StaySums,
                      TableStay,
                      Tally,
                      balance,
                      compute_standings,
                      standings_from_records,
                      sums_total,
                      tally_records,
)

__all__ = ["Award", "Category", "DealRecord", "FiguresError", "ListLine", "PRESETS", "PrizeRules", "Ranked",
           "ScoringSystem", "Standing", "StaySums", "TableStay", "Tally", "award_prizes", "balance", "compute_standings",
           "counted_categories",
           "list_standings", "lot_order", "rank_standings", "ranking_key", "slip_standing", "standings_cuts",
           "sums_total", "standings_from_records", "tally_records", "validate_list", "validate_slip"]
