"""The individual league ranking (Einzelwertung): every player's series in the league's match days.

Vocabulary:
    series played  series in which the player sat for his team for at least one deal.
    games          the deals played at his tables while he sat there (a player who came in or went out inside a
                   series counts only his own deals).
    total          his list points in those deals (Seeger-Fabian).
    average        total per game, to two places (``None`` before his first game).
    qualified      at least the rules' ``min_games`` games; the qualified are ranked by average (then total),
                   equal figures sharing the rank; the others follow unranked, by average.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal


@dataclass(frozen=True)
class PlayerSeries:
    """One player's part of one series: ``games`` deals, ``total`` points."""

    player: str  # a key naming the person (the roster entry)
    name: str
    team: str
    day: int
    series: int
    games: int
    total: int


@dataclass(frozen=True)
class RankingRow:
    player: str
    name: str
    team: str
    series_played: int
    games: int
    total: int
    average: Decimal | None
    qualified: bool
    rank: int | None


def average(total: int, games: int) -> Decimal | None:
    if not games:
        return None
    return (Decimal(total) / Decimal(games)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def player_ranking(parts: Iterable[PlayerSeries], min_games: int = 0) -> list[RankingRow]:
    gathered: dict[str, list[PlayerSeries]] = {}
    for part in parts:
        gathered.setdefault(part.player, []).append(part)
    rows = []
    for player, mine in gathered.items():
        games = sum(part.games for part in mine)
        total = sum(part.total for part in mine)
        played = len({(part.day, part.series) for part in mine if part.games})
        rows.append(RankingRow(player, mine[-1].name, mine[-1].team, played, games, total, average(total, games),
                               games >= min_games and games > 0, None))
    lowest = Decimal("-1e9")
    rows.sort(key=lambda row: (not row.qualified, -(row.average if row.average is not None else lowest), -row.total,
                               row.name.casefold()))
    result = []
    for index, row in enumerate(rows):
        rank = None
        if row.qualified:
            before = result[-1] if result else None
            same = before is not None and (before.average, before.total) == (row.average, row.total)
            rank = before.rank if same else index + 1
        result.append(RankingRow(**{**row.__dict__, "rank": rank}))
    return result
