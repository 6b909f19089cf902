"""The rules an association's level plays by, to fill the new Staffel's form (each a ``parse_rules`` object).

Vocabulary: a preset's key names the level; its rules differ from the defaults only where the sources say so
(ASSOCIATION.md): the DSkV's levels (2025) play 5 match days, a series giving 1 Wertungspunkt per team beaten;
the Landesliga 2 series a day, Oberliga/Verbandsliga and Regionalliga 3 with day 5 central, the 2. Bundesliga 3 with
days 2 to 5 central (two double days), the 1. Bundesliga 4 with every day central. ISPA counts 2 per team beaten
(6/4/2/0), 20 series on 5 days, the line-up due the Thursday before (2 days before a Saturday) with corrections until
09:00, and ranks players with at least 540 games.
"""

from __future__ import annotations

from .rules import LeagueRules, parse_rules

_DSKV = {"per_beaten": 1, "days": 5, "team_size": 4}

PRESETS: dict[str, dict] = {
    "dskv-landesliga": {**_DSKV, "series_per_day": 2, "central_days": [5]},
    "dskv-oberliga": {**_DSKV, "series_per_day": 3, "central_days": [5]},
    "dskv-regionalliga": {**_DSKV, "series_per_day": 3, "central_days": [5]},
    "dskv-2-bundesliga": {**_DSKV, "series_per_day": 3, "central_days": [2, 3, 4, 5]},
    "dskv-1-bundesliga": {**_DSKV, "series_per_day": 4, "central_days": [1, 2, 3, 4, 5]},
    "ispa": {"per_beaten": 2, "days": 5, "series_per_day": 4, "team_size": 4, "min_games": 540,
             "lineup_due_days": 2, "lineup_corrections_until": "09:00"},
}


def preset(key: str) -> LeagueRules:
    """The rules of preset ``key`` (a ``KeyError`` for none such)."""
    return parse_rules(PRESETS[key])
