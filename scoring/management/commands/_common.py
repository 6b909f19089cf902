"""Shared pieces of the scoring commands: finding the tournament named on the command line."""

from django.core.management.base import CommandError
from django.db import DatabaseError, IntegrityError, connection
from django.db.migrations.executor import MigrationExecutor
from django.utils.translation import gettext as _

from common.commands import LocalizedCommand
from common.numbers import sent_number
from seating.models import Tournament


def tournament_from_argument(value: str) -> Tournament:
    """A tournament by its id, or by its exact name when that is unique."""
    value = (value or "").strip()
    if (number := sent_number(value, 2**63 - 1)) is not None:
        tournament = Tournament.objects.filter(pk=number).first()
        if tournament is not None:
            return tournament
    matches = list(Tournament.objects.filter(name=value)[:2])
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise CommandError(_("several tournaments are named {name!r}; give the id instead").format(name=value))
    raise CommandError(_("no tournament {name!r}; give its id or exact name (see the director's pages)").format(
        name=value))


class ScoringCommand(LocalizedCommand):
    """A command whose database trouble reaches the user as one clear line, never a traceback: what the database
    said, and "run migrate" only when migrations are indeed missing."""

    def execute(self, *args, **options):
        try:
            return super().execute(*args, **options)
        except DatabaseError as err:
            raise CommandError(database_trouble(err)) from None


def database_trouble(err: DatabaseError) -> str:
    """The line a command says for a database error: a refused write as refused (a rule of the data, not the
    set-up), missing migrations as missing, anything else as the database's own words."""
    if isinstance(err, IntegrityError):
        return _("the database refused the change ({error})").format(error=str(err).strip())
    try:
        executor = MigrationExecutor(connection)
        missing = bool(executor.migration_plan(executor.loader.graph.leaf_nodes()))
    except DatabaseError:
        missing = False
    if missing:
        return _("the database is not ready ({error}); run `python manage.py migrate` first, and check "
                 "DATABASE_URL").format(error=str(err).strip())
    return _("the database could not do it ({error}); check DATABASE_URL").format(error=str(err).strip())
