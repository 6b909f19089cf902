"""A season's table for scripts and print: CSV (``manage.py season table --format csv``), JSON, the workbook (XLSX)
and the PDF, in the print language (``SeasonReading.language``).

Vocabulary: a result cell names a counted or dropped result as ``tournament/series:score`` (under placement,
``tournament:points``), several joined by spaces, so one CSV cell holds a member's whole list. Names go through
``common.spreadsheets`` on their way into a CSV or a workbook, so a name that looks like a formula stays text.
"""

from __future__ import annotations

import csv
from io import BytesIO, StringIO

from django.utils import timezone
from django.utils.formats import get_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from openpyxl import Workbook
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter

from common.i18n import in_language, say
from common.paper import PAPERS
from common.pdf import render_template_pdf
from common.spreadsheets import date_format_code, sheet_title, spreadsheet_row
from seasons.association import current_submissions
from seasons.core import SeasonRow, figure_json, tie_words
from seasons.selectors import SeasonReading

CSV_FIELDS = ["rank", "member", "name", "qualified", "series_played", "games", "missed", "counted", "dropped",
              "total", "average", "prize"]


def result_cell(results) -> str:
    return " ".join(f"{r.tournament}:{figure_json(r.score)}" if r.series is None
                    else f"{r.tournament}/{r.series}:{figure_json(r.score)}" for r in results)


def row_json(row: SeasonRow, association: bool = False) -> dict:
    """A row of the contract's JSON; an association's adds the person (his federation number or null) and the
    clubs he played for, and a row known only from results files has no member (null)."""
    data = row.as_json()
    if association:
        data |= {"member": row.member if row.member > 0 else None, "person": row.person, "clubs": list(row.clubs),
                 "region": row.region or None}
    return data


def category_rows(reading: SeasonReading, category: str | None) -> tuple[SeasonRow, ...] | None:
    """The table's rows, or a category's (None: the season has no such category)."""
    if category is None:
        return reading.table.rows
    return dict(reading.table.categories).get(category)


def table_json(reading: SeasonReading, category: str | None = None) -> dict:
    """The contract's JSON: ``{"rows": [...]}`` and, beside it, the categories, the season's series, the money held
    back and the rules. With ``category``: that category's rows."""
    data = reading.table.as_json() | {"season": reading.season.slug, "name": reading.season.name,
                                      "currency": reading.currency}
    if reading.association or category is not None:
        data["rows"] = [row_json(row, reading.association) for row in category_rows(reading, category)]
        data["categories"] = {name: [row_json(row, reading.association) for row in rows]
                              for name, rows in reading.table.categories}
    if category is not None:
        data["category"] = category
    return data


def table_csv(reading: SeasonReading, category: str | None = None) -> str:
    out = StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_FIELDS + (["person", "clubs", "region"] if reading.association else []))
    for row in category_rows(reading, category):
        data = row_json(row, reading.association)
        writer.writerow(spreadsheet_row([data["rank"] or "", data["member"] or "", row.name,
                                         "yes" if row.qualified else "no",
                                         row.series_played, row.games, row.missed, result_cell(row.counted),
                                         result_cell(row.dropped), data["total"],
                                         "" if data["average"] is None else data["average"], f"{row.prize:.2f}"]
                                        + ([row.person or "", "; ".join(row.clubs), row.region]
                                           if reading.association else [])))
    return out.getvalue()


HEAD_FONT, HEAD_FILL = Font(bold=True, color="FFFFFF"), PatternFill("solid", fgColor="0B4F8A")
TABLE_COLUMNS = [(gettext_lazy("Rank"), 6), (gettext_lazy("Player"), 26), (gettext_lazy("Series played"), 9),
                 (gettext_lazy("Games"), 8), (gettext_lazy("Counted"), 9), (gettext_lazy("Dropped"), 9),
                 (gettext_lazy("Total"), 10), (gettext_lazy("Average"), 10), (gettext_lazy("Prize"), 10),
                 (gettext_lazy("Ranked"), 8)]


def _table_sheet(ws, columns, rows) -> None:
    """A sheet of people: a bold frozen header of the columns' names, widths that fit, a filter."""
    ws.append([str(name) for name, _width in columns])
    for cell in ws[1]:
        cell.font, cell.fill = HEAD_FONT, HEAD_FILL
    for row in rows:
        ws.append(spreadsheet_row(row))
    for index, (_name, width) in enumerate(columns, start=1):
        ws.column_dimensions[get_column_letter(index)].width = width
    ws.freeze_panes = "A2"
    ws.auto_filter.ref = f"A1:{get_column_letter(len(columns))}{1 + len(rows)}"


