"""``manage.py club create SLUG --name NAME [--language de] [--within ASSOC] [--region REGION]`` (the server's
clubs), ``manage.py club set SLUG [--within ASSOC] [--region REGION]`` (a club's place in an association; an
empty ``--within ""`` takes it out), ``manage.py club list``.

A club made without ``--language`` speaks the command language (``common.commands``): made from a German
terminal, a German club."""

from django.conf import settings
from django.core.management.base import CommandError
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club
from clubs.persons import club_place
from clubs.services import club_create
from common.commands import LocalizedCommand
from common.errors import UserError


class Command(LocalizedCommand):
    help = gettext_lazy("Make a club on this server, or list the clubs.")

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True)
        create = actions.add_parser("create", help=_("make a club"))
        create.add_argument("slug", help=_("the club's short name in addresses and commands, e.g. skatclub-west"))
        create.add_argument("--name", required=True, help=_("the club's name"))
        create.add_argument("--language", choices=[code for code, _name in settings.LANGUAGES],
                            help=_("the language its evenings and seasons print in (default: the terminal's)"))
        create.add_argument("--within", help=_("the short name of the association the club is within"))
        create.add_argument("--region", help=_("the association's region the club belongs to"))
        place = actions.add_parser("set", help=_("put a club within an association, in a region"))
        place.add_argument("slug", help=_("the club's short name"))
        place.add_argument("--within", help=_("the association's short name (\"\": within none)"))
        place.add_argument("--region", help=_("the association's region the club belongs to"))
        actions.add_parser("list", help=_("list the clubs"))

    def handle(self, *args, action, **options):
        if action == "list":
            for club in Club.objects.order_by("slug"):
                self.stdout.write(f"{club.slug}\t{club.name}\t{club.language}\t"
                                  f"{club.within.slug if club.within else ''}\t{club.region}")
            return
        try:
            within = self._within(options.get("within"))
            if action == "set":
                club = Club.objects.filter(slug=options["slug"]).first()
                if club is None:
                    raise CommandError(_("there is no club {slug!r} (see `manage.py club list`)").format(
                        slug=options["slug"]))
                club_place(club=club, within=within, region=options.get("region"))
                self.stdout.write(_("{name}: within {association}, region {region}.").format(
                    name=club.name, association=club.within.name if club.within else "—",
                    region=club.region or "—"))
                return
            language = options.get("language") or translation.get_language() or settings.LANGUAGE_CODE
            with transaction.atomic():
                club = club_create(slug=options["slug"], name=options["name"], language=language.split("-")[0])
                club_place(club=club, within=within, region=options.get("region"))
        except UserError as refused:
            raise CommandError(f"{refused.field}: {refused.message}") from None
        self.stdout.write(_("Made the club {name} ({slug}).").format(name=club.name, slug=club.slug))

    @staticmethod
    def _within(slug):
        """The association ``--within`` names: False when not given (as it is), None for \"\" (within none)."""
        if slug is None:
            return False
        if not slug.strip():
            return None
        association = Club.objects.filter(slug=slug.strip()).first()
        if association is None:
            raise CommandError(_("within: there is no club {slug!r} (see `manage.py club list`)").format(slug=slug))
        return association
