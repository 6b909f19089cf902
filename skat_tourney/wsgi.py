"""WSGI entry point (gunicorn skat_tourney.wsgi). The loaded application is settled out of the garbage
collector's way (``common.memory``)."""

import os

from django.core.wsgi import get_wsgi_application

from common.memory import settle_loaded_objects

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skat_tourney.settings")
application = get_wsgi_application()
settle_loaded_objects()
