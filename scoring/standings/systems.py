"""The scoring systems: from deal records to each player's standing.

Vocabulary: see the package docstring. Rulings are marked "Ruling:".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from .records import DealRecord


class ScoringSystem(Enum):
    FOSTER = "foster"
    MCCOLL = "mccoll"
    SEEGER_FABIAN = "seeger-fabian"

    @property
    def label(self) -> str:
        return {"foster": "Foster / American Skat League", "mccoll": "McColl's simple method",
                "seeger-fabian": "Seeger-Fabian (ISkO)"}[self.value]


@dataclass
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


@dataclass
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

    def total(self, system: ScoringSystem) -> int:
        """The system's ranking figure: net points (Foster, McColl) or the Seeger-Fabian total."""
        if system is ScoringSystem.SEEGER_FABIAN:
            return self.game_scores + 50 * (self.games_won - self.games_lost) + self.others_lost_bonus
        return self.net_points


SEEGER_FABIAN_OTHERS_LOST = {3: 40, 4: 30}
"""Seeger-Fabian: for every game lost by another player, 40 at a table of three, 30 at a table of four.
Ruling: tables of five or six count like a table of four (30)."""


def compute_standings(records: Iterable[DealRecord], system: ScoringSystem, *, players: Iterable[int] = (),
                      ramsch_counts_as_game: bool = True) -> dict[int, Standing]:
    """Every player's standing from the deals (voided deals count nothing)."""
    standings: dict[int, Standing] = {p: Standing(p) for p in players}

    def of(player: int) -> Standing:
        if player not in standings:
            standings[player] = Standing(player)
        return standings[player]

    for record in records:
        if record.voided:
            continue
        for seated in record.seated:
            of(seated).deals_played += 1
        if record.player is None or record.kind == "thrown_in":
            continue
        player = of(record.player)
        counts_as_game = record.kind == "game" or ramsch_counts_as_game
        won = record.score > 0
        if won and record.kind == "game":
            player.won_games.append(BestGame(record.without, record.value or record.score, record.game,
                                             record.family, record.suit_rank, record.method, record.table,
                                             record.number))
        if counts_as_game:
            if won:
                player.games_won += 1
            else:
                player.games_lost += 1
        if system is ScoringSystem.MCCOLL:
            _mccoll(record, player, of)
        else:
            _declarers_column(record, player)
        if system is ScoringSystem.SEEGER_FABIAN:
            player.game_scores += record.score
            if not won:
                bonus = SEEGER_FABIAN_OTHERS_LOST.get(len(record.seated), 30)
                for other in record.seated:
                    if other != record.player:
                        of(other).others_lost += 1
                        of(other).others_lost_bonus += bonus
    return standings


def _declarers_column(record: DealRecord, player: Standing) -> None:
    """Foster / American Skat League: the entry goes in the player's own won or lost column only."""
    if record.score > 0:
        player.points_won += record.score
    else:
        player.points_lost += -record.score


def _mccoll(record: DealRecord, player: Standing, of) -> None:
    """McColl's simple method: a won game is the player's points; a lost one is everyone else's.

    Ruling: a Ramsch charge is credited to the other players at the table like a lost game."""
    if record.score > 0:
        player.points_won += record.score
        return
    for other in record.seated:
        if other != record.player:
            of(other).points_won += -record.score


def balance(scores: dict[int, int]) -> dict[int, int]:
    """Foster's balancing for stakes: each player's score times the number of players, less their sum.

    (+96, -12, +16, +12) -> (+272, -160, -48, -64)."""
    total = sum(scores.values())
    return {player: score * len(scores) - total for player, score in scores.items()}
