"""The league director's pages and the captain's line-up page, under ``club/<club>/leagues/`` (the club that runs
the league). Each view parses, calls a service or a selector, renders.

Who: the club's committee (and director) reads; only its director changes (teams and their captains, schedule,
a central day's venue, line-ups, seating, substitutions, confirmations, publishing). A team's captain
(Mannschaftsführer: ``Team.captain``, the login the director names) reads his team's days and sets its line-up on
his own pages before the day is seated; nobody else but the club's director reaches them: another team's captain
and another club's people find nothing there.
"""

from __future__ import annotations

import datetime

from django.contrib.auth.views import redirect_to_login
from django.forms.forms import NON_FIELD_ERRORS
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs.selectors import PICK_LIMIT, members_matching, typed_text
from common.downloads import download
from common.forms import form_answer, labelled_errors
from common.numbers import NumberRefused, digits_number
from common.permissions import cashier_required, committee_required, director_required, is_director
from leagues import exports, forms, services
from leagues.core import lineup_deadlines
from leagues.forms import (
    ORDERS,
    PRESET_NAMES,
    RULE_FIELDS,
    ChargeForm,
    ChargeReverseForm,
    LeagueNewForm,
    LineUpForm,
    preset_values,
    rules_from_form,
)
from leagues.models import League
from leagues.selectors import cash_book, league_deductions, league_reading, venue_of
from leagues.selectors import group_report as report_of
from leagues.tables import league_table_reading, overview


def _league(request, slug: str) -> League:
    club = request.club_scope.club
    league = League.objects.filter(slug=slug, club=club).first() if club is not None else None
    if league is None:
        raise Http404
    return league


@committee_required
def league_list(request, club: str):
    """The club's leagues; a POST makes a new one (the director)."""
    if request.method == "POST":
        return _league_new(request)
    return _list(request)


def _list(request, *, error=None, sent=None, status=200):
    found = request.club_scope.club
    chosen = request.GET.get("preset", "")
    values = sent if sent is not None else preset_values(chosen)
    rule_fields = [(spec, values.get(spec.key, "")) for spec in RULE_FIELDS]
    return render(request, "leagues/list.html", {
        "club": found, "leagues": League.objects.filter(club=found), "error": error, "sent": values,
        "rule_fields": rule_fields, "presets": PRESET_NAMES, "preset": chosen, "orders": ORDERS,
        "json_sent": bool((request.POST.get("rules") or "").strip()),
        "can_change": is_director(request)}, status=status)


@director_required
def _league_new(request):
    """A new Staffel from the form: its name, short name, season and a field per rule (no JSON)."""
    found = request.club_scope.club
    sent = {key: request.POST.get(key, "") for key in ("name", "slug", "season", *(f.key for f in RULE_FIELDS))}

    def create(*, name, slug, season, rules, **fields):
        # a script's JSON object is read with the guard every JSON a person hands in passes (``rules_read``)
        return services.league_create(club=found, slug=slug, name=name, season=season,
                                      rules=services.rules_read(rules) if rules.strip() else rules_from_form(fields))

    return form_answer(request, LeagueNewForm(request.POST), create,
                       to=lambda league: reverse("leagues:league", args=[found.slug, league.slug]),
                       again=lambda form: _list(request, error=_refusal(form), sent=sent, status=422),
                       refusal=services.LeagueError)


def _refusal(form) -> services.LeagueError:
    """A refused form's first message as the league's pages say a refusal (``error.field`` and ``error.message``:
    the field's key, or None for the form as a whole)."""
    field, said = next(iter(form.errors.items()))
    return services.LeagueError(None if field == NON_FIELD_ERRORS else field, " ".join(said))


@committee_required
def league_overview(request, club: str):
    """The association's overview: every Staffel the club runs with its table, and one place compared across them
    (``?place=9&down=4``: the 4 worst 9th places go down)."""
    found = request.club_scope.club
    error, place, down = None, None, 0
    try:
        place = _number(request.GET.get("place"), "place", default=0) or None
        down = _number(request.GET.get("down"), "down") if place else 0
    except services.LeagueError as refused:
        error, place, down = refused, None, 0
    seen = overview(found, place=place, down=down)
    names = {table.league.slug: table.league for table in seen.tables}
    compared = [(row, names[row.staffel], seen.goes_down(row)) for row in seen.compared]
    return render(request, "leagues/overview.html", {
        "club": found, "overview": seen, "compared": compared, "place": place, "down": down, "error": error},
        status=422 if error else 200)


