"""``manage.py club create SLUG --name NAME [--language de]`` (the server's clubs), ``manage.py club list``.

A club made without ``--language`` speaks the command language (``common.commands``): made from a German
terminal, a German club."""

from django.conf import settings
from django.core.management.base import CommandError
from django.utils import translation
from django.utils.translation import gettext as _, gettext_lazy

from clubs.models import Club
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
        actions.add_parser("list", help=_("list the clubs"))

    def handle(self, *args, action, **options):
        if action == "list":
            for club in Club.objects.order_by("slug"):
                self.stdout.write(f"{club.slug}\t{club.name}\t{club.language}")
            return
        try:
            language = options.get("language") or translation.get_language() or settings.LANGUAGE_CODE
            club = club_create(slug=options["slug"], name=options["name"], language=language.split("-")[0])
        except UserError as refused:
            raise CommandError(f"{refused.field}: {refused.message}") from None
        self.stdout.write(_("Made the club {name} ({slug}).").format(name=club.name, slug=club.slug))
