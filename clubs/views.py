"""The members registry's pages (the director's of the club the URL names): the list with its search, a member
added or changed, the import with its preview and confirm, the exports, the duplicates and their merge, a member's
page with his events, his data, and forgetting him.

Views are thin: a form types the input, ``clubs.members`` checks and writes; a refusal comes back beside its field
with status 422, having changed nothing. The club is ``request.club_scope.club`` (from the ``club`` keyword); a
member of another club is "not found".
"""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.core import signing
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.exports import member_data_file, members_file
from clubs.forms import ClubLanguageForm, ConfirmForm, ImportFileForm, MemberForm, MergeForm, SearchForm
from clubs.members import (
    FORMATS,
    ImportRows,
    MemberError,
    duplicates_of,
    import_rows,
    member_events,
    member_forget,
    member_save,
    members_import,
    members_merge,
    members_of,
    members_preview,
)
from clubs.models import Member
from clubs.scope import BIGGEST_ID
from clubs.services import club_set_language
from clubs.tables import MemberTable
from common.downloads import download
from common.errors import UserError
from common.forms import form_answer, refuse
from common.permissions import director_required
from common.tables import configure_table

MEMBERS_PER_PAGE = 100
CONFIRM_HOURS = 2  # a preview's confirm is good for this long


def _club(request):
    club = request.club_scope.club
    if club is None:
        raise Http404("No such club.")
    return club


def _member(request, member_id: int) -> Member:
    if not 0 < member_id <= BIGGEST_ID:
        raise Http404("No such member.")
    return get_object_or_404(Member, club=_club(request), pk=member_id)


@director_required
@require_GET
def member_list(request, club):
    club = _club(request)
    search = SearchForm(request.GET)
    query = search.cleaned_data["q"] if search.is_valid() else ""
    table = configure_table(request, MemberTable(members_of(club, query)), MEMBERS_PER_PAGE)
    return render(request, "clubs/members.html", {"club": club, "table": table, "search": search, "query": query,
                                                  "formats": FORMATS, "duplicate_count": len(duplicates_of(club)),
                                                  "language_form": ClubLanguageForm(initial={"language": club.language})})


@director_required
@require_POST
def club_language(request, club):
    """The club's language (its new evenings and seasons print in it)."""
    club = _club(request)
    form = ClubLanguageForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose one of the languages offered."))
        return redirect("clubs:members", club.slug)
    try:
        club_set_language(club=club, language=form.cleaned_data["language"])
    except UserError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("{club}'s new evenings and seasons print in {language} now.").format(
            club=club.name, language=dict(form.fields["language"].choices)[club.language]))
    return redirect("clubs:members", club.slug)


def _member_form_page(request, club, form, member=None, status=200):
    return render(request, "clubs/member_form.html", {"club": club, "form": form, "member": member}, status=status)


def _save(request, club, member=None):
    return form_answer(request, MemberForm(request.POST, instance=member),
                       partial(member_save, club=club, member=member), refusal=MemberError,
                       said=lambda saved: _("Saved {name}.").format(name=saved.name),
                       to=lambda saved: reverse("clubs:member", kwargs={"club": club.slug, "member_id": saved.pk}),
                       again=lambda form: _member_form_page(request, club, form, member, status=422))


@director_required
@require_http_methods(["GET", "POST"])
def member_add(request, club):
    club = _club(request)
    if request.method == "POST":
        return _save(request, club)
    return _member_form_page(request, club, MemberForm())


@director_required
@require_http_methods(["GET", "POST"])
def member_edit(request, club, member_id):
    member = _member(request, member_id)
    if request.method == "POST":
        return _save(request, member.club, member)
    return _member_form_page(request, member.club, MemberForm(instance=member), member)


@director_required
@require_GET
def member_page(request, club, member_id):
    member = _member(request, member_id)
    return render(request, "clubs/member.html", {"club": member.club, "member": member,
                                                 "players": member_events(member)})


