"""The committee's pages and downloads, and the public live standings.

Committee members read everything (staff may also change the settings and record choices and cuts);
the live page is public only while the director publishes it.
"""

from functools import partial

from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from common.downloads import download
from common.forms import form_answer, problems
from common.i18n import in_language
from common.numbers import sent_number
from common.paper import PAPERS
from common.permissions import can_write, committee_required, is_cashier, is_committee, staff_required
from common.site_url import site_of
from scoring.committee import exports
from scoring.committee.forms import ChoiceForm, CutForm, ScoringSettingsForm, event_categories
from scoring.committee.live import BoardSettings, live_board, live_results, live_shows, offered_season
from scoring.committee.pdf import RESULT_DOCUMENTS
from scoring.committee.player_search import player_label, players_found
from scoring.committee.services import prize_choice_record, prize_cut_record, scoring_settings_save
from scoring.committee.tables import CategoryTable, PrizesTable, TeamsTable, standings_table
from scoring.engine import RULEBOOKS
from scoring.models import PrizeChoice, PrizeCut, TournamentScoring
from scoring.results import event_category_rows, event_results, event_team_rows, slips_needing_attention
from scoring.series.clock.selectors import current_clock
from scoring.standings import PRESETS
from scoring.tournaments.selectors import scoring_settings
from seating.models import Table, Tournament
from seating.selectors import tournaments_of

STANDINGS_PER_PAGE = 100
"""Lines of a long list (the standings, a category) on one page of the committee's page: the rest are a page away."""


def _standings(request, results):
    standings = standings_table(results.rows(), results.system, prefix="s-")
    RequestConfig(request, paginate={"per_page": STANDINGS_PER_PAGE}).configure(standings)
    return standings


def _categories(request, event):
    tables = []
    for number, (name, rows) in enumerate(event_category_rows(event).items(), start=1):
        table = CategoryTable(rows, prefix=f"c{number}-")
        RequestConfig(request, paginate={"per_page": STANDINGS_PER_PAGE}).configure(table)
        tables.append((name, table))
    return tables


def _prizes(results):
    names = {p.id: p.name for p in results.players.values()}
    return PrizesTable([{"name": a.name, "place": a.place, "winner": names.get(a.player, "—"), "figure": a.figure,
                         "decided_by": a.decided_by or ""} for a in results.awards])


@committee_required
def committee(request, tournament_id: int):
    """Prizes and the whole event's standings; with ``?series=k`` that series' standings; the teams, categories and
    the cash report when the event has them."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    event = event_results(tournament)
    results = event.overall
    asked = request.GET.get("series", "")
    numbers = event.series_numbers
    number = sent_number(asked, len(numbers))
    shown = event.series[number - 1] if number else results
    standings, prizes = _standings(request, shown), _prizes(results)
    return render(request, "scoring/committee.html", {
        "tournament": tournament, "results": results, "standings": standings, "prizes": prizes,
        "shown_series": shown.series, "series_numbers": numbers,
        "teams": TeamsTable(event_team_rows(event, shown.series)) if event.teams else None,
        "categories": _categories(request, event),
        "cash": event.cash if _has_money(event.cash) else None,
        "settings_form": ScoringSettingsForm(instance=scoring_settings(tournament)),
        # Foster's "never both the points and the games prize": asked only of an event that gives both.
        "offers_choice": {"points", "games"} <= set(event_categories(scoring_settings(tournament))),
        "choice_form": ChoiceForm(tournament=tournament), "cut_form": CutForm(tournament=tournament),
        "choices": PrizeChoice.objects.filter(tournament=tournament).select_related("player"),
        "cuts": PrizeCut.objects.filter(tournament=tournament), "slips": slips_needing_attention(tournament),
        "can_change": can_write(request), "can_decide": is_committee(request), "presets": PRESETS})


def _has_money(cash) -> bool:
    return bool(cash.collected or cash.prizes_paid)


@staff_required
@require_POST
def settings_save(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    form = ScoringSettingsForm(request.POST, instance=scoring_settings(tournament))
    return _answer(request, tournament, form, lambda preset="", **_values: scoring_settings_save(
        settings=form.save(commit=False), preset=preset or ""))


@committee_required
@require_POST
def choice_save(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return _answer(request, tournament, ChoiceForm(request.POST, tournament=tournament),
                   lambda player, category: prize_choice_record(tournament=tournament, player_id=player,
                                                                category=category))


@committee_required
@require_POST
def cut_save(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return _answer(request, tournament, CutForm(request.POST, tournament=tournament),
                   partial(prize_cut_record, tournament=tournament))


@committee_required
def players_search(request, tournament_id: int):
    """The players whose name, club or number the committee is typing, as the options of the page's datalist."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    typed = next((request.GET[name] for name in ("q", "player", "winner") if request.GET.get(name)), "")
    found = players_found(tournament, typed)
    return render(request, "scoring/_players_found.html", {"found": [(player_label(p), p) for p in found]})


