from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self):
        from scoring.entry.access import issue_links_when_drawn
        from seating.signals import seats_drawn

        seats_drawn.connect(issue_links_when_drawn, dispatch_uid="scoring-entry-links")
