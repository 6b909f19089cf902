"""What every page's forms share: a refused form's messages said in one line.

Vocabulary: ``problems`` are a bound form's errors, each after the label of the field it names (a message that
names no field follows "Form"), for the notice a page shows above the form it gives back.
"""

from django import forms
from django.utils.translation import gettext


def labelled_errors(form: forms.Form) -> list[tuple[str | None, list[str]]]:
    """A refused form's messages by field, each field named by its label in the page's language (None for the
    messages of the whole form)."""
    def label(name: str) -> str | None:
        if name == forms.forms.NON_FIELD_ERRORS:
            return None
        field = form.fields.get(name)
        return str(field.label or name.replace("_", " ").capitalize()) if field else gettext("Form")

    return [(label(name), list(messages)) for name, messages in form.errors.items()]


def problems(form: forms.Form) -> str:
    """A refused form's messages in one line, each after its field's label."""
    return "; ".join(f"{label or gettext('Form')}: {' '.join(messages)}" for label, messages in labelled_errors(form))
