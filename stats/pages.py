"""What the statistics pages show, made for the director's pages and the public ones alike (the public pages read
this through ``public.views``): the page's scope from its form, the club's ranked figures and the year's review,
two members' head to head. Publication is the caller's word: ``public`` counts only published events and shows
only members who may be published."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _

from clubs.models import Club, Member
from clubs.persons import association_club_ids
from seasons.models import Season
from stats.charts import number
from stats.core import Games, figure_of, figures, ranked, review
from stats.display import percent, shown
from stats.forms import RANKED_BY, ClubStatsForm, ScopeForm, VersusForm
from stats.selectors import Scope, club_figures, figures_of, head_to_head, person_figures, person_members

DEFAULT_MIN_SERIES = 0


def _scope(form: ScopeForm, public: bool) -> Scope:
    if not form.is_valid():
        return Scope(published=public)
    data = form.cleaned_data
    return Scope(season=data.get("season"), start=data.get("start"), end=data.get("end"), published=public)


def member_page(member: Member, query, *, public: bool = False) -> dict:
    form = ScopeForm(query or None, seasons=Season.objects.filter(club=member.club))
    found = figures_of({member.pk: member.pk}, _scope(form, public))[member.pk]
    return {"form": form, "shown": shown(found)}


def person_page(number: str, query, *, public: bool = False, association: Club | None = None) -> dict:
    """The figures of the person with the federation number ``number`` over every membership carrying it; his
    memberships (with their clubs); ``shown`` None where one of his clubs keeps him hidden and ``public`` asks.
    For ``association``'s director: his memberships in its clubs only, over their published evenings and the
    association's own (a club's unpublished evening, and a club of another association, are none of his)."""
    clubs = association_club_ids(association) if association is not None else None
    members = person_members(number, clubs)
    form = ScopeForm(query or None, seasons=Season.objects.filter(club__in={m.club_id for m in members} | (
        {association.pk} if association is not None else set())))
    scope = _scope(form, public)
    if association is not None:
        scope = replace(scope, published=True, own_club=association.pk)
    found = person_figures(number, scope, public_only=public, clubs=clubs)
    return {"form": form, "memberships": members, "shown": shown(found) if found is not None else None}


def _said(name: str, value) -> str:
    if name in ("win_rate", "own_share"):
        return percent(value)
    return number(value, 0 if isinstance(value, int) else 2)


def club_page(club: Club, query, *, public: bool = False) -> dict:
    """The club's members ranked by the chosen figure (those with at least ``min_series``), the year's review,
    and the pictures of all their games together."""
    form = ClubStatsForm(query or None, seasons=Season.objects.filter(club=club))
    scope = _scope(form, public)
    data = form.cleaned_data if form.is_valid() else {}
    by = data.get("by") or "per_48"
    least = data.get("min_series")
    least = DEFAULT_MIN_SERIES if least is None else least
    found = club_figures(club, scope, public_only=public)
    names = dict(Member.objects.filter(pk__in=list(found)).values_list("pk", "name"))
    rows = [{"member": pk, "name": names[pk], "figure": _said(by, figure_of(f, by)), "f": f,
             "per_48": number(f.per_48), "win_rate": percent(f.win_rate), "own_share": percent(f.own_share)}
            for pk, f in ranked(found, by, least)]
    best = review(found, least)
    said_review = [(label, names[found_pk], _said(key, value))
                   for key, label in review_labels() if best.get(key) for found_pk, value in [best[key]]]
    kept = {pk: f for pk, f in found.items() if f.series >= least}
    together = figures([p for f in kept.values() for p in f.parts], _games_sum(kept.values()))
    return {"form": form, "rows": rows, "by": dict(RANKED_BY)[by], "least": least, "review": said_review,
            "leaders": {found_pk for found_pk, _value in filter(None, best.values())},
            "shown": shown(together, over_time=False)}


def review_labels() -> list[tuple[str, str]]:
    return [("own_games", _("Most own games")), ("per_48", _("Best per 48 deals")),
            ("grand_won", _("Most Grands won")), ("win_rate", _("Best win rate"))]


def _games_sum(all_figures) -> Games:
    games = Games()
    for f in all_figures:
        for kind, played in f.games.by_kind.items():
            games.by_kind[kind] += played
        games.hand += f.games.hand
    return games


def versus_page(club: Club, query, *, public: bool = False) -> dict:
    members = Member.objects.filter(club=club).order_by("name")
    if public:
        members = members.filter(public=True)
    form = VersusForm(query or None, seasons=Season.objects.filter(club=club), members=members)
    if not form.is_valid():
        return {"form": form, "met": None}
    a, b = form.cleaned_data["a"], form.cleaned_data["b"]
    return {"form": form, "met": head_to_head(a, b, _scope(form, public)), "a": a, "b": b}

