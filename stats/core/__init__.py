"""The statistics' pure core: the figures of a player's series and games, exact (``figures``). Plain Python, no
Django: the selectors read the rows, this says what they add up to."""

from stats.core.figures import (
                                COUNTS,
                                GAME_KINDS,
                                LIST_LENGTH,
                                RATIOS,
                                REVIEW,
                                Figures,
                                Games,
                                Played,
                                SeriesPart,
                                Versus,
                                as_data,
                                figure_of,
                                figures,
                                flat_row,
                                ranked,
                                ratio,
                                review,
                                rounded,
                                versus,
)

__all__ = ["COUNTS", "GAME_KINDS", "LIST_LENGTH", "RATIOS", "REVIEW", "Figures", "Games", "Played", "SeriesPart",
           "Versus", "as_data", "figure_of", "figures", "flat_row", "ranked", "ratio", "review", "rounded", "versus"]
