"""The season table: per member, what counted and what was dropped, his total or average, qualified or not, his
rank and prize, and why, line by line. Also per category.

Vocabulary:
    evening      one event of the season (``Evening``): its tournament id, name, number of series and the entry
                 fees taken (for the holdback).
    result       what one member made that the rules can count or drop (``Result``): a series' score (its row's
                 ``total`` in the event's own standings); with ``"results": "events"`` an event's series added up;
                 under ``placement`` an event's points for his place (``series`` is None for an event).
    counted      the results that make his figure: all of them, or the best N plus the worst K kept.
    dropped      the others (a "Streichergebnis" each).
    missed       the season's series he did not play (of the evenings given so far).
    total        the counted results' sum less the missed-series penalty.
    average      the counted results' sum over their number (under ``per_game``: over the games played in them);
                 the missed-series penalty never touches it.
    figure       what ranks: the average under ``average`` and ``per_game``, else the total.
    qualified    enough series and games played (``min_series``, ``min_games``) and a figure to rank by.
    explanation  why, line by line (``seasons.core.why``), made when first read.
    rank         among the qualified: a higher figure first, then the stated tie rule; still equal, a shared rank
                 (1, 2, 2, 4). The unqualified are listed after them without a rank.
    held back    the share of each evening's entry fees taken (the cash book's fee lines, reversals included) kept
                 for the season's prizes, each evening's to the cent, half a cent up (25 % of 24,50 € = 6,125 € →
                 6,13 €): ``evening_held_back``; the season's is the sum of its evenings'. The cash report of each
                 evening shows the same figure (``seasons.holdbacks``).

Which of equal results counts is settled the same way every time: among equal scores the one of fewer games,
then the earlier one is taken as the better (it changes no sum; under ``per_game`` it favours the player).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import MISSING, dataclass, field, fields
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import partial
from itertools import chain, groupby
from operator import attrgetter, itemgetter
from typing import NamedTuple

from scoring.engine.text import Text

from .association import categories_of
from .rules import CENT, Score, SeasonRules
from .why import Lines, rank_lines, result_lines


@dataclass(frozen=True)
class Evening:
    tournament: int
    name: str
    series: int
    fees: Decimal = Decimal(0)
    year: int | None = None  # the year of its date: the season's year unless the rule says it


@dataclass(frozen=True)
class MemberResults:
    """What a member played in the season's evenings: his series and his overall place in each event."""

    member: int
    name: str
    series: tuple[SeriesResult, ...] = ()
    places: tuple[tuple[int, int], ...] = ()  # (tournament, overall rank)
    categories: frozenset[str] = frozenset()
    # an association's ranking (``seasons.core.association``): the person's number, year of birth, the clubs he
    # played for and his region
    person: str | None = None
    birth_year: int | None = None
    clubs: tuple[str, ...] = ()
    region: str = ""


def member_results(member: int, name: str, series: tuple = (), places: tuple = (), categories=frozenset(),
                   **more) -> MemberResults:
    """A ``MemberResults`` made as ``changed`` makes a copy, the fields not given their defaults (an association's
    ranking makes one for each of thousands of a results file's players)."""
    made = object.__new__(MemberResults)
    made.__dict__.update(_MEMBER_DEFAULTS, member=member, name=name, series=series, places=places,
                         categories=categories, **more)
    return made


class Result(NamedTuple):
    """A result the rules count or drop (see the vocabulary). A plain tuple: some 12,500 of them are made and
    sorted on every reading of a season."""

    tournament: int
    series: int | None
    score: int | Fraction  # an int when whole: ints sort fast
    games: int
    place: int | None = None

    def as_json(self) -> dict:
        data = {"tournament": self.tournament, "series": self.series, "score": figure_json(self.score)}
        return data if self.place is None else data | {"place": self.place}


