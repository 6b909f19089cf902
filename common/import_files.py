"""Reading a list someone uploads (a spreadsheet of rows), safely, for any import: the cells, not their meaning.

Vocabulary:
    import file    an Excel workbook (.xlsx, first sheet) or a CSV file (UTF-8, with or without BOM, comma or
                   semicolon) with one record a row.
    row number     a row's number as the spreadsheet shows it (the first row is 1), so a bad row is found at once.
    cell text      a cell as a person reads it: spaces squeezed, 12345.0 as 12345, a date as 2026-11-25.
    inflated size  what a workbook (a zip file) unpacks to, as its zip directory says; a workbook that would unpack
                   to more than ``MAX_INFLATED_BYTES``, or squeezed harder than ``MAX_RATIO`` (a "zip bomb"), is
                   refused before openpyxl parses anything.
A file that cannot be read at all raises ``UserError("file", ...)``. The same limits and reasons as the players'
import (``seating.imports``, which keeps its own messages about player lists).
"""

from __future__ import annotations

import csv
import datetime
import io
import logging
import zipfile

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from common.errors import UserError

MAX_BYTES = 5 * 1024 * 1024
MAX_ROWS = 5000
MAX_COLUMNS = 50
MAX_SCANNED_ROWS = 4 * MAX_ROWS  # empty but formatted rows are common in Excel
MAX_INFLATED_BYTES = 10 * 1024 * 1024
MAX_RATIO = 100
RATIO_FROM_BYTES = 1024 * 1024
MAX_PARTS = 1000
logger = logging.getLogger(__name__)


def read_rows(filename: str, content: bytes | None) -> list[tuple[int, tuple]]:
    """(row number, cells) for every row of the file, empty rows included."""
    extension = filename.rsplit(".", 1)[-1].lower() if "." in (filename or "") else ""
    if extension not in {"xlsx", "csv"}:
        raise UserError("file", _("“{name}” is not an .xlsx or .csv file; save the list as Excel (.xlsx) or CSV.")
                        .format(name=short(filename or "") or _("the file")))
    if not content:
        raise UserError("file", _("The file is empty."))
    if len(content) > MAX_BYTES:
        raise UserError("file", _("The file is {size} MB; at most {most} MB can be imported.").format(
            size=number_format(len(content) / 1024 / 1024, 1), most=MAX_BYTES // 1024 // 1024))
    return _xlsx_rows(content) if extension == "xlsx" else _csv_rows(content)


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


def short(text: str, limit: int = 40) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def figure(number: int) -> str:
    """A count with its thousands grouped the language's way (5,000 or 5.000)."""
    return number_format(number, force_grouping=True)


def _too_many_rows() -> UserError:
    return UserError("file", _("The file has more than {rows} rows; at most {most} can be imported at once.").format(
        rows=figure(MAX_SCANNED_ROWS), most=figure(MAX_ROWS)))


def _refuse_a_bomb(content: bytes, broken: UserError) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError):
        raise broken from None
    inflated = sum(part.file_size for part in parts)
    squeezed = [p for p in parts if p.file_size > RATIO_FROM_BYTES and p.file_size > MAX_RATIO * p.compress_size]
    if len(parts) > MAX_PARTS or inflated > MAX_INFLATED_BYTES or squeezed:
        logger.warning("import refused: a workbook of %d bytes unpacks to %d bytes in %d parts",
                       len(content), inflated, len(parts))
        raise UserError("file", _("The workbook would unpack to far more than any list; save the list again as "
                                  ".xlsx or CSV and import that."))


def _xlsx_rows(content: bytes) -> list[tuple[int, tuple]]:
    from openpyxl import load_workbook

    broken = UserError("file", _("The file could not be read as an Excel workbook (.xlsx); open it in your "
                                 "spreadsheet program and save it again as .xlsx or CSV."))
    _refuse_a_bomb(content, broken)
    try:
        workbook = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception as err:  # openpyxl raises many types on a broken file (zip, XML, key errors...)
        logger.warning("import refused: an unreadable workbook (%s: %s)", type(err).__name__, err)
        raise broken from None
    try:
        if not workbook.worksheets:
            raise UserError("file", _("The workbook has no sheet."))
        rows = []
        for number, cells in enumerate(workbook.worksheets[0].iter_rows(
                max_row=MAX_SCANNED_ROWS + 1, max_col=MAX_COLUMNS, values_only=True), start=1):
            if number > MAX_SCANNED_ROWS:
                raise _too_many_rows()
            rows.append((number, tuple(cells)))
        return rows
    except UserError:
        raise
    except Exception as err:
        logger.warning("import refused: an unreadable sheet (%s: %s)", type(err).__name__, err)
        raise broken from None
    finally:
        workbook.close()


def _csv_rows(content: bytes) -> list[tuple[int, tuple]]:
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
                raise _too_many_rows()
            rows.append((number, tuple(cells[:MAX_COLUMNS])))
    except csv.Error as err:
        raise UserError("file", _("The CSV file is broken near line {number}: {error}.").format(
            number=number, error=err)) from None
    return rows
