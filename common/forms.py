"""What every page's forms share: a posted form's answer, a refused form's messages said in one line, and the
browser's date fields.

Vocabulary:
    answer           what a view does with a posted form, always in one shape (``form_answer``): the form bound,
                     the service called with its values, a refusal (a ``UserError``) shown beside its field and the
                     page given again (422, nothing changed), else the message said and a redirect (so a reload
                     posts nothing twice).
    ``problems`` are a bound form's errors, each after the label of the field it names (a message that
names no field follows "Form"), for the notice a page shows above the form it gives back.
    ISO date field   a browser's ``type=date`` (``datetime-local``) field takes its value as ISO text only
                     ("2026-11-28", "2026-12-04T18:00") and shows it in the reader's own format; a value in the
                     page's language ("28.11.2026") shows an empty field, and the next save loses the date. So these
                     widgets always write ISO (``IsoDateInput``, ``IsoDateTimeInput``); the fields read ISO in every
                     language (Django adds the ISO input formats to each language's).
"""

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.shortcuts import redirect
from django.utils.functional import Promise
from django.utils.translation import gettext

from common.errors import UserError


class IsoDateInput(forms.DateInput):
    """A browser's date field, its value ISO text in every language (see the module's vocabulary)."""

    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%d")


class IsoDateTimeInput(forms.DateTimeInput):
    """A browser's date-and-time field (``datetime-local``), its value ISO text to the minute."""

    input_type = "datetime-local"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%dT%H:%M")


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
    """A refused form's messages in one line, each after its field's label; "; " between them, a message's own
    full stop dropped before it (never ".;")."""
    parts = [f"{label or gettext('Form')}: {' '.join(messages)}" for label, messages in labelled_errors(form)]
    return "; ".join(part[:-1] if part.endswith(".") and index < len(parts) else part
                     for index, part in enumerate(parts, start=1))


def refuse(form: forms.Form, refused: UserError) -> None:
    """Show a service's refusal beside its field (or above the form when it names none of the form's fields). A
    form whose fields a service names otherwise says which is which in ``refused_fields`` (the service's name ->
    the form's field)."""
    field = getattr(form, "refused_fields", {}).get(refused.field, refused.field)
    form.add_error(field if field in form.fields else None, refused.message)


def form_answer(request, form: forms.Form, act: Callable, *, again: Callable, said: Callable | None = None,
                to, refusal: type[UserError] = UserError, conflict: type[UserError] | None = None):
    """The answer to a posted form (the module's vocabulary): ``act(**form.cleaned_data)`` calls the service;
    ``refusal`` it raises is shown on the form and ``again(form)`` is the page given again; else ``said(result)``
    is what the page says (a text, or texts: the first a success, the others notes; None: nothing) and the browser
    is sent ``to`` (an address, or ``to(result)``). A refusal of the type ``conflict`` says another change came
    first, not that the input is wrong: the page given again answers 409 Conflict."""
    if form.is_valid():
        try:
            result = act(**form.cleaned_data)
        except refusal as refused:
            refuse(form, refused)
            if conflict is not None and isinstance(refused, conflict):
                answer = again(form)
                answer.status_code = 409
                return answer
        else:
            say_done(request, said(result) if said else None)
            return redirect(to(result) if callable(to) else to)
    return again(form)


def say_done(request, said) -> None:
    """``said`` as messages: a text is a success; of several texts the first is a success, the others notes."""
    texts = [said] if isinstance(said, (str, Promise)) else [text for text in (said or ()) if text]
    for index, text in enumerate(texts):
        (messages.success if index == 0 else messages.info)(request, text)
