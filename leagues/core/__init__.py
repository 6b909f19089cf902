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
The match day's seat plan is a movement: ``seating.movements.league_day``.
"""

from .points import SeriesPoints, most_halves, number, series_points, table_points, won_halves
from .ranking import PlayerSeries, RankingRow, average, player_ranking
from .rules import KEYS, TABLE_KEYS, LeagueRules, RulesError, parse_rules
from .schedule import Group, Schedule, group_sizes, least_squares, make_schedule, meetings
from .table import PlaceRow, SeriesSums, TableRow, compare_place, ranked, table_of_sums

__all__ = ["Group", "KEYS", "LeagueRules", "PlaceRow", "PlayerSeries", "RankingRow", "RulesError", "Schedule",
           "SeriesPoints", "SeriesSums", "TABLE_KEYS", "TableRow", "average", "compare_place", "group_sizes",
           "least_squares", "make_schedule", "meetings", "most_halves", "number", "parse_rules", "player_ranking",
           "ranked", "series_points", "table_of_sums", "table_points", "won_halves"]