SeriesResult = Result
"""A member's series as read: its row's ``total`` in the event's standings (``score``) and the games he played in
it (``games``); the result the rules count or drop when a result is a series."""


_MEMBER_DEFAULTS = {f.name: f.default for f in fields(MemberResults) if f.default is not MISSING}


@dataclass(frozen=True)
class SeasonRow:
    member: int
    name: str
    categories: frozenset[str]
    qualified: bool
    series_played: int
    games: int
    missed: int
    counted: tuple[Result, ...]
    dropped: tuple[Result, ...]
    total: int | Fraction
    average: Fraction | None
    figure: int | Fraction | None
    rank: int | None = None
    prize: Decimal = Decimal(0)
    explanation: Sequence[Text] = ()  # made when first read (``why.Lines``)
    person: str | None = None
    clubs: tuple[str, ...] = ()
    region: str = ""

    def as_json(self) -> dict:
        return {"member": self.member, "name": self.name, "rank": self.rank, "qualified": self.qualified,
                "series_played": self.series_played, "games": self.games, "missed": self.missed,
                "counted": [r.as_json() for r in self.counted], "dropped": [r.as_json() for r in self.dropped],
                "total": figure_json(self.total),
                "average": None if self.average is None else round(float(self.average), 2),
                "prize": float(self.prize), "explanation": [str(line) for line in self.explanation]}


@dataclass(frozen=True)
class SeasonTable:
    rules: SeasonRules
    season_series: int
    held_back: Decimal
    rows: tuple[SeasonRow, ...]
    categories: tuple[tuple[str, tuple[SeasonRow, ...]], ...] = field(default=())

    def as_json(self) -> dict:
        return {"rows": [row.as_json() for row in self.rows],
                "categories": {name: [row.as_json() for row in rows] for name, rows in self.categories},
                "season_series": self.season_series, "held_back": float(self.held_back),
                "rules": self.rules.as_json()}


def figure_json(value: int | Fraction) -> int | float:
    """A figure for JSON: whole numbers as they are, others to two places."""
    return int(value) if Fraction(value).denominator == 1 else round(float(value), 2)


def changed(value, **fields):
    """A copy of the frozen dataclass ``value`` (of plain fields, no ``__post_init__``) with ``fields`` changed:
    what ``dataclasses.replace`` gives, without its per-field work (an association's ranking copies thousands of
    rows when it ranks them)."""
    copy = object.__new__(type(value))
    held = copy.__dict__
    held.update(value.__dict__)
    held.update(fields)
    return copy


def evening_held_back(fees: Decimal, percent: Decimal) -> Decimal:
    """``percent`` of one evening's entry fees taken, to the cent, half a cent up (exact Decimal arithmetic: the
    product of two Decimals of a few places is exact, so only this rounding happens)."""
    return (fees * percent / 100).quantize(CENT, ROUND_HALF_UP)


def held_back(evenings: Iterable[Evening], percent: Decimal) -> Decimal:
    """The season's prize pot: the sum of what each evening holds back for it (``evening_held_back``)."""
    return sum((evening_held_back(e.fees, percent) for e in evenings), Decimal(0))


def _results(member: MemberResults, rules: SeasonRules, positions: dict[int, int], by_id: bool,
             ordered: bool = False) -> list[Result]:
    """The member's results the rules count or drop, in the season's order (``positions``: each evening's place in
    it times 2 ** 32; ``by_id``: the evenings' ids are in it, so a result's (tournament, series) sorts them without
    looking their places up; ``ordered``: his series are given in it, so are the results made of them)."""
    if rules.by_placement:
        games = {}
        for s in member.series:
            games[s.tournament] = games.get(s.tournament, 0) + s.games
        points = [int(p) if p.denominator == 1 else p for p in rules.placement_points]
        results = [Result(t, None, points[place - 1] if 0 < place <= len(points) else 0, games.get(t, 0), place)
                   for t, place in member.places]
    elif rules.by_event:
        totals: dict[int, list[int]] = {}
        for s in member.series:
            score_games = totals.setdefault(s.tournament, [0, 0])
            score_games[0] += s.score
            score_games[1] += s.games
        results = [Result(t, None, score, games) for t, (score, games) in totals.items()]
    else:
        results = member.series  # each a Result already
    if len(results) < 2 or (ordered and not rules.by_placement):  # in order (one result: in any)
        return list(results)
    if by_id:  # the same order (a member has one result a series, or an event), some 12,500 lookups fewer
        return sorted(results, key=_season_key)
    # one int a result, its evening's place high and its series low: ints compare faster than pairs (a series'
    # number is a small int, far below 2 ** 32)
    return sorted(results, key=lambda r: positions[r[0]] + (r[1] or 0))


