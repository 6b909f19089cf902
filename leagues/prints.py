"""A league's prints: the Spielbericht of a group's match day (where it was played, the teams, each series' sums
and Wertungspunkte, room for the captains' signatures) and the table as PDF and as XLSX, in the language asked for
(the league's club prints German by default).

Vocabulary (``leagues.selectors``): a group's reading holds the series played; a team absent that day stands in
the report with nothing won.
"""

from __future__ import annotations

from io import BytesIO

from django.utils import timezone
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font

from common.i18n import in_language
from common.paper import PAPERS
from common.pdf import render_template_pdf
from common.spreadsheets import sheet_title, spreadsheet_row
from leagues.columns import SHEET_COLUMNS, sheet_values
from leagues.core import number
from leagues.selectors import LeagueReading, venue_of


def group_report_pdf(reading: LeagueReading, day: int, group: int, language: str = "de") -> bytes:
    """The Spielbericht of group ``group`` on match day ``day`` (a ``LookupError`` when there is none seated)."""
    found = next((g for g in reading.groups.get(day, []) if g.group.number == group), None)
    if found is None:
        raise LookupError(f"no group {group} seated on day {day}")
    teams = [e.team for e in found.group.entries.select_related("team").order_by("order")]
    totals = {team.pk: [0, 0] for team in teams}
    series = []
    for part in found.series:
        by_team = {ts.team: ts for ts in part.teams}
        series.append((part.number, [by_team.get(team.pk) for team in teams]))
        for ts in part.teams:
            totals[ts.team][0] += ts.sum
            totals[ts.team][1] += ts.points
    with in_language(language):
        return render_template_pdf("leagues/print_report.html", {
            "league": reading.league, "day": day, "group": found.group, "teams": teams, "series": series,
            "venue": venue_of(found.group, reading.rules),
            "totals": [(team, totals[team.pk][0], number(totals[team.pk][1])) for team in teams],
            "paper": PAPERS["A4"], "language": language, "printed": timezone.now()})


def table_pdf(reading: LeagueReading, language: str = "de") -> bytes:
    with in_language(language):
        return render_template_pdf("leagues/print_table.html", {
            "league": reading.league, "table": reading.table(), "paper": PAPERS["A4"], "language": language,
            "printed": timezone.now()})


def table_xlsx(reading: LeagueReading, language: str = "de") -> bytes:
    with in_language(language):
        wb = Workbook()
        ws = wb.active
        ws.title = sheet_title(_("Table"), set(), blank="-")
        ws.append([str(column.heading) for column in SHEET_COLUMNS])
        for cell in ws[1]:
            cell.font = Font(bold=True)
        for row in reading.table():
            ws.append(spreadsheet_row(sheet_values(row)))
        buffer = BytesIO()
        wb.save(buffer)
        return buffer.getvalue()
