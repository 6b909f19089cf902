"""The figures as a page or a print says them: labelled, in the reader's language and numbers ("24,35",
"81,3 %"), with the pictures (``stats.charts``) and the tables that say the same for a screen reader.

Vocabulary:
    lines       the figures' table: (label, what it says) for each figure.
    shown       everything one player's page shows of his figures (``shown``): lines, games, series, pictures.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from stats.charts import charts, kind_label, number
from stats.core import GAME_KINDS, Figures


def percent(value) -> str:
    return "—" if value is None else number(float(value) * 100, 1) + " %"


def lines(f: Figures) -> list[tuple[str, str]]:
    """Each figure with its label, the reader's way."""
    return [
        (_("Events"), number(f.events, 0)), (pgettext("statistics", "Series"), number(f.series, 0)), (_("Deals"), number(f.deals, 0)),
        (_("Own games"), number(f.own_games, 0)), (_("won"), number(f.won, 0)), (_("lost"), number(f.lost, 0)),
        (_("Win rate"), percent(f.win_rate)), (_("Own share of the deals"), percent(f.own_share)),
        (_("What falls to a seat"), percent(f.expected_share)),
        (_("Hand games (won)"), f"{number(f.games.hand.played, 0)} ({number(f.games.hand.won, 0)})"),
        (_("Passed in"), number(f.passed_in, 0)), (pgettext("statistics", "Points"), number(f.points, 0)),
        (_("Per 48 deals"), number(f.per_48)), (_("Per series"), number(f.per_series)),
        (_("Best series"), number(f.best_series, 0)), (_("Against his table"), number(f.vs_table)),
    ]


def shown(f: Figures, *, over_time: bool = True) -> dict:
    """What a page shows of one player's figures (see the module); without ``over_time`` (a club's, whose series
    are many players') no series totals over time."""
    pictures = charts(f) if f.series else {}
    if not over_time:
        pictures.pop("totals", None)
    return {"figures": f, "lines": lines(f), "pictures": pictures,
            "games": [(kind_label(kind), f.games.by_kind[kind].played, f.games.by_kind[kind].won)
                      for kind in GAME_KINDS],
            "series": [(index, part, number(part.total, 0), number(average))
                       for index, (part, average) in enumerate(f.running_per_48(), start=1)],
            "share": percent(f.own_share), "expected": percent(f.expected_share)}
