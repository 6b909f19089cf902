"""What every page's forms share: a refused form's messages said in one line.

Vocabulary: ``problems`` are a bound form's errors, each after the label of the field it names (a message that
names no field follows "Form"), for the notice a page shows above the form it gives back.
"""

from django import forms
from django.utils.translation import gettext


def problems(form: forms.Form) -> str:
    """A refused form's messages in one line, each after its field's label."""
    def label(name: str) -> str:
        field = form.fields.get(name)
        return (field.label or name.replace("_", " ").capitalize()) if field else gettext("Form")

    return "; ".join(f"{label(name)}: {' '.join(messages)}" for name, messages in form.errors.items())
