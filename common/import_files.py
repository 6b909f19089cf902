"""Reading a list someone uploads (a spreadsheet of rows), safely, for any import: the cells, not their meaning.

Vocabulary:
    import file    an Excel workbook (.xlsx, first sheet) or a CSV file (UTF-8, with or without BOM, comma or
                   semicolon) with one record a row.
    row number     a row's number as the spreadsheet shows it (the first row is 1), so a bad row is found at once.
    cell text      a cell as a person reads it: spaces squeezed, 12345.0 as 12345, a date as 2026-11-25.
    inflated size  what a workbook (a zip file) unpacks to, as its zip directory declares it; Python's zip reader
                   never hands out more than that. A workbook that would unpack to more than
                   ``MAX_INFLATED_BYTES``, in more than ``MAX_PARTS`` parts, or whose large parts are squeezed
                   harder than ``MAX_RATIO`` (a "zip bomb"), is refused before openpyxl parses anything.
    yes or no      a cell meaning yes or no as people write it, in German or English, by word, mark or figure
                   (ja, x, ✓, 1, true / nein, -, 0, false): ``yes_no`` reads it alike for every import.
    wording        what a refusal says about the kind of list (``Wording``): the players' import speaks of player
                   lists (``seating.imports``), the members registry of any list (``ANY_LIST``, the default).
A file that cannot be read at all raises ``UserError("file", ...)``; each app turns it into its own error type.
"""

from __future__ import annotations

import csv
import datetime
import io
import logging
import zipfile
from collections.abc import Callable
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from common.errors import UserError

MAX_BYTES = 5 * 1024 * 1024
MAX_ROWS = 5000
MAX_COLUMNS = 50
"""Columns read from a sheet; a header further right than this is not a list."""
MAX_SCANNED_ROWS = 4 * MAX_ROWS
"""Rows of a workbook looked at, empty ones included (formatted but empty rows are common in Excel)."""
MAX_INFLATED_BYTES = 10 * 1024 * 1024
"""5,000 players with the longest names, clubs and numbers unpack to about 2 MB. Measured: openpyxl can need
20 times a workbook's inflated size in memory (a single row of a million cells: 45 MB inflated, 2.4 MB on the
wire, squeezed only 19 times, grew the worker by 850 MB), so this cap, not the ratio, bounds the worker."""
MAX_RATIO = 100
"""Real sheets compress 10 to 30 times; a part of more than ``RATIO_FROM_BYTES`` squeezed harder is a bomb."""
RATIO_FROM_BYTES = 1024 * 1024
MAX_PARTS = 1000
logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Wording:
    """The refusals that name the kind of list. Each is a function called when the file is refused, so gettext
    answers in the language active then (a sentence translated at import time would keep the first language).

    ``wrong_type(name, extension)``: the file is not .xlsx or .csv (``name`` as shown, ``extension`` lower case).
    ``too_many_rows(kind)``: the "xlsx" sheet or the "csv" file has more than ``MAX_SCANNED_ROWS`` rows.
    ``bomb(inflated, parts)``: the workbook unpacks to ``inflated`` bytes in ``parts`` parts, past a limit.
    ``log_as``: what the log calls the import.
    """

    wrong_type: Callable[[str, str], str]
    too_many_rows: Callable[[str], str]
    bomb: Callable[[int, int], str]
    log_as: str = "import"


def _any_wrong_type(name: str, extension: str) -> str:
    return _("“{name}” is not an .xlsx or .csv file; save the list as Excel (.xlsx) or CSV.").format(name=name)


def _any_too_many_rows(kind: str) -> str:
    return _("The file has more than {rows} rows; at most {most} can be imported at once.").format(
        rows=figure(MAX_SCANNED_ROWS), most=figure(MAX_ROWS))


def _any_bomb(inflated: int, parts: int) -> str:
    return _("The workbook would unpack to far more than any list; save the list again as .xlsx or CSV and "
             "import that.")


ANY_LIST = Wording(_any_wrong_type, _any_too_many_rows, _any_bomb)


