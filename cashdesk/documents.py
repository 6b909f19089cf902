"""The cash report as it is read: its lines (label, amount) said once for the page, the PDF (WeasyPrint) and the
workbook (openpyxl), and the book's lines described; the PDF and the workbook in the tournament's print language.

Vocabulary: see ``cashdesk``. A report line is ``(label, amount, style)``: ``style`` is "total" for the
sums (taken, paid out, held back when something is, balance), "head" for a heading without an amount, "" for
the others.
"""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO

from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext, pgettext
from openpyxl import Workbook
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter

from cashdesk.models import Payment
from cashdesk.outside import OutsideLine
from cashdesk.selectors import CashSummary
from common.i18n import in_language, money, say_id
from common.pdf import render_template_pdf
from common.spreadsheets import date_format_code, spreadsheet_row
from scoring.standings.prizes import CATEGORIES
from seating.models import Tournament

MONEY_FORMAT = '#,##0.00'


def prize_name(key: str) -> str:
    """A prize's key ("total:1") said as the prize list says it: the category's name and the place."""
    category, _, place = key.partition(":")
    name = say_id(CATEGORIES[category].name) if category in CATEGORIES else category
    return gettext("{prize}, place {place}").format(prize=name, place=place)


def what_of(payment: Payment) -> str:
    """What a line of the book is for: "Entry fee", "Lost-game money, series 2", "Prize payout: ..."."""
    if payment.kind == Payment.Kind.LOST_GAMES:
        return gettext("Lost-game money, series {number}").format(number=payment.series)
    if payment.kind == Payment.Kind.PRIZE:
        return gettext("Prize payout: {prize}").format(prize=prize_name(payment.prize))
    return gettext("Entry fee")


def report_lines(cash: CashSummary) -> list[tuple[str, object, str]]:
    """The report's lines in the active language: taken, paid out, held back, balance, and what is still open."""
    lines = [(gettext("Taken"), None, "head"),
             (ngettext("Entry fees ({count} player)", "Entry fees ({count} players)", cash.fees_paid_by)
              .format(count=cash.fees_paid_by), cash.fees, "")]
    lines += [(gettext("Lost-game money, series {number}").format(number=number), money, "")
              for number, money in cash.lost_games.items()]
    if cash.outside:
        lines.append((gettext("League money taken here"), cash.outside_taken, ""))
    lines += [(gettext("Taken in total"), cash.taken, "total"),
              (gettext("Paid out"), None, "head"),
              (gettext("Prize payouts"), cash.prizes, ""),
              (gettext("Paid out in total"), cash.paid_out, "total"),
              *held_back_lines(cash),
              (gettext("Balance"), cash.balance, "total"),
              (gettext("Still open"), None, "head"),
              (gettext("Entry fees open"), cash.open_fees, ""),
              (gettext("Lost-game money open"), cash.open_lost_games, ""),
              (gettext("Prizes not paid out yet"), cash.open_prizes, "")]
    return lines + outside_report_lines(cash)


def outside_what(line: OutsideLine) -> str:
    return gettext("Team fee") if line.what == "fee" else gettext("No-show fine")


def outside_state(line: OutsideLine) -> str:
    if line.gives_back:
        given = gettext("given back here")
        return f"{given}: {line.note}" if line.note else given
    if line.here:
        return gettext("taken here")
    return gettext("taken elsewhere") if line.taken else pgettext("money", "open")


def outside_report_lines(cash: CashSummary) -> list[tuple[str, object, str]]:
    """The league's lines of the event, each "Team fee: Team (League), taken here", and what of them is open."""
    if not cash.outside:
        return []
    return [(gettext("League lines"), None, "head"),
            *((gettext("{what}: {team} ({league}), {state}").format(
                what=outside_what(line), team=line.team, league=line.book, state=outside_state(line)),
               line.amount, "") for line in cash.outside),
            (gettext("League money open"), cash.outside_open, "total")]


