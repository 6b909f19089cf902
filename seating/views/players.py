"""The players page (/director/<id>/players/): the list, a player registered, a list imported, the experts
marked, and the teams and categories."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from common.forms import form_answer
from common.permissions import staff_required
from common.tables import configure_table
from seating.errors import SeatingError
from seating.forms import (
    ExpertsForm,
    ExpertToggleForm,
    GroupingForm,
    GuestForm,
    ImportForm,
    NameForm,
    PlayerForm,
    add_refusal,
    written,
)
from seating.imports import players_import
from seating.models import Tournament
from seating.replanning import player_enter, replanned_from, replanned_said
from seating.selectors import members_found
from seating.services import players_mark_experts
from seating.tables import PlayerTable
from seating.teams import (
    category_create,
    category_delete,
    players_add_category,
    players_remove_category,
    players_set_team,
    team_create,
    team_delete,
)
from seating.views.base import PLAYERS_PER_PAGE, _back_to, _tournament

# --- Players --------------------------------------------------------------------------------------------

def _players_table(request, tournament: Tournament, *, has_teams: bool | None = None,
                   has_categories: bool | None = None) -> PlayerTable:
    """The page of players; the Team and Categories columns only when the tournament has teams or categories (a
    phone has no room for empty columns), their names read with the page's players in one query more at most."""
    if has_teams is None:
        has_teams = tournament.teams.exists()
    if has_categories is None:
        has_categories = tournament.categories.exists()
    players = tournament.players.select_related("team")
    if has_categories:
        players = players.prefetch_related("categories")
    hidden = [column for column, shown in (("team", has_teams), ("categories", has_categories)) if not shown]
    return configure_table(request, PlayerTable(players, exclude=hidden), PLAYERS_PER_PAGE)


def players_swapped(request, tournament: Tournament) -> dict:
    """What a partial swaps out of band once a player is registered: the players table and its counts."""
    counts = tournament.players.aggregate(player_count=Count("id"), expert_count=Count("id", filter=Q(is_expert=True)))
    return {"table": _players_table(request, tournament), **counts}


def picker_context(tournament: Tournament, typed) -> dict:
    """What the member picker shows for ``typed``: the members found, and the guest line."""
    return {**members_found(tournament, typed), "guest_form": GuestForm()}


def _players_page(request, tournament: Tournament, *, register_form=None, import_form=None, experts_form=None,
                  grouping_form=None, team_form=None, category_form=None, report=None, status=200):
    teams = list(tournament.teams.annotate(member_count=Count("members")))
    categories = list(tournament.categories.annotate(player_count=Count("players")))
    table = _players_table(request, tournament, has_teams=bool(teams), has_categories=bool(categories))
    # The counts come with queries the page makes anyway (the table's paging counts the players, ``players`` reads
    # the tournament with its experts counted), so the page's queries stay few with the teams and categories.
    expert_count = getattr(tournament, "expert_count", None)
    context = {
        "tournament": tournament, "tab": "players", "drawn": tournament.is_drawn,
        "late_next": replanned_from(tournament) if tournament.is_drawn else None,
        "table": table,
        "player_count": table.paginator.count,
        "expert_count": tournament.players.filter(is_expert=True).count() if expert_count is None else expert_count,
        "register_form": register_form or PlayerForm(),
        "import_form": import_form or ImportForm(),
        "experts_form": experts_form,
        "grouping_form": grouping_form,
        "team_form": team_form or NameForm(what="team"),
        "category_form": category_form or NameForm(what="category"),
        "teams": teams,
        "categories": categories,
        "report": report,
        "query": request.GET.urlencode(),
        **picker_context(tournament, request.GET.get("pick")),
    }
    return render(request, "seating/players.html", context, status=status)


@staff_required
@require_GET
def players(request, pk):
    counted = Tournament.objects.annotate(expert_count=Count("players", filter=Q(players__is_expert=True)))
    return _players_page(request, get_object_or_404(counted, pk=pk))


@staff_required
@require_POST
def player_register_view(request, pk):
    tournament = _tournament(pk)
    form = PlayerForm(request.POST)
    entered = written(form, player_enter, tournament=tournament)
    registered = entered.player if entered else None
    replanned = entered.said(tournament) if entered else None
    if not request.htmx:
        if registered:
            messages.success(request, _("Registered {name}.").format(name=registered))
            if replanned:
                messages.info(request, replanned)
            return redirect(_back_to("players", pk, request.GET))
        return _players_page(request, tournament, register_form=form, status=422)
    if registered:
        form = PlayerForm()
        form.fields["name"].widget.attrs["autofocus"] = True  # ready for the next player at the desk
    context = {"tournament": tournament, "register_form": form, "registered": registered, "replanned": replanned,
               "query": request.GET.urlencode()}
    if registered:
        context.update(players_swapped(request, tournament))
    return render(request, "seating/_register.html", context, status=200 if registered else 422)


