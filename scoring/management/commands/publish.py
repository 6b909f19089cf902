"""``manage.py publish T [--undo]``: publish a tournament's results for everyone (public pages and API), or take
them back."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.management.commands._common import ScoringCommand, tournament_from_argument
from scoring.tournaments.services import tournament_publish


class Command(ScoringCommand):
    help = gettext_lazy("Publish a tournament's results on the public pages and the API (--undo: take them back).")

    def add_arguments(self, parser):
        parser.add_argument("tournament", help=_("the tournament's id or exact name"))
        parser.add_argument("--undo", action="store_true", help=_("take the publication back"))

    def handle(self, *args, tournament, undo, **options):
        tournament = tournament_from_argument(tournament)
        tournament_publish(tournament, published=not undo)
        message = _("{name}: taken back, no longer public") if undo else _("{name}: published")
        self.stdout.write(message.format(name=tournament.name))
