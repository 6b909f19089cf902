"""A league's figures as the commands and the API give them: the schedule, a match day, the table and the
individual ranking as JSON, the table as CSV. Point figures are whole numbers, or halves as decimals (1.5).

    schedule  {"days": [{"day", "groups": [{"group", "host", "teams", "event", "venue", "date", "moved"}]}]}:
              ``venue`` where the group plays: on a central day the day's venue (null until named), else the host
              team's club, or where it was moved; ``date`` the group's date (the day's, or the one it was moved
              to), ``moved`` whether it was
    day       {"day", "groups": [{"group", "event", "series": [{"number", "teams": [{"team", "players", "sum",
              "points"}]}]}]}: ``players`` the names of who sat for the team in that series (its line-up's and
              substitutes, as the roster names them); the API's: null for a member who may not be published, and
              ``event`` null for an event not published on its own
    table     [{the keys of ``leagues.columns.TABLE_COLUMNS``}, …] in table order: "points" after deductions,
              "deducted", "deductions": [{"points", "note", "day" (a no-show's)}] (the API wraps the same rows:
              {"league", "name", "rows", "provisional"})
    players   [{"name", "team", "series_played", "games", "total", "average", "rank", "qualified"}, …]
    overview  [{"league", "name", "rows": [the table's rows]}, …]; one place compared: [{"place_rank" (1: the
              worst), "down", "league", "league_name", and the table row's keys}, …], the worst first
"""

from __future__ import annotations

import csv
from io import StringIO

from common.spreadsheets import spreadsheet_row
from leagues.columns import TABLE_FIELDS, row_json
from leagues.core import number
from leagues.models import Group, League
from leagues.selectors import LeagueReading, unpublished_roster, venue_of
from leagues.tables import LeagueTable, Overview

PLAYER_FIELDS = ["name", "team", "series_played", "games", "total", "average"]


def schedule_json(league: League) -> dict:
    days = {}
    rules = league.parsed_rules
    for group in Group.objects.filter(day__league=league).select_related("day", "host__club") \
            .prefetch_related("entries").order_by("day__number", "number"):
        venue = venue_of(group, rules)
        days.setdefault(group.day.number, []).append({
            "group": group.number, "host": group.host_id,
            "teams": [entry.team_id for entry in sorted(group.entries.all(), key=lambda e: e.order)],
            "event": group.tournament_id, "venue": venue.place or None,
            "date": venue.date.isoformat() if venue.date else None, "moved": venue.moved})
    return {"days": [{"day": day, "groups": groups} for day, groups in sorted(days.items())]}


def day_json(reading: LeagueReading, day: int, *, public: bool = False) -> dict:
    """``league day SLUG --day D --format json``, and with ``public`` the API's match day: there a member who
    may not be published (``unpublished_roster``) has no name (null), and a group's event not published on its
    own no id (null): every id the API sends leads to a published answer."""
    hidden = unpublished_roster(reading.league) if public else frozenset()
    return {"day": day, "groups": [
        {"group": group.group.number, "event": _event_id(group.group, public), "series": [
            {"number": series.number, "teams": [
                {"team": ts.team, "players": [reading.name_of(player, hidden) for player in ts.players],
                 "sum": ts.sum, "points": number(ts.points)}
                for ts in series.teams]}
            for series in group.series]}
        for group in reading.groups.get(day, [])]}


def _event_id(group: Group, public: bool) -> int | None:
    scoring = getattr(group.tournament, "scoring", None)  # an event seated but never scored has none yet
    if public and (scoring is None or not scoring.published):
        return None
    return group.tournament_id


def table_rows(reading: LeagueReading | LeagueTable) -> list[dict]:
    return [row_json(row) for row in reading.table()]


def table_json(reading: LeagueReading | LeagueTable) -> list[dict]:
    """``league table --format json``: the rows in table order."""
    return table_rows(reading)


def table_api(table: LeagueTable) -> dict:
    """The API's table: the same rows, with the league and its days not binding yet."""
    return {"league": table.league.slug, "name": table.league.name, "rows": table_rows(table),
            "provisional": table.provisional_days()}


def table_csv(reading: LeagueReading | LeagueTable) -> str:
    return rows_csv(table_rows(reading), TABLE_FIELDS)


def players_rows(reading: LeagueReading) -> list[dict]:
    return [{"name": row.name, "team": row.team, "series_played": row.series_played, "games": row.games,
             "total": row.total, "average": None if row.average is None else float(row.average),
             "rank": row.rank, "qualified": row.qualified} for row in reading.ranking()]


def players_json(reading: LeagueReading) -> list[dict]:
    """``league players --format json``: the rows of the individual ranking, ranked first."""
    return players_rows(reading)


def overview_json(seen: Overview) -> list[dict]:
    """``league overview CLUB --format json``: every Staffel with its table's rows."""
    return [{"league": table.league.slug, "name": table.league.name, "rows": table_rows(table)}
            for table in seen.tables]


PLACE_FIELDS = ["place_rank", "down", "league", "league_name", *TABLE_FIELDS]


def place_json(seen: Overview) -> list[dict]:
    """``league overview CLUB --place N [--down K]``: the rows at that place of every Staffel, the worst first."""
    names = {table.league.slug: table.league.name for table in seen.tables}
    return [{"place_rank": row.rank, "down": seen.goes_down(row), "league": row.staffel,
             "league_name": names[row.staffel], **row_json(row.row)} for row in seen.compared]


def rows_csv(rows: list[dict], fields: list[str]) -> str:
    out = StringIO()
    writer = csv.writer(out)
    writer.writerow(fields)
    for row in rows:
        writer.writerow(spreadsheet_row([row[key] if row[key] is not None else "" for key in fields]))
    return out.getvalue()
