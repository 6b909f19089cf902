"""Score entry's reads: the tables with their links and progress, a table's slips by stay, and the stays whose
slips can be made from the sheet.

Vocabulary: a slip's figures and whether it disagrees with the sheet: see ``scoring.results.slips``.
Each reads with a fixed number of queries, whatever the size of the hall.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from scoring.entry.sheets import Sheet, SheetProgress
from scoring.models import Deal, Slip, TableLink
from scoring.results import figures_of, slip_disagrees, with_sheet_figures
from seating.models import Table, Tournament
from seating.schedule import tournament_schedule


@dataclass(frozen=True)
class TableProgress:
    table: Table
    token: str | None  # None: the table has no link (reissue it on its sheet)
    entered: int
    total: int


def tables_with_links(tournament: Tournament, series: int | None = None) -> list[TableProgress]:
    """Every table (of one series, or of all) in hall order with its link's token, the deals entered and the deals
    it plays."""
    tables = (Table.objects.filter(tournament=tournament, **({} if series is None else {"series": series}))
              .select_related("tournament", "section").order_by("series", "number"))
    tokens = dict(TableLink.objects.filter(table__tournament=tournament).values_list("table_id", "token"))
    entered = dict(Deal.objects.filter(tournament=tournament).order_by().values_list("table_id").annotate(n=Count("id")))
    schedule = tournament_schedule(tournament)
    return [TableProgress(table, tokens.get(table.pk), entered.get(table.pk, 0), schedule[table.pk].deals)
            for table in tables]


def slips_by_stay(table: Table) -> list[tuple[int, list[Slip]]]:
    """The table's slips, stay by stay, players by name, each with the sheet's figures it is checked against
    (``scoring.results.figures_of``): one query."""
    slips: dict[int, list[Slip]] = {}
    for slip in with_sheet_figures(Slip.objects.filter(table=table)).select_related("player", "ok_by").order_by(
            "stay", "player__name"):
        slips.setdefault(slip.stay, []).append(slip)
    return sorted(slips.items())


def stays_to_make_slips(sheet: Sheet | SheetProgress, slips: list[tuple[int, list[Slip]]], *,
                        by_director: bool) -> list[int]:
    """The stays whose "make the slips from the sheet" would do something (no query): a stay is offered once
    its last deal is entered, while a player of it has no slip yet or a slip says other than the sheet (a deal
    corrected since the slips were made) and may still change: not yet OK'd, or the director makes them (his
    slips replace OK'd ones, which then need a new OK). ``slips`` is ``slips_by_stay``'s answer."""
    made = dict(slips)
    offered = []
    for stay in sorted(sheet.seated):
        if not sheet.stay_played(stay):
            continue
        by_player = {slip.player_id: slip for slip in made.get(stay, ())}
        if any(p.player_id not in by_player for p in sheet.seated[stay]) or any(
                (by_director or slip.ok_by_id is None) and slip_disagrees(slip, figures_of(slip))
                for slip in by_player.values()):
            offered.append(stay)
    return offered


@dataclass(frozen=True)
class PaperStay:
    """A stay's "copy a paper slip" form: the players whose slip the visitor may still write (``open``); none
    when every slip of the stay is OK'd and only the director can change them (``oked_by_all``)."""

    stay: int
    open: tuple
    oked_by_all: bool


def paper_slip_stays(sheet: Sheet | SheetProgress, slips: list[tuple[int, list[Slip]]], *, by_director: bool) -> list[PaperStay]:
    """Every stay of the table that takes a paper slip now, with the players whose paper slip can be copied now (no query): through a table link
    an OK'd slip is not offered (``slip_enter`` refuses it; only the director changes it), on the director's page
    every player is. ``slips`` is ``slips_by_stay``'s answer."""
    oked = {(stay, slip.player_id) for stay, made in slips for slip in made if slip.ok_by_id is not None}
    stays = []
    for stay, players in sheet.seated.items():
        if not sheet.paper_open(stay):  # a stay the sheet has not reached yet (``slip_enter`` refuses it)
            continue
        open_ = tuple(p for p in players if by_director or (stay, p.player_id) not in oked)
        stays.append(PaperStay(stay, open_, not open_))
    return stays
