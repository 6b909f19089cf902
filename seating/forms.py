"""The director's forms: they turn what is typed into Python values and nothing more.

Every rule (duplicates, the sections' limits, what may change after the draw) is a service's; a refused
request comes back as ``SeatingError`` and ``add_refusal`` puts its message beside the field it names
(``written`` does both: the service called with the form's values, or its refusal shown).
"""

from collections.abc import Callable
from typing import TypeVar

from django import forms
from django.conf import settings
from django.utils.text import format_lazy
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from common.forms import IsoDateInput, IsoDateTimeInput, refuse
from common.numbers import WholeNumberField, sent_number
from seating.errors import SeatingError
from seating.imports import MAX_BYTES
from seating.models import MAX_SERIES, Tournament
from seating.services import MAX_SEED, METHOD_FIELDS, TOURNAMENT_FIELDS

MAX_ROUNDS = 200
MAX_ID = 2**63 - 1
Written = TypeVar("Written")


add_refusal = refuse
"""Show a service's refusal beside its field (``common.forms.refuse``; the name the seating views know)."""


def written(form: forms.Form, service: Callable[..., Written], **arguments) -> Written | None:
    """What ``service`` returns for the form's values (and ``arguments``); None when the form is invalid or the
    service refuses, its refusal then shown beside its field."""
    if not form.is_valid():
        return None
    try:
        return service(**arguments, **form.cleaned_data)
    except SeatingError as refused:
        add_refusal(form, refused)
        return None


class _RoundsField(WholeNumberField):
    def __init__(self, **kwargs):
        super().__init__(required=False, min_value=1, max_value=MAX_ROUNDS,
                         error_messages={"invalid": _("write the rounds as a whole number, e.g. 20")}, **kwargs)


def _help(field: str) -> str:
    return Tournament._meta.get_field(field).help_text


class SeriesCountField(WholeNumberField):
    """The number of series; left empty, one (a single session)."""

    def __init__(self, **kwargs):
        super().__init__(required=False, min_value=1, max_value=MAX_SERIES, label=_("Series"),
                         help_text=_help("series_count"),
                         error_messages={"invalid": _("write the number of series as a whole number, e.g. 3")},
                         **kwargs)

    def clean(self, value):
        cleaned = super().clean(value)
        return 1 if cleaned is None else cleaned


