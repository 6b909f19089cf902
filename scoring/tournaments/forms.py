"""The new-tournament form: seating's fields and the rulebook."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.engine import DEFAULT_RULEBOOK, RULEBOOKS
from seating.forms import TournamentForm


class NewTournamentForm(TournamentForm):
    rulebook = forms.ChoiceField(label=_("Rulebook"), choices=[(rb.id, _(rb.name)) for rb in RULEBOOKS.values()],
                                 initial=DEFAULT_RULEBOOK,
                                 help_text=_("the laws every deal is valued under; it also sets the scoring system "
                                             "and the prizes, which the committee can change"))

    field_order = ["name", "date", "place", "rulebook", "language"]
