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
from django.utils.translation import pgettext
from openpyxl import Workbook
from openpyxl.styles import Font

from common.i18n import in_language
from common.paper import PAPERS
from common.pdf import render_template_pdf
from common.spreadsheets import sheet_title, spreadsheet_row
from leagues.columns import SHEET_COLUMNS, sheet_values
from leagues.selectors import LeagueReading, group_report


def group_report_pdf(reading: LeagueReading, day: int, group: int, language: str = "de") -> bytes:
    """The Spielbericht of group ``group`` on match day ``day`` (a ``LookupError`` when there is none seated)."""
    report = group_report(reading, day, group)
    with in_language(language):
        return render_template_pdf("leagues/print_report.html", {
            "league": reading.league, "report": report, "paper": PAPERS["A4"], "language": language,
            "printed": timezone.now()})


def players_pdf(reading: LeagueReading, language: str = "de") -> bytes:
    """The Einzelwertung: every player's series, games, total and average, the ranked first."""
    with in_language(language):
        return render_template_pdf("leagues/print_players.html", {
            "league": reading.league, "rows": reading.ranking(), "rules": reading.rules, "paper": PAPERS["A4"],
            "language": language, "printed": timezone.now()})


def players_xlsx(reading: LeagueReading, language: str = "de") -> bytes:
    with in_language(language):
        wb = Workbook()
        ws = wb.active
        ws.title = sheet_title(_("Einzelwertung"), set(), blank="-")
        ws.append([_("Rank"), _("Player"), _("Team"), _("Series"), _("Games"), _("Total"), _("Average")])
        for cell in ws[1]:
            cell.font = Font(bold=True)
        for row in reading.ranking():
            ws.append(spreadsheet_row([row.rank if row.rank is not None else "", row.name, row.team,
                                       row.series_played, row.games, row.total,
                                       float(row.average) if row.average is not None else ""]))
        ws.append([])
        ws.append([_("Ranked with at least {count} games").format(count=reading.rules.min_games)])
        buffer = BytesIO()
        wb.save(buffer)
        return buffer.getvalue()


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


def cash_book_xlsx(book, league, language: str = "de") -> bytes:
    """The league's cash report: every line of its book (team, what, amount, taken when) and the sums."""
    with in_language(language):
        wb = Workbook()
        ws = wb.active
        ws.title = sheet_title(_("The league's cash book"), set(), blank="-")
        ws.append([_("Team"), _("What"), _("Amount"), pgettext("league cash", "Taken")])
        for cell in ws[1]:
            cell.font = Font(bold=True)
        for line in book.lines:
            ws.append(spreadsheet_row([line.team.name, f"{line.get_kind_display()}: {line.note}".rstrip(": "),
                                       line.amount, timezone.localtime(line.taken_at).strftime("%Y-%m-%d %H:%M")
                                       if line.taken_at else ""]))
        ws.append([])
        for label, amount in ((_("Booked"), book.booked), (pgettext("league cash", "Taken"), book.taken),
                              (_("Open"), book.open)):
            ws.append(spreadsheet_row([label, "", amount, ""]))
        buffer = BytesIO()
        wb.save(buffer)
        return buffer.getvalue()
