"""League play's writes: the league made with its rules, teams, rosters and captains, the schedule, a central
day's venue, line-ups, absences, the day's events seated, substitutions, a day confirmed, corrected or protested.
Each checks everything first and writes in one transaction, so a refused change leaves nothing half-saved.

A ``LeagueError`` names the field to correct (``slug``, ``rules`` or one of their keys, ``roster``, ``players``,
``day``, ``team``, ``captain``, ``password``, ``venue``, ``series``, ``deal``, ``out``, ``in``) and says why, in the
active language.

The day's events: one per group, a tournament of the host's club under the ISkO (tables of 3 and 4, 48 deals at a
table of four, 36 at three), ``series_per_day`` series, every series seated at once from the day's plan
(``seating.movements.league_day``): its players are the line-ups, each with his team's name as his club and in
the event's team of that name, so the event's own team standings read the same sums.
"""

from __future__ import annotations

import datetime
from decimal import Decimal, InvalidOperation

from django.contrib.auth import get_user_model
from django.db import IntegrityError, models, transaction
from django.utils import formats, timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from accounts.services import clean_username, login_made
from common.errors import UserError
from common.i18n import say
from common.untrusted import json_file, json_text
from leagues.core import LeagueRules, RulesError, lineup_deadlines, lineup_refusal, make_schedule, parse_rules
from leagues.models import (
    Charge,
    DayNote,
    Deduction,
    Group,
    GroupTeam,
    League,
    LineUp,
    MatchDay,
    RosterEntry,
    Substitution,
    Team,
)
from leagues.selectors import venue_of
from scoring.tournaments.services import tournament_open
from seating.errors import SeatingError
from seating.event_series import seat_handed_over, series_seat_given
from seating.locks import lock_league, lock_table
from seating.models import Player, Table
from seating.models import Team as EventTeam
from seating.movements import MovementUserError
from seating.movements.league_day import plan_day
from seating.schedule import tournament_schedule

RULEBOOK = "isko"


class LeagueError(UserError):
    """A league's change refused: ``field`` names the input or the rule's key."""


class LeagueConflict(LeagueError):
    """A change refused because of what the league holds now (another change came first: the day is seated, the
    player came in already, the deal is entered): the pages answer 409."""


def locked(league: League) -> League:
    """The league's lock taken (``seating.locks.lock_league``), inside the caller's transaction: what the write
    checks is read after it."""
    lock_league(league.pk)
    return league


MOST_RULES_CHARACTERS = 20_000
"""The rules' JSON: a dozen keys and a list of match days, fit many times over."""
RULES_DEPTH = 2
"""``{"central_days": [5]}``, the deepest the rules go."""


def rules_read(text: str) -> dict:
    """The rules' JSON value from the text a person sent (blank: no rules), measured before it is parsed
    (``common.untrusted``): a ``LeagueError`` naming ``rules`` or the key that is too deep or too long."""
    try:
        return json_text(text or "{}", field="rules", most_characters=MOST_RULES_CHARACTERS, most_depth=RULES_DEPTH)
    except UserError as refused:
        raise LeagueError(refused.field, refused.message) from None


def rules_file(path) -> dict:
    """The rules' JSON value in the file at ``path`` (``OSError`` when it cannot be read), as ``rules_read``."""
    try:
        return json_file(path, field="rules", most_bytes=MOST_RULES_CHARACTERS, most_depth=RULES_DEPTH)
    except UserError as refused:
        raise LeagueError(refused.field, refused.message) from None


def rules_checked(data) -> LeagueRules:
    try:
        return parse_rules(data)
    except RulesError as refused:
        raise LeagueError(refused.field, say(refused.message)) from None


RESERVED_SLUGS = ("overview",)  # addresses beside the leagues' own under club/<club>/leagues/


def league_create(*, club, slug: str, name: str, rules: dict, season: str = "") -> League:
    slug, name, season = (slug or "").strip(), (name or "").strip(), " ".join((season or "").split())
    if len(season) > League._meta.get_field("season").max_length:
        raise LeagueError("season", _("at most {count} characters").format(
            count=League._meta.get_field("season").max_length))
    if not slug or slugify(slug) != slug:
        raise LeagueError("slug", _("a short name of lower-case letters, digits and hyphens, e.g. {example}").format(
            example=slugify(slug) or "landesliga-1"))
    if len(slug) > League._meta.get_field("slug").max_length or len(name) > League._meta.get_field("name").max_length:
        raise LeagueError("name", _("the short name or the name is too long"))
    if not name:
        raise LeagueError("name", _("the league needs a name"))
    if slug in RESERVED_SLUGS:
        raise LeagueError("slug", _("{slug!r} names a page of the leagues: choose another").format(slug=slug))
    checked = rules_checked(rules)
    try:
        with transaction.atomic():
            return League.objects.create(club=club, slug=slug, name=name, rules=checked.as_json(), season=season)
    except IntegrityError:
        raise LeagueError("slug", _("there is a league {slug!r} already").format(slug=slug)) from None


