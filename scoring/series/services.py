"""The director's writes between series: drawing the next series, with the standings when it is drawn by them."""

from __future__ import annotations

from scoring.results import tournament_results
from seating.models import SeriesDraw, Tournament
from seating.selectors import drawn_series
from seating.series import series_draw


def next_series_draw(*, tournament: Tournament, how: str, seed: int | None = None,
                     number: int | None = None) -> SeriesDraw:
    """Draw the next series ``how`` ("lot", or "standings": the whole event's ranking so far, best first).
    ``number`` is the series the page offered: when it was drawn meanwhile, the draw is refused, not repeated."""
    if number is None:
        number = drawn_series(tournament) + 1
    ranked: list[int] = []
    if how == SeriesDraw.How.STANDINGS and number > 1:
        ranked = [row.standing.player for row in tournament_results(tournament).ranked()]
    return series_draw(tournament=tournament, number=number, how=how, seed=seed, ranked=ranked, again=False)
