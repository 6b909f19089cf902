"""A season's rules and its table: plain Python, no Django, tested without a database.

Vocabulary:
    rules        what a club decides (``rules``): how a result scores (series total, average, per game, points by
                 placement), best N and worst K kept, the minimum series or games to be ranked, the penalty per
                 missed series, the share of entry fees held back, the prizes by rank and by category, the tie
                 rule. Read from JSON by ``parse_rules``; a ``RulesError`` names the bad key.
    table        the season's rows (``table``): per member the results counted and dropped, total, average,
                 qualified, rank, prize and the explanation line by line; also per category.
    why          the explanation's sentences (``why``), made when a page reads them.
"""

from .rules import KEYS, TIE_RULES, RulesError, Score, SeasonRules, parse_rules
from .table import (
                    Evening,
                    MemberResults,
                    Result,
                    SeasonRow,
                    SeasonTable,
                    SeriesResult,
                    changed,
                    choose,
                    evening_held_back,
                    figure_json,
                    held_back,
                    member_results,
                    season_table,
)
from .why import Lines, shown, tie_words

__all__ = ["Evening", "KEYS", "Lines", "MemberResults", "Result", "RulesError", "Score", "SeasonRow", "SeasonRules",
           "SeasonTable", "SeriesResult", "TIE_RULES", "changed", "choose", "evening_held_back", "figure_json", "held_back",
           "member_results", "parse_rules", "season_table", "shown", "tie_words"]
