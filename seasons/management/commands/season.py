"""``manage.py season create|add|table``: a club's season from the command line (scripts and checks use it).

    season create SLUG --club CLUB --name NAME --rules FILE.json
    season add SLUG T [T …]                  (T: a tournament's id or exact name)
    season table SLUG --format json|csv

A season's SLUG is unique in its club; ``--club`` names the club where two clubs have a season of that SLUG. Any
refusal (a bad rule, a tournament of another club) exits with code 1 and one line naming what to correct,
having written nothing.
"""

import json
from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _, gettext_lazy

from clubs.commands import club_named
from scoring.management.commands._common import ScoringCommand, tournament_from_argument
from seasons.selectors import season_find, season_reading
from seasons.services import SeasonError, rules_file, season_add, season_create
from seasons.sheets import table_csv, table_json


class Command(ScoringCommand):
    help = gettext_lazy("Make a club's season, add its events, print its table as JSON or CSV.")

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True, metavar="create|add|table")
        create = actions.add_parser("create", help=_("make a season with its rules"))
        create.add_argument("slug", help=_("the season's short name, e.g. 2026"))
        create.add_argument("--club", required=True, help=_("the club's short name"))
        create.add_argument("--name", required=True, help=_("the season's name"))
        create.add_argument("--rules", help=_("a JSON file of the rules (see docs/GUIDE.md, \"Seasons\"); none: the plain total"))
        add = actions.add_parser("add", help=_("add events to a season"))
        add.add_argument("slug")
        add.add_argument("tournaments", nargs="+", help=_("the tournaments' ids or exact names"))
        add.add_argument("--club", help=_("the club's short name, where two clubs have a season of that name"))
        table = actions.add_parser("table", help=_("print the season's table"))
        table.add_argument("slug")
        table.add_argument("--format", choices=["json", "csv"], default="json")
        table.add_argument("--club", help=_("the club's short name, where two clubs have a season of that name"))

    def handle(self, *args, action, slug, **options):
        try:
            if action == "create":
                return self._create(slug, options)
            season = season_find(slug, club_named(options["club"]) if options.get("club") else None)
            if season is None:
                raise CommandError(_("no season {slug!r} (or several clubs have one: name the club with --club)")
                                   .format(slug=slug))
            if action == "add":
                tournaments = [tournament_from_argument(value) for value in options["tournaments"]]
                added = season_add(season=season, tournaments=tournaments)
                self.stdout.write(_("events added to {season}: {count}").format(count=len(added), season=season.name))
                return None
            reading = season_reading(season)
            if options["format"] == "csv":
                self.stdout.write(table_csv(reading), ending="")
            else:
                self.stdout.write(json.dumps(table_json(reading), ensure_ascii=False, indent=1))
            return None
        except SeasonError as refused:
            raise CommandError(f"{refused.field}: {refused.message}") from None

    def _create(self, slug, options):
        club = club_named(options["club"])
        rules = {}
        if options.get("rules"):
            try:
                rules = rules_file(Path(options["rules"]))
            except OSError as err:
                raise CommandError(_("cannot read {file}: {error}").format(file=options["rules"],
                                                                           error=err.strerror)) from None
        season = season_create(club=club, slug=slug, name=options["name"], rules=rules)
        self.stdout.write(_("season {slug} made for {club}").format(slug=season.slug, club=club.name))