@staff_required
@require_POST
def players_import_view(request, pk):
    tournament = _tournament(pk)
    form = ImportForm(request.POST, request.FILES)
    report = None
    if form.is_valid():
        filename, content = form.content()
        try:
            report = players_import(tournament=tournament, filename=filename, content=content)
        except SeatingError as refused:
            add_refusal(form, refused)
    if report is not None and report.ok:
        said = _("Imported {count} players from {filename}.").format(count=report.imported, filename=report.filename)
        if report.ignored_columns:
            said += " " + _("Columns ignored: {columns}.").format(columns=", ".join(report.ignored_columns))
        messages.success(request, said)
        if report.replanned:
            messages.info(request, replanned_said(tournament, report.replanned, report.imported))
        return redirect("director:players", pk)
    return _players_page(request, tournament, import_form=form, report=report, status=422)


@staff_required
@require_POST
def players_experts(request, pk):
    tournament = _tournament(pk)

    def mark(action, player_ids) -> str:
        changed = players_mark_experts(tournament=tournament, player_ids=player_ids, is_expert=action == "mark")
        if action == "mark":
            said = ngettext("{count} player marked as experts.", "{count} players marked as experts.", changed)
        else:
            said = ngettext("{count} player no longer experts.", "{count} players no longer experts.", changed)
        return said.format(count=changed)

    return form_answer(request, ExpertsForm(request.POST), mark, said=str, to=_back_to("players", pk, request.GET),
                       again=lambda form: _players_page(request, tournament, experts_form=form, status=422))


@staff_required
@require_POST
def player_expert(request, pk, player_id):
    tournament = _tournament(pk)
    player = get_object_or_404(tournament.players, pk=player_id)
    form = ExpertToggleForm(request.POST)
    refusal = None
    if not form.is_valid():
        refusal = _("Say yes or no.")
    else:
        try:
            players_mark_experts(tournament=tournament, player_ids=[player.pk],
                                 is_expert=form.cleaned_data["is_expert"])
        except SeatingError as refused:
            refusal = refused.message
        else:
            player.is_expert = form.cleaned_data["is_expert"]
    if not request.htmx:
        if refusal:
            messages.error(request, refusal)
        return redirect(_back_to("players", pk, request.GET))
    context = {"record": player, "refusal": refusal, "toggled": True,
               "expert_count": tournament.players.filter(is_expert=True).count()}
    return render(request, "seating/_expert_cell.html", context, status=422 if refusal else 200)


# --- Teams and categories (allowed after the draw: they change no seat) -----------------------------------

def _players_were(changed: int) -> str:
    return ngettext("{count} player was", "{count} players were", changed).format(count=changed)


@staff_required
@require_POST
def players_grouping(request, pk):
    """The ticked players put in a team (or none), or given or relieved of a category."""
    tournament = _tournament(pk)

    def group(action, player_ids, team, category) -> str:
        if action == "team":
            changed = players_set_team(tournament, player_ids, team)
            if team is None:
                return _("{players} put in no team.").format(players=_players_were(changed))
            return _("{players} put in the team {team}.").format(players=_players_were(changed),
                                                                 team=tournament.teams.get(pk=team))
        change = players_add_category if action == "add_category" else players_remove_category
        changed = change(tournament, player_ids, category)
        if action == "add_category":
            done = _("{players} given the category {category}.")
        else:
            done = _("{players} relieved of the category {category}.")
        return done.format(players=_players_were(changed), category=tournament.categories.get(pk=category))

    return form_answer(request, GroupingForm(request.POST), group, said=str, to=_back_to("players", pk, request.GET),
                       again=lambda form: _players_page(request, tournament, grouping_form=form, status=422))


def _name_create(request, pk, create, what: str):
    tournament = _tournament(pk)
    made_said = _("Made the team {name}.") if what == "team" else _("Made the category {name}.")
    return form_answer(request, NameForm(request.POST, what=what), lambda name: create(tournament, name),
                       said=lambda made: made_said.format(name=made), to=_back_to("players", pk, request.GET) + "#teams",
                       again=lambda form: _players_page(request, tournament, status=422, **{f"{what}_form": form}))


@staff_required
@require_POST
def team_create_view(request, pk):
    return _name_create(request, pk, team_create, "team")


@staff_required
@require_POST
def category_create_view(request, pk):
    return _name_create(request, pk, category_create, "category")


@staff_required
@require_POST
def team_delete_view(request, pk, team_id):
    tournament = _tournament(pk)
    team = get_object_or_404(tournament.teams, pk=team_id)
    members = team_delete(tournament, team)
    messages.success(request, ngettext("Deleted the team {team}; its {count} player was left in no team.",
                                       "Deleted the team {team}; its {count} players were left in no team.",
                                       members).format(team=team, count=members))
    return redirect(_back_to("players", pk, request.GET) + "#teams")


@staff_required
@require_POST
def category_delete_view(request, pk, category_id):
    tournament = _tournament(pk)
    category = get_object_or_404(tournament.categories, pk=category_id)
    carried = category_delete(tournament, category)
    messages.success(request, ngettext("Deleted the category {category}; {count} player carried it.",
                                       "Deleted the category {category}; {count} players carried it.",
                                       carried).format(category=category, count=carried))
    return redirect(_back_to("players", pk, request.GET) + "#teams")
