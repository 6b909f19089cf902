"""League play's data: a Staffel (``League``), its teams and rosters, match days, groups, line-ups, substitutions,
and the history of a day's results (confirmed, corrected, protested).

Vocabulary (see ``leagues.core`` for the rules):
    league        one Staffel of one season, run by ``club`` (its director); ``rules`` the JSON
                  ``leagues.core.parse_rules`` reads, stored as ``LeagueRules.as_json`` writes it.
    team          a Mannschaft of ``club``; ``number`` its place in the league's order (1, 2, …).
    roster entry  a player of the team's roster: a member of its club (``member``) or a guest (none).
    match day     a Spieltag: ``number`` 1..days; its results are provisional until confirmed or binding by date.
                  A central day (the rules' ``central_days``) is played by every group at its ``venue``; any
                  other day at each group's host.
    group         the teams meeting on one day at one host; ``tournament`` is its event once seated.
    group team    a team in a group that day: its place in the group (``order``) and whether it did not appear.
    line-up       the team's players of the day by position (Aufstellung); ``player`` the event's player once seated.
    substitution  a Wechsel: ``player_in`` takes over ``player_out``'s seat from series ``from_series`` on.
    day note      the day's history: confirmed, corrected (who and why), a protest and its ruling, a group's day
                  moved (Spielverlegung: the old date and venue kept in the note), a line-up the director set
                  after its deadline (and why).
    moved         a group's own ``date`` and ``venue`` when its day was moved (none: the day's date, the host's or
                  the central venue).
    season        the league's season ("2026"): the rule ``one_club_per_season`` compares the leagues of one season.
    deduction     Wertungspunkte the director took from a team, with a note shown in the table; taken back, it stays
                  in the history (``removed_at``, ``removed_by``) and the table ignores it.
    charge        a line of the league's cash book against a team: its season's fee (Startgeld) or a fine
                  (Ordnungsgeld); ``taken_at`` once the money is taken at the cash desk, ``taken_event`` the event
                  whose cash desk took it (none: the league's own cash desk). A mistaken line is reversed by a
                  counter-line (``reverses``), never deleted.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from leagues.core import LeagueRules, parse_rules


class League(models.Model):
    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="leagues", verbose_name=_("club"))
    slug = models.SlugField(max_length=50, unique=True, help_text=_("the league's short name in addresses and commands"))
    name = models.CharField(max_length=200, verbose_name=_("name"))
    rules = models.JSONField(default=dict, blank=True, verbose_name=_("rules"))
    published = models.BooleanField(default=False, verbose_name=_("published"))
    season = models.CharField(max_length=20, blank=True, verbose_name=_("season"),
                              help_text=_("e.g. 2026; the leagues of one season share it"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name

    @property
    def parsed_rules(self) -> LeagueRules:
        return parse_rules(self.rules)


class Team(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="teams")
    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="league_teams",
                             verbose_name=_("club"))
    name = models.CharField(max_length=120, verbose_name=_("name"))
    number = models.PositiveSmallIntegerField()
    captain = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="captained_teams", verbose_name=_("captain"))

    class Meta:
        ordering = ["league", "number"]
        constraints = [models.UniqueConstraint(fields=["league", "name"], name="league_team_name_once"),
                       models.UniqueConstraint(fields=["league", "number"], name="league_team_number_once")]

    def __str__(self) -> str:
        return self.name


class RosterEntry(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="roster")
    name = models.CharField(max_length=120, verbose_name=_("name"))
    member = models.ForeignKey("clubs.Member", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["team", "order"]
        constraints = [models.UniqueConstraint(fields=["team", "name"], name="roster_name_once")]

    def __str__(self) -> str:
        return self.name

    @property
    def guest(self) -> bool:
        return self.member_id is None


class MatchDay(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="days")
    number = models.PositiveSmallIntegerField()
    date = models.DateField(null=True, blank=True, verbose_name=_("date"))
    venue = models.CharField(max_length=200, blank=True, verbose_name=_("venue"),
                             help_text=_("where a central match day is played"))
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                     related_name="+")

    class Meta:
        ordering = ["league", "number"]
        constraints = [models.UniqueConstraint(fields=["league", "number"], name="match_day_once")]


class Group(models.Model):
    day = models.ForeignKey(MatchDay, on_delete=models.CASCADE, related_name="groups")
    number = models.PositiveSmallIntegerField()
    host = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="hosted_groups")
    tournament = models.OneToOneField("seating.Tournament", on_delete=models.SET_NULL, null=True, blank=True,
                                      related_name="league_group")
    repeats = models.PositiveSmallIntegerField(default=0)  # players meeting twice in the day's plan
    date = models.DateField(null=True, blank=True, verbose_name=_("moved to"))
    venue = models.CharField(max_length=200, blank=True, verbose_name=_("venue"))

    class Meta:
        ordering = ["day", "number"]
        constraints = [models.UniqueConstraint(fields=["day", "number"], name="group_number_once")]


class GroupTeam(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="entries")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="group_entries")
    order = models.PositiveSmallIntegerField()
    absent = models.BooleanField(default=False, verbose_name=_("did not appear"))

    class Meta:
        ordering = ["group", "order"]
        constraints = [models.UniqueConstraint(fields=["group", "team"], name="group_team_once")]


class LineUp(models.Model):
    entry = models.ForeignKey(GroupTeam, on_delete=models.CASCADE, related_name="line_up")
    position = models.PositiveSmallIntegerField()
    roster = models.ForeignKey(RosterEntry, on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey("seating.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["entry", "position"]
        constraints = [models.UniqueConstraint(fields=["entry", "position"], name="line_up_position_once"),
                       models.UniqueConstraint(fields=["entry", "roster"], name="line_up_player_once")]


class Substitution(models.Model):
    entry = models.ForeignKey(GroupTeam, on_delete=models.CASCADE, related_name="substitutions")
    roster_out = models.ForeignKey(RosterEntry, on_delete=models.PROTECT, related_name="+")
    roster_in = models.ForeignKey(RosterEntry, on_delete=models.PROTECT, related_name="+")
    player_out = models.ForeignKey("seating.Player", on_delete=models.PROTECT, related_name="+")
    player_in = models.ForeignKey("seating.Player", on_delete=models.PROTECT, related_name="+")
    from_series = models.PositiveSmallIntegerField()
    from_deal = models.PositiveSmallIntegerField(null=True, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                           related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["entry", "from_series", "id"]


class DayNote(models.Model):
    class Kind(models.TextChoices):
        CONFIRMED = "confirmed", _("confirmed")
        CORRECTED = "corrected", _("corrected")
        PROTEST = "protest", _("protest")
        RULING = "ruling", _("ruling")
        MOVED = "moved", _("moved")
        LINEUP = "lineup", _("line-up after its deadline")

    day = models.ForeignKey(MatchDay, on_delete=models.CASCADE, related_name="notes")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    team = models.ForeignKey(Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    text = models.TextField(verbose_name=_("why"))
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                           related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["day", "at", "id"]


class Deduction(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="deductions")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="deductions")
    points = models.DecimalField(max_digits=6, decimal_places=1, verbose_name=_("Wertungspunkte"))
    note = models.CharField(max_length=300, verbose_name=_("note"))
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                           related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    removed_at = models.DateTimeField(null=True, blank=True)
    removed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+")

    class Meta:
        ordering = ["league", "at", "id"]


class Charge(models.Model):
    class Kind(models.TextChoices):
        FEE = "fee", _("team fee")
        FINE = "fine", _("fine")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="charges")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="charges")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    amount = models.DecimalField(max_digits=9, decimal_places=2)
    note = models.CharField(max_length=300, blank=True)
    day = models.PositiveSmallIntegerField(null=True, blank=True)  # a no-show's match day
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                           related_name="+")
    taken_at = models.DateTimeField(null=True, blank=True)
    taken_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                 related_name="+")
    taken_event = models.ForeignKey("seating.Tournament", on_delete=models.SET_NULL, null=True, blank=True,
                                    related_name="+")
    reverses = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="reversed_by")

    class Meta:
        ordering = ["league", "at", "id"]
