"""The new Staffel's form: a field for every rule, each with its help, filled from a preset or from what was sent,
and read back to the rules' JSON object (``leagues.core.parse_rules`` checks it).

Vocabulary:
    rule field   one rule's input: its key (the JSON's), its label and help, and its kind: ``number`` (a whole
                 number), ``money`` (50.00; a comma is taken as the point), ``time`` (09:00 or empty), ``days``
                 (match day numbers, "2, 3, 4, 5"), ``order`` (the table's order, one of ``ORDERS``), ``yes``
                 (a checkbox).
    values       what the form shows: each key's text ("" for a checkbox left off).
    change form  one of the league page's or a match day's changes (its ``action``) as the page sends it: every
                 field taken as sent (the view reads a number as every number a league's page sends, the service
                 checks the rest), each with its label, so a refusal shows beside the field it names; a hidden
                 field (which team, which group) is said with the form's own messages. ``refused_fields`` names
                 the form's field for a refusal naming another (``common.forms.refuse``), and ``key_field`` the
                 field that tells one form of the page from the others of its kind (the team's, the group's).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from django import forms
from django.utils.translation import gettext_lazy as _

from leagues.core import PRESETS, LeagueRules, preset
from leagues.services import LeagueError, split_names

ORDERS = {"points,game_points": _("Wertungspunkte, then Spielpunkte"),
          "game_points,points": _("Spielpunkte, then Wertungspunkte"),
          "points": _("Wertungspunkte only (equal: a shared rank)")}

PRESET_NAMES = {"dskv-landesliga": _("DSkV Landesliga (2 series a day, day 5 central)"),
                "dskv-oberliga": _("DSkV Oberliga / Verbandsliga (3 series a day, day 5 central)"),
                "dskv-regionalliga": _("DSkV Regionalliga (3 series a day, day 5 central)"),
                "dskv-2-bundesliga": _("DSkV 2. Bundesliga (3 series a day, days 2 to 5 central)"),
                "dskv-1-bundesliga": _("DSkV 1. Bundesliga (4 series a day, every day central)"),
                "ispa": _("ISPA (6/4/2/0, line-up due 2 days before, corrections until 09:00)")}
assert set(PRESET_NAMES) == set(PRESETS)


@dataclass(frozen=True)
class RuleField:
    key: str
    kind: str
    label: str
    help: str


RULE_FIELDS = [
    RuleField("per_beaten", "number", _("Wertungspunkte per team beaten"),
              _("in each series, for every team of the group with a lower sum (half for an equal sum): DSkV 1 "
                "(3:0, 2:1 …), ISPA 2 (6/4/2/0)")),
    RuleField("series_per_day", "number", _("Series per match day"),
              _("DSkV Landesliga 2, Oberliga and Regionalliga 3, 1. Bundesliga 4")),
    RuleField("days", "number", _("Match days"), _("the season's match days (5)")),
    RuleField("team_size", "number", _("Players a team fields"), _("4; one fewer may play (a team short)")),
    RuleField("roster_max", "number", _("Players on a roster"), _("at most, substitutes included (6)")),
    RuleField("central_days", "days", _("Central match days"),
              _("the days every group plays at one venue, e.g. 5 or 2, 3, 4, 5; empty: all at the hosts")),
    RuleField("table_order", "order", _("Table order"), _("rows equal on every key share the rank")),
    RuleField("promote", "number", _("Places going up"), _("marked Aufsteiger (0)")),
    RuleField("relegate", "number", _("Places going down"), _("marked Absteiger (0)")),
    RuleField("binding_days", "number", _("Days until binding"),
              _("a match day's results turn binding this many days after it (DSkV 14)")),
    RuleField("min_games", "number", _("Games for the Einzelwertung"),
              _("games a player needs to be ranked (ISPA 540; 0: everyone)")),
    RuleField("lineup_due_days", "number", _("Line-up due, days before"),
              _("the line-up is due by the end of that day (ISPA 2: the Thursday before a Saturday; 0: on the day)")),
    RuleField("lineup_corrections_until", "time", _("Line-up corrections until"),
              _("on the match day; after it only the league director sets a line-up, saying why (ISPA 09:00)")),
    RuleField("substitutions_per_series", "number", _("Substitutions per series"),
              _("the most Wechsel of a team in one series (DSkV team championship 1; 0: no limit)")),
    RuleField("no_show_deduction", "number", _("Deduction for not appearing"),
              _("Wertungspunkte taken for each match day a team did not appear (0)")),
    RuleField("no_show_fine", "money", _("Fine for not appearing"),
              _("booked against the team in the league's cash book (Ordnungsgeld; 0)")),
    RuleField("team_fee", "money", _("Team fee"), _("per team and season, booked when the team is added (Startgeld)")),
    RuleField("one_club_per_season", "yes", _("One club a season"),
              _("a player plays for one club in all leagues of the same season (membership number, else name)")),
]
assert {f.key for f in RULE_FIELDS} == {f.name for f in fields(LeagueRules)}


def form_values(rules: LeagueRules) -> dict[str, str]:
    """Each rule's text on the form."""
    values = {}
    for spec in RULE_FIELDS:
        value = getattr(rules, spec.key)
        if spec.kind == "yes":
            values[spec.key] = "1" if value else ""
        elif spec.kind in ("days", "order"):
            values[spec.key] = (", " if spec.kind == "days" else ",").join(str(item) for item in value)
        else:
            values[spec.key] = str(value)
    return values


