"""django-tables2 tables of the committee's pages: standings and prizes, sortable by every column."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from common.i18n import say


class NumberColumn(tables.Column):
    attrs = {"td": {"class": "num"}, "th": {"class": "num"}}


class StandingsTable(tables.Table):
    rank = NumberColumn(verbose_name="#")
    name = tables.Column(verbose_name=_("Player"))
    club = tables.Column(verbose_name=_("Club"))
    games_won = NumberColumn(verbose_name=_("Won"))
    games_lost = NumberColumn(verbose_name=_("Lost"))
    net_games = NumberColumn(verbose_name=_("Net games"))
    points_won = NumberColumn(verbose_name=_("Points won"))
    points_lost = NumberColumn(verbose_name=_("Points lost"))
    net_points = NumberColumn(verbose_name=_("Net points"))
    total = NumberColumn(verbose_name=_("Total"))
    deals_played = NumberColumn(verbose_name=_("Deals"))
    best_without = tables.Column(verbose_name=_('Best "without"'), order_by=("best_without_count",))
    highest_game = tables.Column(verbose_name=_("Highest game"), order_by=("highest_game_value",))

    def render_best_without(self, value):
        return say(value)

    def render_highest_game(self, value):
        return say(value)

    class Meta:
        attrs = {"class": "grid standings"}
        orderable = True


SEEGER_FABIAN_COLUMNS = [("game_points", NumberColumn(verbose_name=_("Game points"))),
                         ("bonus", NumberColumn(verbose_name=_("Won − lost × 50"))),
                         ("others_lost", NumberColumn(verbose_name=_("Others' lost games")))]
"""Under Seeger-Fabian the list's breakdown of the total takes the place of the points columns; Foster's game
prizes (the best "without", the highest game) are no ISkO prize, so their columns go too."""
SEEGER_FABIAN_HIDES = ("net_games", "points_won", "points_lost", "net_points", "best_without", "highest_game")


def standings_table(rows, system, **kwargs) -> "StandingsTable":
    """The standings table for ``system``: Seeger-Fabian's rows show its breakdown of the total."""
    if system.value == "seeger-fabian":
        return StandingsTable(rows, extra_columns=SEEGER_FABIAN_COLUMNS, exclude=SEEGER_FABIAN_HIDES,
                              sequence=("rank", "name", "club", "games_won", "games_lost", "game_points", "bonus",
                                        "others_lost", "total", "..."), **kwargs)
    return StandingsTable(rows, **kwargs)


class TeamsTable(tables.Table):
    rank = NumberColumn(verbose_name="#")
    name = tables.Column(verbose_name=_("Team"))
    members = NumberColumn(verbose_name=_("Players"))
    games_won = NumberColumn(verbose_name=_("Won"))
    games_lost = NumberColumn(verbose_name=_("Lost"))
    total = NumberColumn(verbose_name=_("Total"))

    class Meta:
        attrs = {"class": "grid teams"}
        orderable = False


class CategoryTable(tables.Table):
    prize = NumberColumn(verbose_name=_("Prize"), default="")
    rank = NumberColumn(verbose_name="#")
    name = tables.Column(verbose_name=_("Player"))
    club = tables.Column(verbose_name=_("Club"))
    overall = NumberColumn(verbose_name=_("Overall rank"))
    total = NumberColumn(verbose_name=_("Total"))

    class Meta:
        attrs = {"class": "grid category"}
        orderable = False


class PrizesTable(tables.Table):
    """The awards (``standings.prizes.Award``): their words are the standings' sentences, said here."""

    name = tables.Column(verbose_name=_("Prize"))
    place = NumberColumn(verbose_name=pgettext_lazy("rank", "Place"))
    winner = tables.Column(verbose_name=_("Winner"))
    figure = tables.Column(verbose_name=_("Figure"))
    decided_by = tables.Column(verbose_name=_("How a tie was decided"))

    def render_name(self, value):
        return say(value)

    def render_figure(self, value):
        return say(value)

    def render_decided_by(self, value):
        return say(value)

    class Meta:
        attrs = {"class": "grid prizes"}
        orderable = False
