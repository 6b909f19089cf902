"""A club's seasons: a name, the events in it, and its rules (the JSON ``seasons.core.parse_rules`` reads).

Vocabulary: see ``seasons.core``. A season belongs to one club; its events are that club's tournaments, in the
order of their dates (then as they were added). The rules are kept as the JSON they were given in, written back
by ``SeasonRules.as_json`` once checked, so what is stored always parses.
"""

import json

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from seasons.core import SeasonRules, parse_rules
from seasons.core.association import gathered_players


class Season(models.Model):
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="seasons", verbose_name=_("club"))
    slug = models.SlugField(max_length=50, help_text=_("the season's short name in addresses and commands"))
    name = models.CharField(max_length=200, verbose_name=_("name"))
    rules = models.JSONField(default=dict, blank=True, verbose_name=_("rules"))
    # What the season's table prints and its projector board speaks: the club's language when the season is made
    # (``seasons.services.season_create``), changed on the season's page as an evening's on its Print page.
    language = models.CharField(max_length=10, default="en", verbose_name=_("print language"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["club", "slug"], name="season_slug_once_per_club")]

    def __str__(self) -> str:
        return self.name

    @property
    def parsed_rules(self) -> SeasonRules:
        return parse_rules(self.rules)


class SeasonEvent(models.Model):
    """One event of a season (an evening, a cup round)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="events")
    tournament = models.ForeignKey("seating.Tournament", on_delete=models.CASCADE, related_name="season_events")
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament__date", "id"]
        constraints = [models.UniqueConstraint(fields=["season", "tournament"], name="season_event_once")]


def gathered_text(players: list[dict]) -> str:
    """``SubmittedEvent.gathered`` of a file's ``players``."""
    return json.dumps(gathered_players(players), ensure_ascii=False, separators=(",", ":"))


class SubmittedEvent(models.Model):
    """An event not played on this server, from a results file (``seasons.results_files``): its players' series
    as the file gave them. A later file of the same event (club, date, name) replaces it: the replaced one stays,
    with who replaced it and when (``replaced_at`` set), and counts no more."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="submitted")
    club_name = models.CharField(max_length=120, verbose_name=_("club"))
    region = models.CharField(max_length=60, blank=True, verbose_name=_("region"))
    name = models.CharField(max_length=200, verbose_name=_("name"))
    date = models.DateField(verbose_name=_("date"))
    players = models.JSONField(default=list)  # the file's players, as checked against the schema
    # the players as a ranking reads them (``seasons.core.association``: gathered), made from ``players`` on every
    # save: JSON text, read back as it is (no JSON column's conversions)
    gathered = models.TextField(default="[]", editable=False)
    series = models.PositiveSmallIntegerField(default=0)  # the most series a player of it played
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")
    submitted_at = models.DateTimeField(auto_now_add=True)
    replaced_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    replaced_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["date", "id"]
        constraints = [models.UniqueConstraint(fields=["season", "club_name", "date", "name"],
                                               condition=models.Q(replaced_at__isnull=True),
                                               name="submitted_event_once_current")]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d}, {self.club_name})"

    def save(self, *args, **kwargs):
        self.gathered = gathered_text(self.players)
        super().save(*args, **kwargs)

    @property
    def evening_id(self) -> int:
        """Its id among the season's evenings (``seasons.core``): negative, so never a tournament's."""
        return -self.pk
