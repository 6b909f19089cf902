"""The framework floor for ``bench_entry.py``: a minimal Django view that takes the same POST as a deal's save
and creates one equivalent row (one Deal, with its history row, as the real save writes), and nothing else.

Mounted beside the whole site (``urlpatterns``), in process through Django's test client and over HTTP as a
WSGI application (``application``) under gunicorn, so the real entry and the floor run in the same server.
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skat_tourney.settings")

from django.http import HttpResponse  # noqa: E402
from django.urls import path  # noqa: E402


def floor(request, tournament_id: int, table_id: int):
    from scoring.models import Deal

    post = request.POST
    player = int(post["declarer_id"])
    Deal.objects.create(tournament_id=tournament_id, table_id=table_id, number=int(post["number"]), stay=1,
                        dealer_id=player, kind="game", declarer_id=player, player_id=player, game="club solo",
                        matadores=2, result="won", won=True, value=36, score=36, multipliers=3,
                        explanation='Club Solo: 1 for game, "with" 2, = 3 × 12 = 36', game_name="Club Solo",
                        method="solo", suit_rank=4, submission_key=post["submission_key"], entered_via="link")
    return HttpResponse(f"Deal {post['number']} saved")


def __getattr__(name: str):
    """``urlpatterns``, read by Django's resolver once Django is set up: the floor, then the whole site."""
    if name != "urlpatterns":
        raise AttributeError(name)
    from skat_tourney.urls import urlpatterns as site

    return [path("floor/<int:tournament_id>/<int:table_id>/", floor), *site]


def application(environ, start_response):
    """gunicorn's entry point: the site with the floor beside it."""
    global _app
    if _app is None:
        from django.conf import settings
        from django.core.wsgi import get_wsgi_application

        _app = get_wsgi_application()
        settings.ROOT_URLCONF = __name__
    return _app(environ, start_response)


_app = None
