"""``manage.py demo --players 48 --method up-sides-down-middle --seed 7 [--club SLUG] [--absent 0.2] [--play]``: a
complete demo event (with ``--club``, that club's, played by its members: several evenings share the same people).
``--series K --draw plan`` (fixed tables) plans every series at once; ``--draw lot``, the default, draws each by lot.

Prints what it made and, on its last line, the tournament's identifier.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club
from scoring.engine import RULEBOOKS
from scoring.management.commands._common import ScoringCommand
from scoring.management.demo import demo_create, demo_play
from seating.errors import SeatingError
from seating.models import MAX_SERIES, Tournament
from seating.movements import Method, MovementError

MAX_DEMO_PLAYERS = 3000
DEMO_USER, DEMO_PASSWORD = "director", "skat-demo"


class Command(ScoringCommand):
    help = gettext_lazy("Create a demo tournament (players and draw); with --play, every deal simulated and entered.")

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=48, help=_("how many players (default 48)"))
        parser.add_argument("--method", choices=[m.value for m in Method], default=Method.UP_SIDES.value,
                            help=_("the seating method"))
        parser.add_argument("--seed", type=int, default=7, help=_("the draw's seed (default 7)"))
        parser.add_argument("--rulebook", choices=list(RULEBOOKS), default="foster-1922", help=_("the rulebook"))
        parser.add_argument("--series", type=int, default=1,
                            help=_("series in the event (several: fixed tables, each series drawn by lot)"))
        parser.add_argument("--draw", choices=["lot", "plan"], default="lot",
                            help=_("lot: each series drawn by lot (default); plan: every series planned at once, "
                                   "fixed tables"))
        parser.add_argument("--club", help=_("the club (its short name) the event is of; its players are the club's "
                                             "members, made the first time"))
        parser.add_argument("--absent", type=float, default=0.0,
                            help=_("the share of the players who stay away, chosen by the seed (e.g. 0.2)"))
        parser.add_argument("--play", action="store_true", help=_("simulate and enter every deal"))
        parser.add_argument("--if-empty", action="store_true", help=_("only when the database has no tournament yet"))
        parser.add_argument("--login", action="store_true",
                            help=_("also create the demo staff login director / skat-demo (local use, DEBUG only)"))

    def handle(self, *args, players, method, seed, rulebook, series, play, if_empty, login, draw="lot", club=None,
               absent=0.0, **options):
        if login:
            self._demo_login()
        if if_empty and Tournament.objects.exists():
            self.stdout.write(_("The database already holds a tournament: no demo loaded."))
            return
        if not 3 <= players <= MAX_DEMO_PLAYERS:
            raise CommandError(_("--players must be from 3 to {most}, not {players}").format(most=MAX_DEMO_PLAYERS,
                                                                                               players=players))
        if not 1 <= series <= MAX_SERIES:
            raise CommandError(_("--series must be from 1 to {most}, not {series}").format(most=MAX_SERIES, series=series))
        if not 0 <= seed <= 2**53 - 1:
            raise CommandError(_("--seed must be a whole number from 0 to 9007199254740991"))
        if not 0 <= absent < 1:
            raise CommandError(_("--absent is a share from 0 to below 1, e.g. 0.2, not {absent}").format(absent=absent))
        the_club = None
        if club is not None:
            the_club = Club.objects.filter(slug=club).first()
            if the_club is None:
                raise CommandError(_("There is no club {slug!r}.").format(slug=club))
        try:
            tournament = demo_create(players=players, method=method, seed=seed, rulebook=rulebook, series=series,
                                     club=the_club, absent=absent, draw=draw)
        except (MovementError, SeatingError) as err:
            raise CommandError(err.message) from None
        self.stdout.write(_("{name}: {players} players drawn with seed {seed}.").format(
            name=tournament.name, players=tournament.players.count(), seed=seed))
        if play:
            def progress(done, total):
                if done == total or done % 25 == 0:
                    self.stderr.write("  " + _("played {done} of {total} tables").format(done=done, total=total))

            deals = demo_play(tournament, seed=seed, progress=progress)
            self.stdout.write(_("{deals} deals played and entered; every slip made and OK'd.").format(deals=deals))
        self.stdout.write(str(tournament.pk))

    def _demo_login(self) -> None:
        if not settings.DEBUG:
            raise CommandError(_("--login makes a well-known password: only with DEBUG on (local use)"))
        User = get_user_model()
        if not User.objects.filter(username=DEMO_USER).exists():
            User.objects.create_superuser(DEMO_USER, "", DEMO_PASSWORD)
        self.stdout.write(_("Log in as {user} / {password} (staff: director, committee and admin).").format(
            user=DEMO_USER, password=DEMO_PASSWORD))