class LanguageField(forms.ChoiceField):
    """The language a tournament prints in: one of the languages the product speaks (settings.LANGUAGES)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Print language"))
        kwargs.setdefault("help_text", _help("language"))
        super().__init__(choices=settings.LANGUAGES, required=False, **kwargs)

    def clean(self, value):
        # Left out (a script, an older form): the language the director reads.
        return super().clean(value) or _active_language()


def _active_language() -> str:
    codes = [code for code, _name in settings.LANGUAGES]
    active = (get_language() or settings.LANGUAGE_CODE).split("-")[0]
    return active if active in codes else settings.LANGUAGE_CODE


_LABELS = {"name": _("Name"), "date": _("Date"), "place": pgettext_lazy("venue", "Place"), "method": _("Method"),
           "remainder": _("Remainder"), "section_split": _("Section split")}


class TournamentForm(forms.ModelForm):
    rounds_per_stay = _RoundsField(label=_("Rounds a stay"), help_text=_help("rounds_per_stay"))
    session_rounds = _RoundsField(label=_("Rounds in a fixed session"), help_text=_help("session_rounds"))
    series_count = SeriesCountField()
    language = LanguageField()

    class Meta:
        model = Tournament
        fields = TOURNAMENT_FIELDS
        labels = _LABELS
        widgets = {"date": IsoDateInput(),
                   "section_split": forms.TextInput(attrs={"placeholder": _("e.g. 5,5,5"), "inputmode": "numeric"})}

    def __init__(self, *args, language: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        # A new tournament prints, by default, in its club's language (``language``), else the one its director
        # reads.
        self.fields["language"].initial = language or _active_language()


class NoticeForm(forms.Form):
    """The director's notice line on every player's own page (empty: none)."""

    notice = forms.CharField(max_length=300, required=False, label=_("Notice to the players"),
                             help_text=_("one line shown on every player's own page"))


class LanguageForm(forms.Form):
    """The print page's choice of the tournament's print language."""

    language = LanguageField()


class MethodForm(forms.ModelForm):
    """Bound to a copy of the tournament: validating it fills the copy, from which the plan is previewed."""

    rounds_per_stay = _RoundsField(label=_("Rounds a stay"), help_text=_help("rounds_per_stay"))
    session_rounds = _RoundsField(label=_("Rounds in a fixed session"), help_text=_help("session_rounds"))

    class Meta:
        model = Tournament
        fields = METHOD_FIELDS
        labels = _LABELS
        widgets = {"section_split": forms.TextInput(attrs={"placeholder": _("e.g. 5,5,5"), "inputmode": "numeric"})}


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120, widget=forms.TextInput(attrs={"autocomplete": "off"}))
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    membership_number = forms.CharField(max_length=40, required=False, label=_("Membership number"))
    is_expert = forms.BooleanField(required=False, label=_("Expert"), help_text=_("may control a table (fixed method)"))


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("Player list"), allow_empty_file=True,
        help_text=_("Excel (.xlsx) or CSV; a header row with Name and, if you have them, Club, "
                    "Membership number, Expert (yes/no), Team, Categories (separated by commas)."),
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv"}),
    )

    def content(self) -> tuple[str, bytes]:
        """(file name, content), reading no more than one byte past the limit so the service can refuse."""
        upload = self.cleaned_data["file"]
        return upload.name or "", upload.read(MAX_BYTES + 1)


class _TickedPlayersForm(forms.Form):
    """The players ticked in the table (their ids, sent as ``selected``), for a bulk action."""

    nothing_ticked = _("Tick the players first.")
    not_understood = _("The selection was not understood; tick the players again.")
    sent_as, ids_key = "selected", "player_ids"

    def __init__(self, data=None, **kwargs):
        super().__init__(data, **kwargs)
        self._ids = data.getlist(self.sent_as) if data is not None else []

    def clean(self):
        ids = set()
        for text in self._ids:
            if (ticked_id := sent_number(text, MAX_ID)) is None:
                raise forms.ValidationError(self.not_understood)
            ids.add(ticked_id)
        if not ids:
            raise forms.ValidationError(self.nothing_ticked)
        self.cleaned_data[self.ids_key] = ids
        return self.cleaned_data


class ExpertsForm(_TickedPlayersForm):
    """The bulk marking: the players ticked in the table, and whether to mark or unmark them."""

    nothing_ticked = _("Tick the players to mark first.")
    action = forms.ChoiceField(choices=[("mark", _("Mark as experts")), ("unmark", _("Unmark"))])


def _id_or_none(text: str, what: str) -> int | None:
    """A team's or category's id as the select sends it ("" for none)."""
    if text == "":
        return None
    if (number := sent_number(text, MAX_ID)) is None:
        if what == "team":
            raise forms.ValidationError(_("The team was not understood; choose it again."))
        raise forms.ValidationError(_("The category was not understood; choose it again."))
    return number


class GroupingForm(_TickedPlayersForm):
    """The ticked players put in a team (or in none), or given or relieved of a category."""

    nothing_ticked = _("Tick the players first, then choose the team or category.")
    action = forms.ChoiceField(choices=[("team", _("Put in team")), ("add_category", _("Add to category")),
                                        ("remove_category", _("Remove from category"))])
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
            raise forms.ValidationError(_("Choose the category."))
        return cleaned


class NameForm(forms.Form):
    """A new team's or category's name (the service cleans it and refuses a duplicate)."""

    name = forms.CharField(max_length=120, widget=forms.TextInput(attrs={"autocomplete": "off"}))

    def __init__(self, data=None, *, what: str, **kwargs):
        # The prefix keeps the team's and the category's field apart from each other and from the player's name.
        super().__init__(data, prefix=what, **kwargs)
        self.fields["name"].label = _("New team") if what == "team" else _("New category")


class ExpertToggleForm(forms.Form):
    is_expert = forms.TypedChoiceField(choices=[("1", _("yes")), ("0", _("no"))], coerce=lambda value: value == "1")


class DrawForm(forms.Form):
    seed = WholeNumberField(
        label=_("Seed"), required=False, min_value=0, max_value=MAX_SEED,
        help_text=_("empty: a new random seed. Type an earlier seed to repeat that draw."),
        error_messages={"invalid": format_lazy(_("a seed is a whole number from 0 to {most}, e.g. 12345"), most=MAX_SEED),
                        "min_value": format_lazy(_("a seed is a whole number from 0 to {most}"), most=MAX_SEED),
                        "max_value": format_lazy(_("a seed is a whole number from 0 to {most}"), most=MAX_SEED)},
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "placeholder": _("random")}),
    )


class StayForm(forms.Form):
    """The seating page's query: which stay, and (optionally) a player or club to find."""

    series = WholeNumberField(required=False, min_value=1, max_value=MAX_SERIES)
    stay = WholeNumberField(required=False, min_value=1, max_value=10_000)
    q = forms.CharField(required=False, max_length=120, label=_("Find a player or club"))


