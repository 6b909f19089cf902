"""The deal calculator's form: what a controller types, as the books speak of it.

The form only turns text into Python values; every rule is the engine's (see scoring.calculator.services).
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from common.numbers import WholeNumberField
from scoring.engine import DEFAULT_RULEBOOK, RULEBOOKS
from scoring.entry.forms import ANNOUNCED_CHOICES, MATADORE_CHOICES


class DealForm(forms.Form):
    rulebook = forms.ChoiceField(label=_("Rulebook"), choices=[(rb.id, _(rb.name)) for rb in RULEBOOKS.values()],
                                 initial=DEFAULT_RULEBOOK)
    game = forms.CharField(label=_("Game"), max_length=60,
                           help_text=_('as the books write it: "club solo", "spade tournee", "gucki grand"'))
    matadores = forms.TypedChoiceField(label=_("Matadores"), choices=MATADORE_CHOICES, coerce=int, required=False,
                                       empty_value=None)
    announced = forms.ChoiceField(label=_("Announced"), choices=ANNOUNCED_CHOICES, required=False)
    points = WholeNumberField(label=_("Points"), required=False, min_value=0, max_value=120,
                              help_text=_("the player's, Skat included"))
    tricks = WholeNumberField(label=_("Tricks"), required=False, min_value=0, max_value=10)
    bid = WholeNumberField(label=_("Bid"), required=False, min_value=1, max_value=10_000)
    hand = forms.BooleanField(label=_("Hand"), required=False, help_text=_("ISkO: played from the hand"))
    ouvert = forms.BooleanField(label=_("Ouvert"), required=False)
    abandoned = forms.BooleanField(label=_("Abandoned"), required=False,
                                   help_text=_("given up before a card was played"))
    kontra = forms.BooleanField(label=_("Kontra"), required=False)
    re = forms.BooleanField(label=_("Re"), required=False)
    written = WholeNumberField(label=_("Written"), required=False, min_value=-10_000, max_value=10_000,
                               help_text=_("the value written on the sheet, to check it"))

    ENGINE_FIELDS = ("game", "matadores", "announced", "points", "tricks", "bid", "hand", "ouvert", "abandoned",
                     "kontra", "re")

    def engine_facts(self) -> dict:
        data = self.cleaned_data
        facts = {name: data.get(name) for name in self.ENGINE_FIELDS}
        for name in ("matadores", "announced"):
            facts[name] = facts[name] or None
        return facts


