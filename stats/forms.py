"""What a statistics page is asked (its address's query): the scope (a season of the club, or from/to dates), the
figure a club's members are ranked by and the least number of series, two members to compare. A bad value is
named beside its field; the page then shows the figures of everything."""

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from stats.core import COUNTS, GAME_KINDS, RATIOS

RANKED_BY = [("per_48", _("Per 48 deals")), ("points", pgettext_lazy("statistics", "Points")), ("per_series", _("Per series")),
             ("series", _("Series")), ("own_games", _("Own games")), ("win_rate", _("Win rate")),
             ("own_share", _("Own share of the deals")), ("vs_table", _("Against his table")),
             ("best_series", _("Best series")), ("grand_won", _("Grands won"))]
assert {key for key, _label in RANKED_BY} <= {*COUNTS, *RATIOS, *(f"{k}_won" for k in GAME_KINDS)}


class ScopeForm(forms.Form):
    season = forms.ModelChoiceField(queryset=None, required=False, label=_("Season"), empty_label=_("all events"),
                                    to_field_name="slug")
    start = forms.DateField(required=False, label=_("from"), widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(required=False, label=_("to"), widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, seasons, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["season"].queryset = seasons

    def clean(self):
        data = super().clean()
        if data.get("start") and data.get("end") and data["start"] > data["end"]:
            self.add_error("end", _("the last day is before the first"))
        if data.get("season") and (data.get("start") or data.get("end")):
            self.add_error("season", _("give a season or dates, not both"))
        return data


class ClubStatsForm(ScopeForm):
    by = forms.ChoiceField(choices=RANKED_BY, required=False, label=_("Ranked by"))
    min_series = forms.IntegerField(min_value=0, max_value=10000, required=False, label=_("At least … series"))


class VersusForm(ScopeForm):
    a = forms.ModelChoiceField(queryset=None, label=_("Player"))
    b = forms.ModelChoiceField(queryset=None, label=_("Opponent"))

    def __init__(self, *args, members, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["a"].queryset = members
        self.fields["b"].queryset = members

    def clean(self):
        data = super().clean()
        if data.get("a") and data.get("a") == data.get("b"):
            self.add_error("b", _("choose another player"))
        return data
