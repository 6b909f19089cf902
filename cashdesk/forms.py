"""The desk's forms: the one-tap buttons (which due of which player) and a line's reversal. They carry ids the
page sent, never an amount: the amount is the rules' (``cashdesk.services``)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from cashdesk.models import Payment

BIGGEST_ID = 2**63 - 1  # beyond any database's id (and SQLite's integer)


class TakeForm(forms.Form):
    player = forms.IntegerField(label=_("Player"), min_value=1, max_value=BIGGEST_ID)
    kind = forms.ChoiceField(label=_("Kind"), choices=Payment.Kind.choices)
    series = forms.IntegerField(label=_("Series"), required=False, min_value=1,
                                max_value=1000)
    prize = forms.CharField(label=_("Prize"), required=False, max_length=40)


class ReverseForm(forms.Form):
    payment = forms.IntegerField(label=_("Line"), min_value=1, max_value=BIGGEST_ID)
    note = forms.CharField(label=_("Note"), required=False, max_length=200)


class OutsideTakeForm(forms.Form):
    line = forms.RegexField(label=_("Line"), regex=r"^[a-z]{1,20}:[0-9]{1,12}$", max_length=40)


class OutsideReverseForm(forms.Form):
    line = forms.RegexField(label=_("Line"), regex=r"^[a-z]{1,20}:[0-9]{1,12}$", max_length=40)
    note = forms.CharField(label=_("Note"), required=False, max_length=200)
