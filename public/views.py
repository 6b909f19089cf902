"""The public pages: they parse the address, call a selector of ``public.selectors`` and render. Every page works
without JavaScript; the live page refreshes its table with htmx on top, and with a plain meta refresh without it."""

from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from leagues.selectors import day_groups, league_find, league_reading, unpublished_roster
from leagues.tables import league_table_reading
from public import selectors
from stats.pages import club_page, member_page, versus_page


def _event_or_404(club: str, tournament_id: int):
    event = selectors.published_event(club, tournament_id)
    if event is None:
        raise Http404("No such published event.")
    return event


@require_safe
def clubs(request):
    return render(request, "public/clubs.html", {"clubs": selectors.clubs()})


@require_safe
def club(request, club: str):
    found = selectors.club_by_slug(club)
    if found is None:
        raise Http404("No such club.")
    coming, past = selectors.coming_and_past(found)
    association = found.within
    return render(request, "public/club.html", {
        "club": found, "coming": coming, "past": past, "signups": selectors.open_for_signup(found),
        "seasons": selectors.published_seasons(found), "association": association,
        "association_seasons": selectors.published_seasons(association) if association is not None else []})


@require_safe
def season(request, club: str, slug: str):
    """A published season's table, or one category's (``?category=``), and for an association its qualification
    lists per region; an unpublished season is not found, as an unpublished event."""
    found = selectors.published_season(club, slug)
    page = selectors.public_season(found, request.GET.get("category") or None) if found is not None else None
    if page is None:
        raise Http404("No such published season.")
    return render(request, "public/season.html", {"club": found.club, **page})


@require_safe
def event(request, club: str, tournament_id: int):
    found = _event_or_404(club, tournament_id)
    return render(request, "public/event.html", {"event": found, "club": found.club,
                                                 **selectors.public_results(found)})


LIVE_SECONDS = 5
"""How long one reading of the live standings serves every reader polling them (in the shared cache: one reading
serves every process and app server, and a deal saved on any is seen on all within this time): with
hundreds of phones polling, the tables' saves must not wait behind the same standings computed hundreds of times.
The page polls every 10 s, so a reader sees a deal at most 15 s after it is saved."""


@require_safe
def live(request, club: str, tournament_id: int):
    found = _event_or_404(club, tournament_id)
    if request.htmx:  # the table alone, the same for every reader of a language (no form, no CSRF token)
        key = f"public:live:{found.pk}:{get_language()}"
        table = cache.get(key)
        if table is None:
            context = {"event": found, "club": found.club, "rows": selectors.live_standings(found)}
            table = render(request, "public/_live_rows.html", context).content
            cache.set(key, table, LIVE_SECONDS)
        return HttpResponse(table)
    return render(request, "public/live.html", {"event": found, "club": found.club,
                                                "rows": selectors.live_standings(found)})


@require_safe
def player(request, club: str, tournament_id: int, player_id: int):
    found = _event_or_404(club, tournament_id)
    page = selectors.public_player(found, player_id)
    if page is None:
        raise Http404("No such player.")
    return render(request, "public/player.html", {"event": found, "club": found.club, **page})


@require_safe
def own(request, token: str):
    page = selectors.own_page(token)
    if page is None:
        raise Http404("No such page.")
    member = page["member"]
    # his figures over the published events, on his own page only when he is a registry member; the page's
    # twenty-second refresh (htmx) takes only his seats and lists, so the figures are not read again for it
    figures = member_page(member, {}, public=True) if member is not None and not request.htmx else None
    response = render(request, "public/own.html", {**page, "club": page["event"].club, "stats": figures})
    response["Referrer-Policy"] = "no-referrer"  # the token stays out of every other site's logs
    response["X-Robots-Tag"] = "noindex"
    return response


def _club_or_404(club: str):
    found = selectors.club_by_slug(club)
    if found is None:
        raise Http404("No such club.")
    return found


@require_safe
def club_stats(request, club: str):
    """The club's statistics for everyone: its members who may be published, over its published events."""
    found = _club_or_404(club)
    return render(request, "stats/club.html", {"club": found, "public": True,
                                               **club_page(found, request.GET, public=True)})


@require_safe
def stats_versus(request, club: str):
    found = _club_or_404(club)
    return render(request, "stats/versus.html", {"club": found, "public": True,
                                                 **versus_page(found, request.GET, public=True)})


def _league_or_404(slug: str):
    league = league_find(slug)
    if league is None or not league.published:
        raise Http404("No such published league.")
    return league


@require_safe
def league(request, slug: str):
    """A published league's table (provisional days marked), its match days and teams."""
    found = _league_or_404(slug)
    reading = league_table_reading(found)
    return render(request, "leagues/public_table.html", {
        "league": found, "table": reading.table(), "days": reading.days, "rules": reading.rules,
        "provisional": reading.provisional_days()})


@require_safe
def league_day(request, slug: str, day: int):
    """One match day: each group, its host and where it plays, each series' sums and Wertungspunkte per team and
    who sat for it (as the API names them: None for a member who may not be published)."""
    found = _league_or_404(slug)
    reading = league_reading(found)
    match_day = next((d for d in reading.days if d.number == day), None)
    if match_day is None:
        raise Http404("No such match day.")
    hidden = unpublished_roster(found)
    groups = [(group, venue, [(series.number, [(reading.teams[ts.team].name, ts,
                                                [reading.name_of(player, hidden) for player in ts.players])
                                               for ts in series.teams])
                              for series in (played.series if played else [])])
              for group, venue, played in day_groups(reading, match_day)]
    return render(request, "leagues/public_day.html", {
        "league": found, "day": match_day, "groups": groups, "provisional": reading.provisional(match_day)})


@require_safe
def league_team(request, slug: str, team: int):
    """A team's page: its place in the table, its roster (names published only where the member agreed) and
    its series, day by day."""
    found = _league_or_404(slug)
    reading = league_reading(found)
    if team not in reading.teams:
        raise Http404("No such team.")
    row = next(r for r in reading.table() if r.team == team)
    series = [(day, group.group, s, next(ts for ts in s.teams if ts.team == team))
              for day, groups in sorted(reading.groups.items()) for group in groups for s in group.series
              if any(ts.team == team for ts in s.teams)]
    roster = [entry for entry in reading.teams[team].roster.select_related("member")
              if entry.member is None or entry.member.public]
    return render(request, "leagues/public_team.html", {"league": found, "team": reading.teams[team], "row": row,
                                                        "series": series, "roster": roster})


@require_safe
def league_players(request, slug: str):
    """A published league's Einzelwertung; a member who did not agree to be published stands without his name."""
    found = _league_or_404(slug)
    reading = league_reading(found)
    hidden = unpublished_roster(found)
    rows = [(row, row.player in hidden) for row in reading.ranking()]
    return render(request, "leagues/public_players.html", {"league": found, "rows": rows, "rules": reading.rules})
