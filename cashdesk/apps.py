from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CashdeskConfig(AppConfig):
    name = "cashdesk"
    verbose_name = _("Cash desk")  # the admin's heading, in the reader's language
