"""An event of several series: the overall standings, teams and categories. Plain Python, no Django.

Vocabulary:
    series       one seating and its deals (ISkO: 48 deals at a table of four, 36 at three); each series has its
                 own standings, computed like a one-session tournament's.
    overall      the sum of a player's standings over the series he played; a player who withdrew keeps what he
                 played and is ranked with it, a late entry counts from his first series.
    team         a named group of players (usually four, often a club): its standing is the sum of its members'
                 standings (every figure, so the system's total and its tie-breakers are the members' sums),
                 ranked under the system's own tie rule.
    category     a label a player carries (ladies, seniors, juniors, guests, or any the director adds): its
                 ranking is the overall ranking of the players who carry it, with their ranks counted afresh.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from .ranking import Ranked, rank_standings
from .systems import ScoringSystem, Standing


def sum_standings(series: Iterable[Mapping[int, Standing]]) -> dict[int, Standing]:
    """Each player's standings summed over ``series`` (a standings mapping per series); a player who played
    only some series has the sum of those."""
    overall: dict[int, Standing] = {}
    for standings in series:
        for player, standing in standings.items():
            overall.setdefault(player, Standing(player)).add(standing)
    return overall


@dataclass(frozen=True)
class Team:
    id: int
    name: str
    members: tuple[int, ...]


@dataclass(frozen=True)
class TeamRanked:
    """A team's row: its rank among the teams, its summed standing (``standing.player`` is the team's id) and how
    a tie with the team above was decided (see ``Ranked``)."""

    rank: int
    team: Team
    standing: Standing
    tie_note: str = ""


def team_standing(team: Team, standings: Mapping[int, Standing]) -> Standing:
    """The sum of the members' standings; a member with no standing (he has not played yet) adds nothing."""
    total = Standing(team.id)
    for member in team.members:
        if member in standings:
            total.add(replace(standings[member], player=team.id, won_games=list(standings[member].won_games)))
    return total


def rank_teams(teams: Sequence[Team], standings: Mapping[int, Standing], system: ScoringSystem, *,
               seed: int = 0) -> list[TeamRanked]:
    """The teams in ranking order under ``system``'s tie rule; teams equal in every figure share a rank and are
    ordered by the lot of ``seed``."""
    by_id = {team.id: team for team in teams}
    if len(by_id) != len(teams):
        raise ValueError("two teams share an id")
    ranked = rank_standings({team.id: team_standing(team, standings) for team in teams}, system, seed=seed)
    return [TeamRanked(row.rank, by_id[row.standing.player], row.standing, row.tie_note) for row in ranked]


def rank_category(ranked: Sequence[Ranked], members: Iterable[int]) -> list[Ranked]:
    """The overall ranking of a category's players, in the same order, ranked afresh among themselves (players
    sharing a rank overall share it here)."""
    chosen = set(members)
    rows: list[Ranked] = []
    previous_rank = None
    for row in ranked:
        if row.standing.player not in chosen:
            continue
        rank = rows[-1].rank if rows and row.rank == previous_rank else len(rows) + 1
        rows.append(Ranked(rank, row.standing, row.tie_note))
        previous_rank = row.rank
    return rows
