"""When a captain may still hand in or change his team's line-up for a match day.

Vocabulary (the rules' ``lineup_due_days`` and ``lineup_corrections_until``):
    due       the end of the day ``lineup_due_days`` before the match day: a line-up not handed in by then is late
              (none when the rule is 0: due on the day).
    closes    the time ``lineup_corrections_until`` on the match day: after it no captain changes a line-up (none
              when the rule is empty: until the day is seated).
    refusal   ``late`` (nothing handed in by ``due``), ``closed`` (after ``closes``), or None: the captain may.
The league director may still set a line-up after either, giving a reason kept in the day's history.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from .rules import LeagueRules


@dataclass(frozen=True)
class Deadlines:
    due: datetime.datetime | None
    closes: datetime.datetime | None


def lineup_deadlines(rules: LeagueRules, date: datetime.date | None) -> Deadlines:
    """The match day's line-up deadlines (naive local times; none for a day without a date)."""
    if date is None:
        return Deadlines(None, None)
    due = None
    if rules.lineup_due_days:
        due = datetime.datetime.combine(date - datetime.timedelta(days=rules.lineup_due_days), datetime.time.max)
    closes = None
    if rules.lineup_corrections_until:
        hours, minutes = (int(part) for part in rules.lineup_corrections_until.split(":"))
        closes = datetime.datetime.combine(date, datetime.time(hours, minutes))
    return Deadlines(due, closes)


def lineup_refusal(rules: LeagueRules, date: datetime.date | None, now: datetime.datetime,
                   handed_in: bool) -> str | None:
    """Why a captain's line-up at ``now`` (naive local time) is refused, or None; ``handed_in``: his team's
    line-up for the day was saved before."""
    deadlines = lineup_deadlines(rules, date)
    if deadlines.closes is not None and now > deadlines.closes:
        return "closed"
    if deadlines.due is not None and now > deadlines.due and not handed_in:
        return "late"
    return None