PICKING = ("pick", "guest", "unpick")  # the changes of a team's roster, made in its picker


def _league_page(request, league: League, *, sent=None, status=200):
    reading = league_table_reading(league)
    teams = list(league.teams.select_related("captain", "club").prefetch_related("roster"))
    # the team whose roster change was refused, before the page's choice (?pick=): its picker shows why
    refused_team = request.POST.get("team", "") if sent and sent["action"] in PICKING else ""
    picking = next((team for wanted in (refused_team, request.GET.get("pick", "")) for team in teams
                    if wanted and str(team.pk) == wanted), None)
    if picking is None and is_director(request):  # the team being filled: the first with room on its roster
        picking = next((team for team in teams if len(team.roster.all()) < reading.rules.team_size), None)
    typed = typed_text(request.GET.get("q", ""))
    found = []
    if picking is not None and typed:
        taken = {entry.member_id for team in teams for entry in team.roster.all() if entry.member_id}
        found = [m for m in members_matching(picking.club, typed, limit=PICK_LIMIT + len(taken))
                 if m.pk not in taken][:PICK_LIMIT]
    return render(request, "leagues/league.html", {
        "club": league.club, "league": league, "rules": reading.rules, "table": reading.table(),
        "teams": teams, "days": reading.days, "provisional": reading.provisional_days(),
        "picking": picking, "typed": typed, "found": found, "searched": bool(typed),
        "deductions": league_deductions(league), "book": cash_book(league), "sent": sent,
        "refused": labelled_errors(sent["form"]) if sent else None, "can_change": is_director(request)},
        status=status)


@committee_required
def league_page(request, club: str, slug: str):
    league = _league(request, slug)
    if request.method == "POST":
        return _league_change(request, league)
    return _league_page(request, league)


@director_required
def _league_change(request, league: League):
    """The league page's changes, each a form of its own (``leagues.forms``) answered as every form
    (``common.forms.form_answer``): a refusal beside its field, the page again with nothing changed."""
    page = reverse("leagues:league", args=[league.club.slug, league.slug])

    def picking(team) -> str:  # the page again at the team's roster, to go on filling it
        return f"{page}?pick={team.pk}"

    def team_add(*, name, roster):
        return picking(services.team_add(league=league, name=name,
                                         roster=services.split_names(roster.replace("\n", ";"))))

    def captain(*, team, captain, password):
        services.captain_set(league=league, team=_team(league, team), login=captain, password=password or None)
        return page

    def pick(*, team, member):
        team = _team(league, team)
        found = team.club.members.filter(pk=_number(member, "member", default=-1)).first()
        if found is None:
            raise services.LeagueError("member", _("no such member"))
        services.roster_add(league=league, team=team, member=found)
        return picking(team)

    def guest(*, team, guest):
        team = _team(league, team)
        services.roster_add(league=league, team=team, guest=guest)
        return picking(team)

    def unpick(*, team, entry):
        team = _team(league, team)
        services.roster_remove(league=league, team=team, entry=_number(entry, "entry"))
        return picking(team)

    def deduction(*, team, points, note):
        services.deduction_add(league=league, team=_team(league, team), points=points, note=note, by=request.user)
        return page

    def deduction_remove(*, deduction):
        services.deduction_remove(league=league, deduction=_number(deduction, "deduction"), by=request.user)
        return page

    def take(*, charge):
        services.charge_take(league=league, charge=_number(charge, "charge"), by=request.user)
        return page

    def schedule(*, seed):
        services.schedule_make(league=league, seed=_number(seed, "seed"))
        return page

    def publish(*, published):
        services.league_publish(league=league, published=published == "1")
        return page

    changes = {"team": (forms.TeamForm, team_add), "captain": (forms.CaptainForm, captain),
               "pick": (forms.PickForm, pick), "guest": (forms.GuestForm, guest), "unpick": (forms.UnpickForm, unpick),
               "deduction": (forms.DeductionForm, deduction),
               "deduction-remove": (forms.DeductionRemoveForm, deduction_remove), "take": (ChargeForm, take),
               "schedule": (forms.ScheduleForm, schedule), "publish": (forms.PublishForm, publish)}
    return _change_answer(request, changes, request.POST.get("action", ""),
                          again=lambda sent, status: _league_page(request, league, sent=sent, status=status))


