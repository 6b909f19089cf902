"""What the seasons hold back at the cash desk: for each season an event belongs to whose rules keep a share of
the entry fees (``holdback_percent``), that share of the fees the event's book says were taken, to the cent, half
a cent up (``seasons.core.evening_held_back``, the same figure the season's prize pot adds up).

Scoring does not know the seasons (they sit above it): ``SeasonsConfig.ready`` registers ``season_holdbacks`` with
the cash desk (``cashdesk.holdbacks``), which calls it for every cash report.
"""

from __future__ import annotations

from decimal import Decimal

from cashdesk.holdbacks import Holdback
from seasons.core import evening_held_back
from seasons.models import Season


def season_holdbacks(tournament, fees: Decimal) -> list[Holdback]:
    """A ``Holdback`` for each season of ``tournament`` holding back a share of its fees, the oldest season first."""
    seasons = Season.objects.filter(events__tournament=tournament).order_by("created_at", "pk")
    held = []
    for season in seasons:
        percent = season.parsed_rules.holdback_percent
        if percent:
            held.append(Holdback(season.name, percent, fees, evening_held_back(fees, percent)))
    return held
