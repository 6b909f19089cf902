"""The committee's workbook (openpyxl): standings, prizes and every deal, formatted for people.

Each sheet has a bold frozen header, column widths that fit, number formats, and a totals row where
totals mean something. Built from ``scoring.results.tournament`` rows, never from raw models. Every row goes
through ``common.spreadsheets`` on its way in, so a name that looks like a formula is written as text.
"""

from io import BytesIO

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from common.i18n import in_language, say
from common.spreadsheets import sheet_title, spreadsheet_row
from scoring import explanations
from scoring.engine import get_rulebook
from scoring.models import Deal
from scoring.results import EventResults, Results, event_category_rows, event_team_rows
from scoring.standings import ScoringSystem

HEADER_FONT = Font(bold=True, color="FFFFFF")
HEADER_FILL = PatternFill("solid", fgColor="0B4F8A")
TOTAL_FONT = Font(bold=True)

# Headers are said in the tournament's language (``results_workbook``); the figures under them stay numbers.
STANDING_COLUMNS = [(gettext_lazy("Rank"), "rank", 6), (gettext_lazy("Player"), "name", 26),
                    (gettext_lazy("Club"), "club", 20), (gettext_lazy("Games won"), "games_won", 10),
                    (gettext_lazy("Games lost"), "games_lost", 10), (gettext_lazy("Net games"), "net_games", 10),
                    (gettext_lazy("Points won"), "points_won", 11), (gettext_lazy("Points lost"), "points_lost", 11),
                    (gettext_lazy("Net points"), "net_points", 11), (gettext_lazy("Total"), "total", 10),
                    (gettext_lazy("Deals played"), "deals_played", 11),
                    (gettext_lazy('Best game won "without"'), "best_without", 30),
                    (gettext_lazy("Highest game won"), "highest_game", 24)]


def _sheet(wb: Workbook, title: str, headers: list[tuple[str, int]], rows: list[list], *, totals: dict | None = None,
           first: bool = False):
    ws = wb.active if first else wb.create_sheet()
    ws.title = str(title)
    ws.append([str(h) for h, _width in headers])
    for cell in ws[1]:
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL
        cell.alignment = Alignment(vertical="center", wrap_text=True)
    for row in rows:
        ws.append(spreadsheet_row(row))
    if totals:
        ws.append(spreadsheet_row([totals.get(i, "") for i in range(len(headers))]))
        for cell in ws[ws.max_row]:
            cell.font = TOTAL_FONT
    for i, (_header, width) in enumerate(headers, start=1):
        ws.column_dimensions[get_column_letter(i)].width = width
    ws.freeze_panes = "A2"
    ws.auto_filter.ref = f"A1:{get_column_letter(len(headers))}{1 + len(rows)}"
    return ws


SEEGER_FABIAN_COLUMNS = [(gettext_lazy("Game points"), "game_points", 11),
                         (gettext_lazy("Won − lost × 50"), "bonus", 12),
                         (gettext_lazy("Others' lost games"), "others_lost", 12)]
"""Under Seeger-Fabian the list's breakdown of the total follows the total."""


def _standings_sheet(wb: Workbook, title: str, results: Results, *, first: bool = False) -> None:
    columns = STANDING_COLUMNS + (SEEGER_FABIAN_COLUMNS if results.system is ScoringSystem.SEEGER_FABIAN else [])
    standing_rows = [[say(row[key]) for _header, key, _width in columns] for row in results.rows()]
    sums = {i: sum(r[i] for r in standing_rows) for i in range(3, 11)}
    sums[0] = _("Totals")
    _sheet(wb, title, [(h, w) for h, _key, w in columns], standing_rows, totals=sums, first=first)


def _event_sheets(wb: Workbook, event: EventResults) -> None:
    """Each series (when there are several), the teams, each category and the cash."""
    if len(event.series) > 1:
        for part in event.series:
            _standings_sheet(wb, _("Series {number}").format(number=part.series), part)
    if event.teams:
        _sheet(wb, _("Teams"), [(_("Rank"), 6), (_("Team"), 26), (_("Players"), 8), (_("Games won"), 10),
                                (_("Games lost"), 10), (_("Total"), 10)],
               [[r["rank"], r["name"], r["members"], r["games_won"], r["games_lost"], r["total"]]
                for r in event_team_rows(event)])
    taken = {name.lower() for name in wb.sheetnames} | {_("Deals").lower(), _("Cash").lower()}
    for name, rows in event_category_rows(event).items():
        _sheet(wb, sheet_title(_("Category {name}").format(name=name), taken, blank=_("Sheet")),
               [(_("Rank"), 6), (_("Player"), 26), (_("Club"), 20), (_("Overall rank"), 10), (_("Total"), 10)],
               [[r["rank"], r["name"], r["club"], r["overall"], r["total"]] for r in rows])
    cash = event.cash
    if cash.collected or cash.prizes_paid:
        lines = [[_("Entry fees ({count} players)").format(count=cash.entries), cash.entry_fees]]
        lines += [[_("Lost-game money, series {number} ({count} games lost)").format(number=part.number,
                                                                                     count=part.lost_games),
                   part.lost_game_money] for part in cash.series]
        lines += [[_("Collected"), cash.collected], [_("Prizes paid out"), cash.prizes_paid],
                  [_("Balance"), cash.balance]]
        ws = _sheet(wb, _("Cash"), [("", 50), (cash.currency, 14)], lines)
        for (cell,) in ws.iter_rows(min_row=2, min_col=2, max_col=2):
            cell.number_format = "#,##0.00"


