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
from scoring.committee.event import EventResults, event_category_rows, event_team_rows
from scoring.committee.results import Results
from scoring.standings import ScoringSystem

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


SEEGER_FABIAN_COLUMNS = [("Game points", "game_points", 11), ("Won − lost × 50", "bonus", 12),
                         ("Others' lost games", "others_lost", 12)]
"""Under Seeger-Fabian the list's breakdown of the total follows the total."""
TITLE_UNSAFE = str.maketrans({c: " " for c in "[]:*?/\\"})


def _standings_sheet(wb: Workbook, title: str, results: Results, *, first: bool = False) -> None:
    columns = STANDING_COLUMNS + (SEEGER_FABIAN_COLUMNS if results.system is ScoringSystem.SEEGER_FABIAN else [])
    standing_rows = [[row[key] for _, key, _ in columns] for row in results.rows()]
    sums = {i: sum(r[i] for r in standing_rows) for i in range(3, 11)}
    sums[0] = "Totals"
    _sheet(wb, title, [(h, w) for h, _, w in columns], standing_rows, totals=sums, first=first)


def _sheet_title(name: str, taken: set[str]) -> str:
    """A sheet title Excel accepts (no []:*?/\\, at most 31 characters), unique in the workbook."""
    base = name.translate(TITLE_UNSAFE).strip()[:31] or "Sheet"
    title, n = base, 2
    while title.lower() in taken:
        title, n = f"{base[:27]} ({n})", n + 1
    taken.add(title.lower())
    return title


def _event_sheets(wb: Workbook, event: EventResults) -> None:
    """Each series (when there are several), the teams, each category and the cash."""
    if len(event.series) > 1:
        for part in event.series:
            _standings_sheet(wb, f"Series {part.series}", part)
    if event.teams:
        _sheet(wb, "Teams", [("Rank", 6), ("Team", 26), ("Players", 8), ("Games won", 10), ("Games lost", 10),
                             ("Total", 10)],
               [[r["rank"], r["name"], r["members"], r["games_won"], r["games_lost"], r["total"]]
                for r in event_team_rows(event)])
    taken = {name.lower() for name in wb.sheetnames} | {"deals", "cash"}
    for name, rows in event_category_rows(event).items():
        _sheet(wb, _sheet_title(f"Category {name}", taken), [("Rank", 6), ("Player", 26), ("Club", 20),
                                                              ("Overall rank", 10), ("Total", 10)],
               [[r["rank"], r["name"], r["club"], r["overall"], r["total"]] for r in rows])
    cash = event.cash
    if cash.collected or cash.prizes_paid:
        lines = [[f"Entry fees ({cash.entries} players)", cash.entry_fees]]
        lines += [[f"Lost-game money, series {part.number} ({part.lost_games} games lost)", part.lost_game_money]
                  for part in cash.series]
        lines += [["Collected", cash.collected], ["Prizes paid out", cash.prizes_paid], ["Balance", cash.balance]]
        ws = _sheet(wb, "Cash", [("", 50), (cash.currency, 14)], lines)
        for (cell,) in ws.iter_rows(min_row=2, min_col=2, max_col=2):
            cell.number_format = "#,##0.00"


def results_workbook(results: Results, event: EventResults | None = None) -> bytes:
    """The whole event's standings and prizes, with (``event``) each series, the teams, categories and cash."""
    wb = Workbook()
    _standings_sheet(wb, "Standings", results, first=True)
    names = {p.id: p.name for p in results.players.values()}
    prize_rows = [[a.name, a.place, names.get(a.player, "—"), a.figure, a.decided_by or ""] for a in results.awards]
    _sheet(wb, "Prizes", [("Prize", 44), ("Place", 7), ("Winner", 26), ("Figure", 40), ("How a tie was decided", 40)],
           prize_rows)
    if event is not None:
        _event_sheets(wb, event)
    deals = (Deal.objects.filter(tournament=results.tournament).select_related("table")
             .order_by("table__series", "table__number", "number")
             .values_list("table__series", "table__number", "stay", "number", "dealer_id", "player_id", "kind", "game", "matadores",
                          "score", "explanation", "remark", "voided"))
    deal_rows = []
    for series, table, stay, number, dealer, player, kind, game, matadores, score, explanation, remark, voided in deals:
        with_without = "" if matadores is None else f"{'with' if matadores > 0 else 'without'} {abs(matadores)}"
        deal_rows.append([series, table, stay, number, names.get(dealer, ""), names.get(player, ""),
                          game or dict(Deal.Kind.choices)[kind], with_without, score, explanation, remark,
                          "voided" if voided else ""])
    _sheet(wb, "Deals", [("Series", 7), ("Table", 7), ("Stay", 6), ("Deal", 6), ("Dealer", 22), ("Player", 22),
                         ("Game", 22), ("Matadores", 12), ("Score", 8), ("Count", 60), ("Remarks", 20), ("", 8)],
           deal_rows, totals={0: "Totals", 8: sum(r[8] for r in deal_rows if not r[11])})
    buffer = BytesIO()
    wb.save(buffer)
    return buffer.getvalue()