def _change_answer(request, changes: dict, action: str, *, again):
    """A page's change ``action`` (``changes``: action -> (its form, the act returning where to go)) answered through
    ``form_answer``; ``again(sent, status)`` gives the page again with the refused form (``sent``: the action, the
    bound form, its key for ``league_tags.refused_beside``). An action the page has not: refused above the forms."""
    form_class, act = changes.get(action, (forms.ChangeForm, None))
    form = form_class(request.POST)

    def page(form, status=422):
        key_field = getattr(form, "key_field", None)
        key = request.POST.get(key_field, "") if key_field else ""
        return again({"action": action, "form": form, "key": key}, status)

    if act is None:
        form.is_valid()
        form.add_error(None, _("no such change"))
        return page(form)
    return form_answer(request, form, act, to=lambda address: address, again=page, refusal=services.LeagueError,
                       conflict=services.LeagueConflict)


def _number(value, field: str, *, default: int = 0) -> int:
    """A number the page sends (``common.numbers.digits_number``); blank: ``default``."""
    value = (value or "").strip()
    if not value:
        return default
    try:
        return digits_number(value)
    except NumberRefused as refused:
        raise services.LeagueError(field, refused.message) from None


def _date(value, field: str):
    """A date as the browser's date field sends it (2026-03-14) or as a German writes it (14.03.2026); None for
    empty."""
    value = (value or "").strip()
    if not value:
        return None
    for pattern in ("%Y-%m-%d", "%d.%m.%Y"):
        try:
            if value.isascii():
                return datetime.datetime.strptime(value, pattern).date()
        except ValueError:
            continue
    raise services.LeagueError(field, _("a date as 14.03.2026, not {value!r}").format(value=value[:20]))


def _team(league: League, value: str):
    team = league.teams.filter(pk=_number(value, "team", default=-1)).first()
    if team is None:
        raise services.LeagueError("team", _("no such team"))
    return team


def _day_page(request, league: League, number: int, *, sent=None, status=200):
    reading = league_reading(league)
    day = next((d for d in reading.days if d.number == number), None)
    if day is None:
        raise Http404
    played = {group.group.pk: group for group in reading.groups.get(number, [])}
    groups = []
    for group in day.groups.select_related("day", "host__club", "tournament").prefetch_related(
            "entries__team__roster", "entries__line_up__roster", "entries__substitutions__roster_in",
            "entries__substitutions__roster_out").order_by("number"):
        entries = []
        for entry in group.entries.all():
            # who plays for the team that day (line-up and substitutes in), and who of its roster may come in
            seated = ([line.roster for line in entry.line_up.all()]
                      + [sub.roster_in for sub in entry.substitutions.all()])
            out = [r for r in seated if not any(sub.roster_out_id == r.pk for sub in entry.substitutions.all())]
            bench = [r for r in entry.team.roster.all() if all(r.pk != s.pk for s in seated)]
            entries.append((entry, out, bench))
        groups.append((group, venue_of(group, reading.rules), played.get(group.pk), entries))
    return render(request, "leagues/day.html", {
        "club": league.club, "league": league, "day": day, "groups": groups, "teams": reading.teams,
        "provisional": reading.provisional(day), "notes": day.notes.select_related("team", "by"),
        "sent": sent, "refused": labelled_errors(sent["form"]) if sent else None,
        "can_change": is_director(request), "rules": reading.rules,
        "series_from": range(2, reading.rules.series_per_day + 1),
        "positions": range(1, reading.rules.team_size + 1),
        "central": reading.rules.central(number)}, status=status)


@committee_required
def day_page(request, club: str, slug: str, day: int):
    league = _league(request, slug)
    if request.method == "POST":
        return _day_change(request, league, day)
    return _day_page(request, league, day)


