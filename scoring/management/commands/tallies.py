"""``manage.py tallies <tournament> [--rebuild]``: check the totals the database keeps against the deals.

The standings read totals the database keeps by triggers (``scoring.results.tallies``). This command counts
every group of deals afresh and says whether each kept total equals it; ``--rebuild`` makes the kept totals
again from the deals (after a repair made by hand in the database, say). It changes no deal.
"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.management.commands._common import ScoringCommand, tournament_from_argument
from scoring.results import tallies_check, tallies_rebuild


class Command(ScoringCommand):
    help = gettext_lazy("Check that the totals the standings read equal a fresh count of the deals.")

    def add_arguments(self, parser):
        parser.add_argument("tournament", help=_("the tournament's id or exact name"))
        parser.add_argument("--rebuild", action="store_true",
                            help=_("make the kept totals again from the deals, then check them"))

    def handle(self, *args, tournament, rebuild, **options):
        tournament = tournament_from_argument(tournament)
        if rebuild:
            made = tallies_rebuild(tournament)
            self.stdout.write(_("Made the kept totals again from the deals: {count} groups.").format(count=made))
        differences = tallies_check(tournament)
        if differences:
            for line in differences:
                self.stderr.write(line)
            raise CommandError(_("{count} kept totals differ from the deals; run the command again with --rebuild "
                                 "to make them again").format(count=len(differences)))
        self.stdout.write(_("Every kept total equals a fresh count of the deals."))
