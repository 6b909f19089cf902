"""A player's figures from the series he played: plain Python, fractions kept exact until shown.

Vocabulary:
    part        one series of his (``SeriesPart``): the event and series, the day, his series ``total`` under the
                event's scoring and the ``deals`` of his tables there (as the standings' ``deals_played`` count
                them: every deal of the table, those he sat out as dealer at a table of four included), the deals
                of them thrown in (``passed_in``), his table's ``size`` and the totals of everyone at his table in
                that series (``table_totals``, his own among them). A seat two people held in one series (a
                league's substitute from deal K) gives each a part of his own deals.
    games       the games he declared (``Games``): per kind ("diamonds", "hearts", "spades", "clubs", "grand",
                "null") and hand, how many won and lost. A Ramsch or a deal thrown in is nobody's own game.
    own share   his own games ÷ the deals; what falls to a seat is a deal in ``size`` (a quarter at four, a third at
                three): ``expected_share`` is that share over his tables, deal by deal.
    vs table    the mean over his series of his total less the mean of his table's totals there.
    per 48      points × 48 ÷ deals: his points scaled to a list of 48 deals.
Every ratio is a ``Fraction``, or None where its divisor is 0; ``rounded`` makes the numbers the commands print.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import NamedTuple

GAME_KINDS = ("diamonds", "hearts", "spades", "clubs", "grand", "null")
LIST_LENGTH = 48  # a club's list: 48 deals at a table of four


class SeriesPart(NamedTuple):  # a plain tuple: a club's year makes some 12,500 of them
    event: int
    series: int
    day: date
    total: int
    deals: int
    passed_in: int
    size: int
    table_totals: tuple[int, ...]


@dataclass(frozen=True)
class Played:
    """How many games of one kind (or played from the hand) were played and how many of them won."""

    played: int = 0
    won: int = 0

    def __add__(self, other: Played) -> Played:
        return Played(self.played + other.played, self.won + other.won)


@dataclass
class Games:
    """The games one player declared: by kind, and those from the hand."""

    by_kind: dict[str, Played] = field(default_factory=lambda: {kind: Played() for kind in GAME_KINDS})
    hand: Played = field(default_factory=Played)

    def add(self, kind: str, hand: bool, won: bool, count: int = 1) -> None:
        one = Played(count, count if won else 0)
        if kind in self.by_kind:
            self.by_kind[kind] += one
        if hand:
            self.hand += one

    @property
    def played(self) -> int:
        return sum(p.played for p in self.by_kind.values())

    @property
    def won(self) -> int:
        return sum(p.won for p in self.by_kind.values())


def ratio(numerator, denominator) -> Fraction | None:
    """numerator ÷ denominator, exact; None where the divisor is 0."""
    return None if not denominator else Fraction(numerator) / Fraction(denominator)


@dataclass(frozen=True)
class Figures:
    """A player's figures over a scope (see the module); ``parts`` in the order they were played."""

    parts: tuple[SeriesPart, ...]
    games: Games

    @property
    def events(self) -> int:
        return len({part.event for part in self.parts})

    @property
    def series(self) -> int:
        return len(self.parts)

    @property
    def deals(self) -> int:
        return sum(part.deals for part in self.parts)

    @property
    def own_games(self) -> int:
        return self.games.played

    @property
    def won(self) -> int:
        return self.games.won

    @property
    def lost(self) -> int:
        return self.own_games - self.won

    @property
    def win_rate(self) -> Fraction | None:
        return ratio(self.won, self.own_games)

    @property
    def own_share(self) -> Fraction | None:
        return ratio(self.own_games, self.deals)

    @property
    def expected_share(self) -> Fraction | None:
        """The share of the deals that falls to a seat at his tables: a deal in ``size``, deal by deal."""
        return ratio(sum(Fraction(part.deals, part.size) for part in self.parts if part.size), self.deals)

    @property
    def passed_in(self) -> int:
        return sum(part.passed_in for part in self.parts)

    @property
    def points(self) -> int:
        return sum(part.total for part in self.parts)

    @property
    def per_48(self) -> Fraction | None:
        return ratio(self.points * LIST_LENGTH, self.deals)

    @property
    def per_series(self) -> Fraction | None:
        return ratio(self.points, self.series)

    @property
    def best_series(self) -> int | None:
        return max((part.total for part in self.parts), default=None)

    @property
    def vs_table(self) -> Fraction | None:
        over = [part.total - Fraction(sum(part.table_totals), len(part.table_totals))
                for part in self.parts if part.table_totals]
        return ratio(sum(over, Fraction(0)), len(over))

    def running_per_48(self) -> list[tuple[SeriesPart, Fraction | None]]:
        """Each series with his per-48 average over it and all before it: the line beside his totals."""
        points = deals = 0
        running = []
        for part in self.parts:
            points += part.total
            deals += part.deals
            running.append((part, ratio(points * LIST_LENGTH, deals)))
        return running


