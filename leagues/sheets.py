"""A league's figures as the commands and the API give them: the schedule, a match day, the table and the
individual ranking as JSON, the table as CSV. Point figures are whole numbers, or halves as decimals (1.5).

    schedule  {"days": [{"day", "groups": [{"group", "host", "teams", "event", "venue"}]}]}: ``venue`` where the
              group plays: on a central day the day's venue (null until named), else the host team's club
    day       {"day", "groups": [{"group", "event", "series": [{"number", "teams": [{"team", "players", "sum",
              "points"}]}]}]}
    table     {"rows": [{"team", "name", "rank", "points", "points_against", "game_points", "days_played",
              "status"}], …}
    players   {"rows": [{"name", "team", "series_played", "games", "total", "average"}], …}
"""

from __future__ import annotations

import csv
from io import StringIO

from common.spreadsheets import spreadsheet_row
from leagues.core import number
from leagues.models import Group, League
from leagues.selectors import LeagueReading, venue_of

TABLE_FIELDS = ["team", "name", "rank", "points", "points_against", "game_points", "days_played", "status"]
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
            "event": group.tournament_id, "venue": venue.place or None})
    return {"days": [{"day": day, "groups": groups} for day, groups in sorted(days.items())]}


def day_json(reading: LeagueReading, day: int) -> dict:
    return {"day": day, "groups": [
        {"group": group.group.number, "event": group.group.tournament_id, "series": [
            {"number": series.number, "teams": [
                {"team": ts.team, "players": ts.players, "sum": ts.sum, "points": number(ts.points)}
                for ts in series.teams]}
            for series in group.series]}
        for group in reading.groups.get(day, [])]}


def table_rows(reading: LeagueReading) -> list[dict]:
    return [{"team": row.team, "name": row.name, "rank": row.rank, "points": number(row.points),
             "points_against": number(row.points_against), "game_points": row.game_points,
             "days_played": row.days_played, "status": row.status} for row in reading.table()]


def table_json(reading: LeagueReading) -> dict:
    return {"league": reading.league.slug, "name": reading.league.name, "rows": table_rows(reading),
            "provisional": [day.number for day in reading.days
                            if day.number in reading.groups and reading.provisional(day)]}


def table_csv(reading: LeagueReading) -> str:
    out = StringIO()
    writer = csv.writer(out)
    writer.writerow(TABLE_FIELDS)
    for row in table_rows(reading):
        writer.writerow(spreadsheet_row([row[key] if row[key] is not None else "" for key in TABLE_FIELDS]))
    return out.getvalue()


def players_rows(reading: LeagueReading) -> list[dict]:
    return [{"name": row.name, "team": row.team, "series_played": row.series_played, "games": row.games,
             "total": row.total, "average": None if row.average is None else float(row.average),
             "rank": row.rank, "qualified": row.qualified} for row in reading.ranking()]


def players_json(reading: LeagueReading) -> dict:
    return {"league": reading.league.slug, "min_games": reading.rules.min_games, "rows": players_rows(reading)}
