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

The Sportordnung's administration (each off by default; the sources give no DSkV-wide figure unless named):
    one_club_per_season       a person (his membership number, else his name) plays for one club in all of the
                              server's leagues of the same season; the second club's line-up naming him is refused.
                              LV 13 Hamburg: "nur für einen Verein" in a calendar year.
    lineup_due_days           days before the match day its line-up is due (by the end of that day); 0: on the day.
                              ISPA: the Thursday before a Saturday, 2.
    lineup_corrections_until  the time on the match day ("09:00", ISPA) after which a captain's line-up is refused;
                              "" (default): until the day is seated. The league director may still set it, with a
                              reason kept in the day's history.
    substitutions_per_series  the most Wechsel of one team in one series (0: no limit; DSkV team championship 1).
    no_show_fine              money (the club's currency, "50.00") booked against a team that did not appear, in
                              the league's cash book (Ordnungsgeld; the amounts are not known: 0).
    no_show_deduction         Wertungspunkte taken from a team for each match day it did not appear (0).
    team_fee                  the money a team owes for the season (Startgeld), booked when the team is added (0).

``parse_rules`` refuses anything else with a ``RulesError`` naming the key.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from decimal import Decimal, InvalidOperation

from scoring.engine.text import Text, msg

TABLE_KEYS = ("points", "game_points")
KEYS = ("per_beaten", "series_per_day", "team_size", "roster_max", "days", "promote", "relegate", "binding_days",
        "table_order", "min_games", "central_days", "one_club_per_season", "lineup_due_days",
        "lineup_corrections_until", "substitutions_per_series", "no_show_fine", "no_show_deduction", "team_fee")
MONEY_KEYS = ("no_show_fine", "team_fee")
MONEY_MOST = Decimal("100000")
_LEAST = {"per_beaten": 1, "series_per_day": 1, "team_size": 3, "roster_max": 3, "days": 1, "promote": 0,
          "relegate": 0, "binding_days": 0, "min_games": 0, "lineup_due_days": 0, "substitutions_per_series": 0,
          "no_show_deduction": 0}
_MOST = {"per_beaten": 100, "series_per_day": 12, "team_size": 6, "roster_max": 30, "days": 40, "promote": 100,
         "relegate": 100, "binding_days": 365, "min_games": 100000, "lineup_due_days": 14,
         "substitutions_per_series": 12, "no_show_deduction": 100}
_TIME = re.compile(r"([01][0-9]|2[0-3]):[0-5][0-9]")


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
    one_club_per_season: bool = False
    lineup_due_days: int = 0
    lineup_corrections_until: str = ""
    substitutions_per_series: int = 0
    no_show_fine: Decimal = Decimal("0.00")
    no_show_deduction: int = 0
    team_fee: Decimal = Decimal("0.00")

    def central(self, day: int) -> bool:
        """Whether match day ``day`` is played centrally (at the day's venue, not at the groups' hosts)."""
        return day in self.central_days

    def as_json(self) -> dict:
        """Only what differs from the defaults; ``parse_rules`` reads it back to the same rules."""
        data = {}
        for spec in fields(self):
            value = getattr(self, spec.name)
            if value != spec.default:
                data[spec.name] = (list(value) if isinstance(value, tuple) else str(value)
                                   if isinstance(value, Decimal) else value)
        return data


def _shown(value) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def _money(key: str, value) -> Decimal:
    """An amount of money from a JSON number or string ("50", "50.00", 12.5): from 0 to 100,000, in cents."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)) or (isinstance(value, str) and (
            len(value) > 12 or not re.fullmatch(r"[0-9]+(\.[0-9]{1,2})?", value.strip()))):
        raise RulesError(key, msg("an amount of money as 50.00, not {value}", value=_shown(value)))
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:
        raise RulesError(key, msg("an amount of money as 50.00, not {value}", value=_shown(value))) from None
    if not amount.is_finite() or amount < 0 or amount > MONEY_MOST or amount != amount.quantize(Decimal("0.01")):
        raise RulesError(key, msg("an amount of money from 0 to {most} in cents, not {value}", most=MONEY_MOST,
                                  value=_shown(value)))
    return amount.quantize(Decimal("0.01"))


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
        if key == "one_club_per_season":
            if not isinstance(value, bool):
                raise RulesError(key, msg("true or false, not {value}", value=_shown(value)))
            values[key] = value
            continue
        if key == "lineup_corrections_until":
            if not isinstance(value, str) or (value and not _TIME.fullmatch(value)):
                raise RulesError(key, msg("a time of day as 09:00, or empty, not {value}", value=_shown(value)))
            values[key] = value
            continue
        if key in MONEY_KEYS:
            values[key] = _money(key, value)
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
