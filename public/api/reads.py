"""The API's own reads of a published event: its series, seatings and deals, with public names."""

from django.db.models import Count

from clubs.models import Member
from leagues.selectors import league_find, league_reading
from leagues.sheets import day_json, table_api
from leagues.tables import league_table_reading
from public import selectors
from public.selectors import Tournament, club_by_slug, public_names
from scoring.models import Deal
from seasons.association import qualification_lists
from seasons.selectors import hidden_rows, public_explanations, public_member_names, season_reading
from seasons.sheets import table_json
from seating.models import Player as EventPlayer
from seating.models import Seat, Table
from stats.core import as_data
from stats.selectors import Scope, event_figures, member_figures


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


HIDDEN_WHERE = {"person": None, "clubs": (), "region": None}
"""What an association's row of a hidden person sends for his number, clubs and region (``public_where``)."""


def season_table(club: str, slug: str) -> dict | None:
    """A season's table as ``manage.py season table SLUG --format json`` prints it (``seasons.sheets.table_json``),
    with public names: only when every event it counts is published (None otherwise, and for no such season). A
    member who has not agreed to publication is "Player N", N his line in the table, and his federation number,
    his clubs and his region are not sent (``person`` null, ``clubs`` empty, ``region`` null: they would tell who he
    is)."""
    season = selectors.published_season(club, slug)
    if season is None:
        return None
    reading = season_reading(season)
    hidden = hidden_rows(reading)
    table, names = table_json(reading), public_member_names(reading, hidden)

    def public(rows: list[dict], ranked) -> list[dict]:
        return [row | {"name": names[mine.member], "explanation": lines}
                | (HIDDEN_WHERE if mine.member in hidden and "person" in row else {})
                for row, mine, lines in zip(rows, ranked, public_explanations(ranked, names))]

    table["rows"] = public(table["rows"], reading.table.rows)
    table["categories"] = {category: public(rows, kept) for (category, rows), (_name, kept)
                           in zip(table["categories"].items(), reading.table.categories)}
    return table


def season_qualification(club: str, slug: str, category: str | None = None) -> list[dict] | None:
    """The qualification lists (``manage.py season qualify SLUG --format json``) of a published season, public
    names; None when there is no such published season or category."""
    season = selectors.published_season(club, slug)
    if season is None:
        return None
    reading = season_reading(season)
    lists = qualification_lists(reading, category)
    if lists is None:
        return None
    hidden = hidden_rows(reading)
    names = public_member_names(reading, hidden)
    return [one.as_json(names, frozenset(hidden)) for one in lists]


def seasons_of(club: str) -> list[dict] | None:
    """The club's seasons whose every event is published (their slug and name); None: no such club."""
    found = club_by_slug(club)
    if found is None:
        return None
    return [{"slug": season.slug, "name": season.name} for season in selectors.published_seasons(found)]


def league_table(slug: str) -> dict | None:
    """A published league's table: the rows ``manage.py league table SLUG --format json`` prints, with the league
    and its days not binding yet (``leagues.sheets.table_api``); None for a league not published or not there."""
    league = league_find(slug)
    if league is None or not league.published:
        return None
    return table_api(league_table_reading(league))


def league_day(slug: str, day: int) -> dict | None:
    """A published league's match day as ``manage.py league day SLUG --day D --format json`` prints it, its
    players named as the league's public pages name them (null: a member who may not be published), its groups'
    events by id only where they are published on their own."""
    league = league_find(slug)
    if league is None or not league.published or not league.days.filter(number=day).exists():
        return None
    return day_json(league_reading(league), day, public=True)


# --- the reads by address: each takes the values of its API address and returns None where nothing is published


def clubs() -> list:
    return list(selectors.clubs())


def club_events(club: str) -> list[dict] | None:
    found = club_by_slug(club)
    return None if found is None else [selectors.event_summary(event) for event in selectors.published_events(found)]


def _published(tournament_id: int) -> Tournament | None:
    return selectors.published_events().filter(pk=tournament_id).first()


def _of_event(read):
    """The read of a published event's address (``tournament_id``), from a read of the event itself."""
    def by_address(tournament_id: int):
        found = _published(tournament_id)
        return None if found is None else read(found)
    by_address.__doc__ = read.__doc__
    return by_address


event = _of_event(selectors.event_summary)
event_series = _of_event(series)
event_seatings = _of_event(seatings)
event_standings = _of_event(selectors.public_standings)
event_deals = _of_event(deals)


def player(tournament_id: int, player_id: int) -> dict | None:
    found = _published(tournament_id)
    return None if found is None else selectors.public_player(found, player_id)


def _event_statistics(event: Tournament) -> list[dict]:
    """Each player's figures in the event, as ``manage.py stats member`` gives them (``member`` is the event
    player's id); a member who may not be published is left out."""
    names = public_names(event)
    hidden = set(EventPlayer.objects.filter(tournament=event, member__public=False).values_list("pk", flat=True))
    return [as_data(pk, names[pk][0], figures) for pk, figures in sorted(event_figures(event).items())
            if pk not in hidden and figures.series]


event_statistics = _of_event(_event_statistics)


def member_statistics(club: str, member_id: int) -> dict | None:
    """A member's figures over his club's published events; None for a member who may not be published."""
    member = Member.objects.filter(club__slug=club, pk=member_id, public=True).first() \
        if 0 < member_id < 2**63 else None
    figures = member_figures(member, Scope(published=True)) if member is not None else None
    if figures is None or not figures.series:
        return None
    return as_data(member.pk, member.name, figures)
