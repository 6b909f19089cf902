"""A club's season pages: the seasons, a new one, a season's table (what counted, what was dropped, why), its
events and rules, and its PDF and XLSX downloads in the print language. Each view parses, asks a selector or a
service, renders.

Who: the URL names the club (``club``, its short name), so ``clubs.scope`` gives the login's roles there; the
committee (and the director) reads, only the director changes (``common.permissions``). Another club's people get
"not found", as for every page naming another club's object. The projector board (``season_board``) is the one
page anyone may open, once every event of the season is published (``season_published``, the public API's rule).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.downloads import download
from common.forms import form_answer
from common.i18n import file_slug, in_language
from common.numbers import BIGGEST_ID, sent_number
from common.permissions import committee_required, director_required, is_director
from seasons.association import is_association, qualification_lists
from seasons.core import SeasonRules
from seasons.exports import season_table
from seasons.forms import NewSeasonForm, SeasonSettingsForm
from seasons.models import Season
from seasons.projector import BoardSettings
from seasons.projector import season_board as board_of
from seasons.results_files import (
    MOST_BYTES,
    FileError,
    ResultsFileError,
    results_file,
    season_submit,
    submission_history,
)
from seasons.selectors import (
    addable_tournaments,
    club_seasons,
    season_event,
    season_find,
    season_published,
    season_reading,
)
from seasons.services import SeasonError, rules_read, season_add_ids, season_create, season_remove, season_rules_save
from seasons.sheets import rules_said


def _season(request, slug: str) -> Season:
    """The season ``slug`` of the page's club (the decorators have checked the login's role there)."""
    club = request.club_scope.club
    season = season_find(slug, club) if club is not None else None  # never a season of any club
    if season is None:
        raise Http404
    return season


def _page(request, season: Season, *, status: int = 200, rules_error=None, form=None, file_errors=()):
    reading = season_reading(season)
    can_change = is_director(request)
    form = form or SeasonSettingsForm(rules=reading.table.rules, language=season.language)
    return render(request, "seasons/season.html", {
        "season": season, "reading": reading, "table": reading.table, "rules": rules_said(reading.table.rules),
        "can_change": can_change, "addable": addable_tournaments(season) if can_change else [],
        "rules_error": rules_error, "form": form, "file_errors": file_errors,
        "submissions": submission_history(season) if reading.association else [],
        "qualification": qualification_said(reading) if reading.association else [],
    }, status=status)


def qualification_said(reading, names: dict | None = None) -> list[tuple[str | None, list[dict]]]:
    """(category or None, its lists as JSON) for the whole table and each category, when the rules give quotas."""
    if not reading.table.rules.quotas:
        return []
    return [(category, [one.as_json(names) for one in qualification_lists(reading, category)])
            for category in [None, *dict(reading.table.categories)]]


@require_POST
@director_required
def season_file_submit(request, club: str, slug: str):
    """A results file from the page: taken (replacing the same event's), or every bad row named, nothing taken."""
    season = _season(request, slug)
    upload = request.FILES.get("file")
    try:
        if upload is None:
            raise ResultsFileError([FileError(0, "file", _("Choose a results file (JSON or CSV)."))])
        made, replaced = season_submit(season=season, results=results_file(upload.name, upload.read(MOST_BYTES + 1)),
                                       by=request.user)
    except ResultsFileError as refused:
        return _page(request, season, status=422, file_errors=[str(error) for error in refused.errors])
    except SeasonError as refused:
        return _page(request, season, status=422, file_errors=[f"{refused.field}: {refused.message}"])
    messages.success(request, (_("{event} replaces the earlier file of that event.") if replaced else
                               _("{event} was taken into the ranking.")).format(event=str(made)))
    return redirect(reverse("seasons:season", args=[season.club.slug, season.slug]) + "#season-files")


@committee_required
def season_list(request, club: str):
    """The club's seasons; a POST makes a new one (the director)."""
    if request.method == "POST":
        return _season_new(request)
    return _list(request)


def _list(request, *, form=None, error=None, status: int = 200):
    club = request.club_scope.club
    can_change = is_director(request)
    if can_change and form is None:
        form = NewSeasonForm(rules=SeasonRules(), language=club.language)
    return render(request, "seasons/list.html", {"club": club, "seasons": club_seasons(club), "form": form,
                                                 "error": error, "can_change": can_change,
                                                 "association": is_association(club)}, status=status)


@director_required
def _season_new(request):
    """A new season from the form (its name, short name, print language and rules in club words); a script may
    still send the command line's JSON as ``rules``."""
    club = request.club_scope.club
    if "rules" in request.POST:
        return _season_new_json(request, club)
    form = NewSeasonForm(request.POST)

    def create(name, slug, language, **_rules):
        return season_create(club=club, slug=slug.strip() or file_slug(name)[:50].strip("-") or "1", name=name,
                             rules=form.rules_json(), language=language or None)

    return form_answer(request, form, create, refusal=SeasonError,
                       to=lambda season: reverse("seasons:season", args=[club.slug, season.slug]),
                       again=lambda form: _list(request, form=form, status=422))


def _season_new_json(request, club):
    sent = {key: request.POST.get(key, "") for key in ("name", "slug", "rules")}
    try:
        season = season_create(club=club, slug=sent["slug"], name=sent["name"], rules=rules_read(sent["rules"]))
    except SeasonError as refused:
        return _list(request, error=refused, status=422)
    return redirect("seasons:season", club.slug, season.slug)


@committee_required
def season_page(request, club: str, slug: str):
    return _page(request, _season(request, slug))


@require_POST
@director_required
def season_events_add(request, club: str, slug: str):
    season = _season(request, slug)
    try:
        season_add_ids(season=season,
                       ids=[n for n in (sent_number(v, BIGGEST_ID) for v in request.POST.getlist("tournament")) if n])
    except SeasonError as refused:  # an evening the form did not offer: nothing added, the page says why
        messages.error(request, refused.message)
    return redirect(reverse("seasons:season", args=[season.club.slug, season.slug]) + "#season-events")


@director_required
def season_event_remove(request, club: str, slug: str, tournament_id: int):
    """Take an evening out of the season, after a page asking first (its button sends ``confirm``), so one tap by
    mistake takes nothing out. An event not in this season is not found."""
    season = _season(request, slug)
    tournament = season_event(season, tournament_id)
    if tournament is None:
        raise Http404
    back = reverse("seasons:season", args=[season.club.slug, season.slug]) + "#season-events"
    if request.method != "POST" or request.POST.get("confirm") != "yes":
        return render(request, "seasons/event_remove_confirm.html", {"season": season, "tournament": tournament,
                                                                      "back": back})
    season_remove(season=season, tournament=tournament)
    messages.success(request, _("{name} was taken out of the season.").format(name=tournament.name))
    return redirect(back)


@require_POST
@director_required
def season_rules(request, club: str, slug: str):
    """The rules from the page's form; a script may still send them as the command line's JSON (``rules``)."""
    season = _season(request, slug)
    if "rules" in request.POST:
        try:
            season_rules_save(season=season, rules=rules_read(request.POST["rules"]))
        except SeasonError as refused:
            return _page(request, season, status=422, rules_error=refused)
    else:
        form = SeasonSettingsForm(request.POST)
        return form_answer(request, form, lambda language, **_rules: season_rules_save(
                               season=season, rules=form.rules_json(), language=language or None),
                           refusal=SeasonError, to=_season_table_address(season),
                           again=lambda form: _page(request, season, status=422, form=form))
    return redirect(_season_table_address(season))


def _season_table_address(season) -> str:
    return reverse("seasons:season", args=[season.club.slug, season.slug]) + "#season-table"


@committee_required
def season_pdf(request, club: str, slug: str):
    season = _season(request, slug)
    return download(season_table(season, season_reading(season), "pdf"))


@committee_required
def season_xlsx(request, club: str, slug: str):
    season = _season(request, slug)
    return download(season_table(season, season_reading(season), "xlsx"))


def season_board(request, club: str, slug: str):
    """The season table for the projector, a page at a time, turned and refreshed by itself, public names only.
    Anyone sees it once every event of the season is published; before, the committee only (as the season page)."""
    season = _season(request, slug)
    if season_published(season):
        return _board(request, season)
    return _committee_board(request, season)


@committee_required
def _committee_board(request, season: Season):
    return _board(request, season)


def _board(request, season: Season):
    reading = season_reading(season)
    settings = BoardSettings.from_query(request.GET)
    language = settings.language(reading)
    with in_language(language):  # the projector speaks the season's print language, not its browser's
        context = {"season": season, "reading": reading, "board": board_of(reading, settings),
                   "latest": reading.tournaments[-1] if reading.tournaments else None}
        response = render(request, "seasons/_board.html" if request.htmx else "seasons/board.html", context)
    response["Content-Language"] = language
    return response