def choose(results: Sequence[Result], best: int | None, worst_kept: int) -> tuple[list[Result], list[Result],
                                                                                     list[Result]]:
    """(the best N, the worst K kept, the dropped) of results in the season's order; without ``best``, or with
    no more results than N + K, every result is among the best."""
    if best is None or len(results) <= best + worst_kept:
        return list(results), [], []
    # better first: the higher score, then fewer games, then the earlier (``results`` is in the season's order)
    ranked = sorted(range(len(results)), key=lambda i: (-results[i].score, results[i].games, i))
    worst = set(ranked[len(ranked) - worst_kept:]) if worst_kept else set()
    top = set(ranked[:best])
    return ([r for i, r in enumerate(results) if i in top], [r for i, r in enumerate(results) if i in worst],
            [r for i, r in enumerate(results) if i not in top and i not in worst])


def member_row(member: MemberResults, rules: SeasonRules, season_series: int, names: dict[int, str],
               order: dict[int, int], by_id: bool = False) -> SeasonRow:
    """A member's row before ranking: his counted and dropped results, figures and qualification; why, when read.
    (``by_id``: see ``_results``.)"""
    return row_maker(rules, season_series, names, order, by_id)(member)


def row_maker(rules: SeasonRules, season_series: int, names: dict[int, str], order: dict[int, int],
              by_id: bool = False, ordered: bool = False) -> Callable[[MemberResults], SeasonRow]:
    """``member_row`` for many members of one season: the rules read once (an association's ranking makes rows for
    thousands of members, most of one or two results)."""
    best, worst_kept, penalty = rules.best, rules.worst_kept, rules.missed_penalty
    per_game, by_average, as_played = rules.score is Score.PER_GAME, rules.ranks_by_average, not rules.by_event
    min_series, min_games = rules.min_series, rules.min_games
    positions = {tournament: place << 32 for tournament, place in order.items()}  # see ``_results``
    # the average of one result is its score as a fraction: made once for each score (thousands of a results
    # file's players of one series share a few hundred scores; a fraction never changes, so rows can share it)
    as_fraction: dict[int | Fraction, Fraction] = {}

    def row_of(member: MemberResults) -> SeasonRow:
        series = member.series
        if as_played and len(series) == 1 and (best is None or best + worst_kept >= 1):
            # one result, counted (a results file's player of one series: thousands of them)
            results = counted = list(series)
            worst, dropped = (), ()
            played, games, counted_sum = 1, series[0][3], series[0][2]
        else:
            results = list(series) if as_played and len(series) < 2 else _results(member, rules, positions, by_id,
                                                                                      ordered)
            if best is None or len(results) <= best + worst_kept:  # every result counts (``choose``)
                counted, worst, dropped = results, (), ()
            else:
                top, worst, dropped = choose(results, best, worst_kept)
                kept = {id(r) for r in top} | {id(r) for r in worst}
                counted = [r for r in results if id(r) in kept]  # in the season's order
            played, games = len(series), sum(map(_games, series))
            counted_sum = sum(map(_score, counted))
        missed = max(0, season_series - played)
        # no penalty rule: the sum as it is, an int when the scores are (ints compare fast: a ranking over every
        # club's evenings and files sorts thousands of rows by it)
        total = Fraction(counted_sum) - missed * penalty if penalty else counted_sum
        if per_game:
            counted_games = sum(map(_games, counted))
            average = Fraction(counted_sum, counted_games) if counted_games else None
        elif len(counted) == 1:  # a file's player of one series, thousands of them
            average = as_fraction.get(counted_sum)
            if average is None:
                average = as_fraction[counted_sum] = Fraction(counted_sum)
        else:
            average = Fraction(counted_sum, len(counted)) if counted else None
        figure = average if by_average else total
        # made as ``changed`` makes a copy (a frozen dataclass's own constructor sets its 18 fields one by one)
        fields = {"member": member.member, "name": member.name, "categories": frozenset(member.categories),
                  "qualified": figure is not None and played >= min_series and games >= min_games,
                  "series_played": played, "games": games, "missed": missed, "counted": tuple(counted),
                  "dropped": tuple(dropped), "total": total, "average": average, "figure": figure, "rank": None,
                  "prize": _NO_PRIZE, "explanation": (), "person": member.person, "clubs": member.clubs,
                  "region": member.region}
        bare, row = object.__new__(SeasonRow), object.__new__(SeasonRow)
        bare.__dict__.update(fields)
        # the row's own lines, made when read from its figures: from a copy without them (lines naming the row
        # itself would make a cycle of the two, left to a later collection pass: thousands in an association's year)
        fields["explanation"] = Lines(partial(result_lines, bare, rules, season_series, names, results, worst))
        row.__dict__.update(fields)
        return row

    return row_of


