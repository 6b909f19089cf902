from django.apps import AppConfig


class ArchiveConfig(AppConfig):
    name = "archive"  # no models: the app is here for its commands, ``manage.py export`` and ``import``
