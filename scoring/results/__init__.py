"""The results of play, in one place: what a deal is worth, what the sheet says each player made, the slips held
against it, the totals the database keeps, and the standings read from them.

Vocabulary:
    facts, slot, valuation  a deal as the controller enters it, its place on the sheet, and what the rules engine
                            makes of it there (``valuation``).
    won / lost              the one won/lost rule as the database applies it (``columns``).
    figures                 a player's net points, games won and games lost for a stay at a table, as the
                            sheet's deals give them; a slip that says otherwise ``disagrees`` (``slips``).
    tally rows              the totals the database keeps per table, stay, player and kind (``tallies``).
    results                 a tournament's standings and prizes, of one series or of the whole event, read from
                            the tally rows and the OK'd paper slips (``tournament``); an event's teams,
                            categories and cash on top of them (``event``); many events' series totals and
                            overall ranks read at once (``series_totals``: a season's evenings), also as one
                            list of plain rows, or summed per caller's mark in the database (a league's teams); a
                            seat's series cut at a deal into its two holders' parts (``cut_totals``: a league's
                            substitute coming in inside a series).
    plays                   plain rows of who played what (``plays``): each player's deals thrown in and games
                            declared in each series, as the engine read their kind and hand (kept beside the series
                            totals: ``kept_series_plays``), his table mates.
    EntryError              a deal or slip that cannot be taken as given, naming the field to correct (``errors``).

This face is what the rest of scoring and the apps above it import (committee, series, entry; the cash desk, the
archive, the seasons, the leagues: import-linter holds them to it); the modules behind it are its own. It reads
the database but never writes a deal or a slip: the table's writes are ``scoring.entry.services``; only the kept
tallies' rebuild (``tallies_rebuild``) writes their rows.
"""

from scoring.results.columns import lost, won
from scoring.results.cut_totals import cut_series_totals
from scoring.results.errors import EntryError
from scoring.results.event import (
                                   STANDING_FIELDS,
                                   EventResults,
                                   event_category_rows,
                                   event_payload,
                                   event_results,
                                   event_team_rows,
                                   lost_game_money_owed,
                                   money_rules,
                                   player_results,
                                   player_series,
                                   prize_amounts,
)
from scoring.results.plays import (
                                   GAME_KINDS,
                                   PLAY_COLUMNS,
                                   TableDeal,
                                   deal_from_hand,
                                   game_read,
                                   seated_with,
                                   series_plays,
                                   table_deals,
)
from scoring.results.series_totals import (
                                   EventSeries,
                                   EventTotals,
                                   MarkTotal,
                                   SeriesRows,
                                   SeriesTotal,
                                   events_series_rows,
                                   events_series_totals,
                                   grouped_series_totals,
                                   kept_series_plays,
)
from scoring.results.slips import (
                                   Figures,
                                   SlipCheck,
                                   SlipFigures,
                                   figures_of,
                                   sheet_figures,
                                   sheet_slips,
                                   slip_check,
                                   slip_disagrees,
                                   slips_needing_attention,
                                   with_sheet_figures,
)
from scoring.results.tallies import tallies_check, tallies_rebuild
from scoring.results.tournament import Reads, Results, results_reads, seated_at, table_stays, tournament_results
from scoring.results.valuation import DealFacts, SeatedPlayer, Slot, Valuation, deal_value, fill_deal

__all__ = [
    "GAME_KINDS", "PLAY_COLUMNS", "STANDING_FIELDS", "DealFacts", "EntryError", "EventResults", "EventSeries", "EventTotals", "Figures", "MarkTotal",
    "Reads", "Results", "SeatedPlayer", "SeriesRows", "SeriesTotal", "SlipCheck", "SlipFigures", "Slot", "Valuation",
    "TableDeal", "cut_series_totals", "deal_from_hand", "deal_value", "event_category_rows",
    "event_payload", "event_results", "event_team_rows", "events_series_rows", "events_series_totals", "figures_of",
    "fill_deal", "game_read", "grouped_series_totals", "kept_series_plays", "seated_with", "series_plays",
    "table_deals",
    "lost", "lost_game_money_owed", "money_rules", "player_results", "player_series", "prize_amounts",
    "results_reads", "seated_at", "sheet_figures",
    "sheet_slips", "slip_check",
    "slip_disagrees", "slips_needing_attention", "table_stays", "tallies_check", "tallies_rebuild",
    "tournament_results", "with_sheet_figures", "won",
]
