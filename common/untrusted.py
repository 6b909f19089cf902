"""JSON a person sends (a form's text, a command's file), measured before it is parsed, so that what Python's own
parser would answer with an exception (not a refusal) is refused with a message naming the field. The
spreadsheets a person sends (.xlsx, .csv) have their own guard: ``common.import_files``.

Vocabulary:
    size      the text's length in characters (a file's: in bytes, read no further than the limit).
    depth     how many lists and objects are open at once at the deepest point: ``{"prizes": [1]}`` is 2 deep.
              Python's parser recurses once a level and fails with ``RecursionError`` about 1,000 levels down.
    number    a number as it is written in the text. Python refuses to read a whole number of more than 4,300
              digits (a ``ValueError``), and any long one costs time: one longer than ``MOST_NUMBER_CHARACTERS`` is
              refused unread. NaN and Infinity, which are not JSON, are refused too.
    path      where in the value a refusal is: keys joined by dots, list positions in brackets (``prizes[0][0]``). The
              refusal's ``field`` is the path's first step (the key a form or a rules file names), or the
              caller's name for the whole text when the problem is the whole text.

The checks run in C over the text (regular expressions, ``itertools.accumulate``), so a text within the size is
measured in about the time parsing it takes; only a refused text is walked token by token to find the path.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import accumulate
from pathlib import Path

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from common.errors import UserError

MOST_DEPTH = 32
MOST_NUMBER_CHARACTERS = 40
"""A money amount to the cent of 37 digits, or a float as Python writes its longest (``-1.2345678901234567e-308``)."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")
_LONG_NUMBER = re.compile(r"[-+.eE0-9]{%d,}" % (MOST_NUMBER_CHARACTERS + 1))
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{},:]|[^\s\[\]{},:"]+', re.DOTALL)
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_text(text: str, *, field: str, most_characters: int, most_depth: int = MOST_DEPTH):
    """``text`` as the JSON value it holds, or ``UserError`` naming ``field`` (the whole text) or the path's key."""
    if len(text) > most_characters:
        raise UserError(field, _("at most {most} characters, not {size}").format(
            most=_figure(most_characters), size=_figure(len(text))))
    bare = _STRING.sub('""', text)  # the strings' contents: no bracket or digit in them counts
    brackets = _NOT_A_BRACKET.sub("", bare)
    if brackets and max(accumulate(map(_STEP.__getitem__, brackets))) > most_depth:
        where = _first_problem(text, most_depth, _too_long)
        raise UserError(_field(where, field), _("nested more than {most} lists or objects deep").format(
            most=most_depth) + _at(where, field))
    long_number = _LONG_NUMBER.search(bare)
    if long_number:
        where = _first_problem(text, most_depth, _too_long)
        raise UserError(_field(where, field), _("a number of at most {most} characters, not one of {size}").format(
            most=MOST_NUMBER_CHARACTERS, size=_figure(len(long_number.group()))) + _at(where, field))
    try:
        return json.loads(text, parse_constant=_no_constant)
    except _NotJson as err:
        where = _first_problem(text, most_depth, _NOT_JSON_NUMBERS.__contains__)
        raise UserError(_field(where, field), _("{value} is not a JSON number; write a number").format(
            value=err.args[0]) + _at(where, field)) from None
    except json.JSONDecodeError as err:
        raise UserError(field, _("not valid JSON (line {line}, column {column})").format(
            line=err.lineno, column=err.colno)) from None


def json_file(path: str | Path, *, field: str, most_bytes: int, most_depth: int = MOST_DEPTH):
    """The JSON value in the UTF-8 file at ``path``, read no further than ``most_bytes`` (``OSError`` when it
    cannot be opened: the caller says so in its own words), or ``UserError`` as ``json_text``."""
    with open(path, "rb") as file:
        content = file.read(most_bytes + 1)
    if len(content) > most_bytes:
        raise UserError(field, _("the file is larger than {most} bytes").format(most=_figure(most_bytes)))
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UserError(field, _("the file is not UTF-8 text")) from None
    return json_text(text, field=field, most_characters=most_bytes, most_depth=most_depth)


class _NotJson(ValueError):
    pass


def _no_constant(name: str):
    raise _NotJson(name)


def _figure(number: int) -> str:
    return number_format(number, force_grouping=True)


_NOT_JSON_NUMBERS = {"NaN", "Infinity", "-Infinity"}


def _too_long(token: str) -> bool:
    return len(token) > MOST_NUMBER_CHARACTERS


def _first_problem(text: str, most_depth: int, bad: Callable[[str], bool]) -> list:
    """The path to the first place where ``text`` is nested deeper than ``most_depth`` or writes a value (not a
    string) that is ``bad`` (the walk stops there)."""
    path: list = []  # per open list: its position; per open object: its key (None before the first)
    kinds: list[str] = []
    last_string = None
    for found in _TOKEN.finditer(text):
        token = found.group()
        if token in "[{":
            if len(kinds) >= most_depth:
                return path
            kinds.append(token)
            path.append(0 if token == "[" else None)
        elif token in "]}":
            if kinds:
                kinds.pop()
                path.pop()
        elif token == ",":
            if kinds and kinds[-1] == "[":
                path[-1] += 1
        elif token == ":":
            if kinds and kinds[-1] == "{" and last_string is not None:
                path[-1] = last_string
        elif token.startswith('"'):
            last_string = _key(token)
            continue
        elif bad(token):
            return path
        last_string = None
    return path


def _key(token: str) -> str:
    try:
        return json.loads(token)
    except ValueError:
        return token.strip('"')


def _path(where: list) -> str:
    """``tournament.money.prize_money[2][2]``: keys joined by dots, list positions in brackets."""
    said = ""
    for step in where:
        if isinstance(step, int):
            said += f"[{step}]"
        elif step is not None:
            said += f".{step}" if said else str(step)
    return said


def _at(where: list, whole: str) -> str:
    """" (at prizes[0][0])": where the refusal is, when the field alone does not say it."""
    path = _path(where)
    return _(" (at {path})").format(path=path) if path and path != _field(where, whole) else ""


def _field(where: list, whole: str) -> str:
    steps = [step for step in where if step is not None]
    return str(steps[0]) if steps and isinstance(steps[0], str) else whole
