"""A club's seasons: a name, the events in it, and its rules (the JSON ``seasons.core.parse_rules`` reads).

Vocabulary: see ``seasons.core``. A season belongs to one club; its events are that club's tournaments, in the
order of their dates (then as they were added). The rules are kept as the JSON they were given in, written back
by ``SeasonRules.as_json`` once checked, so what is stored always parses.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from seasons.core import SeasonRules, parse_rules


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
