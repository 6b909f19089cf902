from django.apps import AppConfig


class SeatingConfig(AppConfig):
    name = "seating"
    verbose_name = "Seating"
