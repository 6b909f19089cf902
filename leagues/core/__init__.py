"""League play's rules, schedule, points, table and individual ranking: plain Python, no Django.

Vocabulary (DSkV and ISPA team leagues):
    league (Staffel)   one division of one season, its teams (Mannschaften) playing ``days`` match days (Spieltage).
    rules              ``rules``: per_beaten, series_per_day, team_size, roster_max, days, promote, relegate,
                       binding_days, table_order, min_games (``parse_rules``; a ``RulesError`` names the key).
    schedule           ``schedule``: each day's groups of 4 (3 or 5), every pair of teams meeting as evenly as
                       the count allows (16 teams over 5 days: exactly once), each group's host.
    points             ``points``: Wertungspunkte of a series from the teams' sums, and a team's in the table: one
                       function per figure.
    table              ``table``: the league table (won : lost, Spielpunkte, rank, Aufsteiger, Absteiger), made
                       from the series' sums, and one place compared across Staffeln.
    ranking            ``ranking``: the individual ranking (Einzelwertung).
    deductions         ``deductions``: points taken (the director's, and the rules' for a day not appeared).
    deadlines          ``deadlines``: when a captain's line-up is late or closed.
    presets            ``presets``: the rules of the DSkV's levels and ISPA, to fill the new Staffel's form.
The match day's seat plan is a movement: ``seating.movements.league_day``.
"""

from .deadlines import Deadlines, lineup_deadlines, lineup_refusal
from .deductions import Deduction, deductions_of, no_show_deductions
from .points import SeriesPoints, most_halves, number, series_points, table_points, won_halves
from .presets import PRESETS, preset
from .ranking import PlayerSeries, RankingRow, average, player_ranking
from .rules import KEYS, MONEY_KEYS, TABLE_KEYS, LeagueRules, RulesError, parse_rules
from .schedule import Group, Schedule, group_sizes, least_squares, make_schedule, meetings
from .table import PlaceRow, SeriesSums, TableRow, compare_place, ranked, table_of_sums

__all__ = ["Deadlines", "Deduction", "Group", "KEYS", "LeagueRules", "MONEY_KEYS", "PRESETS", "PlaceRow",
           "PlayerSeries", "RankingRow", "RulesError", "Schedule", "SeriesPoints", "SeriesSums", "TABLE_KEYS",
           "TableRow", "average", "compare_place", "deductions_of", "group_sizes", "least_squares",
           "lineup_deadlines", "lineup_refusal", "make_schedule", "meetings", "most_halves", "no_show_deductions",
           "number", "parse_rules", "player_ranking", "preset", "ranked", "series_points", "table_of_sums",
           "table_points", "won_halves"]