class SignUpForm(forms.Form):
    """The public sign-up form. ``website`` is a honeypot: hidden from people, filled in by bots."""

    name = forms.CharField(max_length=120, label=pgettext_lazy("person", "Name"))
    club = forms.CharField(max_length=120, required=False, label=_("Club"))
    categories = forms.ModelMultipleChoiceField(queryset=None, required=False, label=_("Categories"),
                                                widget=forms.CheckboxSelectMultiple)
    contact = forms.CharField(max_length=200, label=_("E-mail or phone"),
                              help_text=_("seen by the club only, never published"))
    website = forms.CharField(required=False, label=_("Leave this empty"))

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["categories"].queryset = tournament.categories.all()
        if not tournament.categories.exists():
            del self.fields["categories"]

    def clean_contact(self):
        contact = self.cleaned_data["contact"].strip()
        if "@" in contact:
            forms.EmailField().clean(contact)
        elif sum(ch.isdigit() for ch in contact) < 5 or any(ch not in "0123456789 +-/()" for ch in contact):
            raise forms.ValidationError(_("Give an e-mail address or a phone number."))
        return contact


class SignUpSettingsForm(forms.Form):
    """The director's sign-up settings: open or not, the places, the deadline."""

    open = forms.BooleanField(required=False, label=_("Public sign-up open"))
    limit = forms.IntegerField(required=False, min_value=1, max_value=10000, label=_("Places"),
                               help_text=_("empty: no limit; beyond it a waiting list"))
    deadline = forms.DateTimeField(required=False, label=_("Sign-up until"), widget=IsoDateTimeInput())


class PickForm(forms.Form):
    """The member tapped in the picker (his registry id); the service checks he is of the tournament's club."""

    member = forms.CharField(max_length=20)

    def clean_member(self):
        if (member_id := sent_number(self.cleaned_data["member"], MAX_ID)) is None:
            raise forms.ValidationError(_("The member was not understood; find him again."))
        return member_id


class GuestForm(forms.Form):
    """A guest in one line: his name and his club; kept in the registry for next time."""

    name = forms.CharField(label=_("Guest's name"), max_length=120,
                           widget=forms.TextInput(attrs={"autocomplete": "off"}))
    club = forms.CharField(label=_("His club"), max_length=120, required=False,
                           widget=forms.TextInput(attrs={"autocomplete": "off"}))


class RollCallForm(_TickedPlayersForm):
    """The members ticked as here tonight (their registry ids, sent as ``member``)."""

    nothing_ticked = _("Tick at least one player.")
    not_understood = _("The ticks were not understood; tick the players again.")
    sent_as, ids_key = "member", "member_ids"
