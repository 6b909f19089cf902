"""``manage.py adduser NAME [--club SLUG] --role director|committee|cashier``: a login with a role in a club (without
``--club``, the server's only club).

The password is asked twice at the terminal, or read as one line from standard input (for a script); it is
never an argument, which would stay in the shell's history. An existing login just gets the role.
"""

import getpass
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db import DatabaseError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from accounts.services import ROLES, clean_username, club_for, person_add
from common.commands import LocalizedCommand
from common.errors import UserError

ROLE_NAMES = {"director": pgettext_lazy("role", "director"), "committee": pgettext_lazy("role", "committee"),
              "cashier": pgettext_lazy("role", "cashier")}
"""Each role's name in the command's language (German "Turnierleitung", "Preisausschuss"); the option takes the key."""


class Command(LocalizedCommand):
    help = gettext_lazy("Make a login with the director's or the prize committee's role, or give an existing login "
                        "the role.")

    def add_arguments(self, parser):
        parser.add_argument("username", help=_("the login name"))
        parser.add_argument("--role", choices=sorted(ROLES), required=True,
                            help=_("director (everything), committee (standings, prizes, downloads) or cashier "
                                   "(fees, payouts, the cash report)"))
        parser.add_argument("--club", default=None, help=_("the club's short name (without it: the only club)"))

    def handle(self, *args, username, role, club, **options):
        try:
            username = clean_username(username)
            club = club_for(club)
            exists = get_user_model().objects.filter(username=username).exists()
            password = None if exists else self._password(username)
            user, created = person_add(username=username, role=role, password=password, club=club)
        except UserError as refused:
            raise CommandError(f"{refused.field}: {refused.message}") from None
        except DatabaseError as err:
            raise CommandError(_("the database is not ready ({error}); run `python manage.py migrate` first").format(
                error=err)) from None
        if created:
            said = _("Made the login {name}, with the {role}'s role in {club}.")
        else:
            said = _("Kept the login {name}, with the {role}'s role in {club}.")
        self.stdout.write(said.format(name=user.username, role=ROLE_NAMES[role], club=club.name))

    def _password(self, username: str) -> str:
        if not sys.stdin.isatty():
            try:
                return sys.stdin.readline().rstrip("\n")
            except OSError as err:
                raise CommandError(_("could not read the password from standard input ({error})").format(
                    error=err)) from None
        first = getpass.getpass(_("Password for {name}: ").format(name=username))
        if first != getpass.getpass(_("The same again: ")):
            raise CommandError(_("the two passwords differ; nothing was made"))
        return first