def split_names(text: str) -> list[str]:
    """"First Last; First Last" as names, blanks dropped."""
    return [" ".join(part.split()) for part in (text or "").split(";") if part.strip()]


def team_add(*, league: League, name: str, roster: list[str], club=None) -> Team:
    """A team of ``club`` (the league's when None) with its roster: each name the club's member of that name
    (compared without case), else a guest."""
    club = club or league.club
    name = " ".join((name or "").split())
    rules = league.parsed_rules
    if not name:
        raise LeagueError("name", _("the team needs a name"))
    if len(name) > Team._meta.get_field("name").max_length:
        raise LeagueError("name", _("at most {count} characters").format(count=Team._meta.get_field("name").max_length))
    if len(roster) > rules.roster_max:
        raise LeagueError("roster", _("a roster holds at most {most} players, not {count}").format(
            most=rules.roster_max, count=len(roster)))
    if len({n.casefold() for n in roster}) != len(roster):
        raise LeagueError("roster", _("a name is on the roster twice"))
    if any(len(n) > RosterEntry._meta.get_field("name").max_length for n in roster):
        raise LeagueError("roster", _("a name is too long"))
    members = {m.name.casefold(): m for m in club.members.all()}
    with transaction.atomic():
        league = locked(league)
        members_free(league, [members[n.casefold()] for n in roster if n.casefold() in members])
        if league.days.filter(groups__isnull=False).exists():
            raise LeagueError("name", _("the schedule is made: make it again after adding a team"))
        if Team.objects.filter(league=league, name__iexact=name).exists():
            raise LeagueError("name", _("the league has a team {name!r} already").format(name=name))
        number = (Team.objects.filter(league=league).order_by("-number").values_list("number", flat=True).first()
                  or 0) + 1
        team = Team.objects.create(league=league, club=club, name=name, number=number)
        RosterEntry.objects.bulk_create([RosterEntry(team=team, name=n, member=members.get(n.casefold()), order=i)
                                         for i, n in enumerate(roster, start=1)])
        if rules.team_fee:
            Charge.objects.create(league=league, team=team, kind=Charge.Kind.FEE, amount=rules.team_fee,
                                  note=_("team fee {season}").format(season=league.season).strip())
    return team


def members_free(league: League, members, team: Team | None = None) -> None:
    """Refused when one of ``members`` is on the roster of another team of the league than ``team`` (a member plays
    for one team of a league: the day's event knows each member once)."""
    taken = (RosterEntry.objects.filter(team__league=league, member__in=[member.pk for member in members])
             .exclude(team=team).select_related("team", "member").order_by("team__number", "order").first()
             if members else None)
    if taken is not None:
        raise LeagueError("roster", _("{name} is on the roster of {team} already: a member plays for one team of a "
                                      "league").format(name=taken.member.name, team=taken.team.name))


def captain_set(*, league: League, team: Team, login: str | None, password: str | None = None) -> Team:
    """The team's captain (Mannschaftsführer): the login ``login`` (its name compared without case) sets his team's
    line-ups on his own page and nothing else (he holds no role in any club for it). A new login is made with
    ``password`` (checked by the password rules); none (blank) takes the captaincy away."""
    login = (login or "").strip()
    if team.league_id != league.pk:
        raise LeagueError("team", _("no such team"))
    captain = None
    with transaction.atomic():
        locked(league)
        if login:
            try:
                login = clean_username(login)
            except UserError as refused:
                raise LeagueError("captain", refused.message) from None
            User = get_user_model()
            captain = User.objects.filter(username__iexact=login).order_by("pk").first()
            if captain is None:
                try:
                    captain = login_made(login, password)
                except UserError as refused:
                    raise LeagueError(refused.field, refused.message) from None
            elif not captain.is_active:
                raise LeagueError("captain", _("the login {name} is switched off").format(name=login))
        team.captain = captain
        team.save(update_fields=["captain"])
    return team


