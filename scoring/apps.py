from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")  # the admin's heading, in the reader's language

    def ready(self):
        from clubs.member_results import member_results_provider
        from scoring.entry.access import issue_links_when_drawn
        from scoring.results import player_results
        from seating.signals import seats_drawn

        seats_drawn.connect(issue_links_when_drawn, dispatch_uid="scoring-entry-links")
        member_results_provider(player_results)  # a member's own copy of his data carries his results