_NO_PRIZE = Decimal(0)  # a row's prize before ranking (``SeasonRow.prize``'s default)


def tie_key(row: SeasonRow, rules: SeasonRules) -> tuple:
    """The figures the stated tie rule compares after the figure, higher is better."""
    key = []
    for rule in rules.tie:
        if rule == "more_series":
            key.append(row.series_played)
        elif rule == "more_games":
            key.append(row.games)
        else:  # best_single: the best counted result, then the next, ...
            key.append(tuple(sorted((r.score for r in row.counted), reverse=True)))
    return tuple(key)


def rank_rows(rows: Iterable[SeasonRow], rules: SeasonRules, prizes: Sequence[Decimal]) -> tuple[SeasonRow, ...]:
    """The rows in the table's order with their ranks, prizes (tied ranks share the prizes of the places they
    take, each share rounded down to the cent) and the ranking's lines added to their explanation."""
    rows = sorted(rows, key=_name_order)  # equal keys are listed by name
    # the figure first (a row without one last), then the tie rule's figures; stable: equal keys stay by name
    if rules.tie:
        key = {r.member: ((r.figure is not None, r.figure or 0), tie_key(r, rules)) for r in rows}
        ordered = sorted(rows, key=lambda r: key[r.member], reverse=True)
    elif None in map(_figure, rows):
        ordered = sorted(rows, key=lambda r: (r.figure is not None, r.figure or 0), reverse=True)
    else:  # every row has a figure (a total always is one): the figure alone, read in C
        ordered = sorted(rows, key=_figure, reverse=True)
    qualified = [r for r in ordered if r.qualified]
    ranked, position = [], 0
    for _, same_figure in groupby(qualified, key=_figure):
        same_figure = list(same_figure)
        # no tie rule: the key is the figure, the same for all of them
        separated = bool(rules.tie) and len(same_figure) > 1 and len({key[r.member] for r in same_figure}) > 1
        groups = ([list(group) for _, group in groupby(same_figure, key=lambda r: key[r.member])] if separated
                  else [same_figure])  # not separated: all of them share one key
        for group in groups:
            share = _share(prizes, position, len(group)) if position < len(prizes) else _NO_SHARE
            for row in group:  # ``changed`` written out: thousands of rows in an association's ranking
                made = object.__new__(SeasonRow)
                held = made.__dict__
                held.update(row.__dict__)
                held["rank"], held["prize"] = position + 1, share
                held["explanation"] = Lines(partial(rank_lines, row, rules, same_figure, group, separated, position,
                                                    share))
                ranked.append(made)
            position += len(group)
    return (*ranked, *(r for r in ordered if not r.qualified))