def schedule_make(*, league: League, seed: int = 0) -> list[MatchDay]:
    """The match days and their groups from ``leagues.core.make_schedule``; made again while no day is seated."""
    rules = league.parsed_rules
    teams = list(league.teams.order_by("number"))
    if len(teams) < 3:
        raise LeagueError("teams", _("a league needs at least 3 teams, not {count}").format(count=len(teams)))
    with transaction.atomic():
        locked(league)
        if Group.objects.filter(day__league=league, tournament__isnull=False).exists():
            raise LeagueConflict("day", _("a match day is seated already: the schedule stands"))
        try:
            plan = make_schedule(len(teams), rules.days, seed=seed)
        except RulesError as refused:
            raise LeagueError(refused.field, say(refused.message)) from None
        league.days.all().delete()
        days = []
        for number, groups in enumerate(plan.days, start=1):
            day = MatchDay.objects.create(league=league, number=number)
            days.append(day)
            for g, group in enumerate(groups, start=1):
                row = Group.objects.create(day=day, number=g, host=teams[group.host])
                GroupTeam.objects.bulk_create([GroupTeam(group=row, team=teams[t], order=i)
                                               for i, t in enumerate(group.teams)])
    return days


def _day(league: League, number: int) -> MatchDay:
    day = league.days.filter(number=number).first()
    if day is None:
        raise LeagueError("day", _("no match day {number}: make the schedule first (days 1 to {days})").format(
            number=number, days=league.parsed_rules.days))
    return day


def _entry(day: MatchDay, team: Team) -> GroupTeam:
    entry = GroupTeam.objects.filter(group__day=day, team=team).select_related("group__tournament").first()
    if entry is None:
        raise LeagueError("team", _("{team} does not play on day {day}").format(team=team.name, day=day.number))
    return entry


def _roster_entries(team: Team, names: list[str], field: str = "players") -> list[RosterEntry]:
    roster = {entry.name.casefold(): entry for entry in team.roster.all()}
    found = []
    for name in names:
        entry = roster.get(name.casefold())
        if entry is None:
            raise LeagueError(field, _("{name} is not on the roster of {team}").format(name=name, team=team.name))
        found.append(entry)
    return found


def lineup_set(*, league: League, day: int, team: Team, names: list[str] | None = None, captain: bool = False,
               reason: str = "", by=None, now: datetime.datetime | None = None) -> list[RosterEntry]:
    """The team's line-up for the day (positions 1, 2, … in the order given; ``None``: the roster's first
    ``team_size``; an empty list is refused, a form sent with no player named). ``team_size`` players, or one fewer
    (an incomplete team). Before the day is seated. A line-up the league director sets takes back the team's absence
    that day; the ``captain``'s is refused while the director has the team marked absent.

    The ``captain``'s line-up is refused after the rules' deadlines (``leagues.core.deadlines``); the director may
    still set it, with a ``reason`` kept in the day's history. With ``one_club_per_season`` a person who played
    for another club in a league of the same season is refused, naming that club."""
    rules = league.parsed_rules
    match_day = _day(league, day)
    if names is not None and not names:
        raise LeagueError("players", _("name the team's players: no player is chosen"))
    chosen = (_roster_entries(team, names) if names else list(team.roster.order_by("order")[:rules.team_size]))
    if len({c.pk for c in chosen}) != len(chosen):
        raise LeagueError("players", _("a player is named twice"))
    if not rules.team_size - 1 <= len(chosen) <= rules.team_size or len(chosen) < 3:
        raise LeagueError("players", _("a line-up names {size} players (or {fewer}: an incomplete team), not "
                                       "{count}").format(size=rules.team_size, fewer=rules.team_size - 1,
                                                         count=len(chosen)))
    if rules.one_club_per_season:
        _one_club_checked(league, team, chosen)
    reason = " ".join((reason or "").split())
    with transaction.atomic():
        locked(league)
        entry = _entry(match_day, team)
        if entry.group.tournament_id is not None:
            raise LeagueConflict("day", _("day {day} is seated: change the team by a substitution").format(day=day))
        if entry.absent and captain:
            raise LeagueConflict("players", _("the league director has marked {team} as not appearing on day {day}: "
                                              "ask him to take it back").format(team=team.name, day=day))
        now = now or timezone.localtime().replace(tzinfo=None)
        late = lineup_refusal(rules, venue_of(entry.group, rules).date, now, entry.line_up.exists())
        if late and captain:
            deadlines = lineup_deadlines(rules, venue_of(entry.group, rules).date)
            if late == "closed":
                raise LeagueError("players", _("line-ups for day {day} closed at {time}: ask the league director")
                                  .format(day=day, time=deadlines.closes.strftime("%H:%M")))
            raise LeagueError("players", _("the line-up for day {day} was due by {date}: ask the league director")
                              .format(day=day, date=formats.date_format(deadlines.due.date(), "SHORT_DATE_FORMAT")))
        if late and not reason:
            raise LeagueError("reason", _("the line-up's deadline has passed: say why it is set now"))
        LineUp.objects.filter(entry=entry).delete()
        LineUp.objects.bulk_create([LineUp(entry=entry, position=i, roster=c) for i, c in enumerate(chosen, 1)])
        if late:
            DayNote.objects.create(day=match_day, kind=DayNote.Kind.LINEUP, team=team, by=by, text=_(
                "{team}: {players}. {reason}").format(team=team.name, players=", ".join(c.name for c in chosen),
                                                      reason=reason))
        if entry.absent:
            entry.absent = False
            entry.save(update_fields=["absent"])
            _fine_reversed(league, entry, day, by)
    return chosen


