"""The filled table lists of a series (ISkO's Spielliste as the committee prints it from the entered deals).

Vocabulary:
    list line      one game of a table: its number and the declarer's score in his column, with each player's
                   running total of game points beside it; a deal thrown in or voided is a line without a score.
    summary        per player, the Seeger-Fabian lines of the list: game points, games won, games lost,
                   won − lost × 50, the others' lost games × 40 (three) or × 30 (four), the total — each the
                   player's standing at that table as ``scoring.standings`` counts it — and the lost-game money
                   he owes at that table (``scoring.standings.money``).

The blank list to fill in by hand is seating's (``seating.printing``, "Table lists").
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext as _

from common.i18n import in_language
from common.paper import PAPERS
from common.pdf import render_template_pdf
from scoring.models import Deal
from scoring.results import money_rules, seated_at, table_stays
from scoring.standings import ScoringSystem, compute_standings
from scoring.standings.money import lost_game_money
from scoring.standings.systems import SEEGER_FABIAN_OTHERS_LOST
from scoring.tournaments.selectors import scoring_settings
from seating.models import Player, Table, Tournament


@dataclass(frozen=True)
class ListLine:
    number: int
    cells: tuple[tuple[int | None, int], ...]  # per player: the declarer's score (None for the others), and his
    # game points so far
    note: str  # "thrown in", "voided"


@dataclass(frozen=True)
class SummaryLine:
    label: str
    figures: tuple


@dataclass(frozen=True)
class FilledList:
    table: int
    size: int
    players: tuple[str, ...]
    lines: tuple[ListLine, ...]
    summary: tuple[SummaryLine, ...]


def filled_lists(tournament: Tournament, series: int) -> list[FilledList]:
    """Every table of ``series`` with its entered games, its Seeger-Fabian summary and the money owed."""
    settings = scoring_settings(tournament)
    rules = money_rules(tournament)
    tables = list(Table.objects.filter(tournament=tournament, series=series).order_by("number"))
    seated = seated_at(tournament, series)
    stays, _by_table = table_stays(tournament, seated, {t.id: t.number for t in tables}, series)
    names = dict(Player.objects.filter(tournament=tournament).values_list("id", "name"))
    deals: dict[int, list] = {}
    for deal in (Deal.objects.filter(tournament=tournament, table__series=series).order_by("table_id", "number")
                 .values_list("table_id", "number", "player_id", "score", "kind", "voided")):
        deals.setdefault(deal[0], []).append(deal[1:])
    lists = []
    for table in tables:
        players = seated.get((table.id, 1), ())
        standings = compute_standings([stay for stay in stays if stay.table == table.number], ScoringSystem.SEEGER_FABIAN,
                                      players=players, ramsch_counts_as_game=settings.ramsch_counts_as_game)
        lines, running = [], dict.fromkeys(players, 0)
        for number, player, score, kind, voided in deals.get(table.id, []):
            counted = not voided and player in running and kind != Deal.Kind.THROWN_IN
            if counted:
                running[player] += score
            lines.append(ListLine(number, tuple((score if counted and p == player else None, running[p])
                                                for p in players),
                                  "voided" if voided else ("thrown in" if kind == Deal.Kind.THROWN_IN else "")))
        of = [standings[p] for p in players]
        others = SEEGER_FABIAN_OTHERS_LOST.get(table.size, 30)
        summary = (
            SummaryLine(_("Game points"), tuple(s.game_scores for s in of)),
            SummaryLine(_("Games won"), tuple(s.games_won for s in of)),
            SummaryLine(_("Games lost"), tuple(s.games_lost for s in of)),
            SummaryLine(_("Won − lost × 50"), tuple(s.won_lost_bonus for s in of)),
            SummaryLine(_("Others' lost games × {others}").format(others=others),
                        tuple(s.others_lost_bonus for s in of)),
            SummaryLine(_("Total"), tuple(s.total(ScoringSystem.SEEGER_FABIAN) for s in of)),
            SummaryLine(_("Lost-game money ({currency})").format(currency=rules.currency),
                        tuple(lost_game_money(s.games_lost, table.size, rules) for s in of)),
        )
        lists.append(FilledList(table.number, table.size, tuple(names[p] for p in players), tuple(lines), summary))
    return lists


def filled_lists_pdf(tournament: Tournament, series: int, paper: str = "A4") -> bytes:
    with in_language(tournament.language):  # the tournament's language, whatever the browser
        return _filled_lists_pdf(tournament, series, paper)


def _filled_lists_pdf(tournament: Tournament, series: int, paper: str) -> bytes:
    return render_template_pdf("print/filled_lists.html", {
        "tournament": tournament, "series": series, "lists": filled_lists(tournament, series),
        "paper": PAPERS[paper], "printed": timezone.now(), "zero": Decimal("0.00")})
