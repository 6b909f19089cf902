"""Prizes: a schedule of categories awarded from the standings, with the books' tie and cut rules.

Vocabulary:
    category        what a prize is for (greatest net points, greatest net games, the most difficult game...)
                    with its ranking key: the figure first, then the sources' tie-breakers in order.
    schedule        the ordered prizes of a tournament: (category, place) entries. A preset per source.
    passed over     a player already awarded a prize is passed over for later ones, unless the director
                    allows more than one prize per player.
    choice          "No player can win both the points and the games prize": the player who would take both
                    keeps the one he chooses (the director records it; default the first in the schedule)
                    and the other goes to the next player.
    cut             a tie the rules cannot settle: settled by a cut the director records (the order of the
                    tied players), or drawn by the system from a seed it shows. The award says which.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
import random

from .systems import BestGame, ScoringSystem, Standing


@dataclass(frozen=True)
class Category:
    key: str
    name: str
    rank: Callable[[Standing, ScoringSystem], tuple | None]  # higher is better; None: not eligible
    tie_words: tuple[str, ...]  # what each key after the first means, for "decided by"
    figure: Callable[[Standing, ScoringSystem], str | int]


def _game_text(game: BestGame | None) -> str:
    if game is None:
        return ""
    without = f' "without" {game.without}' if game.without else ""
    return f"{game.game}{without}, {game.value} (table {game.table}, deal {game.number})"


_GAME_KEYS = {
    # Foster: the most "without"; ties: the more valuable game.
    "hardest": (None, lambda g: (g.without, g.value)),
    # The League: the most "without"; ties: Grand > clubs > spades > hearts > diamonds, then the value.
    "solo-without": ("solo", lambda g: (g.without, g.suit_rank, g.value)),
    "tourne-without": ("tournee", lambda g: (g.without, g.suit_rank, g.value)),
}


def best_game(s: Standing, category: str) -> BestGame | None:
    """The player's game that counts for a game prize (won "without", of the category's kind)."""
    method, key = _GAME_KEYS[category]
    games = [g for g in s.won_games if g.without > 0 and (method is None or g.method == method)]
    return max(games, key=key, default=None)


def _game_rank(category: str):
    key = _GAME_KEYS[category][1]

    def rank(s: Standing, system: ScoringSystem) -> tuple | None:
        game = best_game(s, category)
        return (*key(game), s.total(system)) if game else None
    return rank


def _game_figure(category: str):
    return lambda s, system: _game_text(best_game(s, category))


CATEGORIES: dict[str, Category] = {c.key: c for c in (
    Category("points", "Greatest net points", lambda s, sys: (s.total(sys), s.net_games), ("more net games",),
             lambda s, sys: s.total(sys)),
    Category("games", "Greatest net games", lambda s, sys: (s.net_games, s.total(sys)), ("more net points",),
             lambda s, sys: s.net_games),
    # Foster: the game won "without" the most matadores; ties: the more valuable game.
    Category("hardest", 'The most difficult game (won "without" the most matadores)',
             _game_rank("hardest"), ("the more valuable game", "more points"), _game_figure("hardest")),
    # NASL 3 and 7: a Solo / a Tourne won against the most matadors; ties: Grand > clubs > spades > hearts >
    # diamonds, then the game's total value, then most points.
    Category("solo-without", "A Solo won against the greatest number of matadors",
             _game_rank("solo-without"),
             ("the higher game (Grand, clubs, spades, hearts, diamonds)", "the more valuable game", "more points"),
             _game_figure("solo-without")),
    Category("tourne-without", "A Tourne won against the greatest number of matadors",
             _game_rank("tourne-without"),
             ("the higher game (Grand, clubs, spades, hearts, diamonds)", "the more valuable game", "more points"),
             _game_figure("tourne-without")),
    Category("highest-game", "The highest game won",
             lambda s, sys: (s.highest_game.value, s.total(sys)) if s.highest_game else None, ("more points",),
             lambda s, sys: _game_text(s.highest_game)),
    # Ruling: the booby goes to the lowest net points; a tie to the fewer net games.
    Category("booby", "Booby (lost the most points)", lambda s, sys: (-s.total(sys), -s.net_games),
             ("fewer net games",), lambda s, sys: s.total(sys)),
    # ISkO: the Seeger-Fabian total; ties: more games won, then fewer lost, then lot.
    Category("total", "Seeger-Fabian total", lambda s, sys: (s.total(sys), s.games_won, -s.games_lost),
             ("more games won", "fewer games lost"), lambda s, sys: s.total(sys)),
)}

Schedule = tuple[tuple[str, int], ...]

PRESETS: dict[str, Schedule] = {
    "foster": (("points", 1), ("games", 1), ("hardest", 1), ("booby", 1)),
    "nasl-1908": (("games", 1), ("points", 1), ("solo-without", 1), ("games", 2), ("points", 2),
                  ("highest-game", 1), ("tourne-without", 1)),
    "mccoll": (("games", 1), ("points", 1)),
    "isko": (("total", 1), ("total", 2), ("total", 3)),
}

EXCLUSIVE_PAIR = ("points", "games")  # "No player can win both the points and the games prize"


@dataclass(frozen=True)
class PrizeRules:
    allow_multiple: bool = False
    choices: Mapping[int, str] = field(default_factory=dict)  # player -> the category he keeps
    cuts: Mapping[tuple[str, int], Sequence[int]] = field(default_factory=dict)  # (category, place) -> order
    seed: int = 0


@dataclass(frozen=True)
class Award:
    category: str
    name: str
    place: int
    player: int | None
    figure: str | int
    decided_by: str = ""


def award_prizes(standings: Mapping[int, Standing], system: ScoringSystem, schedule: Schedule,
                 rules: PrizeRules = PrizeRules()) -> list[Award]:
    """Award the schedule in order. A player's recorded choice between points and games is honoured."""
    for key, _ in schedule:
        if key not in CATEGORIES:
            raise ValueError(f"unknown prize category {key!r}; use one of {', '.join(CATEGORIES)}")
    barred: set[tuple[str, int]] = set()  # (category, player): he gave this one up by his choice
    for _ in range(len(rules.choices) + 1):
        awards = _award_once(standings, system, schedule, rules, barred)
        changed = False
        for award in awards:
            choice = rules.choices.get(award.player)
            if choice and choice != award.category and award.category in EXCLUSIVE_PAIR and choice in EXCLUSIVE_PAIR:
                if (award.category, award.player) not in barred:
                    barred.add((award.category, award.player))
                    changed = True
        if not changed:
            return awards
    return awards