def _person(member) -> tuple[str, str]:
    """Who a member is across clubs: his membership number when he has one, else his name (both folded)."""
    return ("number", member.number_folded) if member.number_folded else ("name", member.name_folded)


def _one_club_checked(league: League, team: Team, chosen: list[RosterEntry]) -> None:
    """Refuses a player who sat in a line-up of another club in a league of the same season."""
    members = [c.member for c in chosen if c.member is not None]
    if not members:
        return
    season = League.objects.filter(season=league.season) if league.season else League.objects.filter(pk=league.pk)
    others = LineUp.objects.filter(entry__group__day__league__in=season, roster__member__isnull=False).exclude(
        entry__team__club=team.club).select_related("roster__member", "entry__team__club")
    numbers = {m.number_folded for m in members if m.number_folded}
    names = {m.name_folded for m in members if not m.number_folded}
    for line in others.filter(models.Q(roster__member__number_folded__in=numbers)
                              | models.Q(roster__member__name_folded__in=names, roster__member__number_folded="")):
        raise LeagueError("players", _("{name} plays for {club} this season already (one club a season)").format(
            name=line.roster.name, club=line.entry.team.club.name))


def absent_set(*, league: League, day: int, team: Team, absent: bool = True, by=None) -> GroupTeam:
    """The team does not appear that day (before the day is seated): no points and no game points, the rules'
    ``no_show_deduction`` (taken in the table) and ``no_show_fine`` booked against it in the league's cash book
    (reversed when the absence is taken back)."""
    match_day = _day(league, day)
    fine = league.parsed_rules.no_show_fine
    with transaction.atomic():
        locked(league)
        entry = _entry(match_day, team)
        if entry.group.tournament_id is not None:
            raise LeagueConflict("day", _("day {day} is seated already").format(day=day))
        if entry.absent == absent:
            return entry
        entry.absent = absent
        entry.save(update_fields=["absent"])
        if absent and fine:
            Charge.objects.create(league=league, team=team, kind=Charge.Kind.FINE, amount=fine, day=day, by=by,
                                  note=_("did not appear on match day {day}").format(day=day))
        elif not absent:
            _fine_reversed(league, entry, day, by)
    return entry


def _fine_reversed(league: League, entry: GroupTeam, day: int, by) -> None:
    """The no-show's fine of the day taken back by a counter-line (the absence was a mistake)."""
    fine = Charge.objects.filter(league=league, team=entry.team, kind=Charge.Kind.FINE, day=day, amount__gt=0,
                                 reversed_by__isnull=True).order_by("-pk").first()
    if fine is not None:
        Charge.objects.create(league=league, team=entry.team, kind=fine.kind, amount=-fine.amount, day=day, by=by,
                              reverses=fine, note=_("taken back: {note}").format(note=fine.note))


def venue_set(*, league: League, day: int, venue: str) -> MatchDay:
    """Where central match day ``day`` is played (every group there); only a central day (the rules'
    ``central_days``) has one, the others are played at each group's host."""
    rules = league.parsed_rules
    match_day = _day(league, day)
    venue = " ".join((venue or "").split())
    if not rules.central(day):
        days = ", ".join(str(d) for d in rules.central_days) or "—"
        raise LeagueError("venue", _("day {day} is played at the groups' hosts: only a central day has a venue "
                                     "(central days: {days}; the rule central_days)").format(day=day, days=days))
    if len(venue) > MatchDay._meta.get_field("venue").max_length:
        raise LeagueError("venue", _("at most {count} characters").format(
            count=MatchDay._meta.get_field("venue").max_length))
    with transaction.atomic():
        locked(league)
        if venue == "" and match_day.groups.filter(tournament__isnull=False).exists():
            raise LeagueError("venue", _("day {day} is seated: its venue can be changed, not taken away").format(
                day=day))
        match_day.venue = venue
        match_day.save(update_fields=["venue"])
    return match_day


