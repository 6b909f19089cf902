"""The league table's columns: one list read by every file (JSON, CSV, XLSX, PDF), the API and the pages' one row
template, so a column added (or a figure changed) is added once.

Vocabulary:
    column    a row's figure: its ``key`` (in JSON and CSV), its ``heading`` on pages and prints (``None``: a file's
              figure only, the team's id; "" a column without a heading, the Wertungspunkte lost after those won),
              its ``value`` for a file (points whole or as halves, ``leagues.core.number``) and its ``text`` on a
              page or a print (in the reader's language).
    short     the heading a page shows (``short``: "WP", "SP" … so the table fits a 390 px phone; the full heading
              its title).
    shown     the columns a page or a print shows; the points won and lost stand in one cell there ("4,5 : 3,5"),
              the status and the deductions under the team's name (the row template).
    flat      a column with one value (every one but the deductions' list): the CSV's fields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from django.utils.formats import number_format
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from leagues.core import TableRow, number


def points_text(value: Fraction) -> str:
    """A point figure on a page or a print: whole, or with its half in the reader's decimal mark."""
    return number_format(number(value), decimal_pos=None if value.denominator == 1 else 1)


def status_text(row: TableRow) -> str:
    return {"promote": gettext("promoted"), "relegate": gettext("relegated")}.get(row.status or "", "")


def deductions_text(row: TableRow) -> str:
    """A row's deductions in one line: each its points and note (a no-show's: the day it did not appear)."""
    return "; ".join(f"−{points_text(d.points)} " + (gettext("did not appear on match day {day}").format(day=d.day)
                                                      if d.no_show else d.note) for d in row.deductions)


@dataclass(frozen=True)
class Column:
    key: str
    heading: object  # a lazy translation, "" or None (see the module doc)
    value: Callable[[TableRow], object]
    text: Callable[[TableRow], str]
    short: object = None  # the page's heading when it differs from ``heading``
    flat: bool = True


TABLE_COLUMNS = [
    Column("team", None, lambda row: row.team, lambda row: str(row.team)),
    Column("rank", _("Rank"), lambda row: row.rank, lambda row: str(row.rank), pgettext_lazy("league rank", "Pl.")),
    Column("name", _("Team"), lambda row: row.name, lambda row: row.name),
    Column("points", _("Wertungspunkte"), lambda row: number(row.points),
           lambda row: f"{points_text(row.points)}\u00a0:\u00a0{points_text(row.points_against)}", _("WP")),
    Column("points_against", "", lambda row: number(row.points_against), lambda row: points_text(row.points_against)),
    Column("game_points", _("Spielpunkte"), lambda row: row.game_points, lambda row: str(row.game_points), _("SP")),
    Column("days_played", _("Match days"), lambda row: row.days_played, lambda row: str(row.days_played),
           pgettext_lazy("league table", "Days")),
    Column("status", "", lambda row: row.status, status_text),
    Column("deducted", _("Deducted"), lambda row: number(row.deducted), lambda row: points_text(row.deducted)),
    Column("deductions", pgettext_lazy("deduction", "Note"),
           lambda row: [{"points": number(d.points), "note": d.note, "day": d.day} for d in row.deductions],
           deductions_text, flat=False),
]
JSON_FIELDS = [column.key for column in TABLE_COLUMNS]
TABLE_FIELDS = [column.key for column in TABLE_COLUMNS if column.flat]
"""The CSV's fields: the deductions stand in the JSON as a list, in the CSV as their total (``deducted``)."""
SHEET_COLUMNS = [column for column in TABLE_COLUMNS if column.heading is not None]
"""An XLSX's columns: every figure a person reads, the points lost in a column of their own."""
SHOWN_COLUMNS = [column for column in SHEET_COLUMNS
                 if column.key not in ("points_against", "status", "deducted", "deductions")]
"""A page's and a print's columns: the points lost stand in the points' cell, the status and the deductions under
the team's name."""


def row_json(row: TableRow) -> dict:
    return {column.key: column.value(row) for column in TABLE_COLUMNS}


def sheet_values(row: TableRow) -> list:
    """An XLSX row: each sheet column's figure, the status in the reader's words."""
    return [column.text(row) if column.key in ("status", "deductions") else column.value(row)
            for column in SHEET_COLUMNS]


def row_cells(row: TableRow) -> list[tuple[str, str]]:
    """(key, text) of each shown column: what the pages' one row template writes."""
    return [(column.key, column.text(row)) for column in SHOWN_COLUMNS]


def shown_headings() -> list[tuple[str, str, str]]:
    """(key, the page's short heading, the full heading) of each shown column."""
    return [(column.key, str(column.short or column.heading), str(column.heading)) for column in SHOWN_COLUMNS]