def _award_once(standings, system, schedule, rules, barred) -> list[Award]:
    awarded: set[int] = set()
    won_pair: dict[int, str] = {}
    awards = []
    for key, place in schedule:
        category = CATEGORIES[key]
        eligible = []
        for s in standings.values():
            if (key, s.player) in barred:
                continue
            if s.player in awarded and not rules.allow_multiple:
                continue
            if key in EXCLUSIVE_PAIR and won_pair.get(s.player, key) != key:
                continue  # never both points and games, even when several prizes are allowed
            rank = category.rank(s, system)
            if rank is not None:
                eligible.append((rank, s))
        if not eligible:
            awards.append(Award(key, category.name, place, None, "", "nobody qualifies"))
            continue
        best_rank = max(rank for rank, _ in eligible)  # one pass each, not a sort of the whole hall
        tied = [s for rank, s in eligible if rank == best_rank]
        runner_up = max((rank for rank, _ in eligible if rank != best_rank), default=None)
        decided_by = _tie_words(category, best_rank, runner_up)
        if len(tied) > 1:
            winner, decided_by = _cut(key, place, [s.player for s in tied], rules)
            standing = standings[winner]
        else:
            standing = tied[0]
        awarded.add(standing.player)
        if key in EXCLUSIVE_PAIR:
            won_pair[standing.player] = key
        awards.append(Award(key, category.name, place, standing.player, category.figure(standing, system), decided_by))
    return awards


def _tie_words(category: Category, first: tuple, second: tuple | None) -> str:
    """If the first figure tied and a tie-breaker decided, say which one."""
    if second is None or first[0] != second[0] or first == second:
        return ""
    for i in range(1, len(first)):
        if first[i] != second[i]:
            return f"tie on the figure, decided by {category.tie_words[min(i - 1, len(category.tie_words) - 1)]}"
    return ""


def _cut(key: str, place: int, tied: list[int], rules: PrizeRules) -> tuple[int, str]:
    recorded = rules.cuts.get((key, place))
    if recorded:
        for player in recorded:
            if player in tied:
                return player, "a cut recorded by the director"
    rng = random.Random(f"{rules.seed}:{key}:{place}")
    order = sorted(tied)
    rng.shuffle(order)
    return order[0], f"a cut drawn by the system (seed {rules.seed})"
