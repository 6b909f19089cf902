"""The director's statistics pages of his club, mounted at ``club/<slug:club>/stats/`` (namespace ``stats``; the
``club`` keyword names the club, ``clubs.scope``): a member's figures, the club's members ranked with the year's
review and its print, two members' head to head. The public's are in ``public.views``."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from clubs.models import Member
from clubs.persons import association_person
from clubs.scope import BIGGEST_ID
from common.downloads import download
from common.permissions import director_required
from stats import exports
from stats.pages import club_page, member_page, person_page, versus_page


def _club(request):
    club = request.club_scope.club
    if club is None:
        raise Http404
    return club


@require_safe
@director_required
def member_stats(request, club: str, member_id: int):
    if not 0 < member_id <= BIGGEST_ID:
        raise Http404
    member = get_object_or_404(Member, club=_club(request), pk=member_id)
    return render(request, "stats/member.html", {"club": member.club, "member": member,
                                                 **member_page(member, request.GET)})


@require_safe
@director_required
def person_stats(request, club: str):
    """A person's figures over all his clubs, for the director of the association his clubs are within."""
    association = _club(request)
    number = request.GET.get("number", "")
    person = association_person(association, number) if len(number) <= 40 else None
    if person is None:
        raise Http404
    return render(request, "stats/person.html", {"club": association, "person": person,
                                                 "keep": [("number", person.federation_number)],
                                                 **person_page(person.federation_number, request.GET,
                                                              association=association)})


@require_safe
@director_required
def club_stats(request, club: str):
    found = _club(request)
    return render(request, "stats/club.html", {"club": found, "public": False, **club_page(found, request.GET)})


@require_safe
@director_required
def versus(request, club: str):
    found = _club(request)
    return render(request, "stats/versus.html", {"club": found, "public": False, **versus_page(found, request.GET)})


@require_safe
@director_required
def review(request, club: str):
    return download(exports.review(_club(request), request.GET))
