"""``manage.py person show NUMBER --format json`` (one person across clubs: his name, year of birth, region and
memberships, see ``clubs.persons``) and ``manage.py person region NUMBER REGION`` (the region he names where he is
a member of clubs of several regions).

A refusal exits with code 1 and one line naming what to correct, having written nothing."""

import json

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.persons import person_find, person_json, person_name_region
from common.commands import LocalizedCommand
from common.errors import UserError


class Command(LocalizedCommand):
    help = gettext_lazy("Show one person across clubs by his federation number, or name his region.")

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True)
        show = actions.add_parser("show", help=_("show a person and his memberships"))
        show.add_argument("number", help=_("the federation number"))
        show.add_argument("--format", choices=["json"], default="json")
        region = actions.add_parser("region", help=_("the region a person names"))
        region.add_argument("number", help=_("the federation number"))
        region.add_argument("region", help=_("one of the regions of the clubs he is a member of"))

    def handle(self, *args, action, number, **options):
        person = person_find(number)
        if person is None:
            raise CommandError(_("no person has the federation number {number!r}").format(number=number))
        if action == "region":
            try:
                person_name_region(person=person, region=options["region"])
            except UserError as refused:
                raise CommandError(f"{refused.field}: {refused.message}") from None
        self.stdout.write(json.dumps(person_json(person), ensure_ascii=False, indent=1))