def figures(parts: Iterable[SeriesPart], games: Games) -> Figures:
    """The figures of these series and games, the series in the order played (day, event, series)."""
    return Figures(tuple(sorted(parts, key=lambda p: (p.day, p.event, p.series))), games)


RATIOS = ("win_rate", "own_share", "per_48", "per_series", "vs_table")
COUNTS = ("events", "series", "deals", "own_games", "won", "lost", "passed_in", "points", "best_series")


def rounded(value: Fraction | None, places: int = 4) -> float | None:
    """A ratio as a number rounded to ``places`` decimals (half away from zero), None kept."""
    if value is None:
        return None
    scaled = value * 10 ** places
    whole = int(abs(scaled) + Fraction(1, 2))
    return (whole if scaled >= 0 else -whole) / 10 ** places


def as_data(member: int, name: str, f: Figures) -> dict:
    """The figures as the commands and the API give them: counts as integers, ratios rounded to 4 decimals."""
    data = {"member": member, "name": name, "events": f.events, "series": f.series, "deals": f.deals,
            "own_games": f.own_games, "won": f.won, "lost": f.lost, "win_rate": rounded(f.win_rate),
            "own_share": rounded(f.own_share),
            "by_game": {kind: {"played": p.played, "won": p.won} for kind, p in f.games.by_kind.items()},
            "hand": {"played": f.games.hand.played, "won": f.games.hand.won}, "passed_in": f.passed_in,
            "points": f.points, "per_48": rounded(f.per_48), "per_series": rounded(f.per_series),
            "best_series": f.best_series, "vs_table": rounded(f.vs_table)}
    return data


def flat_row(data: dict) -> dict:
    """One member's figures as one CSV line: ``by_game`` flattened to ``grand_played``, ``grand_won``…, ``hand``
    to ``hand_played``, ``hand_won``."""
    row = {key: value for key, value in data.items() if key not in ("by_game", "hand")}
    for kind, played in data["by_game"].items():
        row[f"{kind}_played"], row[f"{kind}_won"] = played["played"], played["won"]
    row["hand_played"], row["hand_won"] = data["hand"]["played"], data["hand"]["won"]
    return row


@dataclass(frozen=True)
class Versus:
    """Two players' series at one table: how many, each one's total there, who was ahead how often."""

    series: int
    a_total: int
    b_total: int
    a_ahead: int
    b_ahead: int
    equal: int


def versus(met: Iterable[tuple[int, int]]) -> Versus:
    """Head to head from the (a's total, b's total) of each series the two sat at one table."""
    met = list(met)
    return Versus(len(met), sum(a for a, _ in met), sum(b for _, b in met), sum(a > b for a, b in met),
                  sum(b > a for a, b in met), sum(a == b for a, b in met))


REVIEW = (("own_games", "most"), ("per_48", "best"), ("grand_won", "most"), ("win_rate", "best"))


def figure_of(f: Figures, name: str):
    """A figure by its name, for ranking (``grand_won``: Grands won; any other kind likewise)."""
    if name.endswith("_won") and name[:-4] in GAME_KINDS:
        return f.games.by_kind[name[:-4]].won
    if name.endswith("_played") and name[:-7] in GAME_KINDS:
        return f.games.by_kind[name[:-7]].played
    return getattr(f, name)


def ranked(figures_of: dict[int, Figures], by: str, min_series: int = 0) -> list[tuple[int, Figures]]:
    """The players with at least ``min_series`` series, best first by figure ``by`` (a figure of None last),
    ties by the more series."""
    rows = [(key, f) for key, f in figures_of.items() if f.series >= min_series]

    def order(row):
        value = figure_of(row[1], by)
        return (value is None, -(value or 0), -row[1].series, row[0])

    return sorted(rows, key=order)


def review(figures_of: dict[int, Figures], min_series: int = 0) -> dict[str, tuple[int, object] | None]:
    """The year's review: who played the most own games, the best per 48, the most Grands won and the best win
    rate, among those with at least ``min_series`` series: {figure: (player key, value)} (None: nobody)."""
    best = {}
    for name, _word in REVIEW:
        top = [row for row in ranked(figures_of, name, min_series) if figure_of(row[1], name) is not None]
        best[name] = (top[0][0], figure_of(top[0][1], name)) if top else None
    return best
