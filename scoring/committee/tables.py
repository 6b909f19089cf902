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


class PrizesTable(tables.Table):
    name = tables.Column(verbose_name="Prize")
    place = NumberColumn()
    winner = tables.Column()
    figure = tables.Column()
    decided_by = tables.Column(verbose_name="How a tie was decided")

    class Meta:
        attrs = {"class": "grid prizes"}
        orderable = False
