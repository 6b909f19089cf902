"""``manage.py league …``: a Staffel's season from the command line (scripts and checks use it).

    league create SLUG --club CLUB --name NAME --rules FILE.json [--season 2026]
    league team SLUG --name NAME --roster "First Last; …" [--club CLUB]     (prints the team's id)
    league captain SLUG --team TEAM_ID --login NAME | --off      (the team's Mannschaftsführer; a new login's
                 password is read as one line from standard input, or asked twice at a terminal)
    league schedule SLUG [--seed S] | league schedule SLUG --format json
    league venue SLUG --day D --venue TEXT      (where a central match day is played: the rule central_days)
    league lineup SLUG --day D --team TEAM_ID [--players "Name; …"] [--why TEXT]  (the director's; after the
                 line-up's deadline --why is the reason kept in the day's history)
    league absent SLUG --day D --team TEAM_ID
    league seat SLUG --day D [--seed S]
    league play SLUG --day D --seed S
    league substitute SLUG --day D --team TEAM_ID --out NAME --in NAME --from-series N [--from-deal K]
                 (with --from-deal: inside series N from its deal K on; his figures count only his own deals)
    league day SLUG --day D --format json
    league table SLUG --format json|csv                (the rows, in table order)
    league players SLUG --format json                  (the rows of the individual ranking)
    league overview CLUB [--place N [--down K]] --format json|csv
        every Staffel the club runs with its table; with --place, the rows at place N of every table, the worst
        first, the K worst marked as going down
    league confirm SLUG --day D [--why TEXT]        league publish SLUG [--off]

Any refusal exits with code 1 and one line naming what to correct, having written nothing.
"""

import getpass
import json
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.commands import club_named
from leagues import services
from leagues.selectors import league_find, league_reading
from leagues.sheets import (
    PLACE_FIELDS,
    TABLE_FIELDS,
    day_json,
    overview_json,
    place_json,
    players_json,
    rows_csv,
    schedule_json,
    table_csv,
    table_json,
)
from leagues.tables import league_table_reading, overview
from scoring.management.commands._common import ScoringCommand

ACTIONS = ("create", "team", "captain", "schedule", "venue", "lineup", "absent", "seat", "play", "substitute", "day",
           "table", "players", "confirm", "publish", "overview")