def preset_values(key: str) -> dict[str, str]:
    return form_values(preset(key) if key in PRESETS else LeagueRules())


def rules_from_form(data) -> dict:
    """The rules' JSON object from the form's fields (``data`` a mapping of texts); a ``LeagueError`` names the
    field of a text that is no number, time or list of days. Empty fields keep the default."""
    rules: dict = {}
    for spec in RULE_FIELDS:
        text = " ".join(str(data.get(spec.key, "") or "").split())
        if spec.kind == "yes":
            rules[spec.key] = text in ("1", "on", "true")
            continue
        if not text:
            continue
        if spec.kind == "number":
            rules[spec.key] = _whole(spec.key, text)
        elif spec.kind == "money":
            rules[spec.key] = text.replace(",", ".")
        elif spec.kind == "time":
            rules[spec.key] = text
        elif spec.kind == "days":
            rules[spec.key] = [_whole(spec.key, part) for part in text.replace(";", ",").replace(" ", ",").split(",")
                               if part]
        elif spec.kind == "order":
            if text not in ORDERS:
                raise LeagueError(spec.key, _("one of the orders offered"))
            rules[spec.key] = text.split(",")
    return rules


def _whole(key: str, text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise LeagueError(key, _("a whole number, not {value!r}").format(value=text[:20]))
    return int(text)


class LeagueNewForm(forms.Form):
    """A new Staffel as the list page sends it: its name, short name and season and a field per rule; a script may
    post the rules' JSON object as ``rules`` instead (the page has no such field). Every field is taken as sent:
    the service checks them and names the field it refuses (``leagues.services.league_create``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for key in ("name", "slug", "season", *(spec.key for spec in RULE_FIELDS), "rules"):
            self.fields[key] = forms.CharField(required=False, strip=False)


class ChargeForm(forms.Form):
    """A team fee or fine taken at the league's cash desk: the charge's number as the page sends it (read by the
    view as every number a league's page sends, so its refusal names the field the same way)."""

    key_field = "charge"  # on the league page, the line's own form shows its refusal
    charge = forms.CharField(label=_("Charge"), required=False, max_length=40)


class ChargeReverseForm(ChargeForm):
    """A line taken at the league's desk by mistake, given back there: its number and the reason (as at a match
    day's desk, ``cashdesk.forms.OutsideReverseForm``)."""

    note = forms.CharField(label=_("Why it is reversed"), required=False, max_length=200)


class _EachPlayer(forms.MultipleHiddenInput):
    """The line-up's players as the page sends them: one ``player`` field a position, in order."""

    def value_from_datadict(self, data, files, name):
        return data.getlist("player")


class LineUpForm(forms.Form):
    """A team's line-up for a match day as its captain (or the league director) sends it: the players by
    position (a position left empty sends ""), and why it is set after its deadline."""

    players = forms.Field(label=_("Players"), required=False, widget=_EachPlayer)
    reason = forms.CharField(label=_("Why"), required=False, max_length=300)


def _sent(label, *, hidden: bool = False) -> forms.CharField:
    """A change form's field: taken as sent (the view and the service check it and name it when they refuse)."""
    return forms.CharField(label=label, required=False, strip=False,
                           widget=forms.HiddenInput if hidden else forms.TextInput)


class ChangeForm(forms.Form):
    """A change of the league page or of a match day (see the module's vocabulary)."""

    refused_fields: dict[str, str] = {}
    key_field: str | None = None


class _OfTeam(ChangeForm):
    """A change of one team (which: the form's hidden ``team``, one form a team on the page)."""

    key_field = "team"
    team = _sent(_("Team"), hidden=True)


class TeamForm(ChangeForm):
    name = _sent(_("New team: its name"))
    roster = _sent(_("Roster"))


class CaptainForm(_OfTeam):
    refused_fields = {"login": "captain"}
    captain = _sent(_("Captain's login"))
    password = _sent(_("password (a new login only)"))


class PickForm(_OfTeam):
    key_field = "member"
    member = _sent(_("Member"), hidden=True)


class GuestForm(_OfTeam):
    guest = _sent(_("A guest (not a member): name"))


class UnpickForm(_OfTeam):
    key_field = "entry"
    entry = _sent(_("Player"), hidden=True)


class DeductionForm(ChangeForm):
    team = _sent(_("Team"))
    points = _sent(_("Wertungspunkte taken"))
    note = _sent(_("Note (shown in the table)"))


class DeductionRemoveForm(ChangeForm):
    key_field = "deduction"
    deduction = _sent(_("Deduction"), hidden=True)


class ScheduleForm(ChangeForm):
    seed = _sent(_("Seed"))


class PublishForm(ChangeForm):
    published = _sent(_("published"), hidden=True)


class _Players(forms.Widget):
    """A day's line-up as the director's page sends it: one ``player`` field a position, in order, or a script's
    ``players`` text (names one a line or separated by semicolons)."""

    def value_from_datadict(self, data, files, name):
        if "player" in data:
            return [value for value in data.getlist("player") if value]
        return split_names((data.get("players") or "").replace("\n", ";"))


class DayLineUpForm(_OfTeam):
    players = forms.Field(label=_("Players"), required=False, widget=_Players)
    reason = _sent(_("Why"))


class AbsentForm(_OfTeam):
    absent = _sent(_("Did not appear"), hidden=True)


class DayDateForm(ChangeForm):
    date = _sent(_("Date of the match day"))


class MoveForm(ChangeForm):
    key_field = "group"
    group = _sent(_("Group"), hidden=True)
    date = _sent(_("New date"))
    venue = _sent(_("New venue (empty: as before)"))
    reason = _sent(_("Why"))


class VenueForm(ChangeForm):
    venue = _sent(_("Venue"))


class SeatForm(ChangeForm):
    seed = _sent(_("Seed"), hidden=True)


class SubstituteForm(_OfTeam):
    refused_fields = {"series": "from_series", "deal": "from_deal"}
    out = _sent(_("out (ausgewechselt)"))
    from_series = _sent(_("from series"))
    from_deal = _sent(_("from game (inside the series; empty: the whole series)"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["in"] = _sent(_("in (eingewechselt)"))  # a Python word: no class attribute of that name
        self.order_fields(["team", "out", "in", "from_series", "from_deal"])


class ConfirmForm(ChangeForm):
    text = _sent(_("Remark"))


class NoteForm(ChangeForm):
    text = _sent(_("why"))
