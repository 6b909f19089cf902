from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class SeatingConfig(AppConfig):
    name = "seating"
    verbose_name = pgettext_lazy("app", "Seating")  # the admin's heading, in the reader's language
