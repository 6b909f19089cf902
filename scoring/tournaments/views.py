"""The list of tournaments, the form that opens a new one and the "Back up now" button (staff only)."""

from functools import partial

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs.scope import may_back_up
from common.backup import BackupError, backup_latest, backup_make
from common.forms import form_answer
from common.permissions import staff_required
from common.tables import configure_table
from scoring.tournaments.forms import NewTournamentForm
from scoring.tournaments.services import tournament_like_last, tournament_open
from seating.errors import SeatingError
from seating.selectors import tournaments_of
from seating.tables import TournamentTable


@staff_required
@require_http_methods(["GET", "POST"])
def tournament_list(request):
    club = request.club_scope.club
    language = club.language if club is not None else None

    def page(form, status=200):
        tournaments = tournaments_of(club)
        table = TournamentTable(tournaments.annotate(player_count=Count("players")))
        context = {"table": configure_table(request, table, 50), "form": form, "last_backup": backup_latest(),
                   "may_back_up": may_back_up(request), "last": tournaments.first()}
        return render(request, "scoring/tournament_list.html", context, status=status)

    if request.method != "POST":
        return page(NewTournamentForm(language=language))
    return form_answer(request, NewTournamentForm(request.POST, language=language),
                       partial(tournament_open, club=club),
                       said=lambda made: _("{name} created: now register the players.").format(name=made.name),
                       to=lambda made: reverse("director:players", args=[made.pk]),
                       again=lambda form: page(form, status=422))


@staff_required
@require_POST
def like_last_time(request):
    """A new evening with the club's last evening's settings, then its roll call (last time's players ticked)."""
    try:
        tournament = tournament_like_last(club=request.club_scope.club)
    except SeatingError as refused:
        messages.error(request, refused.message)
        return redirect("director:tournaments")
    messages.success(request, _("{name} created like last time: untick the absent.").format(name=tournament.name))
    return redirect("director:roll_call", tournament.pk)


@staff_required
@require_POST
def backup_now(request):
    """The whole event copied into the backup folder at once, whatever the automatic backups' clock says."""
    if not may_back_up(request):
        raise PermissionDenied(_("A backup holds every club of this server: only the server's administrator takes "
                                 "one by hand here."))
    try:
        path = backup_make()
    except BackupError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("Backed up: {name} in {folder}.").format(name=path.name, folder=path.parent))
    return redirect("director:tournaments")
