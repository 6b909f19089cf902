"""The scoring systems: from deal records to each player's standing.

Vocabulary: see the package docstring. Rulings are marked "Ruling:".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from scoring.engine.columns import LOST, WON, column_of
from scoring.engine.text import N_

from .records import DealRecord


class ScoringSystem(Enum):
    FOSTER = "foster"
    MCCOLL = "mccoll"
    SEEGER_FABIAN = "seeger-fabian"

    @property
    def label(self) -> str:
        return {"foster": N_("Foster / American Skat League"), "mccoll": N_("McColl's simple method"),
                "seeger-fabian": N_("Seeger-Fabian (ISkO)")}[self.value]


@dataclass(slots=True)
class BestGame:
    """A game a player won, kept for the prizes: its count of "without", its value and what it was."""

    without: int
    value: int
    game: str
    family: str
    suit_rank: int
    method: str
    table: int
    number: int


@dataclass(slots=True)  # slots: 2,700 of these are made and added to on every reading of the standings
class Standing:
    player: int
    games_won: int = 0
    games_lost: int = 0
    points_won: int = 0
    points_lost: int = 0
    deals_played: int = 0
    game_scores: int = 0  # Seeger-Fabian: the sum of his signed game scores
    others_lost: int = 0  # games lost by other players at his tables (Seeger-Fabian bonus)
    others_lost_bonus: int = 0
    won_games: list[BestGame] = field(default_factory=list)

    @property
    def net_games(self) -> int:
        return self.games_won - self.games_lost

    @property
    def net_points(self) -> int:
        return self.points_won - self.points_lost

    @property
    def best_without(self) -> BestGame | None:
        candidates = [g for g in self.won_games if g.without > 0]
        return max(candidates, key=lambda g: (g.without, g.value), default=None)

    @property
    def highest_game(self) -> BestGame | None:
        return max(self.won_games, key=lambda g: g.value, default=None)

    def add(self, increment: Standing) -> None:
        """Add another standing of the same player (a paper list's or slip's increment) to this one."""
        if increment.player != self.player:
            raise ValueError(f"cannot add player {increment.player}'s figures to player {self.player}'s")
        for name in ("games_won", "games_lost", "points_won", "points_lost", "deals_played", "game_scores",
                     "others_lost", "others_lost_bonus"):
            setattr(self, name, getattr(self, name) + getattr(increment, name))
        self.won_games.extend(increment.won_games)

    @property
    def won_lost_bonus(self) -> int:
        """Seeger-Fabian: +50 for each game won, -50 for each game lost (the list's "won − lost × 50")."""
        return SEEGER_FABIAN_PER_GAME * (self.games_won - self.games_lost)

    def total(self, system: ScoringSystem) -> int:
        """The system's ranking figure: net points (Foster, McColl) or the Seeger-Fabian total."""
        if system is ScoringSystem.SEEGER_FABIAN:
            return self.game_scores + self.won_lost_bonus + self.others_lost_bonus
        return self.points_won - self.points_lost  # net points (written out: read some 13,000 times a reading)


SEEGER_FABIAN_PER_GAME = 50


SEEGER_FABIAN_OTHERS_LOST = {3: 40, 4: 30}
"""Seeger-Fabian: for every game lost by another player, 40 at a table of three, 30 at a table of four.
Ruling: tables of five or six count like a table of four (30)."""


@dataclass(slots=True)
class Tally:
    """One player's entries of one kind ("game" or "ramsch") at one table in one stay."""

    games_won: int = 0
    games_lost: int = 0
    points_won: int = 0
    points_lost: int = 0


@dataclass(frozen=True)
class TableStay:
    """What the standings need of one table in one stay: who sat there, how many deals were played,
    and each player's tallies by kind. The database gives these with one GROUP BY; deal records
    give them through ``tally_records``."""

    table: int
    stay: int
    seated: tuple[int, ...]
    deals: int
    tallies: dict[tuple[int, str], Tally]


def tally_records(records: Iterable[DealRecord]) -> tuple[list[TableStay], dict[int, list[BestGame]]]:
    """Deal records folded into table stays, and every player's won games (for the prizes)."""
    stays: dict[tuple[int, int], TableStay] = {}
    won_games: dict[int, list[BestGame]] = {}
    deals: dict[tuple[int, int], int] = {}
    for r in records:
        key = (r.table, r.stay)
        if key not in stays:
            stays[key] = TableStay(r.table, r.stay, r.seated, 0, {})
            deals[key] = 0
        if r.voided:
            continue
        deals[key] += 1
        if r.player is None or r.kind == "thrown_in":
            continue
        tally = stays[key].tallies.setdefault((r.player, r.kind), Tally())
        side = column_of(r.score)
        if side == WON:
            tally.games_won += 1
            tally.points_won += r.score
            if r.kind == "game":
                won_games.setdefault(r.player, []).append(BestGame(r.without, r.value or r.score, r.game, r.family,
                                                                   r.suit_rank, r.method, r.table, r.number))
        elif side == LOST:
            tally.games_lost += 1
            tally.points_lost += -r.score
    table_stays = [TableStay(s.table, s.stay, s.seated, deals[key], s.tallies) for key, s in stays.items()]
    return table_stays, won_games


def compute_standings(table_stays: Iterable[TableStay], system: ScoringSystem, *, players: Iterable[int] = (),
                      ramsch_counts_as_game: bool = True,
                      won_games: dict[int, list[BestGame]] | None = None) -> dict[int, Standing]:
    """Every player's standing under a scoring system."""
    standings: dict[int, Standing] = {p: Standing(p) for p in players}

    def of(player: int) -> Standing:
        standing = standings.get(player)
        if standing is None:
            standing = standings[player] = Standing(player)
        return standing

    for stay in table_stays:
        for seated in stay.seated:
            of(seated).deals_played += stay.deals
        bonus = SEEGER_FABIAN_OTHERS_LOST.get(len(stay.seated), 30)
        for (player_id, kind), tally in stay.tallies.items():
            player = of(player_id)
            if kind == "game" or ramsch_counts_as_game:
                player.games_won += tally.games_won
                player.games_lost += tally.games_lost
            player.points_won += tally.points_won
            if system is ScoringSystem.MCCOLL:
                # McColl: a lost game is everyone else's points, not the player's loss.
                # Ruling: a Ramsch charge is credited to the other players like a lost game.
                for other in stay.seated:
                    if other != player_id:
                        of(other).points_won += tally.points_lost
            else:  # Foster / the League, and Seeger-Fabian: the entry goes in the player's own column
                player.points_lost += tally.points_lost
            if system is ScoringSystem.SEEGER_FABIAN:
                player.game_scores += tally.points_won - tally.points_lost
                for other in stay.seated:
                    if other != player_id and tally.games_lost:
                        of(other).others_lost += tally.games_lost
                        of(other).others_lost_bonus += tally.games_lost * bonus
    for player_id, games in (won_games or {}).items():
        of(player_id).won_games.extend(games)
    return standings


class StaySums(NamedTuple):
    """A player's sums over the table stays of one series, as one query over the kept tallies gives them: his own
    entries' points and games (every kind, and games alone), the deals played at the stays he sat at, and at those
    stays the points and games the other players lost (the Seeger-Fabian bonus already weighted by the table's
    size). A plain tuple: a season reads some 12,500 of them."""

    points_won: int = 0
    points_lost: int = 0
    games_won: int = 0
    games_lost: int = 0
    game_games_won: int = 0  # of the kind "game" only: Ramsch does not count as a game in every tournament
    game_games_lost: int = 0
    deals_played: int = 0
    others_points_lost: int = 0
    others_lost: int = 0
    others_lost_bonus: int = 0


def sums_total(sums: StaySums, system: ScoringSystem, ramsch_counts_as_game: bool = True) -> int:
    """The system's total (``Standing.total``) of the standing ``compute_standings`` makes of stays adding up to
    ``sums``: McColl credits him the others' lost points and charges him none; Seeger-Fabian adds his game scores,
    50 a game won less 50 a game lost, and the others' lost games' bonus; Foster his net points."""
    if system is ScoringSystem.SEEGER_FABIAN:
        won, lost = ((sums.games_won, sums.games_lost) if ramsch_counts_as_game else
                     (sums.game_games_won, sums.game_games_lost))
        return sums.points_won - sums.points_lost + SEEGER_FABIAN_PER_GAME * (won - lost) + sums.others_lost_bonus
    if system is ScoringSystem.MCCOLL:
        return sums.points_won + sums.others_points_lost
    return sums.points_won - sums.points_lost


def standings_from_records(records: Iterable[DealRecord], system: ScoringSystem, *, players: Iterable[int] = (),
                           ramsch_counts_as_game: bool = True) -> dict[int, Standing]:
    """``compute_standings`` straight from deal records (tests, exports, small events)."""
    table_stays, won_games = tally_records(records)
    return compute_standings(table_stays, system, players=players, ramsch_counts_as_game=ramsch_counts_as_game,
                             won_games=won_games)


def balance(scores: dict[int, int]) -> dict[int, int]:
    """Foster's balancing for stakes: each player's score times the number of players, less their sum.

    (+96, -12, +16, +12) -> (+272, -160, -48, -64)."""
    total = sum(scores.values())
    return {player: score * len(scores) - total for player, score in scores.items()}
