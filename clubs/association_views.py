"""The association's page (its director's): the clubs within it and their regions, the persons among their members
with their memberships, two persons merged who are one, a number given to a member who has none. Thin views:
``clubs.persons`` checks and writes; a refusal comes back on the page with status 422, having changed nothing."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.persons import (
    PersonError,
    association_member,
    association_person,
    clubs_within,
    member_give_number,
    members_without_number,
    persons_merge,
    persons_of,
)
from common.permissions import director_required


def _page(request, *, status: int = 200, error: str | None = None):
    association = request.club_scope.club
    return render(request, "clubs/association.html", {
        "club": association, "clubs": clubs_within(association), "persons": persons_of(association),
        "unnumbered": members_without_number(association), "error": error}, status=status)


@director_required
def association_page(request, club: str):
    return _page(request)


@require_POST
@director_required
def association_number(request, club: str):
    association = request.club_scope.club
    member_id = request.POST.get("member", "")
    member = association_member(association, int(member_id)) if member_id.isdigit() and len(member_id) < 12 else None
    if member is None:
        return _page(request, status=422, error=_("That member is not in a club of this association."))
    try:
        member_give_number(member=member, number=request.POST.get("federation_number", ""))
    except PersonError as refused:
        return _page(request, status=422, error=f"{member.name}: {refused.message}")
    messages.success(request, _("{name} has the federation number {number}.").format(
        name=member.name, number=member.federation_number))
    return redirect(reverse("clubs:association", args=[association.slug]) + "#persons")


@require_POST
@director_required
def association_merge(request, club: str):
    association = request.club_scope.club
    keep = association_person(association, request.POST.get("keep", ""))
    other = association_person(association, request.POST.get("other", ""))
    if keep is None or other is None:
        return _page(request, status=422, error=_("Give two federation numbers of persons of this association."))
    try:
        persons_merge(keep=keep, other=other, association=association)
    except PersonError as refused:
        return _page(request, status=422, error=str(refused.message))
    messages.success(request, _("{other} is now {keep}.").format(other=other.federation_number,
                                                                  keep=keep.federation_number))
    return redirect(reverse("clubs:association", args=[association.slug]) + "#persons")
