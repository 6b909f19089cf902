"""Slips and their check: a player's figures for a stay at a table, as the sheet's deals give them, and every
slip held against them.

Vocabulary:
    figures      a player's figures for a stay at a table: net points (under Seeger-Fabian his game points,
                 the sum of his game scores), games won and games lost; a Foster slip gives only the nets.
    disagree     a slip whose figures are not the sheet's, where the table's deals were entered.
    paper slip   an OK'd slip of a stay whose sheet stayed on paper: it is what counts there.
Each reads with a fixed number of queries, whatever the size of the hall.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Aggregate, Count, F, OuterRef, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce

from common.any_of import AnyOf
from scoring import explanations
from scoring.engine.columns import LOST, WON, column_of
from scoring.models import Deal, Slip
from scoring.results.columns import lost, won
from scoring.results.valuation import SeatedPlayer
from seating.models import Table, Tournament


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
    return _figures(Deal.objects.filter(tournament=tournament, **only))


def _counted(deals):
    """The deals that count on the sheet: not voided, with a player whose column takes them."""
    return deals.filter(voided=False, player__isnull=False).order_by()


def _sums() -> dict[str, Aggregate]:
    """A player's figures as the database adds up his counted deals: net points, games won, games lost."""
    return {"points": Sum("score"), "won": Count("id", filter=won()), "lost": Count("id", filter=lost())}


def _figures(deals) -> dict[tuple[int, int, int], Figures]:
    """``sheet_figures`` of the ``deals`` (a queryset)."""
    rows = (_counted(deals).values("table_id", "stay", "player_id").annotate(**_sums())
            .values_list("table_id", "stay", "player_id", "points", "won", "lost"))
    return {(table, stay, player): Figures(points, games_won, games_lost)
            for table, stay, player, points, games_won, games_lost in rows}


def with_sheet_figures(slips: QuerySet) -> QuerySet:
    """The ``slips`` (a queryset), each with its player's figures as his stay's deals at his table give them
    (``sheet_figures``), read in the slips' own query: ``figures_of(slip)`` gives them."""
    mine = _counted(Deal.objects.filter(table=OuterRef("table"), stay=OuterRef("stay"), player=OuterRef("player")))
    return slips.annotate(**{f"sheet_{name}": Coalesce(Subquery(mine.values("player").annotate(n=total).values("n")), 0)
                             for name, total in _sums().items()})


def figures_of(slip: Slip) -> Figures:
    """The sheet's figures of a slip read through ``with_sheet_figures``."""
    return Figures(slip.sheet_points, slip.sheet_won, slip.sheet_lost)


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
    return slip_checks([tournament])[tournament.pk]


def slip_checks(tournaments: Iterable[Tournament]) -> dict[int, SlipCheck]:
    """``slip_check`` of many tournaments with the same four queries at most: {tournament id: its check}."""
    ids = [tournament.pk for tournament in tournaments]
    checks = {pk: SlipCheck([], set(), []) for pk in ids}
    # A hall that enters every deal has no slips: one small query says so (the slips' join of four tables costs
    # more to plan than to run, on every reading of the standings).
    if not ids or not Slip.objects.filter(AnyOf(F("tournament_id"), ids)).exists():
        return checks
    slips = list(Slip.objects.filter(tournament__in=ids).select_related("player", "table", "ok_by")
                 .order_by("table__number", "stay", "player__name"))
    tables = {slip.table_id for slip in slips}
    figures = _figures(Deal.objects.filter(tournament__in=ids, table_id__in=tables))
    with_deals = set(Deal.objects.filter(tournament__in=ids, table_id__in=tables).order_by()
                     .values_list("table_id", "stay").distinct())
    by_tournament: dict[int, list[Slip]] = {}
    for slip in slips:
        by_tournament.setdefault(slip.tournament_id, []).append(slip)
    for pk, mine in by_tournament.items():
        disagree = []
        for slip in mine:
            if (slip.table_id, slip.stay) in with_deals:
                sheet = figures.get((slip.table_id, slip.stay, slip.player_id), Figures())
                if slip_disagrees(slip, sheet):
                    disagree.append((slip, sheet))
        # a table belongs to one tournament: its stays with deals are the stays of this one's tables
        own = {slip.table_id for slip in mine}
        checks[pk] = SlipCheck(mine, {stay for stay in with_deals if stay[0] in own}, disagree)
    return checks


def events_with_paper_stays(ids: Collection[int]) -> set[int]:
    """Those of the events ``ids`` holding an OK'd slip of a stay no deal was entered for (``SlipCheck.paper``
    not empty), in one query whatever their slips: a reading that needs no more of the slips asks only this."""
    if not ids:
        return set()
    slip, deal = Slip._meta.db_table, Deal._meta.db_table
    marks = ", ".join(["%s"] * len(ids))
    with connection.cursor() as cursor:
        cursor.execute(f"""SELECT DISTINCT s.tournament_id FROM {slip} s WHERE s.tournament_id IN ({marks})
                           AND s.ok_by_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM {deal} d
                               WHERE d.tournament_id = s.tournament_id AND d.table_id = s.table_id
                               AND d.stay = s.stay)""", list(ids))
        return {row[0] for row in cursor.fetchall()}


def slips_needing_attention(tournament: Tournament) -> dict[str, list]:
    """For the committee: slips not yet OK'd, and slips that disagree with their table's sheet (with the
    sheet's figures beside them)."""
    check = slip_check(tournament)
    return {"not_okd": check.not_okd, "disagree": check.disagree}


@dataclass
class SlipFigures:
    """A player's slip for a stay as the sheet gives it, with the remarks of his deals, to write as his slip."""

    net_points: int = 0
    games_won: int = 0
    games_lost: int = 0
    remarks: list[str] = field(default_factory=list)

    @property
    def net_games(self) -> int:
        return self.games_won - self.games_lost


def sheet_slips(table: Table, stay: int, players: Iterable[SeatedPlayer]) -> dict[int, SlipFigures]:
    """Each player's slip for a stay as the sheet gives it (Foster: the column of the player who played);
    ``players`` are the stay's players at the table."""
    figures = {p.player_id: SlipFigures() for p in players}
    for deal in Deal.objects.filter(table=table, stay=stay, voided=False, player__isnull=False):
        slip = figures.get(deal.player_id)
        if slip is None:
            continue
        slip.net_points += deal.score
        slip.games_won += column_of(deal.score) == WON
        slip.games_lost += column_of(deal.score) == LOST
        if deal.remark:
            # Kept as facts in the stored English, whoever made the slips; said in the reader's language when
            # shown (``explanations.said_slip_remarks``), so a remake from another browser changes nothing.
            slip.remarks.append(explanations.slip_remark(deal.number, deal.remark))
    return figures