def held_back_lines(cash: CashSummary) -> list[tuple[str, object, str]]:
    """Held back: one line saying 0 when nothing is; else a line for each season with why ("Held back for the
    season X: 25 % of 120,00 € entry fees taken"), and their total."""
    if not cash.holdbacks:
        return [(gettext("Held back"), cash.held_back, "")]
    return [(gettext("Held back"), None, "head"),
            # xgettext:no-python-format ("% of" is no placeholder: the sentence is formatted with braces)
            *((gettext("Held back for the season {season}: {percent} % of {fees} entry fees taken").format(
                season=held.name, percent=percent_said(held.percent), fees=money(held.fees, cash.currency)),
               held.amount, "") for held in cash.holdbacks),
            (gettext("Held back in total"), cash.held_back, "total")]


def percent_said(percent: Decimal) -> str:
    """A percentage as the active language writes a number: 25, 12,5 (no trailing zeros)."""
    whole = percent == percent.to_integral_value()
    return number_format(percent.quantize(Decimal(1)) if whole else percent.normalize())


def book_rows(cash: CashSummary) -> list[dict]:
    """The book's lines for a document: number, time, player, what, amount, by, and the reversal's reference."""
    return [{"id": line.pk, "at": timezone.localtime(line.at), "player": line.player.name, "number": line.player_id,
             "what": what_of(line), "amount": line.amount, "by": line.by.get_username() if line.by else "",
             "note": (gettext("reverses line {number}").format(number=line.reverses_id) + (
                 f": {line.note}" if line.note else "")) if line.reverses_id else line.note}
            for line in cash.lines]


def cash_report_pdf(tournament: Tournament, cash: CashSummary) -> bytes:
    """The cash report with the whole book, in the tournament's print language."""
    with in_language(tournament.language):
        return render_template_pdf("print/cash_report.html", {
            "tournament": tournament, "title": gettext("Cash report"), "lines": report_lines(cash),
            "book": book_rows(cash), "currency": cash.currency, "printed": timezone.now()})


HEADER_FONT = Font(bold=True, color="FFFFFF")
HEADER_FILL = PatternFill("solid", fgColor="0B4F8A")


def cash_report_workbook(tournament: Tournament, cash: CashSummary) -> bytes:
    """Two sheets: the report (amounts stay numbers) and the book; text cells said in the print language and
    passed through ``common.spreadsheets`` (a name that looks like a formula stays text)."""
    with in_language(tournament.language):
        workbook = Workbook()
        sheet = workbook.active
        sheet.title = gettext("Cash report")[:31]
        sheet.append(spreadsheet_row([f"{tournament.name} — {gettext('Cash report')}",
                                      gettext("Amount ({currency})").format(currency=cash.currency)]))
        for label, amount, style in report_lines(cash):
            sheet.append(spreadsheet_row([label, amount]))
            if style:
                sheet.cell(sheet.max_row, 1).font = Font(bold=True)
                sheet.cell(sheet.max_row, 2).font = Font(bold=True)
            sheet.cell(sheet.max_row, 2).number_format = MONEY_FORMAT
        book = workbook.create_sheet(gettext("Book")[:31])
        heads = [(gettext("Line"), 7), (gettext("Time"), 18), (gettext("Player"), 28), (gettext("Number"), 9),
                 (gettext("For"), 40), (gettext("Amount ({currency})").format(currency=cash.currency), 14),
                 (gettext("By"), 14), (gettext("Note"), 30)]
        book.append([head for head, _ in heads])
        for row in book_rows(cash):
            at = timezone.localtime(row["at"]).replace(tzinfo=None)  # the hall's clock, as the page shows it
            book.append(spreadsheet_row([row["id"], at, row["player"], row["number"],
                                         row["what"], row["amount"], row["by"], row["note"]]))
            book.cell(book.max_row, 2).number_format = f"{date_format_code()} hh:mm"  # 28.11.2026 19:30 in German
            book.cell(book.max_row, 6).number_format = MONEY_FORMAT
        for ws in (sheet, book):
            for cell in ws[1]:
                cell.font, cell.fill = HEADER_FONT, HEADER_FILL
            ws.freeze_panes = "A2"
        sheet.column_dimensions["A"].width, sheet.column_dimensions["B"].width = 44, 16
        for index, (_, width) in enumerate(heads, start=1):
            book.column_dimensions[get_column_letter(index)].width = width
        out = BytesIO()
        workbook.save(out)
        return out.getvalue()
