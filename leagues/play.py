"""A match day played with random valid deals (``manage.py league play``: the demo's dealer at every table of
every group's event), entered through the table's own service so the rules engine values each deal."""

from __future__ import annotations

from leagues.models import League
from leagues.services import LeagueError, _day
from scoring.management.demo import demo_play_series


def day_play(*, league: League, day: int, seed: int) -> int:
    match_day = _day(league, day)
    groups = list(match_day.groups.select_related("tournament").order_by("number"))
    if any(group.tournament is None for group in groups):
        raise LeagueError("day", f"day {day} is not seated yet: `league seat` first")
    entered = 0
    for group in groups:
        for number in range(1, group.tournament.series_count + 1):
            entered += demo_play_series(group.tournament, number, seed=seed * 1000 + group.number * 10 + number)
    return entered
