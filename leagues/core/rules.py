"""A league's rules: the JSON of ``manage.py league create --rules FILE.json``, read and checked once.

Vocabulary (the keys; each optional):
    per_beaten      Wertungspunkte a team gets in a series for every team of its group with a lower sum (half for
                    an equal sum): 1 (DSkV: 3:0, 2:1, …), 2 (ISPA: 6/4/2/0).
    series_per_day  series a match day plays (3; DSkV 2 in the Landesliga, 4 in the 1. Bundesliga).
    team_size       players a team fields (4); one fewer may play (an incomplete team), never fewer.
    roster_max      players on a team's roster (6).
    days            match days of the season (5).
    promote         top places marked Aufsteiger (0); ``relegate`` bottom places marked Absteiger (0).
    binding_days    days after a match day its results turn binding by themselves (14).
    table_order     the table's keys in order, each higher first: ``points`` (Wertungspunkte) and ``game_points``
                    (Spielpunkte); rows equal on every key share the rank.
    min_games       games (deals) a player needs for a rank in the individual ranking (0; ISPA 540).
    central_days    the match days played centrally, every group at one venue the league director names (a list of
                    day numbers, each once, from 1 to ``days``; none by default: every day at the groups' hosts).
                    The DSkV plays days 1-4 at the hosts and may play day 5 centrally: ``[5]``.

``parse_rules`` refuses anything else with a ``RulesError`` naming the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
import json

from scoring.engine.text import Text, msg

TABLE_KEYS = ("points", "game_points")
KEYS = ("per_beaten", "series_per_day", "team_size", "roster_max", "days", "promote", "relegate", "binding_days",
        "table_order", "min_games", "central_days")
_LEAST = {"per_beaten": 1, "series_per_day": 1, "team_size": 3, "roster_max": 3, "days": 1, "promote": 0,
          "relegate": 0, "binding_days": 0, "min_games": 0}
_MOST = {"per_beaten": 100, "series_per_day": 12, "team_size": 6, "roster_max": 30, "days": 40, "promote": 100,
         "relegate": 100, "binding_days": 365, "min_games": 100000}


class RulesError(ValueError):
    """A league's rules refused: ``field`` is the JSON key, ``message`` says why (a ``msg`` the caller says in the
    reader's language)."""

    def __init__(self, field: str, message: Text):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class LeagueRules:
    per_beaten: int = 1
    series_per_day: int = 3
    team_size: int = 4
    roster_max: int = 6
    days: int = 5
    promote: int = 0
    relegate: int = 0
    binding_days: int = 14
    table_order: tuple[str, ...] = TABLE_KEYS
    min_games: int = 0
    central_days: tuple[int, ...] = ()

    def central(self, day: int) -> bool:
        """Whether match day ``day`` is played centrally (at the day's venue, not at the groups' hosts)."""
        return day in self.central_days

    def as_json(self) -> dict:
        """Only what differs from the defaults; ``parse_rules`` reads it back to the same rules."""
        data = {}
        for spec in fields(self):
            value = getattr(self, spec.name)
            if value != spec.default:
                data[spec.name] = list(value) if isinstance(value, tuple) else value
        return data


def _shown(value) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def parse_rules(data) -> LeagueRules:
    """The rules from their decoded JSON object; ``RulesError`` for the first bad key."""
    if not isinstance(data, Mapping):
        raise RulesError("rules", msg("the rules are a JSON object, {{\"per_beaten\": 2, …}}, not {value}",
                                      value=_shown(data)))
    values = {}
    for key, value in data.items():
        if key not in KEYS:
            raise RulesError(str(key), msg("not a league rule; the rules are: {keys}", keys=", ".join(KEYS)))
        if key == "table_order":
            if (not isinstance(value, list) or not value or any(item not in TABLE_KEYS for item in value)
                    or len(set(value)) != len(value)):
                raise RulesError(key, msg("a list of {keys}, each once, not {value}", keys=", ".join(TABLE_KEYS),
                                          value=_shown(value)))
            values[key] = tuple(value)
            continue
        if key == "central_days":
            if (not isinstance(value, list) or any(isinstance(item, bool) or not isinstance(item, int) or item < 1
                                                   for item in value) or len(set(value)) != len(value)):
                raise RulesError(key, msg("a list of match day numbers, each once, e.g. [5], not {value}",
                                          value=_shown(value)))
            values[key] = tuple(sorted(value))
            continue
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not _LEAST[key] <= value <= _MOST[key]:
            raise RulesError(key, msg("a whole number from {least} to {most}, not {value}", least=_LEAST[key],
                                      most=_MOST[key], value=_shown(value)))
        values[key] = value
    rules = LeagueRules(**values)
    if any(day > rules.days for day in rules.central_days):
        raise RulesError("central_days", msg("match days from 1 to {days}, not {value}", days=rules.days,
                                             value=_shown(list(rules.central_days))))
    if rules.roster_max < rules.team_size:
        raise RulesError("roster_max", msg("a roster holds at least the {size} players a team fields",
                                           size=rules.team_size))
    return rules
