"""The checks an import file passes before any of it is saved, each naming the place in the file it refuses.

Vocabulary:
    where           a place in the file, written as a path: ``tournament.name``, ``deals[12].bid``.
    file shape      what any export looks like, whatever its content: no deeper than ``MAX_DEPTH``, no NUL
                    byte in any text, no whole number beyond 64 bits, no number that is not finite.
    portable range  the whole numbers a model field's column holds on every database the product runs on
                    (PostgreSQL's ranges: SQLite would keep a value PostgreSQL later refuses).
    form check      a value checked by the very form field that checks it when it is typed on a page, so an
                    import accepts nothing the pages would refuse.
A row is checked by its model's own validation (``full_clean``: choices, lengths, blanks, check constraints)
plus the portable ranges; the database's unique constraints are left to the database, whose refusal rolls the
whole import back.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext as _

MAX_DEPTH = 8
"""An export nests five deep (the file, its deals, a deal, its Ramsch figures, their list); eight is room."""
_WIDEST = 2**63 - 1
MAX_MESSAGE = 300


class ImportRefused(ValueError):
    """The file cannot be imported; ``where`` says which part of it (e.g. "deals[12]")."""

    def __init__(self, where: str, message: str):
        # A message may quote the value it refuses, which a hostile file makes as long as it likes.
        message = message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE - 1] + "…"
        super().__init__(f"{where}: {message}")
        self.where, self.message = where, message


def file_shape_check(data) -> None:
    """Refuse a file no export could be (see the module doc), naming the first place that is wrong."""
    stack = [("", data, 0)]  # a loop, not recursion: the depth is what is being checked
    while stack:
        where, value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ImportRefused(_first_part(where), _("nested deeper than any export"))
        if isinstance(value, str) and "\x00" in value:
            raise ImportRefused(where, _("contains a NUL byte"))
        if isinstance(value, bool) or value is None or isinstance(value, str):
            continue
        if isinstance(value, int) and not -_WIDEST <= value <= _WIDEST:
            raise ImportRefused(where, _("{value} is beyond any number the database holds").format(value=value))
        if isinstance(value, float) and not math.isfinite(value):
            raise ImportRefused(where, _("is not a finite number"))
        # Pushed last to first, so the walk meets the file in its own order and names the first bad place.
        if isinstance(value, Mapping):
            for key, item in reversed(value.items()):
                if "\x00" in key:
                    raise ImportRefused(where or "file", _("a key contains a NUL byte"))
                stack.append((f"{where}.{key}" if where else key, item, depth + 1))
        elif isinstance(value, list):
            stack.extend((f"{where}[{i}]", item, depth + 1) for i, item in reversed(list(enumerate(value))))


def _first_part(where: str) -> str:
    """``tournament.prize_schedule[0][0]`` → ``tournament.prize_schedule``: the field, not the bracket maze."""
    return where.split("[", 1)[0] or "file"


def model_check(row: models.Model, where: str, *, keys: Mapping[str, str] = {}, exclude=(),
                constraints: bool = False) -> None:
    """Validate ``row`` as its model does and within the portable ranges; ``keys`` maps a model field to its name
    in the file where they differ; ``exclude`` names fields left unchecked (the import's own foreign keys).
    ``constraints`` also checks the model's constraints (a query each, so only for the few rows of a file)."""
    for field in row._meta.concrete_fields:  # before full_clean, whose int() would cut 2.5 to 2, read "12" as 12
        if not isinstance(field, models.IntegerField) or field.is_relation or field.primary_key \
                or field.name in exclude:
            continue
        value, place = getattr(row, field.attname), f"{where}.{keys.get(field.name, field.name)}"
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise ImportRefused(place, _("must be a whole number, got {value}").format(value=f"{value!r:.40}"))
        low, high = BaseDatabaseOperations.integer_field_ranges[field.get_internal_type()]
        if value is not None and not low <= value <= high:
            raise ImportRefused(place, _("{value} is out of range ({low} to {high})").format(value=value, low=low,
                                                                                           high=high))
    try:
        row.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
    except ValidationError as err:
        raise _refusal(*_first(err), where, keys) from None
    if constraints:
        try:
            row.validate_constraints(exclude=exclude)
        except ValidationError as err:
            raise _refusal(*_first(err), where, keys) from None


def form_check(form_class: type[forms.BaseForm], data: Mapping, where: str, *, keys: Mapping[str, str] = {},
               **kwargs) -> forms.BaseForm:
    """The bound, valid form for ``data`` (a form of the pages), or the refusal of its first error."""
    form = form_class(data=data, **kwargs)
    if not form.is_valid():
        field, messages = next(iter(form.errors.items()))
        raise _refusal(field, list(messages), where, keys)
    return form


def field_check(field: forms.Field, value, where: str):
    """``value`` cleaned by one form field (e.g. the prize form's place), or the refusal naming ``where``."""
    try:
        return field.clean(value)
    except ValidationError as err:
        raise ImportRefused(where, " ".join(err.messages)) from None


def _first(err: ValidationError) -> tuple[str, list[str]]:
    return next(iter(err.message_dict.items()))


def _refusal(field: str, messages: list[str], where: str, keys: Mapping[str, str]) -> ImportRefused:
    place = where if field == NON_FIELD_ERRORS else f"{where}.{keys.get(field, field)}"
    return ImportRefused(place, " ".join(messages))