@director_required
def _day_change(request, league: League, day: int):
    """A match day's changes, each a form of its own (``leagues.forms``), answered as the league page's."""
    page = reverse("leagues:day", args=[league.club.slug, league.slug, day])

    def lineup(*, team, players, reason):
        services.lineup_set(league=league, day=day, team=_team(league, team), names=players, reason=reason,
                            by=request.user)
        return page

    def absent(*, team, absent):
        services.absent_set(league=league, day=day, team=_team(league, team), absent=absent == "1", by=request.user)
        return page

    def date(*, date):
        services.day_date_set(league=league, day=day, date=_date(date, "date"))
        return page

    def move(*, group, date, venue, reason):
        services.group_move(league=league, day=day, group=_number(group, "group"), date=_date(date, "date"),
                            venue=venue, reason=reason, by=request.user)
        return page

    def venue(*, venue):
        services.venue_set(league=league, day=day, venue=venue)
        return page

    def seat(*, seed):
        services.day_seat(league=league, day=day, seed=_number(seed, "seed"))
        return page

    def substitute(*, team, out, from_series, from_deal, **sent):
        services.substitute(league=league, day=day, team=_team(league, team), out=out, into=sent["in"],
                            from_series=_number(from_series, "from_series"),
                            from_deal=_number(from_deal, "from_deal") if from_deal.strip() else None, by=request.user)
        return page

    def confirm(*, text):
        services.day_confirm(league=league, day=day, by=request.user, text=text)
        return page

    def note(kind):
        def keep(*, text):
            services.day_note(league=league, day=day, kind=kind, text=text, by=request.user)
            return page
        return keep

    changes = {"lineup": (forms.DayLineUpForm, lineup), "absent": (forms.AbsentForm, absent),
               "date": (forms.DayDateForm, date), "move": (forms.MoveForm, move), "venue": (forms.VenueForm, venue),
               "seat": (forms.SeatForm, seat), "substitute": (forms.SubstituteForm, substitute),
               "confirm": (forms.ConfirmForm, confirm),
               **{kind: (forms.NoteForm, note(kind)) for kind in ("corrected", "protest", "ruling")}}
    action = request.POST.get("action", "")
    return _change_answer(request, changes, action, again=lambda sent, status: _day_page(
        request, league, day, sent=sent | {"action": "note" if action in ("corrected", "protest", "ruling") else action},
        status=status))


def _captain_team(request, club: str, slug: str, team: int):
    """The league and the team of a captain's page: the team's captain, or a director of the club running the
    league, reaches it; anyone else (another team's captain, another club's people) finds nothing."""
    league = League.objects.filter(slug=slug, club__slug=club).first()
    found = league.teams.filter(pk=team).first() if league is not None else None
    if found is None or not (found.captain_id == request.user.pk or is_director(request)):
        raise Http404
    return league, found


def captain_team(request, club: str, slug: str, team: int):
    """A captain's page of his team: its match days, where each is played, and each day's line-up."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    league, found = _captain_team(request, club, slug, team)
    entries = found.group_entries.select_related("group__day", "group__host__club").prefetch_related(
        "line_up__roster", "group__entries__team").order_by("group__day__number")
    rules = league.parsed_rules
    days = []
    for entry in entries:
        venue = venue_of(entry.group, rules)
        opponents = [other.team for other in entry.group.entries.all() if other.team_id != found.pk]
        days.append((entry, venue, opponents, lineup_deadlines(rules, venue.date)))
    return render(request, "leagues/captain_team.html", {"league": league, "team": found, "days": days,
                                                         "club": league.club})


def captain_lineup(request, club: str, slug: str, team: int, day: int):
    """A captain's line-up for his team on a match day (his login is the team's captain; the director may too)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    league, found = _captain_team(request, club, slug, team)
    if request.method != "POST":
        return _captain_page(request, league, found, day)
    return form_answer(
        request, LineUpForm(request.POST),
        lambda players, reason: services.lineup_set(league=league, day=day, team=found,
                                                    captain=not is_director(request),
                                                    names=[name for name in players if name], reason=reason,
                                                    by=request.user),
        to=reverse("leagues:captain", args=[club, slug, team, day]) + "?saved=1",
        again=lambda form: _captain_page(request, league, found, day, refused=labelled_errors(form), status=422),
        refusal=services.LeagueError, conflict=services.LeagueConflict)


