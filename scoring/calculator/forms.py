"""The deal calculator's form: what a controller types, as the books speak of it.

The form only turns text into Python values; every rule is the engine's (see scoring.calculator.services).
"""

from django import forms

from scoring.engine import DEFAULT_RULEBOOK, RULEBOOKS
from scoring.entry.forms import ANNOUNCED_CHOICES, MATADORE_CHOICES



class DealForm(forms.Form):
    rulebook = forms.ChoiceField(choices=[(rb.id, rb.name) for rb in RULEBOOKS.values()],
                                 initial=DEFAULT_RULEBOOK)
    game = forms.CharField(max_length=60, help_text='as the books write it: "club solo", "spade tournee", "gucki grand"')
    matadores = forms.TypedChoiceField(choices=MATADORE_CHOICES, coerce=int, required=False, empty_value=None)
    announced = forms.ChoiceField(choices=ANNOUNCED_CHOICES, required=False)
    points = forms.IntegerField(required=False, min_value=0, max_value=120, help_text="the player's, Skat included")
    tricks = forms.IntegerField(required=False, min_value=0, max_value=10)
    bid = forms.IntegerField(required=False, min_value=1, max_value=10_000)
    hand = forms.BooleanField(required=False, help_text="ISkO: played from the hand")
    ouvert = forms.BooleanField(required=False)
    abandoned = forms.BooleanField(required=False, help_text="given up before a card was played")
    kontra = forms.BooleanField(required=False)
    re = forms.BooleanField(required=False)
    written = forms.IntegerField(required=False, min_value=-10_000, max_value=10_000,
                                 help_text="the value written on the sheet, to check it")

    ENGINE_FIELDS = ("game", "matadores", "announced", "points", "tricks", "bid", "hand", "ouvert", "abandoned",
                     "kontra", "re")

    def engine_facts(self) -> dict:
        data = self.cleaned_data
        facts = {name: data.get(name) for name in self.ENGINE_FIELDS}
        for name in ("matadores", "announced"):
            facts[name] = facts[name] or None
        return facts
