"""What the seasons offer an event's live board (``scoring.offered_boards``): for each season the event belongs to, its
table as the season's own board shows it (``seasons.projector.season_lines``: public names only), its figures written
as the season's pages write them (``season_figure``), and the address of the season's board.

``public`` is the season's publication rule (``seasons.selectors.season_published``): the live board offers an
unpublished season's table to the committee only, as the season's board does.

Scoring does not know the seasons (they sit above it): ``SeasonsConfig.ready`` registers ``season_boards`` with
``scoring.offered_boards``, which the live board asks with every page it turns.
"""

from __future__ import annotations

from django.urls import reverse

from scoring.offered_boards import OfferedBoard
from seasons.models import Season
from seasons.projector import season_lines
from seasons.selectors import season_published, season_reading
from seasons.templatetags.season_tags import season_figure


def season_boards(tournament) -> list[OfferedBoard]:
    """An ``OfferedBoard`` for each season of ``tournament``, the oldest season first."""
    seasons = Season.objects.filter(events__tournament=tournament).select_related("club").order_by("created_at",
                                                                                                    "pk")
    return [OfferedBoard(season.name, reverse("seasons:board", args=[season.club.slug, season.slug]),
                         season_published(season), lambda season=season: live_lines(season))
            for season in seasons]


def live_lines(season: Season) -> list[dict]:
    """The season's table read now, each line with its figures as text in the active language."""
    return [{**line, "total": season_figure(line["total"]), "average": season_figure(line["average"])}
            for line in season_lines(season_reading(season))]
