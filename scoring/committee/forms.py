"""The committee's forms: scoring settings, a player's choice between points and games, a recorded cut."""

from decimal import Decimal

from django import forms
from django.core.validators import MinValueValidator

from scoring.models import TournamentScoring
from scoring.standings import PRESETS
from scoring.standings.money import MoneyError, amount
from scoring.standings.prizes import CATEGORIES

PRESET_CHOICES = [("", "keep the current schedule")] + [(k, k) for k in PRESETS]


MONEY_FIELDS = ["currency", "entry_fee", "per_lost_game", "per_lost_game_at_three", "raised_per_lost_game",
                "raised_from"]


def parse_prize_money(text: str) -> list[list]:
    """"total 1 50.00" lines → [["total", 1, "50.00"]], each category, place and amount checked."""
    prizes, seen = [], set()
    for number, line in enumerate(text.splitlines(), start=1):
        parts = line.replace(",", " ").split()
        if not parts:
            continue
        if len(parts) != 3 or parts[0] not in CATEGORIES or not parts[1].isdigit() or not 1 <= int(parts[1]) <= 100:
            raise forms.ValidationError(f"line {number}: write a category, a place from 1 to 100 and an amount, "
                                        f"e.g. \"total 1 50.00\"")
        try:
            value = amount(parts[2], "amount")
        except MoneyError as err:
            raise forms.ValidationError(f"line {number}: {err.message}") from None
        if (parts[0], int(parts[1])) in seen:
            raise forms.ValidationError(f"line {number}: {parts[0]} place {parts[1]} has a prize already")
        seen.add((parts[0], int(parts[1])))
        prizes.append([parts[0], int(parts[1]), str(value)])
    return prizes


KEPT_WHEN_LEFT_OUT = ("currency", "entry_fee", "per_lost_game", "raised_from", "category_places")
"""Left empty, these keep their value; the two other rates, left empty, mean "no different rate"."""


class ScoringSettingsForm(forms.ModelForm):
    preset = forms.ChoiceField(choices=PRESET_CHOICES, required=False, label="Prize schedule preset")

    class Meta:
        model = TournamentScoring
        fields = ["system", "ramsch_counts_as_game", "allow_multiple_prizes", "prize_seed", "published",
                  "category_places", *MONEY_FIELDS, "prize_money"]
        labels = {"category_places": "Prizes in each category", "per_lost_game": "Per lost game", "per_lost_game_at_three": "Per lost game at a table of three",
                  "raised_per_lost_game": "Per lost game, raised", "raised_from": "Raised from the lost game"}

    prize_money = forms.CharField(
        required=False, label="Money prizes", widget=forms.Textarea(attrs={"rows": 3}),
        help_text="one a line: category, place, amount, e.g. \"total 1 50.00\" (categories: "
                  + ", ".join(CATEGORIES) + ")")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial["prize_money"] = "\n".join(f"{c} {p} {a}" for c, p, a in self.instance.prize_money or [])
        for name in ("entry_fee", "per_lost_game", "per_lost_game_at_three", "raised_per_lost_game"):
            field = self.fields[name]
            field.min_value = Decimal("0")
            field.validators.append(MinValueValidator(Decimal("0")))
            field.widget.attrs.update(inputmode="decimal", min="0")
        self.fields["raised_from"].validators.append(MinValueValidator(1))
        self.fields["raised_from"].widget.attrs.update(inputmode="numeric", min="1")
        for name in KEPT_WHEN_LEFT_OUT:
            self.fields[name].required = False

    def clean(self):
        data = super().clean()
        for name in KEPT_WHEN_LEFT_OUT:  # a form without the money (an older page, a script) changes none of it
            if name in data and data[name] in (None, ""):
                data[name] = getattr(self.instance, name)
        return data

    def clean_prize_money(self):
        return parse_prize_money(self.cleaned_data.get("prize_money") or "")

    def clean_currency(self):
        currency = (self.cleaned_data["currency"] or self.instance.currency).strip().upper()
        if not (len(currency) == 3 and currency.isascii() and currency.isalpha()):
            raise forms.ValidationError("a currency is three letters, e.g. EUR or USD")
        return currency

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
