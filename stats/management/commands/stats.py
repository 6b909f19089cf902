"""``manage.py stats member|person|club|versus``: what the lists say, from the command line (scripts and checks use
it).

    stats member ID [--season SLUG [--club CLUB] | --from DATE --to DATE] --format json
    stats person NUMBER [--season SLUG [--club CLUB] | --from DATE --to DATE] --format json
    stats club SLUG [--season SLUG] [--min-series N] [--by FIGURE] --format json|csv
    stats versus ID ID [--season SLUG [--club CLUB] | --from DATE --to DATE] --format json

ID is a member's id in the club's registry; NUMBER a federation number, whose person is every member (of any club)
carrying it: his figures are over all those memberships, as if one (``person`` in place of ``member``, and
``members``: their ids). The figures are ``stats.core``'s: counts as whole numbers, ratios as
numbers rounded to 4 decimals, or null where the divisor is 0. Any refusal (no such member, club or season, a
date that is none) exits with code 1 and one line naming what to correct.
"""

import csv
import datetime
import io
import json

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club, Member, Person
from common.numbers import sent_number
from scoring.management.commands._common import ScoringCommand
from seasons.selectors import season_find
from stats.core import COUNTS, GAME_KINDS, RATIOS, Games, as_data, figures, flat_row, ranked
from stats.selectors import Scope, club_figures, head_to_head, member_figures, person_figures, person_members

FIGURES = (*COUNTS, *RATIOS, *(f"{kind}_{what}" for kind in GAME_KINDS for what in ("played", "won")))


def _member(value: str) -> Member:
    number = sent_number(value, 2**63 - 1)
    member = Member.objects.filter(pk=number).first() if number is not None else None
    if member is None:
        raise CommandError(_("member: no member {id!r}; give a member's id (see the club's Members page)")
                           .format(id=value))
    return member


def _club(slug: str) -> Club:
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise CommandError(_("club: no club {slug!r}; give the club's short name").format(slug=slug))
    return club


def _date(value: str | None, field: str) -> datetime.date | None:
    if value is None:
        return None
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise CommandError(_("{field}: {value!r} is no date; write it as YYYY-MM-DD").format(
            field=field, value=value)) from None


def _scope(options, club: Club | None = None) -> Scope:
    season = None
    if options.get("season"):
        if options.get("club"):
            club = _club(options["club"])
        season = season_find(options["season"], club)
        if season is None:
            raise CommandError(_("season: no season {slug!r} (or several clubs have one: name the club with "
                                 "--club)").format(slug=options["season"]))
    start, end = _date(options.get("start"), "--from"), _date(options.get("end"), "--to")
    if season is not None and (start or end):
        raise CommandError(_("season: give a season or dates, not both"))
    if start and end and start > end:
        raise CommandError(_("--to: {end} is before --from {start}").format(end=end, start=start))
    return Scope(season=season, start=start, end=end)


class Command(ScoringCommand):
    help = gettext_lazy("Print a member's statistics, a club's, or two members' head to head, as JSON or CSV.")

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True, metavar="member|person|club|versus")
        member = actions.add_parser("member", help=_("one member's figures"))
        member.add_argument("id", help=_("the member's id"))
        person = actions.add_parser("person", help=_("one person's figures over all his clubs"))
        person.add_argument("number", help=_("the person's federation number"))
        versus = actions.add_parser("versus", help=_("two members' series at one table"))
        versus.add_argument("ids", nargs=2, metavar="ID", help=_("the two members' ids"))
        for sub in (member, person, versus):
            sub.add_argument("--season", help=_("only this season's events"))
            sub.add_argument("--club", help=_("the season's club, where two clubs have a season of that name"))
            sub.add_argument("--from", dest="start", help=_("only events on or after this day (YYYY-MM-DD)"))
            sub.add_argument("--to", dest="end", help=_("only events on or before this day (YYYY-MM-DD)"))
            sub.add_argument("--format", choices=["json"], default="json")
        club = actions.add_parser("club", help=_("every member's figures, ranked"))
        club.add_argument("slug", help=_("the club's short name"))
        club.add_argument("--season", help=_("only this season's events"))
        club.add_argument("--min-series", type=int, default=0, help=_("only members with at least this many series"))
        club.add_argument("--by", choices=FIGURES, default="per_48", help=_("the figure the members are ranked by"))
        club.add_argument("--format", choices=["json", "csv"], default="json")

    def handle(self, *args, action, **options):
        if action == "member":
            member = _member(options["id"])
            data = as_data(member.pk, member.name, member_figures(member, _scope(options, member.club)))
            self.stdout.write(json.dumps(data, ensure_ascii=False, indent=1))
        elif action == "person":
            self._person(options)
        elif action == "versus":
            a, b = (_member(value) for value in options["ids"])
            if a.pk == b.pk:
                raise CommandError(_("ID: give two different members"))
            met = head_to_head(a, b, _scope(options, a.club))
            self.stdout.write(json.dumps({
                "series": met.series, "a": {"member": a.pk, "total": met.a_total, "ahead": met.a_ahead},
                "b": {"member": b.pk, "total": met.b_total, "ahead": met.b_ahead}, "equal": met.equal}, indent=1))
        else:
            self._club(options)

    def _person(self, options):
        members = person_members(options["number"])
        if not members:
            raise CommandError(_("NUMBER: no member carries the federation number {number!r}; give a person's "
                                 "federation number (see the association's persons)").format(number=options["number"]))
        number = members[0].federation_number
        found = person_figures(number, _scope(options, members[0].club))
        known = Person.objects.filter(federation_number=number).first()  # the name the latest change gave
        data = as_data(0, known.name if known else members[-1].name, found)
        del data["member"]
        data = {"person": number, "members": [m.pk for m in members], **data}
        self.stdout.write(json.dumps(data, ensure_ascii=False, indent=1))

    def _club(self, options):
        club = _club(options["slug"])
        if options["min_series"] < 0:
            raise CommandError(_("--min-series: give a number of series from 0 on"))
        options = {**options, "club": None}
        scope = _scope(options, club)
        found = club_figures(club, scope)
        names = dict(Member.objects.filter(pk__in=list(found)).values_list("pk", "name"))
        rows = [as_data(pk, names[pk], f) for pk, f in ranked(found, options["by"], options["min_series"])]
        if options["format"] == "json":
            self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=1))
            return
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=list(flat_row(as_data(0, "", figures([], Games()))).keys()))
        writer.writeheader()
        writer.writerows(flat_row(row) for row in rows)
        self.stdout.write(out.getvalue(), ending="")
