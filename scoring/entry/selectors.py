"""Score entry's reads: the tables with their links and progress, a table's slips by stay, and every slip
held against its table's sheet.

Vocabulary:
    figures      a player's figures for a stay at a table: net points (under Seeger-Fabian his game points,
                 the sum of his game scores), games won and games lost; a Foster slip gives only the nets.
    disagree     a slip whose figures are not the sheet's, where the table's deals were entered.
Each reads with a fixed number of queries, whatever the size of the hall.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from django.db.models import Count, Q, Sum

from scoring.entry.sheets import Sheet
from scoring.models import Deal, Slip, TableLink
from scoring.results.columns import lost, won
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
    """The table's slips, stay by stay, players by name."""
    slips: dict[int, list[Slip]] = {}
    for slip in Slip.objects.filter(table=table).select_related("player", "ok_by").order_by("stay", "player__name"):
        slips.setdefault(slip.stay, []).append(slip)
    return sorted(slips.items())


def stays_to_make_slips(sheet: Sheet, slips: list[tuple[int, list[Slip]]], *, by_director: bool) -> list[int]:
    """The stays whose "make the slips from the sheet" would do something (one query): a stay is offered once
    its last deal is entered, while a player of it has no slip yet or a slip says other than the sheet (a deal
    corrected since the slips were made) and may still change: not yet OK'd, or the director makes them (his
    slips replace OK'd ones, which then need a new OK). ``slips`` is ``slips_by_stay``'s answer."""
    played = [stay for stay in sorted(sheet.seated) if sheet.stay_played(stay)]
    if not played:
        return []
    made = dict(slips)
    figures = sheet_figures(sheet.table.tournament, [sheet.table.pk])
    offered = []
    for stay in played:
        by_player = {slip.player_id: slip for slip in made.get(stay, ())}
        if any(p.player_id not in by_player for p in sheet.seated[stay]) or any(
                (by_director or slip.ok_by_id is None)
                and slip_disagrees(slip, figures.get((sheet.table.pk, stay, slip.player_id), Figures()))
                for slip in by_player.values()):
            offered.append(stay)
    return offered


# --- slips against the sheet --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figures:
    """A player's figures for one stay at one table, as a slip gives them."""

    net_points: int = 0
    games_won: int = 0
    games_lost: int = 0

    @property
    def net_games(self) -> int:
        return self.games_won - self.games_lost


def sheet_figures(tournament: Tournament, tables: Collection[int] | None = None
                  ) -> dict[tuple[int, int, int], Figures]:
    """Every (table id, stay, player)'s figures (of the tables with the ids ``tables``, or of all) as the entered
    deals give them, with one GROUP BY: the entry goes to the column of the player who played (or lost the
    Ramsch); voided deals count nothing."""
    only = {} if tables is None else {"table_id__in": tables}
    rows = (Deal.objects.filter(tournament=tournament, voided=False, player__isnull=False, **only).order_by()
            .values("table_id", "stay", "player_id")
            .annotate(points=Sum("score"), won=Count("id", filter=won()), lost=Count("id", filter=lost()))
            .values_list("table_id", "stay", "player_id", "points", "won", "lost"))
    return {(table, stay, player): Figures(points, games_won, games_lost)
            for table, stay, player, points, games_won, games_lost in rows}


def slip_disagrees(slip: Slip, figures: Figures) -> bool:
    """Whether a slip says other than the sheet: its nets, and its games won and lost where it gives them."""
    if (slip.net_points, slip.net_games) != (figures.net_points, figures.net_games):
        return True
    return slip.games_won is not None and (slip.games_won, slip.games_lost) != (figures.games_won, figures.games_lost)


@dataclass(frozen=True)
class SlipCheck:
    slips: list[Slip]
    stays_with_deals: set[tuple[int, int]]  # (table id, stay) whose deals were entered: the sheet counts there
    disagree: list[tuple[Slip, Figures]]  # slips that say other than their sheet, with the sheet's figures

    @property
    def not_okd(self) -> list[Slip]:
        return [slip for slip in self.slips if slip.ok_by_id is None]

    @property
    def paper(self) -> list[Slip]:
        """OK'd slips of stays whose sheet stayed on paper: they are what counts there."""
        return [slip for slip in self.slips
                if slip.ok_by_id is not None and (slip.table_id, slip.stay) not in self.stays_with_deals]


def slip_check(tournament: Tournament) -> SlipCheck:
    """Every slip of the tournament held against its table's sheet (at most four queries, one when there are no
    slips): the one place that says whether a slip agrees with the deals entered. Only the tables that have slips
    are read, so a hall that enters every deal and hands in a few slips pays for those few tables."""
    # A hall that enters every deal has no slips: one small query says so (the slips' join of four tables costs
    # more to plan than to run, on every reading of the standings).
    if not Slip.objects.filter(tournament=tournament).exists():
        return SlipCheck([], set(), [])
    slips = list(Slip.objects.filter(tournament=tournament).select_related("player", "table", "ok_by")
                 .order_by("table__number", "stay", "player__name"))
    tables = {slip.table_id for slip in slips}
    figures = sheet_figures(tournament, tables)
    with_deals = set(Deal.objects.filter(tournament=tournament, table_id__in=tables).order_by()
                     .values_list("table_id", "stay").distinct())
    disagree = []
    for slip in slips:
        if (slip.table_id, slip.stay) in with_deals:
            sheet = figures.get((slip.table_id, slip.stay, slip.player_id), Figures())
            if slip_disagrees(slip, sheet):
                disagree.append((slip, sheet))
    return SlipCheck(slips, with_deals, disagree)


def slips_needing_attention(tournament: Tournament) -> dict[str, list]:
    """For the committee: slips not yet OK'd, and slips that disagree with their table's sheet (with the
    sheet's figures beside them)."""
    check = slip_check(tournament)
    return {"not_okd": check.not_okd, "disagree": check.disagree}
