"""The director's form for the club's people: a login name, its role in the club, and a password for a new login."""

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Role


class PersonForm(forms.Form):
    username = forms.CharField(label=_("Login name"), max_length=150)
    role = forms.ChoiceField(label=pgettext_lazy("person", "Role"), choices=Role.choices)
    password = forms.CharField(label=_("Password (only for a new login)"), required=False,
                               widget=forms.PasswordInput(render_value=False), max_length=128)
