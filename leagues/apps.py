from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = _("Leagues")

    def ready(self):
        # the cash desk knows no league (it sits below them): tell it here (``cashdesk.outside``)
        from cashdesk.outside import outside_provider
        from leagues.cash_lines import NAME, league_lines, league_take, league_take_back

        outside_provider(NAME, league_lines, league_take, league_take_back)
