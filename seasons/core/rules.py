"""A season's rules: the JSON of ``manage.py season create --rules FILE.json``, read and checked once.

Vocabulary (the keys of the JSON object; each optional, any combination):
    score             how a member's results make his figure: ``total`` (the sum of the counted series' scores),
                      ``average`` (their mean), ``per_game`` (their sum over the games played in them, as ISPA
                      ranks) or ``placement`` (each event's overall rank gives ``placement_points``).
    placement_points  points for places 1, 2, 3, … of an event (``[25, 20, 16, …]``); a place beyond the list
                      gives none. Only with ``"score": "placement"``, which needs it.
    results           what one result is: ``series`` (the default: each series' score) or ``events`` (each
                      event's series added up: "the best 7 of 12 evenings"). Under ``placement`` always events.
    best              only the best N results count.
    worst_kept        the K worst results count as well (the club keeps its "Streichergebnisse" honest:
                      best 40 plus the worst 4). Needs ``best``.
    min_series        at least M series played to be ranked; the others are listed, unranked.
    min_games         at least G games played (in all his series) to be ranked.
    missed_penalty    points off the total for each series of the season the member did not play (off the total
                      only: never the average).
    holdback_percent  the share of each evening's entry fees kept for the season's prizes.
    prizes            the season's prizes in money by rank, first place first.
    category_prizes   the same per category: ``{"Damen": [30, 20]}``.
    year              the season's year (an association's ranking: the age categories count from it); default the
                      year of its first event.
    categories        categories by cut-off (an association's ranking): ``{"Junioren": {"under": 21}, "Senioren":
                      {"from": 60}, "Damen": {"category": "Damen"}}``: the age is ``year`` minus the year of birth;
                      ``under`` takes ages below it, ``from`` ages from it on, ``category`` the players who carry
                      that label; the bounds of one category hold together. Given, the table's categories are these.
    quotas            per region, how many of its best go on (``{"VG 1": 3, "VG 2": 2}``): the qualification lists.
    submission_days   a results file is taken until this many days after its event (none: any time).
    tie               the stated tie rule: ``"shared"`` (the default: equal figures share a rank, 1, 2, 2, 4) or
                      the rules that separate them, in order: ``more_series`` (more series played),
                      ``more_games`` (more games played), ``best_single`` (the better best counted result, then
                      the next best, …). Still equal after them: a shared rank.

``parse_rules`` refuses anything else with a ``RulesError`` naming the key and saying what would be valid.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from fractions import Fraction

from scoring.engine.text import Text, msg


class Score(StrEnum):
    TOTAL = "total"
    AVERAGE = "average"
    PER_GAME = "per_game"
    PLACEMENT = "placement"


TIE_RULES = ("more_series", "more_games", "best_single")
SHARED = "shared"
KEYS = ("score", "placement_points", "results", "best", "worst_kept", "min_series", "min_games", "missed_penalty",
        "holdback_percent", "prizes", "category_prizes", "tie", "year", "categories", "quotas", "submission_days")
CUT_OFFS = ("under", "from", "category")
CENT = Decimal("0.01")


class RulesError(ValueError):
    """A season's rules refused: ``field`` is the JSON key (dotted into lists and objects), ``message`` says why."""

    def __init__(self, field: str, message: Text):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class SeasonRules:
    """One season's rules, checked (see the module's vocabulary). Exact numbers: points are ``Fraction``,
    money ``Decimal``."""

    score: Score = Score.TOTAL
    placement_points: tuple[Fraction, ...] = ()
    results: str = "series"
    best: int | None = None
    worst_kept: int = 0
    min_series: int = 0
    min_games: int = 0
    missed_penalty: Fraction = Fraction(0)
    holdback_percent: Decimal = Decimal(0)
    prizes: tuple[Decimal, ...] = ()
    category_prizes: tuple[tuple[str, tuple[Decimal, ...]], ...] = field(default=())
    tie: tuple[str, ...] = ()
    year: int | None = None
    categories: tuple[tuple[str, tuple[tuple[str, int | str], ...]], ...] = ()  # (name, ((cut-off, value), …))
    quotas: tuple[tuple[str, int], ...] = ()
    submission_days: int | None = None

    @property
    def by_placement(self) -> bool:
        return self.score is Score.PLACEMENT

    @property
    def by_event(self) -> bool:
        """A result is an event (its series added up, or under placement its points), not a series."""
        return self.results == "events" or self.by_placement

    @property
    def ranks_by_average(self) -> bool:
        """Average and per game rank by the average; total and placement by the total."""
        return self.score in (Score.AVERAGE, Score.PER_GAME)

    def category_prize_list(self, category: str) -> tuple[Decimal, ...]:
        return dict(self.category_prizes).get(category, ())

    def as_json(self) -> dict:
        """The rules as the JSON they were read from (only what differs from the defaults): stored, shown, and
        read again by ``parse_rules`` to the same rules."""
        data = {"score": str(self.score)} if self.score is not Score.TOTAL else {}
        if self.placement_points:
            data["placement_points"] = [_number(p) for p in self.placement_points]
        if self.results != "series":
            data["results"] = self.results
        for key in ("best", "worst_kept", "min_series", "min_games"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        if self.missed_penalty:
            data["missed_penalty"] = _number(self.missed_penalty)
        if self.holdback_percent:
            data["holdback_percent"] = _number(Fraction(self.holdback_percent))
        if self.prizes:
            data["prizes"] = [_number(Fraction(p)) for p in self.prizes]
        if self.category_prizes:
            data["category_prizes"] = {name: [_number(Fraction(p)) for p in amounts]
                                       for name, amounts in self.category_prizes}
        if self.tie:
            data["tie"] = list(self.tie)
        for key in ("year", "submission_days"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.categories:
            data["categories"] = {name: dict(bounds) for name, bounds in self.categories}
        if self.quotas:
            data["quotas"] = dict(self.quotas)
        return data


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _shown(value, most: int = 60) -> str:
    """The value as its JSON, cut short: a refusal quotes what was sent, not all of it."""
    try:
        said = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        said = repr(value)
    return said if len(said) <= most else said[:most - 1] + "…"


def _whole(key: str, value, least: int) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise RulesError(key, msg("a whole number of at least {least}, not {value}", least=least,
                                  value=_shown(value)))
    return value


def _exact(key: str, value, least: int | float = 0, most: int | float | None = None) -> Fraction:
    """A JSON number as an exact fraction (0.1 is a tenth, not its binary neighbour)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (
            isinstance(value, float) and not math.isfinite(value)):
        raise RulesError(key, msg("a number, not {value}", value=_shown(value)))
    exact = Fraction(Decimal(str(value)))
    if exact < least or (most is not None and exact > most):
        if most is None:
            raise RulesError(key, msg("a number of at least {least}, not {value}", least=least, value=_shown(value)))
        raise RulesError(key, msg("a number from {least} to {most}, not {value}", least=least, most=most,
                                  value=_shown(value)))
    return exact


def _amounts(key: str, value) -> tuple[Decimal, ...]:
    """Money by rank: a list of amounts of at least 0, to the cent."""
    if not isinstance(value, list):
        raise RulesError(key, msg("a list of amounts, first place first, not {value}", value=_shown(value)))
    amounts = []
    for i, item in enumerate(value):
        exact = _exact(f"{key}.{i}", item)
        try:
            amount = Decimal(str(item)).quantize(CENT)
        except InvalidOperation:  # pragma: no cover  (a finite JSON number always quantizes)
            amount = None
        if amount is None or Fraction(amount) != exact:
            raise RulesError(f"{key}.{i}", msg("an amount to the cent, not {value}", value=_shown(item)))
        amounts.append(amount)
    return tuple(amounts)


def _tie(value) -> tuple[str, ...]:
    rules = [value] if isinstance(value, str) else value
    if not isinstance(rules, list) or not rules:
        raise RulesError("tie", msg("\"shared\" or a list of {rules}, not {value}", rules=", ".join(TIE_RULES),
                                    value=_shown(value)))
    if rules == [SHARED]:
        return ()
    for i, rule in enumerate(rules):
        if rule not in TIE_RULES:
            where = "tie" if isinstance(value, str) else f"tie.{i}"
            raise RulesError(where, msg("one of \"shared\", {rules}, not {value}", rules=", ".join(TIE_RULES),
                                        value=_shown(rule)))
        if rules.index(rule) != i:
            raise RulesError(f"tie.{i}", msg("{value} is named twice", value=_shown(rule)))
    return tuple(rules)


def parse_rules(data) -> SeasonRules:
    """The rules from their JSON object (already decoded), checked; ``RulesError`` for the first bad key."""
    if not isinstance(data, Mapping):
        raise RulesError("rules", msg("the rules are a JSON object, {{\"score\": \"average\", …}}, not {value}",
                                      value=_shown(data)))
    for key in data:
        if key not in KEYS:
            raise RulesError(str(key), msg("not a season rule; the rules are: {keys}", keys=", ".join(KEYS)))
    values = {}
    if "score" in data:
        try:
            values["score"] = Score(data["score"])
        except (ValueError, TypeError):
            raise RulesError("score", msg("one of {choices}, not {value}",
                                          choices=", ".join(s.value for s in Score),
                                          value=_shown(data["score"]))) from None
    score = values.get("score", Score.TOTAL)
    if "placement_points" in data:
        points = data["placement_points"]
        if score is not Score.PLACEMENT:
            raise RulesError("placement_points", msg("only with \"score\": \"placement\""))
        if not isinstance(points, list) or not points:
            raise RulesError("placement_points", msg("the points for places 1, 2, 3, …, e.g. [25, 20, 16], not "
                                                     "{value}", value=_shown(points)))
        values["placement_points"] = tuple(_exact(f"placement_points.{i}", p) for i, p in enumerate(points))
    elif score is Score.PLACEMENT:
        raise RulesError("placement_points", msg("\"score\": \"placement\" needs the points for places 1, 2, 3, …, "
                                                 "e.g. [25, 20, 16]"))
    if "results" in data:
        if data["results"] not in ("series", "events"):
            raise RulesError("results", msg("one of {choices}, not {value}", choices="series, events",
                                            value=_shown(data["results"])))
        if score is Score.PLACEMENT and data["results"] == "series":
            raise RulesError("results", msg("under \"placement\" a result is an event"))
        values["results"] = data["results"]
    if "best" in data:
        values["best"] = _whole("best", data["best"], 1)
    if "worst_kept" in data:
        values["worst_kept"] = _whole("worst_kept", data["worst_kept"], 0)
        if values["worst_kept"] and "best" not in values:
            raise RulesError("worst_kept", msg("the worst results kept only count beside \"best\""))
    for key in ("min_series", "min_games"):
        if key in data:
            values[key] = _whole(key, data[key], 0)
    if "missed_penalty" in data:
        values["missed_penalty"] = _exact("missed_penalty", data["missed_penalty"])
    if "holdback_percent" in data:
        _exact("holdback_percent", data["holdback_percent"], 0, 100)
        values["holdback_percent"] = Decimal(str(data["holdback_percent"]))
    if "prizes" in data:
        values["prizes"] = _amounts("prizes", data["prizes"])
    if "category_prizes" in data:
        categories = data["category_prizes"]
        if not isinstance(categories, Mapping):
            raise RulesError("category_prizes", msg("an object of categories and their prizes, e.g. "
                                                    "{{\"Damen\": [30, 20]}}, not {value}",
                                                    value=_shown(categories)))
        for name in categories:
            if not str(name).strip():
                raise RulesError("category_prizes", msg("a category needs a name"))
        values["category_prizes"] = tuple((str(name), _amounts(f"category_prizes.{name}", amounts))
                                          for name, amounts in categories.items())
    if "tie" in data:
        values["tie"] = _tie(data["tie"])
    if "year" in data:
        values["year"] = _whole("year", data["year"], 1900)
    if "submission_days" in data:
        values["submission_days"] = _whole("submission_days", data["submission_days"], 0)
    if "categories" in data:
        values["categories"] = _categories(data["categories"])
    if "quotas" in data:
        quotas = data["quotas"]
        if not isinstance(quotas, Mapping) or not quotas:
            raise RulesError("quotas", msg("an object of regions and how many of each go on, e.g. "
                                           "{{\"VG 1\": 3, \"VG 2\": 2}}, not {value}", value=_shown(quotas)))
        values["quotas"] = tuple((_named("quotas", region), _whole(f"quotas.{region}", count, 0))
                                 for region, count in quotas.items())
    return SeasonRules(**values)


def _named(key: str, name) -> str:
    name = " ".join(str(name).split())
    if not name:
        raise RulesError(key, msg("a name may not be empty"))
    return name


def _categories(value) -> tuple:
    """``{"Junioren": {"under": 21}, …}`` checked: each category's bounds, ages whole numbers, a label a text."""
    if not isinstance(value, Mapping) or not value:
        raise RulesError("categories", msg("an object of categories and their cut-offs, e.g. {{\"Junioren\": "
                                           "{{\"under\": 21}}, \"Senioren\": {{\"from\": 60}}}}, not {value}",
                                           value=_shown(value)))
    categories = []
    for name, bounds in value.items():
        where = f"categories.{name}"
        name = _named("categories", name)
        if not isinstance(bounds, Mapping) or not bounds:
            raise RulesError(where, msg("the cut-offs of the category ({cuts}), not {value}",
                                        cuts=", ".join(CUT_OFFS), value=_shown(bounds)))
        checked = []
        for cut, bound in bounds.items():
            if cut not in CUT_OFFS:
                raise RulesError(f"{where}.{cut}", msg("one of {cuts}", cuts=", ".join(CUT_OFFS)))
            if cut == "category":
                if not isinstance(bound, str) or not bound.strip():
                    raise RulesError(f"{where}.{cut}", msg("the label the players carry, e.g. \"Damen\", not "
                                                           "{value}", value=_shown(bound)))
                checked.append((cut, " ".join(bound.split())))
            else:
                checked.append((cut, _whole(f"{where}.{cut}", bound, 0)))
        categories.append((name, tuple(checked)))
    return tuple(categories)
