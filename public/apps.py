from django.apps import AppConfig


class PublicConfig(AppConfig):
    name = "public"
    verbose_name = "Public pages"