class Command(ScoringCommand):
    help = gettext_lazy("Run a league (Staffel): teams, schedule, line-ups, match days, the table.")

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True, metavar="|".join(ACTIONS))
        parsers = {action: actions.add_parser(action) for action in ACTIONS}
        for action, sub in parsers.items():
            sub.add_argument("slug", help=_("the club's short name") if action == "overview"
                             else _("the league's short name"))
        parsers["create"].add_argument("--club", required=True)
        parsers["create"].add_argument("--name", required=True)
        parsers["create"].add_argument("--rules")
        parsers["create"].add_argument("--season", default="")
        parsers["team"].add_argument("--name", required=True)
        parsers["team"].add_argument("--roster", required=True)
        parsers["team"].add_argument("--club")
        parsers["schedule"].add_argument("--seed", type=int, default=None)
        parsers["schedule"].add_argument("--format", choices=["json"])
        parsers["venue"].add_argument("--venue", required=True, help=_("the central match day's venue"))
        for action in ("venue", "lineup", "absent", "seat", "play", "substitute", "day", "confirm"):
            parsers[action].add_argument("--day", type=int, required=True)
        for action in ("lineup", "absent", "substitute", "captain"):
            parsers[action].add_argument("--team", type=int, required=True)
        named = parsers["captain"].add_mutually_exclusive_group(required=True)
        named.add_argument("--login", help=_("the captain's login name (made when new)"))
        named.add_argument("--off", action="store_true", help=_("the team has no captain"))
        parsers["lineup"].add_argument("--players")
        parsers["lineup"].add_argument("--why", default="", help=_("after the line-up's deadline: the reason kept "
                                                                   "in the day's history"))
        parsers["seat"].add_argument("--seed", type=int, default=0)
        parsers["play"].add_argument("--seed", type=int, default=0)
        parsers["substitute"].add_argument("--out", required=True)
        parsers["substitute"].add_argument("--in", dest="into", required=True)
        parsers["substitute"].add_argument("--from-series", type=int, required=True)
        parsers["substitute"].add_argument("--from-deal", type=int,
                                           help=_("inside the series, from this deal of his table on"))
        parsers["day"].add_argument("--format", choices=["json"], default="json")
        parsers["table"].add_argument("--format", choices=["json", "csv"], default="json")
        parsers["players"].add_argument("--format", choices=["json"], default="json")
        parsers["confirm"].add_argument("--why", default="")
        parsers["overview"].add_argument("--place", type=int)
        parsers["overview"].add_argument("--down", type=int, default=0)
        parsers["overview"].add_argument("--format", choices=["json", "csv"], default="json")
        parsers["publish"].add_argument("--off", action="store_true")

    def handle(self, *args, action, slug, **options):
        try:
            if action == "create":
                return self._create(slug, options)
            if action == "overview":
                return self._overview(slug, options)
            league = league_find(slug)
            if league is None:
                raise CommandError(_("no league {slug!r}").format(slug=slug))
            return getattr(self, f"_{action}")(league, options)
        except services.LeagueError as refused:
            raise CommandError(f"{refused.field}: {refused.message}") from None

    def _out(self, data):
        self.stdout.write(json.dumps(data, ensure_ascii=False, indent=1))

    def _team_of(self, league, pk):
        team = league.teams.filter(pk=pk).first()
        if team is None:
            raise CommandError(_("team: no team {id} in {league}").format(id=pk, league=league.name))
        return team

    def _create(self, slug, options):
        club = club_named(options["club"])
        rules = {}
        if options.get("rules"):
            try:
                rules = services.rules_file(options["rules"])
            except OSError as err:
                raise CommandError(_("cannot read {file}: {error}").format(file=options["rules"],
                                                                           error=err.strerror)) from None
        league = services.league_create(club=club, slug=slug, name=options["name"], rules=rules,
                                        season=options.get("season") or "")
        self.stdout.write(_("league {slug} made for {club}").format(slug=league.slug, club=club.name))

    def _team(self, league, options):
        club = club_named(options["club"]) if options.get("club") else None
        team = services.team_add(league=league, name=options["name"], roster=services.split_names(options["roster"]),
                                 club=club)
        self.stdout.write(str(team.pk))

    def _captain(self, league, options):
        team = self._team_of(league, options["team"])
        login = None if options["off"] else options["login"]
        password = None
        if login and not get_user_model().objects.filter(username__iexact=login.strip()).exists():
            password = self._password(login)
        services.captain_set(league=league, team=team, login=login, password=password)
        if team.captain is None:
            self.stdout.write(_("{team} has no captain").format(team=team.name))
        else:
            self.stdout.write(_("{name} is the captain of {team}").format(name=team.captain.get_username(),
                                                                          team=team.name))

    def _password(self, login: str) -> str:
        if not sys.stdin.isatty():
            return sys.stdin.readline().rstrip("\n")
        first = getpass.getpass(_("Password for {name}: ").format(name=login))
        if first != getpass.getpass(_("Password (again): ")):
            raise CommandError(_("password: the two passwords differ"))
        return first

    def _schedule(self, league, options):
        if options.get("format") != "json" or options.get("seed") is not None:
            days = services.schedule_make(league=league, seed=options.get("seed") or 0)
            if options.get("format") != "json":
                self.stdout.write(_("{count} match days made").format(count=len(days)))
                return
        self._out(schedule_json(league))

    def _venue(self, league, options):
        day = services.venue_set(league=league, day=options["day"], venue=options["venue"])
        self.stdout.write(_("match day {day} is played at {venue}").format(day=day.number, venue=day.venue))

    def _lineup(self, league, options):
        names = services.split_names(options["players"]) if options.get("players") else None
        chosen = services.lineup_set(league=league, day=options["day"], team=self._team_of(league, options["team"]),
                                     names=names, reason=options.get("why") or "")
        self.stdout.write("; ".join(entry.name for entry in chosen))

    def _absent(self, league, options):
        services.absent_set(league=league, day=options["day"], team=self._team_of(league, options["team"]))
        self.stdout.write(_("absent on day {day}").format(day=options["day"]))

    def _seat(self, league, options):
        groups = services.day_seat(league=league, day=options["day"], seed=options["seed"])
        self.stdout.write(_("day {day} seated: events {events}").format(
            day=options["day"], events=", ".join(str(g.tournament_id) for g in groups)))

    def _play(self, league, options):
        from leagues.play import day_play

        entered = day_play(league=league, day=options["day"], seed=options["seed"])
        self.stdout.write(_("deals entered: {count}").format(count=entered))

    def _substitute(self, league, options):
        services.substitute(league=league, day=options["day"], team=self._team_of(league, options["team"]),
                            out=options["out"], into=options["into"], from_series=options["from_series"],
                            from_deal=options.get("from_deal"))
        if options.get("from_deal") and options["from_deal"] > 1:
            self.stdout.write(_("{into} for {out} from series {number}, deal {deal}").format(
                into=options["into"], out=options["out"], number=options["from_series"], deal=options["from_deal"]))
            return
        self.stdout.write(_("{into} for {out} from series {number}").format(
            into=options["into"], out=options["out"], number=options["from_series"]))

    def _day(self, league, options):
        self._out(day_json(league_reading(league), options["day"]))

    def _table(self, league, options):
        reading = league_table_reading(league)
        if options["format"] == "csv":
            self.stdout.write(table_csv(reading), ending="")
        else:
            self._out(table_json(reading))

    def _players(self, league, options):
        self._out(players_json(league_reading(league)))

    def _overview(self, club_slug, options):
        place, down = options.get("place"), options.get("down") or 0
        if place is not None and place < 1:
            raise CommandError(_("place: a place from 1 on, not {value}").format(value=place))
        if down < 0 or (down and place is None):
            raise CommandError(_("down: a number of places going down, with --place"))
        seen = overview(club_named(club_slug), place=place, down=down)
        if place is None:
            data = overview_json(seen)
            if options["format"] == "csv":
                rows = [{"league": staffel["league"], **row} for staffel in data for row in staffel["rows"]]
                self.stdout.write(rows_csv(rows, ["league", *TABLE_FIELDS]), ending="")
            else:
                self._out(data)
        elif options["format"] == "csv":
            self.stdout.write(rows_csv(place_json(seen), PLACE_FIELDS), ending="")
        else:
            self._out(place_json(seen))

    def _confirm(self, league, options):
        services.day_confirm(league=league, day=options["day"], text=options["why"])
        self.stdout.write(_("day {day} confirmed").format(day=options["day"]))

    def _publish(self, league, options):
        services.league_publish(league=league, published=not options["off"])
        self.stdout.write(_("published") if not options["off"] else _("not published"))