def results_workbook(results: Results, event: EventResults | None = None) -> bytes:
    """The whole event's standings and prizes, with (``event``) each series, the teams, categories and cash: in the
    tournament's language, the figures real numbers."""
    with in_language(getattr(results.tournament, "language", "")):
        return _results_workbook(results, event)


def rulebook_id(tournament) -> str | None:
    scoring = getattr(tournament, "scoring", None)
    return scoring.rulebook if scoring is not None else None


def _said_deals(tournament, rulebook: str | None):
    """The deal rows of the workbook with each count and remark said in the active language."""
    for deal in (Deal.objects.filter(tournament=tournament).select_related("table")
                 .order_by("table__series", "table__number", "number")):
        count, remark = explanations.said(deal, rulebook) if rulebook else (deal.explanation, deal.remark)
        yield (deal.table.series, deal.table.number, deal.stay, deal.number, deal.dealer_id, deal.player_id,
               deal.kind, deal.game_name or deal.game, deal.matadores, deal.score, count, remark, deal.voided)


def _game_name(rulebook, game: str) -> str:
    """A deal's game (stored by its English name) in the workbook's language."""
    found = rulebook.games_by_name.get(game) if rulebook else None
    return say(found.label) if found else game


def _rulebook_of(tournament):
    scoring = getattr(tournament, "scoring", None)
    try:
        return get_rulebook(scoring.rulebook) if scoring is not None else None
    except Exception:  # an unknown id in an old archive: the names stay as stored
        return None


def _results_workbook(results: Results, event: EventResults | None) -> bytes:
    wb = Workbook()
    _standings_sheet(wb, _("Standings"), results, first=True)
    names = {p.id: p.name for p in results.players.values()}
    prize_rows = [[say(a.name), a.place, names.get(a.player, "—"), say(a.figure), say(a.decided_by) or ""]
                  for a in results.awards]
    _sheet(wb, _("Prizes"), [(_("Prize"), 44), (pgettext("rank", "Place"), 7), (_("Winner"), 26), (_("Figure"), 40),
                             (_("How a tie was decided"), 40)],
           prize_rows)
    if event is not None:
        _event_sheets(wb, event)
    deals = (Deal.objects.filter(tournament=results.tournament).select_related("table")
             .order_by("table__series", "table__number", "number")
             .values_list("table__series", "table__number", "stay", "number", "dealer_id", "player_id", "kind", "game", "matadores",
                          "score", "explanation", "remark", "voided"))
    if not explanations.english():  # the counts in the workbook's language: the deals valued again
        deals = _said_deals(results.tournament, rulebook_id(results.tournament))
    deal_rows = []
    rulebook = _rulebook_of(results.tournament)
    for series, table, stay, number, dealer, player, kind, game, matadores, score, explanation, remark, voided in deals:
        with_without = ""
        if matadores is not None:
            word = pgettext("matadores", "with") if matadores > 0 else pgettext("matadores", "without")
            with_without = f"{word} {abs(matadores)}"
        deal_rows.append([series, table, stay, number, names.get(dealer, ""), names.get(player, ""),
                          _game_name(rulebook, game) if game else str(dict(Deal.Kind.choices)[kind]), with_without,
                          score, explanation, remark, _("voided") if voided else ""])
    # The deal's number is "Nr." and the one who played it alone "Alleinspieler" in German: "Spiel" heads the
    # game's column and "Spieler" would be anyone at the table.
    _sheet(wb, _("Deals"), [(_("Series"), 7), (_("Table"), 7), (_("Stay"), 6), (pgettext("number column", "Deal"), 6),
                            (_("Dealer"), 22), (pgettext("declarer", "Player"), 22), (_("Game"), 22),
                            (_("Matadores"), 12), (_("Score"), 8), (_("Count"), 60), (_("Remarks"), 20), ("", 8)],
           deal_rows, totals={0: _("Totals"), 8: sum(r[8] for r in deal_rows if not r[11])})
    buffer = BytesIO()
    wb.save(buffer)
    return buffer.getvalue()
