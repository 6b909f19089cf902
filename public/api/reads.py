"""The API's own reads of a published event: its series, seatings and deals, with public names."""

from django.db.models import Count

from public.selectors import Tournament, public_names
from scoring.models import Deal
from seating.models import Seat, Table


def series(event: Tournament) -> list[dict]:
    """Each drawn series: its number, tables and players seated."""
    tables = dict(Table.objects.filter(tournament=event).order_by().values("series")
                  .annotate(n=Count("id")).values_list("series", "n"))
    seated = dict(Seat.objects.filter(tournament=event).order_by().values("series")
                  .annotate(n=Count("player", distinct=True)).values_list("series", "n"))
    return [{"number": number, "tables": tables[number], "players": seated.get(number, 0)} for number in sorted(tables)]


def seatings(event: Tournament) -> list[dict]:
    names = public_names(event)
    return [{"series": s, "stay": stay, "table": table, "seat": seat, "player": player, "name": names[player][0]}
            for s, stay, table, seat, player in Seat.objects.filter(tournament=event)
            .order_by("series", "stay", "table__number", "seat")
            .values_list("series", "stay", "table__number", "seat", "player_id")]


def deals(event: Tournament) -> list[dict]:
    names = public_names(event)
    return [{"series": s, "table": table, "stay": stay, "number": number, "kind": kind, "declarer": player,
             "name": names[player][0] if player else "", "game": game, "won": won, "value": value, "score": score}
            for s, table, stay, number, kind, player, game, won, value, score in
            Deal.objects.filter(tournament=event, voided=False)
            .order_by("table__series", "table__number", "stay", "number")
            .values_list("table__series", "table__number", "stay", "number", "kind", "player_id", "game_name",
                         "won", "value", "score")]


def season_table(club_slug: str, season_slug: str) -> dict | None:
    """A season's table as ``manage.py season table SLUG --format json`` prints it (``seasons.sheets.table_json``),
    with public names: only when every event it counts is published (None otherwise, and for no such season). A
    member who has not agreed to publication is "Player N", N his line in the table."""
    from public.selectors import club_by_slug
    from seasons.selectors import public_member_names, season_find, season_published, season_reading
    from seasons.sheets import table_json

    club = club_by_slug(club_slug)
    season = season_find(season_slug, club) if club is not None else None
    if season is None or not season_published(season):
        return None
    reading = season_reading(season)
    table, names = table_json(reading), public_member_names(reading)
    table["rows"] = [row | {"name": names[mine.member]} for row, mine in zip(table["rows"], reading.table.rows)]
    table["categories"] = {category: [row | {"name": names[mine.member]} for row, mine in zip(rows, kept)]
                           for (category, rows), (_name, kept) in zip(table["categories"].items(),
                                                                      reading.table.categories)}
    return table


def season_qualification(club_slug: str, season_slug: str, category: str | None = None) -> list[dict] | None:
    """The qualification lists (``manage.py season qualify SLUG --format json``) of a published season, public
    names; None when there is no such published season or category."""
    from public.selectors import club_by_slug
    from seasons.association import qualification_lists
    from seasons.selectors import public_member_names, season_find, season_published, season_reading

    club = club_by_slug(club_slug)
    season = season_find(season_slug, club) if club is not None else None
    if season is None or not season_published(season):
        return None
    reading = season_reading(season)
    lists = qualification_lists(reading, category)
    if lists is None:
        return None
    names = public_member_names(reading)
    return [one.as_json(names) for one in lists]


def seasons_of(club_slug: str) -> list[dict] | None:
    """The club's seasons whose every event is published (their slug and name); None: no such club."""
    from public.selectors import club_by_slug
    from seasons.selectors import club_seasons

    club = club_by_slug(club_slug)
    if club is None:
        return None
    return [{"slug": season.slug, "name": season.name} for season in club_seasons(club)
            if season_table(club_slug, season.slug) is not None]


def league_table(slug: str) -> dict | None:
    """A published league's table: the rows ``manage.py league table SLUG --format json`` prints, with the league
    and its days not binding yet (``leagues.sheets.table_api``); None for a league not published or not there."""
    from leagues.selectors import league_find
    from leagues.sheets import table_api
    from leagues.tables import league_table_reading

    league = league_find(slug)
    if league is None or not league.published:
        return None
    return table_api(league_table_reading(league))


def league_day(slug: str, day: int) -> dict | None:
    """A published league's match day as ``manage.py league day SLUG --day D --format json`` prints it."""
    from leagues.selectors import league_find, league_reading
    from leagues.sheets import day_json

    league = league_find(slug)
    if league is None or not league.published or not league.days.filter(number=day).exists():
        return None
    return day_json(league_reading(league), day)