@director_required
@require_GET
def member_data_view(request, club, member_id):
    member = _member(request, member_id)
    return download(member_data_file(member))


@director_required
@require_http_methods(["GET", "POST"])
def member_forget_view(request, club, member_id):
    member = _member(request, member_id)
    if request.method == "POST":
        renamed = member_forget(club=member.club, member_id=member.pk)
        said = ngettext("{name} is forgotten; the results of {count} event stay, under “former member”.",
                        "{name} is forgotten; the results of {count} events stay, under “former member”.", renamed)
        messages.success(request, said.format(name=member.name, count=renamed))
        return redirect("clubs:members", club=member.club.slug)
    return render(request, "clubs/member_forget.html", {"club": member.club, "member": member,
                                                        "event_count": member.players.count()})


# --- Import, export -------------------------------------------------------------------------------------------

def _signer(club) -> signing.TimestampSigner:
    return signing.TimestampSigner(salt=f"clubs.members.import:{club.pk}")


def _import_page(request, club, *, form=None, preview=None, confirm=None, refusal=None, status=200):
    return render(request, "clubs/members_import.html", {
        "club": club, "form": form or ImportFileForm(), "preview": preview, "confirm": confirm, "refusal": refusal},
        status=status)


@director_required
@require_http_methods(["GET", "POST"])
def members_import_view(request, club):
    club = _club(request)
    if request.method == "GET":
        return _import_page(request, club)
    form = ImportFileForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            rows = import_rows(*form.content())
        except MemberError as refused:
            refuse(form, refused)
        else:
            preview = members_preview(club, rows)
            confirm = ConfirmForm(initial={"rows": _signer(club).sign_object(rows.as_data(), compress=True)})
            return _import_page(request, club, preview=preview, confirm=confirm if preview.ok else None,
                                status=200 if preview.ok else 422)
    return _import_page(request, club, form=form, status=422)


@director_required
@require_POST
def members_import_confirm(request, club):
    club = _club(request)
    form = ConfirmForm(request.POST)
    try:
        if not form.is_valid():
            raise signing.BadSignature
        rows = ImportRows.from_data(_signer(club).unsign_object(form.cleaned_data["rows"],
                                                                max_age=CONFIRM_HOURS * 3600))
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return _import_page(request, club, refusal=_("The preview is too old or was changed; upload the file again."),
                            status=422)
    preview = members_import(club, rows)
    if not preview.ok:  # the registry changed since the preview
        return _import_page(request, club, preview=preview, status=422)
    messages.success(request, _("Imported {rows} rows: {new} new members, {updated} updated.").format(
        rows=preview.written, new=preview.new_count, updated=preview.update_count))
    return redirect("clubs:members", club=club.slug)


@director_required
@require_GET
def members_export_view(request, club, fmt):
    club = _club(request)
    if fmt not in FORMATS:
        raise Http404("No such format.")
    return download(members_file(club, fmt))


# --- Duplicates and merge ---------------------------------------------------------------------------------------

def _duplicates_page(request, club, refusal=None, status=200):
    return render(request, "clubs/duplicates.html", {"club": club, "pairs": duplicates_of(club),
                                                     "refusal": refusal}, status=status)


@director_required
@require_GET
def duplicates(request, club):
    return _duplicates_page(request, _club(request))


@director_required
@require_POST
def merge(request, club):
    club = _club(request)
    form = MergeForm(request.POST)
    if not form.is_valid():
        return _duplicates_page(request, club, _("Choose the two members to merge from the list."), status=422)
    try:
        kept = members_merge(club=club, keep_id=form.cleaned_data["keep"], other_id=form.cleaned_data["other"])
    except MemberError as refused:
        return _duplicates_page(request, club, refused.message, status=422)
    messages.success(request, _("Merged into {name}: his events are all kept.").format(name=kept.name))
    return redirect("clubs:duplicates", club=club.slug)
