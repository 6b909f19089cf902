"""The series page's forms: they turn what is typed into Python values and nothing more."""

from django import forms
from django.utils.translation import gettext_lazy as _

from common.numbers import WholeNumberField
from scoring.series.clock.reading import LEAST_MINUTES, MOST_MINUTES
from seating.forms import PlayerForm
from seating.models import MAX_SERIES, SeriesDraw
from seating.services import MAX_SEED


class SeriesDrawForm(forms.Form):
    # The series the page offered to draw: a second click, or a second director, must not draw it again unseen.
    number = WholeNumberField(required=False, min_value=1, max_value=MAX_SERIES, widget=forms.HiddenInput)
    how = forms.ChoiceField(choices=SeriesDraw.How.choices, initial=SeriesDraw.How.LOT, label=_("Draw"))
    seed = WholeNumberField(required=False, min_value=0, max_value=MAX_SEED, label=_("Seed"),
                            help_text=_("empty: a new random seed, shown on the seating list"))


class PlanAgainForm(forms.Form):
    # The first series the page offered to plan again: one played meanwhile is told, not planned over.
    first = WholeNumberField(required=False, min_value=1, max_value=MAX_SERIES, widget=forms.HiddenInput)
    seed = WholeNumberField(required=False, min_value=0, max_value=MAX_SEED, label=_("Seed"),
                            help_text=_("empty: a new random seed, shown on the seating list"))


class LateEntryForm(PlayerForm):
    """A player who joins the next series (the registration form's fields), and the series the page offered."""

    series = WholeNumberField(required=False, min_value=1, max_value=MAX_SERIES, widget=forms.HiddenInput)


class WithdrawForm(forms.Form):
    player = forms.TypedChoiceField(coerce=int, label=_("Player"))
    after = WholeNumberField(label=_("Plays no series after"), min_value=0, max_value=MAX_SERIES)

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [(p.pk, f"{p.name} ({p.club})" if p.club else p.name) for p in players]


class SeriesTimeForm(forms.Form):
    minutes = WholeNumberField(min_value=LEAST_MINUTES, max_value=MOST_MINUTES, label=_("Series time (minutes)"),
                               error_messages={"invalid": _("write the minutes as a number, e.g. 135")},
                               help_text=_("135 = 2 h 15, the usual time for 48 deals; tables of three (36 deals) get "
                                           "the same time"))


class SeriesClockForm(forms.Form):
    """The series the page offered to start or close (never another one drawn meanwhile)."""

    series = WholeNumberField(min_value=1, max_value=MAX_SERIES, widget=forms.HiddenInput)
