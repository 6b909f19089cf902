"""django-tables2 tables of the committee's pages: standings and prizes, sortable by every column."""

import django_tables2 as tables


class NumberColumn(tables.Column):
    attrs = {"td": {"class": "num"}, "th": {"class": "num"}}


class StandingsTable(tables.Table):
    rank = NumberColumn(verbose_name="#")
    name = tables.Column(verbose_name="Player")
    club = tables.Column()
    games_won = NumberColumn(verbose_name="Won")
    games_lost = NumberColumn(verbose_name="Lost")
    net_games = NumberColumn(verbose_name="Net games")
    points_won = NumberColumn(verbose_name="Points won")
    points_lost = NumberColumn(verbose_name="Points lost")
    net_points = NumberColumn(verbose_name="Net points")
    total = NumberColumn(verbose_name="Total")
    deals_played = NumberColumn(verbose_name="Deals")
    best_without = tables.Column(verbose_name='Best "without"', order_by=("best_without_count",))
    highest_game = tables.Column(verbose_name="Highest game", order_by=("highest_game_value",))

    class Meta:
        attrs = {"class": "grid standings"}
        orderable = True


SEEGER_FABIAN_COLUMNS = [("game_points", NumberColumn(verbose_name="Game points")),
                         ("bonus", NumberColumn(verbose_name="Won − lost × 50")),
                         ("others_lost", NumberColumn(verbose_name="Others' lost games"))]
"""Under Seeger-Fabian the list's breakdown of the total takes the place of the points columns."""
SEEGER_FABIAN_HIDES = ("net_games", "points_won", "points_lost", "net_points")


def standings_table(rows, system, **kwargs) -> "StandingsTable":
    """The standings table for ``system``: Seeger-Fabian's rows show its breakdown of the total."""
    if system.value == "seeger-fabian":
        return StandingsTable(rows, extra_columns=SEEGER_FABIAN_COLUMNS, exclude=SEEGER_FABIAN_HIDES,
                              sequence=("rank", "name", "club", "games_won", "games_lost", "game_points", "bonus",
                                        "others_lost", "total", "..."), **kwargs)
    return StandingsTable(rows, **kwargs)


class TeamsTable(tables.Table):
    rank = NumberColumn(verbose_name="#")
    name = tables.Column(verbose_name="Team")
    members = NumberColumn(verbose_name="Players")
    games_won = NumberColumn(verbose_name="Won")
    games_lost = NumberColumn(verbose_name="Lost")
    total = NumberColumn(verbose_name="Total")

    class Meta:
        attrs = {"class": "grid teams"}
        orderable = False


class CategoryTable(tables.Table):
    prize = NumberColumn(verbose_name="Prize", default="")
    rank = NumberColumn(verbose_name="#")
    name = tables.Column(verbose_name="Player")
    club = tables.Column()
    overall = NumberColumn(verbose_name="Overall rank")
    total = NumberColumn(verbose_name="Total")

    class Meta:
        attrs = {"class": "grid category"}
        orderable = False


class PrizesTable(tables.Table):
    name = tables.Column(verbose_name="Prize")
    place = NumberColumn()
    winner = tables.Column()
    figure = tables.Column()
    decided_by = tables.Column(verbose_name="How a tie was decided")

    class Meta:
        attrs = {"class": "grid prizes"}
        orderable = False
