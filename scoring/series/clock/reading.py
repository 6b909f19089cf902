"""The series clock's arithmetic: pure Python (no Django), so it is tested with a fixed clock.

Vocabulary:
    series time   how long a series lasts, in minutes: 2 h 15 for 48 deals is usual, and the tables of three
                  (36 deals) get the same time, so the hall finishes together.
    end           the moment the series' time is up: the start plus the series time.
    time left     whole seconds from now to the end, never below 0.
    warning       the last ``WARNING`` of the series time: the hall is told to finish its deals.
    phase         where the clock is: not started, running, warning, over (time is up), closed (the director
                  closed the series: the deals not played are not played, the lists are closed as they stand).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum

DEFAULT_MINUTES = 135
"""2 h 15: the usual time for a series of 48 deals (and for 36 at a table of three)."""
LEAST_MINUTES, MOST_MINUTES = 10, 600
WARNING = timedelta(minutes=15)


class Phase(str, Enum):
    NOT_STARTED = "not-started"
    RUNNING = "running"
    WARNING = "warning"
    OVER = "over"
    CLOSED = "closed"


@dataclass(frozen=True)
class ClockReading:
    """What a clock shows at ``now``: its phase, the time left, the end, and the moment read (for a page's
    script to count on from the server's time, not the phone's)."""

    series: int
    phase: Phase
    seconds_left: int
    minutes: int
    now: datetime
    ends_at: datetime | None = None
    started_at: datetime | None = None
    closed_at: datetime | None = None

    @property
    def warning_seconds(self) -> int:
        return int(WARNING.total_seconds())

    @property
    def left(self) -> str:
        return clock_text(self.seconds_left)

    @property
    def ticking(self) -> bool:
        """Whether a page's script counts it down: running or in its warning."""
        return self.phase in (Phase.RUNNING, Phase.WARNING)

    @property
    def ends_ms(self) -> int | None:
        """The end in milliseconds since 1970 (UTC), for the page's script."""
        return round(self.ends_at.timestamp() * 1000) if self.ends_at else None

    @property
    def now_ms(self) -> int:
        return round(self.now.timestamp() * 1000)

    @property
    def shown(self) -> bool:
        """Whether the players' pages show the clock: once it is started."""
        return self.phase is not Phase.NOT_STARTED


def between_series(reading: ClockReading | None) -> bool:
    """Whether no series is being played: the last drawn series has no clock (none drawn yet, or the director
    runs no clock: then the board cannot tell, and takes the director's choice as it is), is not started yet, or
    is closed. A series whose time is over is still being played: its tables finish their deals."""
    return reading is None or reading.phase in (Phase.NOT_STARTED, Phase.CLOSED)


def time_left(ends_at: datetime, now: datetime) -> int:
    """Whole seconds from ``now`` to ``ends_at``, rounded down, never below 0."""
    return max(0, int((ends_at - now).total_seconds() // 1))


def phase_at(*, ends_at: datetime | None, closed: bool, now: datetime) -> Phase:
    """The clock's phase: closed wins; unstarted has no end; the last ``WARNING`` is the warning; at the end it
    is over (the end itself counts as over: no time is left)."""
    if closed:
        return Phase.CLOSED
    if ends_at is None:
        return Phase.NOT_STARTED
    left = time_left(ends_at, now)
    if left == 0:
        return Phase.OVER
    return Phase.WARNING if left <= WARNING.total_seconds() else Phase.RUNNING


def clock_reading(*, series: int, minutes: int, now: datetime, started_at: datetime | None = None,
                  ends_at: datetime | None = None, closed_at: datetime | None = None) -> ClockReading:
    phase = phase_at(ends_at=ends_at, closed=closed_at is not None, now=now)
    if phase is Phase.NOT_STARTED:
        left = minutes * 60
    elif phase is Phase.CLOSED:
        left = 0
    else:
        left = time_left(ends_at, now)
    return ClockReading(series, phase, left, minutes, now, ends_at, started_at, closed_at)


def series_end(started_at: datetime, minutes: int) -> datetime:
    return started_at + timedelta(minutes=minutes)


def clock_text(seconds: int) -> str:
    """``1:05:09`` with hours, ``12:03`` without: what the clock's face shows (static/js/series-clock.js says it
    the same way)."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