def _row_cells(row: SeasonRow) -> list:
    data = row.as_json()
    return [row.rank or "", row.name, row.series_played, row.games, len(row.counted), len(row.dropped),
            data["total"], data["average"] if data["average"] is not None else "", float(row.prize),
            _("yes") if row.qualified else _("no")]


def _verdicts(reading: SeasonReading) -> list[list]:
    """Every result of every member: the evening, the series, the score, counted or dropped."""
    names = {t.pk: t.name for t in reading.tournaments}
    dates = {t.pk: t.date for t in reading.tournaments}
    if reading.association:  # the results files' events too (their negative ids), named as the season page does
        for submitted in current_submissions(reading.season):
            names[submitted.evening_id] = f"{submitted.name}, {submitted.club_name}"
            dates[submitted.evening_id] = submitted.date
    lines = []
    for row in reading.table.rows:
        results = [(r, True) for r in row.counted] + [(r, False) for r in row.dropped]
        results.sort(key=lambda pair: (dates[pair[0].tournament], pair[0].tournament, pair[0].series or 0))
        lines += [[row.name, names[r.tournament], dates[r.tournament], r.series or "", figure_json(r.score),
                   _("counted") if counted else _("dropped")] for r, counted in results]
    return lines


def table_workbook(reading: SeasonReading) -> bytes:
    with in_language(reading.language):
        wb = Workbook()
        ws = wb.active
        taken: set[str] = set()

        def sheet(name: str):
            return wb.create_sheet(sheet_title(name, taken, blank="-"))

        ws.title = sheet_title(_("Season table"), taken, blank="-")
        _table_sheet(ws, TABLE_COLUMNS, [_row_cells(row) for row in reading.table.rows])
        verdicts = sheet(_("Counted and dropped"))
        _table_sheet(verdicts, [(_("Player"), 26), (_("Event"), 30), (_("Date"), 11), (_("Series"), 7),
                                (_("Result"), 9), ("", 16)], _verdicts(reading))
        for (cell,) in verdicts.iter_rows(min_row=2, min_col=3, max_col=3):
            cell.number_format = date_format_code()  # 28.11.2026 in German, not openpyxl's ISO
        for name, rows in reading.table.categories:
            _table_sheet(sheet(_("Category {name}").format(name=name)), TABLE_COLUMNS,
                         [_row_cells(row) for row in rows])
        _table_sheet(sheet(_("Explanation")), [(_("Player"), 26), ("", 100)],
                     [[row.name, say(line, reading.currency)] for row in reading.table.rows
                      for line in row.explanation])
        buffer = BytesIO()
        wb.save(buffer)
        return buffer.getvalue()


def table_pdf(reading: SeasonReading, paper: str = "A4") -> bytes:
    if paper not in PAPERS:
        raise ValueError(f"no paper {paper!r}; choose {', '.join(PAPERS)}")
    with in_language(reading.language):
        return render_template_pdf("print/season.html", {
            "reading": reading, "season": reading.season, "table": reading.table, "paper": PAPERS[paper],
            "printed": timezone.now(), "language": reading.language, "rules": rules_said(reading.table.rules)})


def _figure(value) -> str:
    """A rule's figure as the active language writes it: "12,5" in German, whole numbers as they are."""
    return str(figure_json(value)).replace(".", get_format("DECIMAL_SEPARATOR"))


def rules_said(rules) -> list[str]:
    """The season's rules in sentences of the active language, for the page and the print."""
    score = {"total": _("the total of the counted series"), "average": _("the average of the counted series"),
             "per_game": _("the counted total per game"), "placement": _("points by placement per event")}
    lines = [_("Ranked by {score}.").format(score=score[str(rules.score)])]
    if rules.by_placement:
        lines.append(_("Points for places 1, 2, 3, …: {points}.").format(
            points="; ".join(_figure(p) for p in rules.placement_points)))
    if rules.best:
        lines.append(_("The best {best} count").format(best=rules.best) + (
            _(", and the worst {worst} as well.").format(worst=rules.worst_kept) if rules.worst_kept else "."))
    if rules.min_series:
        lines.append(_("At least {count} series played to be ranked.").format(count=rules.min_series))
    if rules.min_games:
        lines.append(_("At least {count} games played to be ranked.").format(count=rules.min_games))
    if rules.missed_penalty:
        lines.append(_("{points} points off the total for each series missed.").format(
            points=_figure(rules.missed_penalty)))
    if rules.holdback_percent:
        lines.append(_("{percent} of each evening's entry fees held back for the season's prizes.").format(
            percent=_figure(rules.holdback_percent) + "\u00a0%"))  # "12,5 %", never broken apart
    lines.append(_("Ties: {rule}.").format(rule=say(tie_words(rules))) if rules.tie
                 else _("Equal figures share a rank."))
    return lines
