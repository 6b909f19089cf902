"""The committee's forms: scoring settings, a player's choice between points and games, a recorded cut."""

from django import forms

from scoring.models import TournamentScoring
from scoring.standings import PRESETS
from scoring.standings.prizes import CATEGORIES

PRESET_CHOICES = [("", "keep the current schedule")] + [(k, k) for k in PRESETS]


class ScoringSettingsForm(forms.ModelForm):
    preset = forms.ChoiceField(choices=PRESET_CHOICES, required=False, label="Prize schedule preset")

    class Meta:
        model = TournamentScoring
        fields = ["system", "ramsch_counts_as_game", "allow_multiple_prizes", "prize_seed", "published"]

    def clean_prize_seed(self):
        seed = self.cleaned_data["prize_seed"]
        if not 0 <= seed <= 2**53 - 1:
            raise forms.ValidationError("a seed is a whole number from 0 to 9007199254740991")
        return seed


class ChoiceForm(forms.Form):
    player = forms.TypedChoiceField(coerce=int)
    category = forms.ChoiceField(choices=[("points", "the points prize"), ("games", "the games prize")])

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [(p.id, p.name) for p in players]


class CutForm(forms.Form):
    category = forms.ChoiceField(choices=[(k, c.name) for k, c in CATEGORIES.items()])
    place = forms.IntegerField(min_value=1, max_value=100, initial=1)
    winner = forms.TypedChoiceField(coerce=int, label="Winner of the cut")
    others = forms.TypedMultipleChoiceField(coerce=int, label="The other tied players, in cut order",
                                            widget=forms.SelectMultiple(attrs={"size": 4}))

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(p.id, p.name) for p in players]
        self.fields["winner"].choices = choices
        self.fields["others"].choices = choices

    def clean(self):
        data = super().clean()
        if data.get("winner") in (data.get("others") or []):
            raise forms.ValidationError("the winner of the cut is not among the others")
        return data
