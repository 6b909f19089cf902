"""``manage.py season create|add|table``: a club's season from the command line (scripts and checks use it).

    season create SLUG --club CLUB --name NAME --rules FILE.json
    season add SLUG T [T …]                  (T: a tournament's id or exact name; an association's season takes
                                              the events of every club within it)
    season table SLUG [--category NAME] --format json|csv
    season submit SLUG FILE --club ASSOC     (a results file, JSON or CSV: ``seasons.results_files``)
    season qualify SLUG --club ASSOC [--category NAME] --format json

A season's SLUG is unique in its club; ``--club`` names the club where two clubs have a season of that SLUG. Any
refusal (a bad rule, a tournament of another club) exits with code 1 and one line naming what to correct,
having written nothing.
"""

import json
from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.commands import club_named
from scoring.management.commands._common import ScoringCommand, tournament_from_argument
from seasons.association import qualification_lists
from seasons.results_files import MOST_BYTES, ResultsFileError, results_file, season_submit
from seasons.selectors import season_find, season_reading
from seasons.services import SeasonError, rules_file, season_add, season_create
from seasons.sheets import table_csv, table_json


class Command(ScoringCommand):
    help = gettext_lazy("Make a club's season, add its events, print its table as JSON or CSV.")

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True, metavar="create|add|table|submit|qualify")
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
        table.add_argument("--category", help=_("only this category's rows"))
        submit = actions.add_parser("submit", help=_("take a results file (JSON or CSV) into an association's season"))
        submit.add_argument("slug")
        submit.add_argument("file", help=_("the results file (docs/results-file.schema.json)"))
        submit.add_argument("--club", required=True, help=_("the association's short name"))
        qualify = actions.add_parser("qualify", help=_("print the qualification lists per region"))
        qualify.add_argument("slug")
        qualify.add_argument("--club", required=True, help=_("the association's short name"))
        qualify.add_argument("--category", help=_("the lists of this category"))
        qualify.add_argument("--format", choices=["json"], default="json")

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
            if action == "submit":
                return self._submit(season, Path(options["file"]))
            reading = season_reading(season)
            category = options.get("category")
            if category is not None and category not in dict(reading.table.categories):
                raise CommandError(_("category: the season has no category {name!r}; it has: {names}").format(
                    name=category, names=", ".join(dict(reading.table.categories)) or "—"))
            if action == "qualify":
                lists = qualification_lists(reading, category)
                self.stdout.write(json.dumps([one.as_json() for one in lists], ensure_ascii=False, indent=1))
            elif options["format"] == "csv":
                self.stdout.write(table_csv(reading, category), ending="")
            else:
                self.stdout.write(json.dumps(table_json(reading, category), ensure_ascii=False, indent=1))
            return None
        except SeasonError as refused:
            raise CommandError(f"{refused.field}: {refused.message}") from None

    def _submit(self, season, path: Path):
        try:
            with path.open("rb") as file:
                content = file.read(MOST_BYTES + 1)
        except OSError as err:
            raise CommandError(_("cannot read {file}: {error}").format(file=path, error=err.strerror)) from None
        try:
            made, replaced = season_submit(season=season, results=results_file(path.name, content))
        except ResultsFileError as refused:
            for error in refused.errors:
                self.stderr.write(str(error))
            raise CommandError(_("{bad} rows of {file} are wrong; nothing was taken.").format(
                bad=len({e.row for e in refused.errors}), file=path.name)) from None
        if replaced is not None:
            said = _("{event} taken into {season}, in place of the file of {when}.")
        else:
            said = _("{event} taken into {season}.")
        self.stdout.write(said.format(event=str(made), season=season.name,
                                      when=replaced.submitted_at.isoformat(timespec="minutes") if replaced else ""))

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
