"""The committee's workbook (openpyxl): standings, prizes and every deal, formatted for people.

Each sheet has a bold frozen header, column widths that fit, number formats, and a totals row where
totals mean something. Built from ``scoring.committee.results`` rows, never from raw models. Every row goes
through ``common.spreadsheets`` on its way in, so a name that looks like a formula is written as text.
"""

from io import BytesIO

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from common.spreadsheets import spreadsheet_row
from scoring.models import Deal
from scoring.committee.results import Results

HEADER_FONT = Font(bold=True, color="FFFFFF")
HEADER_FILL = PatternFill("solid", fgColor="0B4F8A")
TOTAL_FONT = Font(bold=True)

STANDING_COLUMNS = [("Rank", "rank", 6), ("Player", "name", 26), ("Club", "club", 20), ("Games won", "games_won", 10),
                    ("Games lost", "games_lost", 10), ("Net games", "net_games", 10), ("Points won", "points_won", 11),
                    ("Points lost", "points_lost", 11), ("Net points", "net_points", 11), ("Total", "total", 10),
                    ("Deals played", "deals_played", 11), ('Best game won "without"', "best_without", 30),
                    ("Highest game won", "highest_game", 24)]


def _sheet(wb: Workbook, title: str, headers: list[tuple[str, int]], rows: list[list], *, totals: dict | None = None,
           first: bool = False):
    ws = wb.active if first else wb.create_sheet()
    ws.title = title
    ws.append([h for h, _ in headers])
    for cell in ws[1]:
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL
        cell.alignment = Alignment(vertical="center", wrap_text=True)
    for row in rows:
        ws.append(spreadsheet_row(row))
    if totals:
        ws.append(spreadsheet_row([totals.get(i, "") for i in range(len(headers))]))
        for cell in ws[ws.max_row]:
            cell.font = TOTAL_FONT
    for i, (_, width) in enumerate(headers, start=1):
        ws.column_dimensions[get_column_letter(i)].width = width
    ws.freeze_panes = "A2"
    ws.auto_filter.ref = f"A1:{get_column_letter(len(headers))}{1 + len(rows)}"
    return ws


def results_workbook(results: Results) -> bytes:
    wb = Workbook()
    rows = results.rows()
    standing_rows = [[row[key] for _, key, _ in STANDING_COLUMNS] for row in rows]
    sums = {i: sum(r[i] for r in standing_rows) for i in range(3, 11)}
    sums[0] = "Totals"
    _sheet(wb, "Standings", [(h, w) for h, _, w in STANDING_COLUMNS], standing_rows, totals=sums, first=True)
    names = {p.id: p.name for p in results.players.values()}
    prize_rows = [[a.name, a.place, names.get(a.player, "—"), a.figure, a.decided_by or ""] for a in results.awards]
    _sheet(wb, "Prizes", [("Prize", 44), ("Place", 7), ("Winner", 26), ("Figure", 40), ("How a tie was decided", 40)],
           prize_rows)
    deals = (Deal.objects.filter(tournament=results.tournament).select_related("table")
             .order_by("table__number", "number")
             .values_list("table__number", "stay", "number", "dealer_id", "player_id", "kind", "game", "matadores",
                          "score", "explanation", "remark", "voided"))
    deal_rows = []
    for table, stay, number, dealer, player, kind, game, matadores, score, explanation, remark, voided in deals:
        with_without = "" if matadores is None else f"{'with' if matadores > 0 else 'without'} {abs(matadores)}"
        deal_rows.append([table, stay, number, names.get(dealer, ""), names.get(player, ""),
                          game or dict(Deal.Kind.choices)[kind], with_without, score, explanation, remark,
                          "voided" if voided else ""])
    _sheet(wb, "Deals", [("Table", 7), ("Stay", 6), ("Deal", 6), ("Dealer", 22), ("Player", 22), ("Game", 22),
                         ("Matadores", 12), ("Score", 8), ("Count", 60), ("Remarks", 20), ("", 8)], deal_rows,
           totals={0: "Totals", 7: sum(r[7] for r in deal_rows if not r[10])})
    buffer = BytesIO()
    wb.save(buffer)
    return buffer.getvalue()
