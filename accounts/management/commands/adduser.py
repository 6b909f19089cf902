"""``manage.py adduser NAME --role committee``: a login for a committee member (or a director).

The password is asked twice at the terminal, or read as one line from standard input (for a script); it is
never an argument, which would stay in the shell's history. An existing login just gets the role.
"""

import getpass
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from accounts.services import ROLES, clean_username, person_add
from common.errors import UserError


class Command(BaseCommand):
    help = "Make a login with the director's or the prize committee's role, or give an existing login the role."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--role", choices=sorted(ROLES), required=True)

    def handle(self, *args, username, role, **options):
        try:
            username = clean_username(username)
            exists = get_user_model().objects.filter(username=username).exists()
            password = None if exists else self._password(username)
            user, created = person_add(username=username, role=role, password=password)
        except UserError as refused:
            raise CommandError(f"{refused.field}: {refused.message}") from None
        except DatabaseError as err:
            raise CommandError(f"the database is not ready ({err}); run `python manage.py migrate` first") from None
        self.stdout.write(f"{'Made' if created else 'Kept'} the login {user.username}, with the {role}'s role.")

    def _password(self, username: str) -> str:
        if not sys.stdin.isatty():
            try:
                return sys.stdin.readline().rstrip("\n")
            except OSError as err:
                raise CommandError(f"could not read the password from standard input ({err})") from None
        first = getpass.getpass(f"Password for {username}: ")
        if first != getpass.getpass("The same again: "):
            raise CommandError("the two passwords differ; nothing was made")
        return first