def day_seat(*, league: League, day: int, seed: int = 0) -> list[Group]:
    """Each group's event made (a tournament of the host's club, at the host's club or, on a central day, at the
    day's venue, which must be named first) and every series seated from the day's plan; a team without a line-up
    plays its roster's first players."""
    rules = league.parsed_rules
    match_day = _day(league, day)
    if rules.central(day) and not match_day.venue:
        raise LeagueError("venue", _("day {day} is a central match day: name its venue first").format(day=day))
    with transaction.atomic():
        locked(league)
        groups = list(match_day.groups.select_related("host__club").order_by("number"))
        for group in groups:
            if group.tournament_id is not None:
                raise LeagueConflict("day", _("day {day} is seated already").format(day=day))
            entries = [e for e in group.entries.select_related("team").order_by("order") if not e.absent]
            for entry in entries:
                if not entry.line_up.exists():
                    lineup_set(league=league, day=day, team=entry.team,
                               reason=_("no line-up handed in: the roster's first play"))
            sizes = [entry.line_up.count() for entry in entries]
            try:
                plan = plan_day(sizes, rules.series_per_day, seed=seed + group.number)
            except MovementUserError as err:
                raise LeagueError("teams", _("group {group}: {why}").format(group=group.number, why=err.message)) \
                    from None
            name = _("{league}, day {day}, group {group}").format(league=league.name, day=day, group=group.number)
            try:
                tournament = tournament_open(
                    name=name[:200], place=(match_day.venue if rules.central(day) else group.host.club.name)[:200],
                    method="fixed", rulebook=RULEBOOK,
                    series_count=rules.series_per_day, club=group.host.club,
                    date=match_day.date or timezone.localdate())
            except SeatingError as err:
                raise LeagueError("day", str(err)) from None
            players = {}
            for index, entry in enumerate(entries):
                event_team = EventTeam.objects.create(tournament=tournament, name=entry.team.name)
                for line in entry.line_up.select_related("roster").order_by("position"):
                    player = Player.objects.create(tournament=tournament, name=line.roster.name,
                                                   club=entry.team.name, member=line.roster.member, team=event_team)
                    line.player = player
                    line.save(update_fields=["player"])
                    players[(index, line.position - 1)] = player.pk
            series_seat_given(tournament=tournament,
                              seatings=[[[players[place] for place in table] for table in at] for at in plan.series])
            group.tournament, group.repeats = tournament, plan.repeats
            group.save(update_fields=["tournament", "repeats"])
        if match_day.date is None:
            match_day.date = timezone.localdate()
            match_day.save(update_fields=["date"])
    return groups


