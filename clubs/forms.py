"""The registry's forms: a member, the search, an import file and its confirm, a merge.

Each form only types the input; ``clubs.members`` checks and writes it.
"""

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from clubs.members import OLDEST_YEAR
from clubs.models import Member
from common.import_files import MAX_BYTES
from common.numbers import WholeNumberField


class MemberForm(forms.ModelForm):
    birth_year = WholeNumberField(label=_("year of birth"), required=False, min_value=OLDEST_YEAR, max_value=2100,
                                  localize=False, error_messages={"invalid": _("write the year as four digits, "
                                                                               "e.g. 1961")})

    class Meta:
        model = Member
        fields = ["name", "home_club", "number", "birth_year", "categories", "guest", "public", "notes"]
        widgets = {"notes": forms.Textarea(attrs={"rows": 3})}


class SearchForm(forms.Form):
    q = forms.CharField(label=_("Search"), required=False, max_length=100,
                        widget=forms.TextInput(attrs={"type": "search", "placeholder": _("name, club or number")}))


class ImportFileForm(forms.Form):
    file = forms.FileField(
        label=_("Member list"), allow_empty_file=True,
        help_text=_("Excel (.xlsx) or CSV with a header row: name, club, number, categories (separated by "
                    "commas), guest (yes/no), public (yes/no); an id column (from an export) updates that member."),
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv"}))

    def content(self) -> tuple[str, bytes]:
        """(file name, content), reading no more than one byte past the limit so the service can refuse."""
        upload = self.cleaned_data["file"]
        return upload.name or "", upload.read(MAX_BYTES + 1)


class ConfirmForm(forms.Form):
    rows = forms.CharField(widget=forms.HiddenInput, max_length=20_000_000)


class MergeForm(forms.Form):
    keep = forms.IntegerField(min_value=1, max_value=2**63 - 1, widget=forms.HiddenInput)
    other = forms.IntegerField(min_value=1, max_value=2**63 - 1, widget=forms.HiddenInput)


class ClubLanguageForm(forms.Form):
    """The club's language: what its new evenings and seasons print in (``Club.language``)."""

    language = forms.ChoiceField(choices=settings.LANGUAGES, label=_("The club's language"), help_text=_(
        "New evenings and seasons print in it, and their projector boards speak it; each evening's and season's own "
        "print language can still be changed."))
