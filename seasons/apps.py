from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Seasons")  # the admin's heading, in the reader's language

    def ready(self):
        # The cash report holds back each season's share of the fees; scoring may not import the seasons, so they
        # tell it here (``cashdesk.holdbacks``).
        from cashdesk.holdbacks import holdback_provider
        from seasons.holdbacks import season_holdbacks

        holdback_provider(season_holdbacks)
        # The event's live board shows the season's table between series if the director asks (``scoring.offered_boards``).
        from scoring.offered_boards import board_provider
        from seasons.offered_boards import season_boards

        board_provider(season_boards)
