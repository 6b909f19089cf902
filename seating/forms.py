"""The director's forms: they turn what is typed into Python values and nothing more.

Every rule (duplicates, the sections' limits, what may change after the draw) is a service's; a refused
request comes back as ``SeatingError`` and ``add_refusal`` puts its message beside the field it names.
"""

from django import forms

from seating.errors import SeatingError
from seating.imports import MAX_BYTES
from seating.services import METHOD_FIELDS, TOURNAMENT_FIELDS
from seating.models import MAX_SERIES, Tournament
from seating.services import MAX_SEED

MAX_ROUNDS = 200
MAX_ID = 2**63 - 1


def add_refusal(form: forms.Form, refused: SeatingError) -> None:
    """Show a service's refusal beside its field (or above the form when it names none of the form's)."""
    form.add_error(refused.field if refused.field in form.fields else None, refused.message)


class _RoundsField(forms.IntegerField):
    def __init__(self, **kwargs):
        super().__init__(required=False, min_value=1, max_value=MAX_ROUNDS,
                         error_messages={"invalid": "write the rounds as a whole number, e.g. 20"}, **kwargs)


def _help(field: str) -> str:
    return Tournament._meta.get_field(field).help_text


class SeriesCountField(forms.IntegerField):
    """The number of series; left empty, one (a single session)."""

    def __init__(self, **kwargs):
        super().__init__(required=False, min_value=1, max_value=MAX_SERIES, label="Series",
                         help_text=_help("series_count"), widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                         error_messages={"invalid": "write the number of series as a whole number, e.g. 3"}, **kwargs)

    def clean(self, value):
        cleaned = super().clean(value)
        return 1 if cleaned is None else cleaned


class TournamentForm(forms.ModelForm):
    rounds_per_stay = _RoundsField(label="Rounds a stay", help_text=_help("rounds_per_stay"))
    session_rounds = _RoundsField(label="Rounds in a fixed session", help_text=_help("session_rounds"))
    series_count = SeriesCountField()

    class Meta:
        model = Tournament
        fields = TOURNAMENT_FIELDS
        widgets = {"date": forms.DateInput(attrs={"type": "date"}),
                   "section_split": forms.TextInput(attrs={"placeholder": "e.g. 5,5,5", "inputmode": "numeric"})}


class MethodForm(forms.ModelForm):
    """Bound to a copy of the tournament: validating it fills the copy, from which the plan is previewed."""

    rounds_per_stay = _RoundsField(label="Rounds a stay", help_text=_help("rounds_per_stay"))
    session_rounds = _RoundsField(label="Rounds in a fixed session", help_text=_help("session_rounds"))

    class Meta:
        model = Tournament
        fields = METHOD_FIELDS
        widgets = {"section_split": forms.TextInput(attrs={"placeholder": "e.g. 5,5,5", "inputmode": "numeric"})}


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=120, widget=forms.TextInput(attrs={"autocomplete": "off"}))
    club = forms.CharField(max_length=120, required=False)
    membership_number = forms.CharField(max_length=40, required=False, label="Membership number")
    is_expert = forms.BooleanField(required=False, label="Expert", help_text="may control a table (fixed method)")


class ImportForm(forms.Form):
    file = forms.FileField(
        label="Player list", allow_empty_file=True,
        help_text="Excel (.xlsx) or CSV; a header row with Name and, if you have them, Club, "
                  "Membership number, Expert (yes/no), Team, Categories (separated by commas).",
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv"}),
    )

    def content(self) -> tuple[str, bytes]:
        """(file name, content), reading no more than one byte past the limit so the service can refuse."""
        upload = self.cleaned_data["file"]
        return upload.name or "", upload.read(MAX_BYTES + 1)


class _TickedPlayersForm(forms.Form):
    """The players ticked in the table (their ids, sent as ``selected``), for a bulk action."""

    nothing_ticked = "Tick the players first."

    def __init__(self, data=None, **kwargs):
        super().__init__(data, **kwargs)
        self._ids = data.getlist("selected") if data is not None else []

    def clean(self):
        ids = set()
        for text in self._ids:
            if not text.isdigit() or not 1 <= int(text) <= MAX_ID:
                raise forms.ValidationError("The selection was not understood; tick the players again.")
            ids.add(int(text))
        if not ids:
            raise forms.ValidationError(self.nothing_ticked)
        self.cleaned_data["player_ids"] = ids
        return self.cleaned_data


class ExpertsForm(_TickedPlayersForm):
    """The bulk marking: the players ticked in the table, and whether to mark or unmark them."""

    nothing_ticked = "Tick the players to mark first."
    action = forms.ChoiceField(choices=[("mark", "Mark as experts"), ("unmark", "Unmark")])


def _id_or_none(text: str, what: str) -> int | None:
    """A team's or category's id as the select sends it ("" for none)."""
    if text == "":
        return None
    if not text.isdigit() or not 1 <= int(text) <= MAX_ID:
        raise forms.ValidationError(f"The {what} was not understood; choose it again.")
    return int(text)


class GroupingForm(_TickedPlayersForm):
    """The ticked players put in a team (or in none), or given or relieved of a category."""

    nothing_ticked = "Tick the players first, then choose the team or category."
    action = forms.ChoiceField(choices=[("team", "Put in team"), ("add_category", "Add to category"),
                                        ("remove_category", "Remove from category")])
    team = forms.CharField(required=False, max_length=20)
    category = forms.CharField(required=False, max_length=20)

    def clean_team(self):
        return _id_or_none(self.cleaned_data["team"], "team")

    def clean_category(self):
        return _id_or_none(self.cleaned_data["category"], "category")

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("action") in {"add_category", "remove_category"} and "category" in cleaned \
                and cleaned["category"] is None:
            raise forms.ValidationError("Choose the category.")
        return cleaned


class NameForm(forms.Form):
    """A new team's or category's name (the service cleans it and refuses a duplicate)."""

    name = forms.CharField(max_length=120, widget=forms.TextInput(attrs={"autocomplete": "off"}))

    def __init__(self, data=None, *, what: str, **kwargs):
        # The prefix keeps the team's and the category's field apart from each other and from the player's name.
        super().__init__(data, prefix=what, **kwargs)
        self.fields["name"].label = f"New {what}"


class ExpertToggleForm(forms.Form):
    is_expert = forms.TypedChoiceField(choices=[("1", "yes"), ("0", "no")], coerce=lambda value: value == "1")


class DrawForm(forms.Form):
    seed = forms.IntegerField(
        required=False, min_value=0, max_value=MAX_SEED,
        help_text="empty: a new random seed. Type an earlier seed to repeat that draw.",
        error_messages={"invalid": f"a seed is a whole number from 0 to {MAX_SEED}, e.g. 12345",
                        "min_value": f"a seed is a whole number from 0 to {MAX_SEED}",
                        "max_value": f"a seed is a whole number from 0 to {MAX_SEED}"},
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "placeholder": "random"}),
    )


class StayForm(forms.Form):
    """The seating page's query: which stay, and (optionally) a player or club to find."""

    series = forms.IntegerField(required=False, min_value=1, max_value=MAX_SERIES)
    stay = forms.IntegerField(required=False, min_value=1, max_value=10_000)
    q = forms.CharField(required=False, max_length=120, label="Find a player or club")