def _answer(request, tournament, form, act):
    """A committee form's answer: the committee's page again, or the form's refusal on a page of its own."""
    return form_answer(request, form, act, to=reverse("scoring:committee", args=(tournament.pk,)),
                       again=lambda form: _refused(request, tournament, form))


def _refused(request, tournament, form):
    return render(request, "scoring/message.html",
                  {"message": gettext("Nothing was changed. {errors}").format(errors=problems(form)),
                   "back": reverse("scoring:committee", args=(tournament.pk,))}, status=422)


@committee_required
def workbook(request, tournament_id: int):
    return download(exports.results_file(get_object_or_404(Tournament, pk=tournament_id)))


@committee_required
def results_document(request, tournament_id: int, kind: str):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    paper = request.GET.get("paper", "A4")
    if kind not in RESULT_DOCUMENTS or paper not in PAPERS:
        raise Http404("No such document or paper.")
    return download(exports.results_document(tournament, kind, paper, site=site_of(request)))


@committee_required
def series_lists(request, tournament_id: int, series: int):
    """The filled table lists of one series (every game entered, the Seeger-Fabian summary, the money owed)."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    paper = request.GET.get("paper", "A4")
    if paper not in PAPERS or not Table.objects.filter(tournament=tournament, series=series).exists():
        raise Http404("No such series or paper.")
    return download(exports.series_lists(tournament, series, paper))


def live(request, tournament_id: int):
    """The public standings for a projector: a page at a time, turned and refreshed by itself while published.
    Unpublished, only the committee sees it: a logged-out visitor is asked to log in."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if not scoring_settings(tournament).published and not is_committee(request):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise Http404("These standings are not published.")
    asked = BoardSettings.from_query(request.GET)
    language = asked.language(tournament)
    with in_language(language):  # the projector's language is the event's, not the browser's that shows it
        clock, season = current_clock(tournament), offered_season(tournament, lambda: is_committee(request))
        results, settings = live_results(tournament, asked, season, clock)
        board = live_board(results, settings, season, clock)
        views = [(label, board.view_query(show), show == settings.show)
                 for show, label in live_shows(tournament, season).items()]
        context = {"tournament": tournament, "board": board, "system": gettext(results.system.label), "views": views,
                   "paper_stays": results.paper_stays, "series": results.series, "clock": clock, "season": season}
        template = "scoring/_live_board.html" if request.htmx else "scoring/live.html"
        response = render(request, template, context)
    response["Content-Language"] = language
    return response


def home(request):
    """The way in: each tournament's pages (for staff) or its published live standings (for everyone)."""
    committee, cashier = is_committee(request), is_cashier(request)
    published = TournamentScoring.objects.filter(published=True).values_list("tournament_id", flat=True)
    shown = (tournaments_of(request.club_scope.club) if committee or cashier
             else Tournament.objects.filter(pk__in=published))
    published = set(published)
    tournaments = [(t, t.pk in published) for t in shown.order_by("-date", "-pk")[:50]]
    return render(request, "scoring/home.html", {"rulebooks": RULEBOOKS.values(), "tournaments": tournaments,
                                                 "is_director": can_write(request), "is_committee": committee,
                                                 "is_cashier": cashier})
