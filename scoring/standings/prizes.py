"""Prizes: a schedule of categories awarded from the standings, with the books' tie and cut rules.

Vocabulary:
    category        what a prize is for (greatest net points, greatest net games, the most difficult game...)
                    with its ranking key: the figure first, then the sources' tie-breakers in order.
    schedule        the ordered prizes of a tournament: (category, place) entries. A preset per source.
    passed over     a player already awarded a prize is passed over for later ones, unless the director
                    allows more than one prize per player; even then one player takes at most one place of
                    a category.
    choice          "No player can win both the points and the games prize": the player who would take both
                    keeps the one he chooses (the director records it; default the first in the schedule)
                    and the other goes to the next player.
    cut             a tie the rules cannot settle: settled by a cut the director records (the order of the
                    tied players), or drawn by the system from a seed it shows. The award says which. The draw
                    and the recorded cut work as in the standings (``ranking.settle``), and the "total" and
                    "points" categories rank by the standings' own key (``ranking.ranking_key``): their winners
                    are the standings' places in order (the standings take the cuts ``standings_cuts`` gives).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter

from scoring.engine.rulebooks import game_label
from scoring.engine.text import N_, Text, msg

from .ranking import TIE_WORDS, earlier_cuts, lot_order, ranking_key, settle
from .systems import BestGame, ScoringSystem, Standing


@dataclass(frozen=True)
class Category:
    key: str
    name: str
    rank: Callable[[Standing, ScoringSystem], tuple | None]  # higher is better; None: not eligible
    tie_words: tuple[str, ...] | None  # what each key after the first means, for "decided by"; None: the system's
    figure: Callable[[Standing, ScoringSystem], str | int]


def _game_text(game: BestGame | None) -> str:
    if game is None:
        return ""
    if game.without:
        return msg('{game} "without" {without}, {value} (table {table}, deal {deal})', game=game_label(game.game),
                   without=game.without, value=game.value, table=game.table, deal=game.number)
    return msg("{game}, {value} (table {table}, deal {deal})", game=game_label(game.game), value=game.value,
               table=game.table,
               deal=game.number)


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
    best, best_key = None, None
    for game in s.won_games:  # the first of equal keys, as max() would: one pass, no list (2,700 players a reading)
        if game.without > 0 and (method is None or game.method == method):
            game_key = key(game)
            if best is None or game_key > best_key:
                best, best_key = game, game_key
    return best


def _game_rank(category: str):
    key = _GAME_KEYS[category][1]

    def rank(s: Standing, system: ScoringSystem) -> tuple | None:
        game = best_game(s, category)
        return (*key(game), s.total(system)) if game else None
    return rank


def _game_figure(category: str):
    return lambda s, system: _game_text(best_game(s, category))


CATEGORIES: dict[str, Category] = {c.key: c for c in (
    # Foster: the greatest net points; ties: more net games. It is the standings' key under Foster and McColl;
    # under Seeger-Fabian it ranks like the standings too (the total; more games won, then fewer lost).
    Category("points", N_("Greatest net points"), ranking_key, None, lambda s, sys: s.total(sys)),
    Category("games", N_("Greatest net games"), lambda s, sys: (s.net_games, s.total(sys)),
             (N_("more net points"),),
             lambda s, sys: s.net_games),
    # Foster: the game won "without" the most matadores; ties: the more valuable game.
    Category("hardest", N_('The most difficult game (won "without" the most matadores)'),
             _game_rank("hardest"), (N_("the more valuable game"), N_("more points")), _game_figure("hardest")),
    # NASL 3 and 7: a Solo / a Tourne won against the most matadors; ties: Grand > clubs > spades > hearts >
    # diamonds, then the game's total value, then most points.
    Category("solo-without", N_("A Solo won against the greatest number of matadors"),
             _game_rank("solo-without"),
             (N_("the higher game (Grand, clubs, spades, hearts, diamonds)"), N_("the more valuable game"),
              N_("more points")),
             _game_figure("solo-without")),
    Category("tourne-without", N_("A Tourne won against the greatest number of matadors"),
             _game_rank("tourne-without"),
             (N_("the higher game (Grand, clubs, spades, hearts, diamonds)"), N_("the more valuable game"),
              N_("more points")),
             _game_figure("tourne-without")),
    Category("highest-game", N_("The highest game won"),
             lambda s, sys: (s.highest_game.value, s.total(sys)) if s.highest_game else None, (N_("more points"),),
             lambda s, sys: _game_text(s.highest_game)),
    # Ruling: the booby goes to the lowest net points; a tie to the fewer net games.
    Category("booby", N_("Booby (lost the most points)"), lambda s, sys: (-s.total(sys), -s.net_games),
             (N_("fewer net games"),), lambda s, sys: s.total(sys)),
    # ISkO: the places of the standings (the Seeger-Fabian total; ties: more games won, then fewer lost, then
    # lot); under Foster and McColl the standings' net points, ties: more net games.
    Category("total", N_("Standings (the system's total)"), ranking_key, None, lambda s, sys: s.total(sys)),
)}

Schedule = tuple[tuple[str, int], ...]

PRESETS: dict[str, Schedule] = {
    "foster": (("points", 1), ("games", 1), ("hardest", 1), ("booby", 1)),
    "nasl-1908": (("games", 1), ("points", 1), ("solo-without", 1), ("games", 2), ("points", 2),
                  ("highest-game", 1), ("tourne-without", 1)),
    "mccoll": (("games", 1), ("points", 1)),
    "isko": (("total", 1), ("total", 2), ("total", 3)),
}

PRESET_LABELS: dict[str, str] = {
    "foster": N_("Foster 1922: points, games, the hardest game, booby"),
    "nasl-1908": N_("NASL 1908: games and points, two places each, and the game prizes"),
    "mccoll": N_("McColl: games and points"),
    "isko": N_("ISkO: places 1 to 3 of the overall standings"),
}
# Which schedules count what a system counts: Seeger-Fabian ranks by its own total alone, so the books' points,
# games and game prizes mean nothing there; the American systems may also give places of their standings.
PRESETS_OF_SYSTEM: dict[str, tuple[str, ...]] = {
    "foster": ("foster", "nasl-1908", "mccoll", "isko"),
    "mccoll": ("mccoll", "foster", "nasl-1908", "isko"),
    "seeger-fabian": ("isko",),
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
    ranks = {key: _Ranks(CATEGORIES[key], standings, system) for key in dict.fromkeys(k for k, _ in schedule)}
    for _ in range(len(rules.choices) + 1):
        awards = _award_once(standings, system, schedule, rules, barred, ranks)
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


class _Ranks:
    """Every eligible player's rank in one category with his standing, read best first. Ranked once for all the
    places and choices of a prize list (the ranks do not change while prizes are awarded), and sorted only as far
    as the prize list reads: the first places of 2,700 players need their top few, not the whole hall in order."""

    def __init__(self, category: Category, standings: Mapping[int, Standing], system: ScoringSystem):
        rank = category.rank
        self.all = [(figures, s) for s in standings.values() if (figures := rank(s, system)) is not None]
        self._top: list[tuple] = []

    def best_first(self):
        """The ranks in order, best first (equal ranks in the standings' order, as a stable sort gives them)."""
        shown = 0
        while True:
            if shown == len(self._top):
                if len(self._top) == len(self.all):
                    return
                wanted = max(16, 4 * len(self._top))  # read further: four times as far each time
                self._top = (heapq.nlargest(wanted, self.all, key=itemgetter(0)) if wanted < len(self.all) // 4
                             else sorted(self.all, key=itemgetter(0), reverse=True))
            yield self._top[shown]
            shown += 1


def _award_once(standings, system, schedule, rules, barred, ranks) -> list[Award]:
    awarded: set[int] = set()
    placed: set[tuple[str, int]] = set()  # (category, player): one player takes one place of a category at most
    won_pair: dict[int, str] = {}
    awards = []

    def eligible(key: str, player: int) -> bool:
        if (key, player) in barred or (key, player) in placed:
            return False
        if player in awarded and not rules.allow_multiple:
            return False
        # never both points and games, even when several prizes are allowed
        return key not in EXCLUSIVE_PAIR or won_pair.get(player, key) == key

    for key, place in schedule:
        category = CATEGORIES[key]
        # From the top of the category's ranks: the best eligible rank, everyone eligible who shares it, and the
        # next rank below it (the runner-up, for the tie words); the rest of the hall is never looked at.
        best_rank, tied, runner_up = None, [], None
        for rank, s in ranks[key].best_first():
            if best_rank is not None and rank != best_rank:
                if eligible(key, s.player):
                    runner_up = rank
                    break
                continue
            if eligible(key, s.player):
                best_rank = rank
                tied.append(s)
        if best_rank is None:
            awards.append(Award(key, Text(category.name), place, None, "", msg("nobody qualifies")))
            continue
        decided_by = _tie_words(category, system, best_rank, runner_up)
        if len(tied) > 1:
            group = [s.player for rank, s in ranks[key].all if rank == best_rank]
            winner, decided_by = _cut(key, place, [s.player for s in tied], group, rules)
            standing = standings[winner]
        else:
            standing = tied[0]
        awarded.add(standing.player)
        placed.add((key, standing.player))
        if key in EXCLUSIVE_PAIR:
            won_pair[standing.player] = key
        awards.append(Award(key, Text(category.name), place, standing.player, category.figure(standing, system),
                            decided_by))
    return awards


def _tie_words(category: Category, system: ScoringSystem, first: tuple, second: tuple | None) -> str:
    """If the first figure tied and a tie-breaker decided, say which one."""
    if second is None or first[0] != second[0] or first == second:
        return ""
    words = TIE_WORDS[system] if category.tie_words is None else category.tie_words
    for i in range(1, len(first)):
        if first[i] != second[i]:
            return msg("tie on the figure, decided by {what}", what=Text(words[min(i - 1, len(words) - 1)]))
    return ""


def _cut(key: str, place: int, tied: list[int], group: list[int], rules: PrizeRules) -> tuple[int, str]:
    """The winner among the tied players still in the running, as the standings settle it: the recorded cut for
    this place, else the lot of their whole tied group (``group``: everyone with the same figures)."""
    cuts = {q: order for (k, q), order in rules.cuts.items() if k == key}
    winner, by_cut = settle(tied, cuts.get(place), lot_order(group, rules.seed), earlier_cuts(cuts, place))
    if by_cut:
        return winner, msg("a cut recorded by the director")
    return winner, msg("a cut drawn by the system (seed {seed})", seed=rules.seed)


STANDINGS_CATEGORY = {ScoringSystem.SEEGER_FABIAN: "total", ScoringSystem.FOSTER: "points",
                      ScoringSystem.MCCOLL: "points"}
"""The prize category whose places are the standings' places under each system: its recorded cuts are the
standings' cuts."""


def standings_cuts(cuts: Mapping[tuple[str, int], Sequence[int]], system: ScoringSystem) -> dict[int, Sequence[int]]:
    """The cuts the standings take (``rank_standings(cuts=...)``): those recorded for the system's standings
    category, by place."""
    category = STANDINGS_CATEGORY[system]
    return {place: order for (key, place), order in cuts.items() if key == category}


def counted_categories(schedule: Schedule, system: ScoringSystem) -> list[str]:
    """The prize categories an event counts: its schedule's, in order, and the system's standings category (whose
    cuts are the standings' even when no prize is given for it). What a page offers (a cut, a money prize) is
    these only: an ISkO event is not offered Foster's net points or hardest game."""
    counted = list(dict.fromkeys(str(key) for key, _ in schedule))
    if STANDINGS_CATEGORY[system] not in counted:
        counted.append(STANDINGS_CATEGORY[system])
    return counted