def substitute(*, league: League, day: int, team: Team, out: str, into: str, from_series: int,
               from_deal: int | None = None, by=None) -> Substitution:
    """``into`` (a roster player not playing that day) takes over ``out``'s seat from series ``from_series`` on
    (in the event ``out`` plays up to the series before, ``into`` from that series: a late entry in the seat); or,
    with ``from_deal`` K, inside that series from its deal K on: the event keeps the seat's list on ``out``'s line
    for the whole series (the team's sum is the seat's list total), the league reads the deals before K as
    ``out``'s and from K as ``into``'s (``leagues.selectors``), and ``into`` holds the seat from the next series.
    Deal 1 is the whole series. Refused once the seat's table has entered deal K (or a later one)."""
    rules = league.parsed_rules
    match_day = _day(league, day)
    if not 1 <= from_series <= rules.series_per_day:
        raise LeagueError("series", _("a series from 1 to {last}").format(last=rules.series_per_day))
    if from_deal == 1:
        from_deal = None  # from the first deal on: the whole series changes hands
    if from_deal is not None and from_deal < 1:
        raise LeagueError("deal", _("a deal from 1 on, not {number}").format(number=from_deal))
    (roster_out,) = _roster_entries(team, [out], "out")
    (roster_in,) = _roster_entries(team, [into], "in")
    with transaction.atomic():
        locked(league)
        entry = _entry(match_day, team)
        if entry.group.tournament_id is None:
            raise LeagueError("day", _("day {day} is not seated yet: change the line-up instead").format(day=day))
        tournament = entry.group.tournament
        seated = {}  # roster entry → event player, the line-up and earlier substitutes
        for line in entry.line_up.all():
            seated[line.roster_id] = line.player_id
        for earlier in entry.substitutions.all():
            seated[earlier.roster_in_id] = earlier.player_in_id
        if from_deal is not None:
            # The table's lock before any row of the event's: a deal's save holds it while its insert reads the
            # event's and the players' rows, so the other order could leave each waiting for the other.
            for table in Table.objects.filter(tournament=tournament, series=from_series,
                                              seats__player=seated.get(roster_out.pk)).values_list("pk", flat=True):
                lock_table(table)
        player_out = Player.objects.select_for_update().filter(pk=seated.get(roster_out.pk)).first()
        if player_out is None or not player_out.plays_series(from_series):
            raise LeagueError("out", _("{name} does not play series {number}").format(name=out, number=from_series))
        if roster_in.pk in seated:
            raise LeagueConflict("in", _("{name} plays that day already").format(name=into))
        most = rules.substitutions_per_series
        if most and entry.substitutions.filter(from_series=from_series).count() >= most:
            raise LeagueError("series", _("{team} has made its {most} substitution(s) of series {number} (the rule "
                                          "substitutions_per_series)").format(team=team.name, most=most,
                                                                              number=from_series))
        if from_deal is None:
            if Table.objects.filter(tournament=tournament, series__gte=from_series, deals__isnull=False).exists():
                raise LeagueConflict("series", _("series {number} holds scores: substitute from a later series")
                                  .format(number=from_series))
            if from_series == 1:
                raise LeagueError("series", _("before series 1 the line-up is changed, not substituted"))
        else:
            _inside_checked(tournament, player_out, from_series, from_deal)
        player_in = seat_handed_over(tournament=tournament, player_out=player_out, name=roster_in.name,
                                     member=roster_in.member, from_series=from_series, inside=from_deal is not None)
        return Substitution.objects.create(entry=entry, roster_out=roster_out, roster_in=roster_in,
                                           player_out=player_out, player_in=player_in, from_series=from_series,
                                           from_deal=from_deal, by=by)


def _inside_checked(tournament, player_out: Player, series: int, deal: int) -> None:
    """A Wechsel inside ``series`` from deal ``deal``: the deal is one of his table's, not entered yet, nor any
    after it, and the later series he hands over hold no scores at his tables. Checked under the table's lock
    (``seating.locks.lock_table``, taken by ``substitute``), which the table's save of a deal takes too: deal K
    entered at that moment is either seen here (refused) or saved after the Wechsel (the substitute's), never
    both."""
    table = Table.objects.filter(tournament=tournament, series=series, seats__player=player_out).first()
    if table is None:
        raise LeagueError("out", _("{name} has no seat in series {number}").format(name=player_out.name,
                                                                                  number=series))
    deals = tournament_schedule(tournament)[table.pk].deals
    if not 1 <= deal <= deals:
        raise LeagueError("deal", _("table {table} plays deals 1 to {deals} in series {number}, not deal {deal}")
                          .format(table=table.number, deals=deals, number=series, deal=deal))
    if table.deals.filter(number__gte=deal).exists():
        raise LeagueConflict("deal", _("table {table} has entered deal {deal} of series {number} (or a later one): "
                                    "a substitute comes in from a deal not played yet")
                          .format(table=table.number, deal=deal, number=series))
    if Table.objects.filter(tournament=tournament, series__gt=series, seats__player=player_out,
                            deals__isnull=False).exists():
        raise LeagueError("series", _("a later series holds scores at {name}'s table").format(name=player_out.name))


def day_confirm(*, league: League, day: int, by=None, text: str = "") -> MatchDay:
    """The day's results binding now (the league director's confirmation)."""
    match_day = _day(league, day)
    with transaction.atomic():
        locked(league)
        match_day.confirmed_at, match_day.confirmed_by = timezone.now(), by
        match_day.save(update_fields=["confirmed_at", "confirmed_by"])
        DayNote.objects.create(day=match_day, kind=DayNote.Kind.CONFIRMED, text=text, by=by)
    return match_day


def day_note(*, league: League, day: int, kind: str, text: str, by=None, team: Team | None = None) -> DayNote:
    """A correction (who and why), a protest (by ``team``) or its ruling kept in the day's history."""
    text = (text or "").strip()
    if kind not in DayNote.Kind.values:
        raise LeagueError("kind", _("one of {kinds}").format(kinds=", ".join(DayNote.Kind.values)))
    if not text:
        raise LeagueError("text", _("say why"))
    match_day = _day(league, day)
    with transaction.atomic():
        locked(league)
        match_day.refresh_from_db(fields=["confirmed_at"])
        if kind == DayNote.Kind.CORRECTED and match_day.confirmed_at is not None:
            raise LeagueConflict("day", _("day {day} is binding: a correction is a ruling on a protest now").format(
                day=day))
        return DayNote.objects.create(day=match_day, kind=kind, text=text, by=by, team=team)