def _captain_page(request, league: League, found, day: int, *, refused=None, status=200):
    entry = found.group_entries.filter(group__day__number=day).select_related("group__host__club", "group__day") \
        .first()
    if entry is None:
        raise Http404
    chosen = [line.roster.name for line in entry.line_up.select_related("roster").order_by("position")]
    rules = league.parsed_rules
    chosen += [""] * (rules.team_size - len(chosen))
    venue = venue_of(entry.group, rules)
    return render(request, "leagues/captain.html", {
        "league": league, "team": found, "day": day, "roster": found.roster.all(), "chosen": chosen,
        "deadlines": lineup_deadlines(rules, venue.date), "director": is_director(request),
        "seated": entry.group.tournament_id is not None, "absent": entry.absent, "refused": refused,
        "saved": request.GET.get("saved"), "club": league.club, "venue": venue}, status=status)


def _print_language(request) -> str:
    return "en" if request.GET.get("language") == "en" else "de"


@committee_required
def group_report(request, club: str, slug: str, day: int, group: int):
    """The Spielbericht of one group's match day as PDF."""
    league = _league(request, slug)
    try:
        return download(exports.group_report(league_reading(league), day, group, _print_language(request)))
    except LookupError:
        raise Http404 from None


@committee_required
def table_download(request, club: str, slug: str, kind: str):
    """The table as PDF or XLSX."""
    league = _league(request, slug)
    return download(exports.table(league_table_reading(league), kind, _print_language(request)))


@committee_required
def players_page(request, club: str, slug: str):
    """The Einzelwertung: every player's series, games, total and average; the minimum of games said."""
    league = _league(request, slug)
    reading = league_reading(league)
    return render(request, "leagues/players.html", {"club": league.club, "league": league,
                                                    "rows": [(row, False) for row in reading.ranking()],
                                                    "rules": reading.rules})


@committee_required
def players_download(request, club: str, slug: str, kind: str):
    league = _league(request, slug)
    return download(exports.players(league_reading(league), kind, _print_language(request)))


@committee_required
def report_page(request, club: str, slug: str, day: int, group: int):
    """The Spielbericht of one group's match day as a page."""
    league = _league(request, slug)
    try:
        report = report_of(league_reading(league), day, group)
    except LookupError:
        raise Http404 from None
    return render(request, "leagues/report.html", {"club": league.club, "league": league, "report": report})


def landing(request):
    """Where a login lands: a league captain on his team's page (the newest, when he captains several) unless he
    holds a role in a club; everyone else on the home page."""
    if request.user.is_authenticated and not request.club_scope.roles:
        team = request.user.captained_teams.select_related("league__club").order_by("-league__created_at",
                                                                                     "-pk").first()
        if team is not None:
            return redirect("leagues:captain-team", team.league.club.slug, team.league.slug, team.pk)
    return redirect("scoring:home")


@cashier_required
def cash_page(request, club: str, slug: str):
    """The league's cash desk (its director and the club's cashier): every team fee and fine, each taken with one
    tap, a line taken here by mistake given back with a reason (``action`` "reverse": a counter-line, the line
    booked again open; a match day's desk gives back its own), the sums booked, taken and open; the report as XLSX."""
    league = _league(request, slug)

    def page(form=None, status=200):
        return render(request, "leagues/cash.html", {
            "club": league.club, "league": league, "book": cash_book(league), "can_take": True, "can_reverse": True,
            "refused": labelled_errors(form) if form is not None else None}, status=status)

    if request.method != "POST":
        return page()
    if request.POST.get("action") == "reverse":
        form, act = ChargeReverseForm(request.POST), lambda charge, note: services.charge_take_back(
            league=league, charge=_number(charge, "charge"), by=request.user, note=note)
    else:
        form, act = ChargeForm(request.POST), lambda charge: services.charge_take(
            league=league, charge=_number(charge, "charge"), by=request.user)
    return form_answer(request, form, act, to=reverse("leagues:cash", args=[league.club.slug, league.slug]),
                       again=lambda form: page(form, status=422), refusal=services.LeagueError,
                       conflict=services.LeagueConflict)


@cashier_required
def cash_report(request, club: str, slug: str):
    league = _league(request, slug)
    return download(exports.cash_report(cash_book(league), league, _print_language(request)))