_NO_SHARE = (Decimal(0) / 1).quantize(CENT, ROUND_DOWN)  # the share of places beyond the prizes: 0.00


def _share(prizes: Sequence[Decimal], position: int, size: int) -> Decimal:
    """Each share of the prizes of the ``size`` places from ``position`` on, rounded down to the cent."""
    if position >= len(prizes):  # no prize left: the same 0.00 as the sum of none shared
        return _NO_SHARE
    pool = sum((prizes[i] for i in range(position, position + size) if i < len(prizes)), Decimal(0))
    return (pool / size).quantize(CENT, ROUND_DOWN)


_tournament = itemgetter(0)  # of a result or a place (tournament, rank)
_season_key = itemgetter(0, 1)  # a result's (tournament, series): its season order when the ids are in it
_score, _games = itemgetter(2), itemgetter(3)  # of a result
_name_order, _figure, _member = attrgetter("name", "member"), attrgetter("figure"), attrgetter("member")  # of a row
_series_of, _places_of = attrgetter("series"), attrgetter("places")  # of a member's results


def season_year(rules: SeasonRules, evenings: Sequence[Evening]) -> int | None:
    """The rule ``year``, else the year of the season's first event (None: no event has a date)."""
    if rules.year is not None:
        return rules.year
    return next((e.year for e in evenings if e.year is not None), None)


def season_table(rules: SeasonRules, evenings: Sequence[Evening], members: Iterable[MemberResults], *,
                 ordered: bool = False) -> SeasonTable:
    """The season table of ``members`` over ``evenings`` (in the season's order) under ``rules``; per category
    too (every category a member names, and every one with prizes). ``ordered``: every member's series are given
    in the season's order (an association's ranking gathers them so: tens of thousands not sorted again)."""
    order = {e.tournament: i for i, e in enumerate(evenings)}
    if len(order) != len(evenings):
        raise ValueError("an evening is given twice")
    names = {e.tournament: e.name for e in evenings}
    season_series = sum(e.series for e in evenings)
    members = list(members)
    # every member's tournaments at once (some 50,000 results of an association's year: one set made in C)
    played_in = set(map(_tournament, chain.from_iterable(map(_series_of, members))))
    played_in.update(map(_tournament, chain.from_iterable(map(_places_of, members))))
    if not played_in.issubset(order):
        for member in members:
            strays = (set(map(_tournament, member.series)) | set(map(_tournament, member.places))).difference(order)
            if strays:
                raise ValueError(
                    f"member {member.member} has results of tournaments not in the season: {sorted(strays)}")
    # evenings made one after the other have their ids in the season's order: then the ids order the results
    by_id = list(order) == sorted(order)
    if rules.categories:  # the rule's categories by cut-off, in the season's year
        year = season_year(rules, evenings)
        members = [changed(m, categories=categories_of(rules.categories, year, m.birth_year, m.categories))
                   for m in members]
    rows = list(map(row_maker(rules, season_series, names, order, by_id, ordered), members))
    table_rows = rank_rows(rows, rules, rules.prizes)
    categories = sorted({c for r in rows for c in r.categories} | {name for name, _ in rules.category_prizes}
                        | {name for name, _ in rules.categories})
    by_category = tuple((c, rank_rows([r for r in rows if c in r.categories], rules, rules.category_prize_list(c)))
                        for c in categories)
    return SeasonTable(rules, season_series, held_back(evenings, rules.holdback_percent), table_rows, by_category)