def read_rows(filename: str, content: bytes | None, wording: Wording = ANY_LIST) -> list[tuple[int, tuple]]:
    """(row number, cells) for every row of the file, empty rows included."""
    filename = filename or ""
    extension = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if extension not in {"xlsx", "csv"}:
        raise UserError("file", wording.wrong_type(short(filename) or _("the file"), extension))
    if not content:
        raise UserError("file", _("The file is empty."))
    if len(content) > MAX_BYTES:
        raise UserError("file", _("The file is {size} MB; at most {most} MB can be imported.").format(
            size=number_format(len(content) / 1024 / 1024, 1), most=MAX_BYTES // 1024 // 1024))
    return _xlsx_rows(content, wording) if extension == "xlsx" else _csv_rows(content, wording)


def cell_text(cell) -> str:
    if cell is None:
        return ""
    if isinstance(cell, bool):
        cell = "yes" if cell else "no"
    elif isinstance(cell, float) and cell.is_integer():
        cell = int(cell)  # Excel stores 12345 as 12345.0
    elif isinstance(cell, (datetime.date, datetime.time)):
        cell = cell.isoformat()
    return " ".join(str(cell).split())


YES = frozenset({"yes", "y", "ja", "j", "x", "1", "true", "wahr", "✓", "✔"})
NO = frozenset({"no", "n", "nein", "0", "false", "falsch", "-"})


def yes_no(text: str, *, empty: bool) -> bool | None:
    """A yes/no cell read: True or False, ``empty`` for an empty cell, None for text that says neither (the
    caller refuses it, naming its column)."""
    word = text.strip().lower()
    if not word:
        return empty
    return True if word in YES else False if word in NO else None


def short(text: str, limit: int = 40) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def figure(number: int) -> str:
    """A count with its thousands grouped the language's way (5,000 or 5.000)."""
    return number_format(number, force_grouping=True)


def _refuse_a_bomb(content: bytes, broken: UserError, wording: Wording) -> None:
    """Refuse a workbook that would unpack to too much, reading only the zip's directory (see the module doc)."""
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError):
        raise broken from None
    inflated = sum(part.file_size for part in parts)
    squeezed = [p for p in parts if p.file_size > RATIO_FROM_BYTES and p.file_size > MAX_RATIO * p.compress_size]
    if len(parts) > MAX_PARTS or inflated > MAX_INFLATED_BYTES or squeezed:
        logger.warning("%s refused: a workbook of %d bytes unpacks to %d bytes in %d parts",
                       wording.log_as, len(content), inflated, len(parts))
        raise UserError("file", wording.bomb(inflated, len(parts)))


def _xlsx_rows(content: bytes, wording: Wording) -> list[tuple[int, tuple]]:
    from openpyxl import load_workbook

    broken = UserError("file", _("The file could not be read as an Excel workbook (.xlsx); open it in your "
                                 "spreadsheet program and save it again as .xlsx or CSV."))
    _refuse_a_bomb(content, broken, wording)
    try:
        workbook = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception as err:  # openpyxl raises many types on a broken file (zip, XML, key errors...)
        logger.warning("%s refused: an unreadable workbook (%s: %s)", wording.log_as, type(err).__name__, err)
        raise broken from None
    try:
        if not workbook.worksheets:
            raise UserError("file", _("The workbook has no sheet."))
        rows = []
        for number, cells in enumerate(workbook.worksheets[0].iter_rows(
                max_row=MAX_SCANNED_ROWS + 1, max_col=MAX_COLUMNS, values_only=True), start=1):
            if number > MAX_SCANNED_ROWS:
                raise UserError("file", wording.too_many_rows("xlsx"))
            rows.append((number, tuple(cells)))
        return rows
    except UserError:
        raise
    except Exception as err:
        logger.warning("%s refused: an unreadable sheet (%s: %s)", wording.log_as, type(err).__name__, err)
        raise broken from None
    finally:
        workbook.close()


def _csv_rows(content: bytes, wording: Wording) -> list[tuple[int, tuple]]:
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UserError("file", _("The CSV file is not UTF-8 text; save it as “CSV UTF-8” (or as .xlsx) "
                                  "and import it again.")) from None
    if "\x00" in text:
        raise UserError("file", _("The file is not a CSV text file (it contains binary data)."))
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    rows, number = [], 0
    try:
        for number, cells in enumerate(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter), start=1):
            if number > MAX_SCANNED_ROWS:
                raise UserError("file", wording.too_many_rows("csv"))
            rows.append((number, tuple(cells[:MAX_COLUMNS])))
    except csv.Error as err:
        raise UserError("file", _("The CSV file is broken near line {number}: {error}.").format(
            number=number, error=err)) from None
    return rows