def league_publish(*, league: League, published: bool = True) -> League:
    with transaction.atomic():
        locked(league)
        league.published = published
        league.save(update_fields=["published"])
    return league


def group_move(*, league: League, day: int, group: int, date: datetime.date | None, venue: str, reason: str,
               by=None) -> Group:
    """A group's match day moved (Spielverlegung) to ``date`` and/or ``venue``, with a reason; the day's history
    keeps the old date and venue. Before the group is seated."""
    match_day = _day(league, day)
    found = match_day.groups.select_related("day", "host__club").filter(number=group).first()
    if found is None:
        raise LeagueError("group", _("no group {group} on day {day}").format(group=group, day=day))
    venue, reason = " ".join((venue or "").split()), " ".join((reason or "").split())
    if len(venue) > Group._meta.get_field("venue").max_length:
        raise LeagueError("venue", _("at most {count} characters").format(
            count=Group._meta.get_field("venue").max_length))
    if date is None and not venue:
        raise LeagueError("date", _("name the new date or the new venue"))
    if not reason:
        raise LeagueError("reason", _("say why the day is moved"))
    rules = league.parsed_rules
    with transaction.atomic():
        locked(league)
        found = Group.objects.select_for_update().select_related("day", "host__club").get(pk=found.pk)
        if found.tournament_id is not None:
            raise LeagueError("day", _("group {group} of day {day} is seated: it has been played").format(
                group=group, day=day))
        before = venue_of(found, rules)
        if date is not None:
            found.date = date
        if venue:
            found.venue = venue
        found.save(update_fields=["date", "venue"])
        after = venue_of(found, rules)
        DayNote.objects.create(day=match_day, kind=DayNote.Kind.MOVED, by=by, text=_(
            "group {group} moved from {old_date} ({old_place}) to {new_date} ({new_place}): {reason}").format(
            group=group, old_date=before.date.isoformat() if before.date else "—", old_place=before.place or "—",
            new_date=after.date.isoformat() if after.date else "—", new_place=after.place or "—", reason=reason))
    return found


def deduction_add(*, league: League, team: Team, points: str, note: str, by=None) -> Deduction:
    """Wertungspunkte taken from ``team`` (a whole or half number above 0) with a note the table shows."""
    note = " ".join((note or "").split())
    if team.league_id != league.pk:
        raise LeagueError("team", _("no such team"))
    text = (points or "").strip().replace(",", ".")
    try:
        amount = Decimal(text) if len(text) <= 8 and text.replace(".", "", 1).isascii() else None
    except InvalidOperation:
        amount = None
    if amount is None or not amount.is_finite() or amount <= 0 or amount > 1000 or (amount * 2) % 1:
        raise LeagueError("points", _("Wertungspunkte above 0, whole or half (1.5), not {value!r}").format(
            value=text[:20]))
    if not note:
        raise LeagueError("note", _("say why: the note is shown in the table"))
    if len(note) > Deduction._meta.get_field("note").max_length:
        raise LeagueError("note", _("at most {count} characters").format(
            count=Deduction._meta.get_field("note").max_length))
    with transaction.atomic():
        locked(league)
        return Deduction.objects.create(league=league, team=team, points=amount, note=note, by=by)


def deduction_remove(*, league: League, deduction: int, by=None) -> None:
    """A deduction taken back: kept in the history (who took it back, when, its note), the table ignores it."""
    with transaction.atomic():
        locked(league)
        if not Deduction.objects.filter(league=league, pk=deduction, removed_at__isnull=True).update(
                removed_at=timezone.now(), removed_by=by):
            raise LeagueError("deduction", _("no such deduction"))


def charge_take(*, league: League, charge: int, by=None, event=None) -> Charge:
    """The money of a cash-book line taken at the cash desk (once): the league's own, or ``event``'s."""
    with transaction.atomic():
        locked(league)
        found = Charge.objects.select_for_update().filter(league=league, pk=charge, amount__gt=0).order_by().first()
        if found is None or Charge.objects.filter(reverses=found).exists():
            raise LeagueError("charge", _("no such open line"))
        if found.taken_at is not None:
            raise LeagueError("charge", _("taken already"))
        found.taken_at, found.taken_by, found.taken_event = timezone.now(), by, event
        found.save(update_fields=["taken_at", "taken_by", "taken_event"])
    return found


def charge_take_back(*, league: League, charge: int, by=None, event=None, note: str = "") -> Charge:
    """A line's money taken by mistake given back at the desk that took it (``event``'s, or the league's own):
    a counter-line (the amount negated, given back now, ``note`` the reason) and the line booked again, open (a
    fee for every event of the season, a fine for its day's), so the book keeps the take and its reversal and
    counts the money taken once. A line is taken back once; a counter-line never."""
    with transaction.atomic():
        locked(league)
        found = Charge.objects.select_for_update().filter(league=league, pk=charge).order_by().first()
        if found is not None and found.reverses_id is not None:
            raise LeagueError("charge", _("a reversal is not reversed: take the line booked again instead"))
        if found is None or found.amount <= 0:
            raise LeagueError("charge", _("no such line"))
        if Charge.objects.filter(reverses=found).exists():
            raise LeagueConflict("charge", _("this line has been reversed already"))
        if found.taken_at is None:
            raise LeagueConflict("charge", _("this line is not taken: there is nothing to give back"))
        if found.taken_event_id != (event.pk if event is not None else None):
            raise LeagueConflict("charge", _("this line was taken at another cash desk: it is given back there"))
        now = timezone.now()
        counter = Charge.objects.create(league=league, team_id=found.team_id, kind=found.kind, amount=-found.amount,
                                        day=found.day, by=by, reverses=found, note=(note or "")[:300],
                                        taken_at=now, taken_by=by, taken_event=event)
        Charge.objects.create(league=league, team_id=found.team_id, kind=found.kind, amount=found.amount,
                              day=found.day, by=by, note=found.note)
    return counter


def roster_add(*, league: League, team: Team, member=None, guest: str = "") -> RosterEntry:
    """A member of the team's club (``member``), or a guest by name, put on the team's roster (at its end); a
    member is on one team of a league only."""
    if team.league_id != league.pk:
        raise LeagueError("team", _("no such team"))
    name = member.name if member is not None else " ".join((guest or "").split())
    if member is not None and member.club_id != team.club_id:
        raise LeagueError("member", _("not a member of {club}").format(club=team.club.name))
    if not name:
        raise LeagueError("guest", _("the guest needs a name"))
    if len(name) > RosterEntry._meta.get_field("name").max_length:
        raise LeagueError("guest", _("a name is too long"))
    with transaction.atomic():
        locked(league)  # one roster change of the league at a time: a member lands on one team only
        roster = list(team.roster.all())
        if len(roster) >= league.parsed_rules.roster_max:
            raise LeagueError("roster", _("a roster holds at most {most} players").format(
                most=league.parsed_rules.roster_max))
        if any(entry.name.casefold() == name.casefold() for entry in roster):
            raise LeagueError("roster", _("{name} is on the roster already").format(name=name))
        if member is not None:
            other = RosterEntry.objects.filter(team__league=league, member=member).exclude(team=team) \
                .select_related("team").first()
            if other is not None:
                raise LeagueError("member", _("{name} is on the roster of {team} already").format(
                    name=name, team=other.team.name))
        return RosterEntry.objects.create(team=team, name=name, member=member,
                                          order=max((entry.order for entry in roster), default=0) + 1)


def roster_remove(*, league: League, team: Team, entry: int) -> None:
    """A player taken off the roster, while no line-up names him."""
    found = team.roster.filter(pk=entry).first() if team.league_id == league.pk else None
    if found is None:
        raise LeagueError("roster", _("no such player on the roster"))
    with transaction.atomic():
        locked(league)
        if LineUp.objects.filter(roster=found).exists() or Substitution.objects.filter(
                models.Q(roster_in=found) | models.Q(roster_out=found)).exists():
            raise LeagueError("roster", _("{name} has played or is in a line-up: he stays on the roster").format(
                name=found.name))
        found.delete()


def day_date_set(*, league: League, day: int, date: datetime.date | None) -> MatchDay:
    """The match day's date (Termin), which its line-up deadlines count from; before the day is seated (after, a
    group's day is moved: ``group_move``)."""
    match_day = _day(league, day)
    if date is None:
        raise LeagueError("date", _("name the date"))
    with transaction.atomic():
        locked(league)
        if match_day.groups.filter(tournament__isnull=False).exists():
            raise LeagueError("date", _("day {day} is seated: move a group's day instead").format(day=day))
        match_day.date = date
        match_day.save(update_fields=["date"])
    return match_day
